/// The live view models' one rule for a change made elsewhere: read what the model shows
/// again, compare it with what it showed, and apply and announce only a difference. The file
/// changes for many reasons (another place's forecast, a checkpoint), so a front-end redraws
/// only when what it shows changed, and each live view model says *what* it shows (its
/// snapshot) instead of repeating the steps.
enum Rereading {
  /// Reads `reread()`; when it differs from `shown`, hands it to `apply` (which stores it and
  /// announces) and returns true; otherwise changes nothing and returns false.
  static func applyIfChanged<Snapshot: Equatable>(
    shown: Snapshot, reread: () throws -> Snapshot, apply: (Snapshot) -> Void
  ) rethrows -> Bool {
    let fresh = try reread()
    guard fresh != shown else { return false }
    apply(fresh)
    return true
  }
}

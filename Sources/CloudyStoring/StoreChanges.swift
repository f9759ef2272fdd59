/// What a change source saw happen to the stored data.
public enum StoreChange: Hashable, Sendable {
  /// A commit — by any process — may have changed what is stored.
  case committed
  /// A different file is at the database's path now: it appeared (created after watching
  /// began), or was replaced (a backup moved into place). Everything may differ.
  case replaced
  /// The file is gone; reads see an empty store.
  case removed
}

/// Tells live view models that the stored data may have changed, whoever changed it.
///
/// The view models see only this protocol (CloudyStore's `DatabaseWatcher` conforms; tests use
/// a fake), so they stay free of SQLite and of any waiting: whoever drives the source calls
/// the observers on its own thread, and the view models reload there.
///
/// Contract for conformers: observers run synchronously, in the order they were added, on the
/// thread that drives the source; every observer runs even if an earlier one threw, and the
/// first error is then thrown to the driver (so a damaged file reaches the front-end's loop).
/// A change may be reported when nothing visible changed (a write of the same value): observers
/// compare what they present before announcing anything.
public protocol StoreChanges: AnyObject {
  /// Calls `observer` after each change until the returned observation is cancelled or released.
  func observeChanges(_ observer: @escaping (StoreChange) throws -> Void) -> StoreChangeObservation
}

/// Keeps an observer of `StoreChanges` registered; cancelling or releasing it unregisters it.
public final class StoreChangeObservation {
  private var cancellation: (() -> Void)?

  public init(_ cancellation: @escaping () -> Void) {
    self.cancellation = cancellation
  }

  /// Stops the observation; further calls do nothing.
  public func cancel() {
    cancellation?()
    cancellation = nil
  }

  deinit { cancel() }
}

/// The observer list a `StoreChanges` conformer keeps: add, cancel, notify by the contract above.
///
/// Threading: non-`Sendable`; used on the thread that drives the source.
public final class StoreChangeObservers {
  private var observers: [(id: Int, observer: (StoreChange) throws -> Void)] = []
  private var nextID = 0

  public init() {}

  /// How many observers are registered; for tests and diagnostics.
  public var count: Int { observers.count }

  public func add(_ observer: @escaping (StoreChange) throws -> Void) -> StoreChangeObservation {
    let id = nextID
    nextID += 1
    observers.append((id, observer))
    return StoreChangeObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  /// Calls every observer registered now, in order; rethrows the first error after all ran.
  public func notify(_ change: StoreChange) throws {
    var firstError: (any Error)?
    for entry in observers {
      do { try entry.observer(change) } catch { firstError = firstError ?? error }
    }
    if let firstError { throw firstError }
  }
}

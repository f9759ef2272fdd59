public import ArgumentParser
import CloudyPlatform
public import CloudyStore
import CloudyStoring

/// `--watch`, shared by the commands that print a view.
public struct WatchOptions: ParsableArguments {
  @Flag(.watch) public var watch = false

  public init() {}
}

/// What a watched view is given: the watcher, the stores that read through it, and a way to
/// ask for a reprint.
///
/// Threading: non-`Sendable`; everything runs on the main thread, inside the loop.
public final class WatchSession {
  public let watcher: DatabaseWatcher
  /// Reads through the watcher's connection; hand it to the live view models.
  public let store: WatchedStore
  fileprivate var isDirty = false

  fileprivate init(watcher: DatabaseWatcher) {
    self.watcher = watcher
    store = WatchedStore(watcher: watcher)
  }

  /// Asks for the view to be printed once the current change was handled (a live view model's
  /// `change` observer calls it; several calls in one change print once).
  public func viewChanged() {
    isDirty = true
  }
}

/// The loop behind every `--watch`: print the view, wait for a change, print it again when the
/// view models say it changed, until SIGINT or SIGTERM (then return, so the tool exits 0).
///
/// A damaged or foreign file, one that replaced the watched file, and the file's removal end
/// it with the failure map's status. Standard output is flushed after each view, so a pipe
/// (`| jq`) sees every view as it happens.
public enum Watching {
  /// `setUp` builds the live view models on the session and returns what prints the view.
  /// That returns nil when it printed, or a note saying why there is nothing to show yet (no
  /// database, nothing cached), which goes to stderr once per distinct note.
  public static func run(
    _ databasePath: DatabasePath, json: Bool, tool: String,
    setUp: (WatchSession) throws -> () throws -> String?
  ) throws {
    // SIGINT and SIGTERM end the watch cleanly: status 0, no error line.
    let signals = try SignalPipe.install([SignalNumber.interrupt, SignalNumber.terminate])
    let session = WatchSession(watcher: try DatabaseWatcher(path: databasePath.path))
    let show = try setUp(session)
    session.isDirty = true
    var lastNote: String?
    while true {
      if session.isDirty {
        session.isDirty = false
        let note = try show()
        // Text views end with an empty line, so one can be told from the next.
        if note == nil && !json { Output.line("") }
        if let note, note != lastNote { Output.error("\(tool): waiting: \(note)") }
        lastNote = note
        Output.flush()
      }
      guard let change = try session.watcher.waitForChange(interruptedBy: signals.descriptor)
      else { return }
      if change == .removed { throw WatchError.removed(path: databasePath.path) }
    }
  }
}

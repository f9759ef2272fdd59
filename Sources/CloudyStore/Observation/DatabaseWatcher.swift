import CSQLite
import CloudyPlatform
public import CloudyStoring

/// Notices every commit to a Cloudy database file by any process, and the file being created,
/// replaced or removed — for live view models and `--watch`.
///
/// How: its own read-only connection reads `PRAGMA data_version`, which moves whenever another
/// connection committed; `stat(2)` of the path tells a different file (device and inode) or no
/// file. inotify on the database's folder wakes it when the file, its `-wal` or its `-journal`
/// is written or closed, created, moved or deleted; after such an event it looks again every
/// 10 ms for 300 ms (a commit updates the WAL index only after its last write and fsync), and
/// otherwise once per `pollInterval` as a safety net (file systems without inotify events).
///
/// Guarantees:
/// - **What counts as a change:** any committed transaction by another connection (even one
///   that wrote the same values: observers compare what they present), the file appearing or
///   being replaced (reopened, checked like any read: a foreign or damaged file is thrown), and
///   the file being removed. Several commits between two looks are reported as one change;
///   the state read after the last report is always the latest committed one. Changes behind
///   SQLite's back are caught too: a file overwritten in place (`cp other db`: its size, times
///   or header change counter moved while `data_version` did not) or a `-wal`/`-shm` removed or
///   replaced; the file is then read again on a new connection and reported as `.replaced` (so
///   is a writer's checkpoint, which changes the file's bytes but not its content). A file that
///   cannot be read is looked at again for 500 ms before the error is thrown (a copy in
///   progress is empty or torn for a moment).
/// - **Latency:** on a local file system, a commit is seen within milliseconds of its
///   fsync completing (inotify + the settle window); without inotify events, within
///   `pollInterval`, or 100 ms while no inotify watch is in place (no inotify, or the folder
///   does not exist yet).
/// - **Never writes, never blocks writers:** the connection is read-only (a file from an older
///   Cloudy is migrated once when opened, as any read would; the watcher then keeps a read-only
///   connection), every statement is reset after its step so no read transaction — no WAL
///   snapshot — is held between looks, and WAL readers never block writers or checkpoints.
/// - **Idle cost:** three `stat`s (the file, its -wal and -shm), a 4-byte read of the header
///   through SQLite's descriptor and one `PRAGMA data_version` per `pollInterval`, asleep in
///   `poll(2)` otherwise.
/// - **Threading:** a non-`Sendable` class used on the thread that drives it (`check` or
///   `waitForChange`); observers run synchronously there, after the watcher's connection has
///   moved to the new file, so they can read through `database` (see `WatchedStore`).
public final class DatabaseWatcher: StoreChanges {
  public let path: String
  /// The watcher's read-only connection; nil while there is no file. Read through it between
  /// looks (as `WatchedStore` does); never leave a statement un-reset.
  public private(set) var database: Database?

  private var identity: FileIdentity?
  /// The file's size, times and change counter, and which -wal and -shm are beside it, as of
  /// the last look: what SQLite's own change detection cannot see (see `detect`).
  private var fingerprint: DatabaseFingerprint?
  private var dataVersion: Int64 = 0
  private let observers = StoreChangeObservers()
  private let events: FileEvents?
  private let pollMilliseconds: Int32
  private var settleUntil: ContinuousClock.Instant?
  private let relevantNames: Set<String>

  /// How often to look after a file event, and for how long after the last one.
  static let settleStepMilliseconds: Int32 = 10
  static let settleWindow: Duration = .milliseconds(300)
  /// How long a file that cannot be read is looked at again before the error is thrown.
  static let failureSettleWindow: Duration = .milliseconds(500)
  private var failingSince: ContinuousClock.Instant?
  /// How often to look when no inotify watch is in place.
  static let unwatchedPollMilliseconds: Int32 = 100

  /// Opens the file if it exists (a foreign, damaged or newer file throws here, as a one-shot
  /// read would); a missing file is waited for. `pollInterval`: the safety-net interval.
  public init(path: String, pollInterval: Duration = .seconds(1)) throws {
    self.path = path
    let base = PathComponents.name(of: path)
    relevantNames = ["", base, base + "-wal", base + "-journal"]
    events = FileEvents()
    let requested = Int32(
      clamping: pollInterval.components.seconds * 1000
        + pollInterval.components.attoseconds / 1_000_000_000_000_000)
    pollMilliseconds = max(1, requested)
    watchFolder()
    if let current = try FileIdentity(database: path) {
      try open(current)
    }
  }

  // MARK: - Observing

  public func observeChanges(_ observer: @escaping (StoreChange) throws -> Void)
    -> StoreChangeObservation
  {
    observers.add(observer)
  }

  /// Looks once, now, without waiting; when something changed, moves to the new file if there
  /// is one, tells the observers and returns the change. Throws a foreign or damaged file, and
  /// what an observer threw.
  @discardableResult
  public func check() throws -> StoreChange? {
    let change: StoreChange?
    do {
      change = try detect()
      failingSince = nil
    } catch {
      // A file being copied over the database (`cp` truncates it, then writes) is empty or torn
      // for a moment: look again every few milliseconds before calling it damaged.
      // Once thrown, the error is thrown at every look until the file can be read again.
      let now = ContinuousClock.now
      let since = failingSince ?? now
      guard now - since < Self.failureSettleWindow else {
        failingSince = since
        throw error
      }
      failingSince = since
      settleUntil = now.advanced(by: Self.settleWindow)
      return nil
    }
    guard let change else { return nil }
    try observers.notify(change)
    return change
  }

  /// Waits until a change was seen (and its observers ran), and returns it; returns nil when
  /// `interrupt` (e.g. `SignalPipe.descriptor`) became readable first.
  public func waitForChange(interruptedBy interrupt: Int32? = nil) throws -> StoreChange? {
    while true {
      if let change = try check() { return change }
      var descriptors: [Int32] = []
      if let descriptor = waitDescriptor { descriptors.append(descriptor) }
      if let interrupt { descriptors.append(interrupt) }
      let ready = Readiness.wait(descriptors, timeoutMilliseconds: waitMilliseconds)
      if let interrupt, ready.last == true, descriptors.last == interrupt { return nil }
      noteWake(eventsReadable: waitDescriptor != nil && ready.first == true)
    }
  }

  // MARK: - Waiting in a front-end's own loop

  // For a front-end that already waits on its own descriptors (keys, signals, a child
  // process): it adds `waitDescriptor` to its `poll`, waits at most `waitMilliseconds`, then
  // calls `noteWake` and `check` — the same steps `waitForChange` takes.

  /// The descriptor that becomes readable on a file event (inotify); nil without inotify.
  public var waitDescriptor: Int32? { events?.descriptor }

  /// The longest wait before the next look: short while a commit may be settling or while no
  /// folder is watched, `pollInterval` otherwise.
  public var waitMilliseconds: Int32 {
    if let until = settleUntil, until <= ContinuousClock.now { settleUntil = nil }
    if events?.isWatching == false { watchFolder() }
    return events?.isWatching != true
      ? min(pollMilliseconds, Self.unwatchedPollMilliseconds)
      : settleUntil == nil ? pollMilliseconds : Self.settleStepMilliseconds
  }

  /// After a wait: reads the file events when `waitDescriptor` was readable, so the next looks
  /// follow a commit until it settles. Then call `check()`.
  public func noteWake(eventsReadable: Bool) {
    guard let events, eventsReadable else { return }
    if events.drain().contains(where: relevantNames.contains) {
      settleUntil = ContinuousClock.now.advanced(by: Self.settleWindow)
    }
  }

  // MARK: - Private

  private func detect() throws -> StoreChange? {
    let current = try FileIdentity(database: path)
    if let current, current == identity, database != nil {
      switch try lookAtTheSameFile() {
      case .unchanged: return nil
      case .committed: return .committed
      case .changedBehindSQLite(let companionsReplaced):
        // Reading again on a new connection is right for every such change. The old connection
        // stays open until the new one is: while it is, no writer's close removes the -wal, so
        // the new one never reads the file without it (a torn read during a checkpoint).
        // Unless its -wal or -shm went: a new connection in this process would share the old
        // -shm's index, so every connection is closed first.
        if companionsReplaced { leaveFiles() }
        try open(current)
        return .replaced
      }
    }
    leaveFiles()
    guard let current else {
      guard identity != nil else { return nil }
      identity = nil
      return .removed
    }
    identity = nil
    try open(current)
    return .replaced
  }

  /// What one look at the file the connection is on found.
  private enum SameFileLook {
    case unchanged
    case committed
    /// The file overwritten in place (`cp other db`: same inode, so neither the identity nor
    /// data_version moves, and the connection's cache would show the old content), or its -wal
    /// or -shm removed or replaced (new writers then commit to files this connection never
    /// sees); also a writer's checkpoint (the file's bytes and times change, not its content).
    case changedBehindSQLite(companionsReplaced: Bool)
  }

  /// Looks through the connection; returns before anything is closed, so no reference to the
  /// old connection outlives the look (one would keep it, and its -shm, open in this process).
  private func lookAtTheSameFile() throws -> SameFileLook {
    guard let database else { return .changedBehindSQLite(companionsReplaced: true) }
    let version = try database.scalarInt("PRAGMA data_version")
    database.noteCompanionsIfUnknown()
    let now = DatabaseFingerprint(path: path, database: database)
    if version != dataVersion {
      dataVersion = version
      if now.companions == fingerprint?.companions {
        fingerprint = now
        return .committed
      }
    } else if now == fingerprint {
      return .unchanged
    }
    let replaced =
      database.companionsReplaced
      || (fingerprint.map { $0.companions.replaced(by: now.companions) } ?? false)
    return .changedBehindSQLite(companionsReplaced: replaced)
  }

  /// Called before the watcher closes its connection because the file, its -wal or its -shm
  /// went: whoever opened other connections to the file in this process (`WatchedStore`'s
  /// writer) closes them here. A connection opened while another of the same process is still
  /// open shares that one's -shm — the removed one — and reads the new -wal through the old
  /// index (the app died with "Bad file descriptor" or wrote over other processes' commits).
  var willLeaveFiles: [() -> Void] = []

  /// Closes the connection, and first every other one of this process (`willLeaveFiles`).
  private func leaveFiles() {
    for leave in willLeaveFiles { leave() }
    database = nil
  }

  /// Moves to the file's new -wal and -shm when the ones this process opened were removed or
  /// replaced by hand (`Database.companionsReplaced`; `otherConnectionStale`: another
  /// connection of this process to the file saw it, `WatchedStore`'s writer): every connection
  /// is closed first (`willLeaveFiles`), then the file is read again and the observers hear
  /// `.replaced`. For a store about to write: the watcher's own look may be a poll interval away.
  func followReplacedCompanions(otherConnectionStale: Bool) throws {
    guard otherConnectionStale || database?.companionsReplaced == true else { return }
    leaveFiles()
    try check()
  }

  /// Opens the file found with `identity` as a read-only connection.
  private func open(_ found: FileIdentity) throws {
    // Checks and, for an older Cloudy's file, migrates, as every read does.
    guard case .opened(let checked) = try DatabaseFile.openForReading(path: path) else { return }
    let connection =
      sqlite3_db_readonly(checked.handle, "main") == 1
      ? checked : try DatabaseFile.open(path: path, access: .readOnly)
    dataVersion = try connection.scalarInt("PRAGMA data_version")
    database = connection
    identity = found
    fingerprint = DatabaseFingerprint(path: path, database: connection)
    connection.noteCompanionsIfUnknown()
  }

  private func watchFolder() {
    events?.watchFolder(PathComponents.folder(of: path))
  }
}

/// Why a watched database can no longer be followed.
public enum WatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file was removed while it was being watched.
  case removed(path: String)

  public var description: String {
    switch self {
    case .removed(let path):
      "the database at \(path) was removed while being watched"
    }
  }
}

/// What `stat` and the header say about a database file and the files beside it; any change
/// the watcher's connection did not report is a reason to read the file again.
struct DatabaseFingerprint: Equatable {
  var size: Int64 = -1
  var modified: FileStatus.Time?
  var changed: FileStatus.Time?
  /// The file change counter, offset 24 of the header.
  var changeCounter: UInt32 = 0
  var companions: DatabaseCompanions

  /// The counter is read through `database`'s own descriptor: opening the file here and
  /// closing it would drop the connection's locks (POSIX), and a writer closing then would take
  /// itself for the last connection and remove the -wal this one reads.
  init(path: String, database: Database?) {
    if let status = try? FileStatus.of(path) {
      size = status.size
      modified = status.modified
      changed = status.changed
    }
    if let bytes = database?.readMainFile(offset: 24, count: 4) {
      changeCounter = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
    companions = DatabaseCompanions(of: path)
  }
}

extension FileIdentity {
  /// The database file at `path`; nil when nothing is there. Throws for what cannot be a
  /// database (as `DatabaseFile.checkExisting` does).
  init?(database path: String) throws {
    if let status = try? FileStatus.of(path), status.kind == .regular, status.size > 0 {
      self = status.identity
      return
    }
    guard try DatabaseFile.checkExisting(path: path),
      let status = try? FileStatus.of(path)  // it appeared between the two looks: the second
    else { return nil }
    self = status.identity
  }
}

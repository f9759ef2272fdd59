import CloudyPlatform
import CloudyStoring

/// `cloudy-db sync --folder`: one exchange with a sync folder. First every other device's change
/// files not applied here yet are applied (each whole or not at all, in its own transaction),
/// then this device's changes not in the folder yet are written as one new file in its own
/// subfolder. Changes of a device that has no subfolder here (received from it some other way,
/// through `cloudy-web`) are written too, so they reach the devices that only see the folder.
///
/// Every `filesPerSnapshot` files, a device also writes its snapshot (`snapshot.changes` in its
/// subfolder, in the change file format): the winning change of every field it holds, whoever
/// made it. A device that joins after old change files were removed from the folder (people
/// tidy folders; carriers expire deletions) still gets every place and setting from the
/// snapshots, so the folder never needs every file ever written: a device's files numbered
/// below its snapshot's number may go. A device applies each snapshot it has not applied yet.
/// A Cloudy from before snapshots passes them by (their name is not a number) and reads the
/// numbered files as before.
struct FolderSync {
  let database: Database
  let folder: SyncFolder

  /// Applies what arrived and writes what is new here.
  func run() throws -> SyncReport {
    var device = try SyncDevice.claimed(database)
    try folder.checkOwnFolder(of: device.id)
    if try wentBack(device) {
      try database.write { db in _ = try SyncDevice.renewKeepingUnsent(db) }
      device = try SyncDevice.claimed(database)
    }
    var report = SyncReport(device: device.id)
    var pending: [(writer: String, number: Int64)] = []
    var greatestListed: [String: Int64] = [:]
    let writers = try folder.writers()
    // A subfolder that stands as it did when everything in it was applied holds nothing new:
    // one lstat, no names read (see SubfolderMemory). The others are read, and remembered
    // below once every file in them applied.
    let remembered = try SubfolderMemory.all(in: database, destination: folder.id, role: .applied)
    var looked: [String: SubfolderMemory] = [:]
    for writer in writers where writer != device.id {
      guard let status = try folder.subfolderStatus(of: writer) else { continue }
      if let memory = remembered[writer], memory.describes(status) {
        greatestListed[writer] = memory.greatest
        continue
      }
      let listed = try folder.fileNumbers(of: writer)
      greatestListed[writer] = listed.last
      pending += try notApplied(listed, of: writer).map { (writer, $0) }
      looked[writer] = SubfolderMemory(status, greatest: listed.last ?? 0)
    }
    // The files in few write transactions, each file in a savepoint of its own (whole or not at
    // all): one commit to make durable per `Self.filesPerCommit` files, however many arrived,
    // and no other writer kept waiting past its busy timeout by a long backlog. Then, once
    // every file is in (never between two: see SyncedState.settleOrder; also after a sync
    // killed before it got here), places sharing an order key are numbered again. Nothing new:
    // nothing written.
    // A transaction also ends once it has held the write lock for `commitAfter`: a writer
    // (a rename in the app) waits that long at most, never behind the whole backlog.
    var start = 0
    let writerSet = Set(writers)
    var unfinished: Set<String> = []
    while start < pending.count {
      let end = min(start + Self.filesPerCommit, pending.count)
      let began = MonotonicClock.nanoseconds()
      start = try database.write { _ in
        var next = start
        while next < end {
          let file = pending[next]
          if try !receive(from: file.writer, number: file.number, writers: writerSet, into: &report)
          {
            unfinished.insert(file.writer)
          }
          next += 1
          if MonotonicClock.nanoseconds() - began > Self.commitAfter { break }
        }
        return next
      }
    }
    try remember(
      looked.filter {
        !unfinished.contains($0.key) && remembered[$0.key] != $0.value
          && $0.value.isSettled()
      }, role: .applied)
    for writer in writers where writer != device.id {
      try receiveSnapshot(of: writer, greatestListed: greatestListed[writer], into: &report)
    }
    try takeHeldThatCameDue(into: &report)
    try SyncedState.settleOrder(database)
    // Changes received may have shown that this file went back: it syncs on under a new id.
    device = try SyncDevice.claimed(database)
    report.device = device.id
    report.sent = try send(from: device)
    report.devices = try SyncLedger.peers(in: database, except: device.id)
    try recordError(report.skipped.first?.reason)
    return report
  }

  /// Whether this file went back since it last wrote here (`cp` of a backup over it, the
  /// sqlite3 shell's `.restore`, a VM snapshot): its own subfolder holds files it has no
  /// record of writing. Its next file would reuse numbers of changes the others hold.
  private func wentBack(_ device: SyncDevice) throws -> Bool {
    let last = try greatestOwnFile(of: device.id)
    guard last > 0 else { return false }
    let written = try database.scalarInt(
      "SELECT coalesce(max(number), 0) FROM sync_written WHERE destination = ?", [folder.id])
    return last > written
  }

  /// The greatest number of the change files in this device's own subfolder (0: none), read
  /// from its names only when the subfolder changed since it was last read.
  private func greatestOwnFile(of device: String) throws -> Int64 {
    guard let status = try folder.subfolderStatus(of: device) else { return 0 }
    let remembered = try SubfolderMemory.all(
      in: database, destination: folder.id, role: .written)[device]
    if let remembered, remembered.describes(status) { return remembered.greatest }
    let memory = SubfolderMemory(status, greatest: try folder.fileNumbers(of: device).last ?? 0)
    if memory.isSettled() { try remember([device: memory], role: .written) }
    return memory.greatest
  }

  /// Keeps `memories` of the folder's subfolders, by writer; nothing written when empty.
  private func remember(_ memories: [String: SubfolderMemory], role: SubfolderMemory.Role) throws {
    guard !memories.isEmpty else { return }
    try database.write { db in
      for (writer, memory) in memories {
        try memory.note(db, destination: folder.id, writer: writer, role: role)
      }
    }
  }

  /// Of `listed` (a writer's file numbers, in order), those not applied here yet. Files are
  /// applied in order, so what was applied is nearly always one run of numbers: then the
  /// answer comes from its two ends, with no set of every number ever applied (a folder of
  /// 100,000 files made that set at every sync). A gap (a file skipped, to be tried again)
  /// falls back to the set.
  private func notApplied(_ listed: [Int64], of writer: String) throws -> [Int64] {
    guard !listed.isEmpty else { return [] }
    let (low, high, count) =
      try database.queryFirst(
        "SELECT coalesce(min(number), 0), coalesce(max(number), 0), count(*) FROM sync_file WHERE writer = ?",
        [writer]
      ) { ($0.int64(0), $0.int64(1), $0.int64(2)) } ?? (0, 0, 0)
    if count == 0 { return listed }
    if high - low + 1 == count {
      // Everything from low to high is applied: only what lies outside.
      let start = listed.firstIndex { $0 > high } ?? listed.endIndex
      return listed.prefix { $0 < low } + listed[start...]
    }
    let applied = Set(
      try database.query("SELECT number FROM sync_file WHERE writer = ?", [writer]) {
        $0.int64(0)
      })
    return listed.filter { !applied.contains($0) }
  }

  /// Takes the held changes whose clock this machine's has come within a day of, when no file
  /// applied by this sync took them already (a held change is otherwise taken only when
  /// something else arrives, and a quiet folder would keep it held for ever).
  private func takeHeldThatCameDue(into report: inout SyncReport) throws {
    let due = try database.scalarInt(
      "SELECT count(*) FROM sync_held WHERE wall <= (SELECT ms FROM sync_now) + ?",
      [ChangeCheck.clockBound])
    guard due > 0 else { return }
    let outcome = try database.write { db in
      try ChangeApplier(database: db).apply([], settlingOrder: false)
    }
    report.add(outcome, from: "held changes")
  }

  /// Every this many change files, a device writes its snapshot too.
  static let filesPerSnapshot: Int64 = 10

  /// Applies `writer`'s snapshot when it is newer than the last one applied here. Its changes
  /// may be of any device (it is the writer's whole state), so none is refused for being
  /// another device's; a number given twice is still refused.
  ///
  /// A snapshot is written with a file whose number is a multiple of `filesPerSnapshot`, so a
  /// newer one than the last applied can only be there once the writer's files reach that
  /// many more: until then it is not even read (one read per ten files, not one per sync).
  private func receiveSnapshot(
    of writer: String, greatestListed: Int64?, into report: inout SyncReport
  ) throws {
    let path = folder.snapshotPath(writer: writer)
    let key = "\(writer)/snapshot"
    let applied = try database.scalarInt(
      "SELECT coalesce(max(number), 0) FROM sync_file WHERE writer = ?", [key])
    if applied > 0, (greatestListed ?? 0) < applied + Self.filesPerSnapshot { return }
    do {
      guard let bytes = try folder.readSnapshot(of: writer) else { return }
      let file = try ChangeFile.read(bytes, path: path)
      guard file.writer == writer else {
        throw SyncError.badChangeset("\(path) says it is the snapshot of \(file.writer)")
      }
      guard file.number > applied else { return }
      let changes = try Changeset.changes(in: file.changeset)
      let outcome = try database.write { db in
        let outcome = try ChangeApplier(database: db).apply(changes, settlingOrder: false)
        try db.execute(
          """
          INSERT OR REPLACE INTO sync_file (writer, number, changes, applied_at)
          VALUES (?, ?, ?, CAST(strftime('%s', 'now') AS INTEGER))
          """, [key, file.number, changes.count])
        return outcome
      }
      report.add(outcome, from: path)
    } catch let error as SyncError {
      report.skipped.append(SyncReport.Skipped(file: path, reason: error.description))
    }
  }

  /// Writes this device's snapshot, numbered as its file `number`: the winning change of
  /// every field. The one reader that states the rule again rather than read the `sync_value`
  /// view: the view has no `seq`, and joining it back to `sync_change` made this 1.2–1.4× slower
  /// at 95,000 changes (`Benchmarks/sync_merge_rule.py`).
  private func writeSnapshot(of device: SyncDevice, number: Int64) throws {
    let winners = try database.read { db in
      try db.query(
        """
        SELECT \(SyncChange.columns) FROM sync_change AS c
        WHERE NOT EXISTS (
          SELECT 1 FROM sync_change AS n
          WHERE n.entity = c.entity AND n.key = c.key AND n.field = c.field
            AND (n.wall, n.counter, n.origin) > (c.wall, c.counter, c.origin))
        ORDER BY origin, seq
        """, row: SyncChange.read)
    }
    try folder.writeSnapshot(
      ChangeFile(
        writer: device.id, number: number, writerName: device.displayName,
        changeset: try Changeset.make(winners)))
  }

  /// How many change files one commit applies at most (each commit waits for the disk: with
  /// 200, a first sync of 8,000 files spent half its time in them) …
  static let filesPerCommit = 1000
  /// … and how long (nanoseconds) one transaction applies files before it commits: a tenth of
  /// a second, far under any writer's busy timeout (5 s).
  static let commitAfter: UInt64 = 100_000_000

  /// Applies one change file (inside the caller's write transaction, in a savepoint of its
  /// own); one that cannot be applied now is noted in the report and left for the next sync
  /// (false).
  private func receive(
    from writer: String, number: Int64, writers: Set<String>, into report: inout SyncReport
  ) throws -> Bool {
    let path = folder.filePath(writer: writer, number: number)
    do {
      let (bytes, modified) = try folder.read(writer: writer, number: number)
      let file = try ChangeFile.read(bytes, path: path)
      guard file.writer == writer, file.number == number else {
        throw SyncError.badChangeset(
          "\(path) says it is file \(file.number) of \(file.writer), not where it lies")
      }
      let changes = try Changeset.changes(in: file.changeset)
      let outcome: ChangeApplier.Outcome
      do {
        // A device that writes a subfolder of its own here sends its changes there only.
        outcome = try ChangeApplier(database: database).apply(
          changes, file: (writer, number), writerName: file.writerName, seenAt: modified,
          settlingOrder: false, foreignOrigins: writers.subtracting([writer]))
      } catch let error as DatabaseError where !error.isBusy && !error.isIOFailure {
        throw SyncError.refusedChanges(path: path, reason: error.message)
      }
      report.add(outcome, from: path)
      return true
    } catch let error as SyncError {
      report.skipped.append(SyncReport.Skipped(file: path, reason: error.description))
      return false
    }
  }

  /// Writes the changes the folder lacks; how many.
  private func send(from device: SyncDevice) throws -> Int {
    let writers = Set(try folder.writers())
    let changes = try database.read { db in
      try db.query(
        """
        SELECT c.origin, c.seq, c.wall, c.counter, c.entity, c.key, c.field, c.value
        FROM sync_change AS c
        LEFT JOIN sync_sent AS s ON s.destination = ? AND s.origin = c.origin
        WHERE c.seq > coalesce(s.seq, 0)
        ORDER BY c.origin, c.seq
        """, [folder.id], row: SyncChange.read)
    }.filter { $0.origin == device.id || !writers.contains($0.origin) }
    guard !changes.isEmpty else { return 0 }
    let written = try database.scalarInt(
      "SELECT coalesce(max(number), 0) FROM sync_written WHERE destination = ?", [folder.id])
    let next = max(try greatestOwnFile(of: device.id), written) + 1
    let file = try folder.write(
      ChangeFile(
        writer: device.id, number: next, writerName: device.displayName,
        changeset: try Changeset.make(changes)))
    try database.write { db in
      try db.execute(
        """
        INSERT INTO sync_written (destination, number) VALUES (?1, ?2)
        ON CONFLICT (destination) DO UPDATE SET number = max(number, ?2)
        """, [folder.id, file.number])
      var greatest: [String: Int64] = [:]
      for change in changes {
        greatest[change.origin] = max(greatest[change.origin] ?? 0, change.seq)
      }
      for (origin, seq) in greatest {
        try SyncLedger.noteSent(db, to: folder.id, origin: origin, seq: seq)
      }
      try SyncedState.undoLostEdits(changes.filter { $0.origin == device.id }, in: db)
    }
    if file.number % Self.filesPerSnapshot == 0 {
      try writeSnapshot(of: device, number: file.number)
    }
    return changes.count
  }

  /// Keeps the last failure for `--status` (and clears it after a clean sync); written only
  /// when it changes, so a sync with nothing new writes nothing.
  private func recordError(_ error: String?) throws {
    let current = try database.scalarString("SELECT last_error FROM sync_device WHERE id = 1")
    guard current != error else { return }
    try database.write { db in
      try db.execute("UPDATE sync_device SET last_error = ? WHERE id = 1", [error])
    }
  }
}

extension SyncReport {
  /// Counts what one file's changes did; each change refused alone is listed with its file.
  mutating func add(_ outcome: ChangeApplier.Outcome, from path: String) {
    applied += outcome.applied
    conflicts += outcome.conflicts
    held += outcome.held
    for reason in outcome.refused {
      skipped.append(SyncReport.Skipped(file: path, reason: "in \(path): \(reason)"))
    }
  }
}

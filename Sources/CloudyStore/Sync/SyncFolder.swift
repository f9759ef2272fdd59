import CloudyPlatform
import CloudyStoring

/// A folder that carries changes between devices (one that Syncthing, Nextcloud or a USB stick
/// carries): `cloudy-sync.txt` says what it is, and each device writes only in its own
/// subfolder, named by its device id, so no two devices ever write the same file and a file
/// synchroniser never has a conflict to resolve. The live database is never in it.
public struct SyncFolder: Sendable {
  static let format = 1
  static let markerName = "cloudy-sync.txt"

  public let path: String
  /// The folder's own random id: what this device sent is recorded per destination.
  let id: String

  /// Opens the sync folder at `path`, making it one when it is new or empty. A folder holding
  /// other files and no `cloudy-sync.txt` is refused before anything is written into it.
  public static func open(_ path: String) throws -> SyncFolder {
    let marker = "\(path)/\(markerName)"
    if let text = try? FileContents.read(marker, limit: 64 * 1024) {
      return try SyncFolder(path: path, marker: String(decoding: text, as: UTF8.self))
    }
    if try fileSystem({ try FileStatus.of(path) }) == nil {
      try fileSystem { try PrivateFolders.create(path) }
    }
    let entries = try fileSystem { try FolderEntries.names(in: path) }
    // Syncthing's own (.stfolder, .stignore, its temporaries) may be there already.
    guard entries.allSatisfy({ $0.hasPrefix(".") }) else {
      throw SyncError.notASyncFolder(path: path)
    }
    let id = try fileSystem { try RandomBytes.hex(count: 8) }
    let text = """
      cloudy-sync \(format)
      folder \(id)

      This folder carries Cloudy's saved places and settings between devices
      (cloudy-db sync --folder). Each subfolder is written by one device only, named by its
      device id; its .changes files are SQLite session changesets. Do not edit them, and do
      not put a database file here.

      """
    let temporary = TemporaryFile(for: marker, kind: "sync")
    defer { temporary.remove() }
    try fileSystem { try temporary.create(writing: Array(text.utf8)) }
    do {
      try temporary.place(.creating)
    } catch  where error.isAlreadyExisting {
      // Another device made it first: theirs stands.
    } catch {
      throw SyncError.fileSystem(error)
    }
    guard let written = try? FileContents.read(marker, limit: 64 * 1024) else {
      throw SyncError.notASyncFolder(path: path)
    }
    return try SyncFolder(path: path, marker: String(decoding: written, as: UTF8.self))
  }

  private init(path: String, marker: String) throws {
    let lines = marker.split(separator: "\n").map { $0.split(separator: " ") }
    guard let first = lines.first, first.count == 2, first[0] == "cloudy-sync",
      let format = Int(first[1]), lines.count > 1, lines[1].count == 2, lines[1][0] == "folder"
    else { throw SyncError.notASyncFolder(path: path) }
    guard format <= Self.format else {
      throw SyncError.newerFolder(path: path, found: format, known: Self.format)
    }
    self.path = path
    self.id = String(lines[1][1])
  }

  /// The devices that write here: subfolders named like a device id. Only real folders count:
  /// a symbolic link named like a device is not followed (it could lead anywhere outside the
  /// folder), nor is a file of that name taken for a folder.
  func writers() throws -> [String] {
    try Self.fileSystem { try FolderEntries.names(in: path) }.filter(Self.isDeviceID).filter {
      (try? FileStatus.ofEntry("\(path)/\($0)"))??.kind == .folder
    }
  }

  /// The folders to watch for files arriving: the sync folder itself and every device's
  /// subfolder (new ones appear as devices join). A front-end that follows the folder
  /// (`sync --watch`, cloudy-web's `--sync-folder`) asks again after each sync.
  public func watchedPaths() throws -> [String] {
    [path] + (try writers()).map { "\(path)/\($0)" }
  }

  /// Whether `name` looks like a device id: 16 lower-case hex digits.
  static func isDeviceID(_ name: String) -> Bool {
    SyncState.isDeviceID(name)
  }

  /// The numbers of the change files `writer` has written here, in order. Read from the
  /// names' bytes, with no string made: a subfolder may hold 100,000 of them.
  func fileNumbers(of writer: String) throws -> [Int64] {
    let folder = "\(path)/\(writer)"
    guard try subfolderStatus(of: writer) != nil else { return [] }
    var numbers: [Int64] = []
    try Self.fileSystem {
      try FolderEntries.forEachName(in: folder) { name in
        if let number = ChangeFile.number(inFileName: name) { numbers.append(number) }
      }
    }
    return numbers.sorted()
  }

  /// How `writer`'s subfolder stands (the entry itself, never what a link names); nil when it
  /// is not a real folder.
  func subfolderStatus(of writer: String) throws -> FileStatus? {
    let status = try Self.fileSystem { try FileStatus.ofEntry("\(path)/\(writer)") }
    return status?.kind == .folder ? status : nil
  }

  func filePath(writer: String, number: Int64) -> String {
    "\(path)/\(writer)/\(ChangeFile.fileName(number: number))"
  }

  /// The name of a device's snapshot in its subfolder: not a number, so a Cloudy from before
  /// snapshots passes it by.
  static let snapshotName = "snapshot.changes"

  func snapshotPath(writer: String) -> String {
    "\(path)/\(writer)/\(Self.snapshotName)"
  }

  /// The bytes of `writer`'s snapshot, nil when it has written none.
  func readSnapshot(of writer: String) throws -> [UInt8]? {
    let file = snapshotPath(writer: writer)
    guard try Self.fileSystem({ try FileStatus.ofEntry(file) }) != nil else { return nil }
    return try read(file).bytes
  }

  /// Writes `file` as its writer's snapshot, replacing the one before, whole or not at all.
  func writeSnapshot(_ file: ChangeFile) throws {
    try checkOwnFolder(of: file.writer, made: true)
    let destination = snapshotPath(writer: file.writer)
    let temporary = TemporaryFile(for: destination, kind: "sync")
    defer { temporary.remove() }
    try Self.fileSystem { try temporary.create(writing: file.bytes) }
    try Self.fileSystem { try temporary.place(.replacing) }
  }

  /// The bytes of one change file and when it was written, refusing one larger than any Cloudy
  /// writes.
  func read(writer: String, number: Int64) throws -> (bytes: [UInt8], modified: Int64) {
    try read(filePath(writer: writer, number: number))
  }

  private func read(_ file: String) throws -> (bytes: [UInt8], modified: Int64) {
    // The entry itself, never what a link names: only a regular file is read (a FIFO would
    // hang the sync, a device never ends, a link may lead out of the folder).
    guard let status = try Self.fileSystem({ try FileStatus.ofEntry(file) }) else {
      throw SyncError.incompleteFile(path: file)
    }
    guard status.kind == .regular else {
      throw SyncError.notAChangeFile(path: file, kind: Self.describe(status.kind))
    }
    guard status.size <= ChangeFile.sizeLimit else {
      throw SyncError.tooLarge(path: file, size: status.size, limit: ChangeFile.sizeLimit)
    }
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try FileContents.read(file, limit: Int(ChangeFile.sizeLimit), regularOnly: true)
    } catch .unreadable(let reason) where reason.contains("not a regular file") {
      // Swapped for something else between the look and the read.
      throw SyncError.notAChangeFile(path: file, kind: "not a regular file")
    } catch {
      throw SyncError.incompleteFile(path: file)
    }
    return (bytes, Int64(status.modified.seconds))
  }

  /// Writes `file` under its writer's subfolder, whole or not at all (a temporary, synced,
  /// then linked into place); under the next free number when another copy took this one.
  func write(_ file: ChangeFile) throws -> ChangeFile {
    var file = file
    try Self.fileSystem { try PrivateFolders.create("\(path)/\(file.writer)") }
    try checkOwnFolder(of: file.writer, made: true)
    while true {
      let destination = filePath(writer: file.writer, number: file.number)
      let temporary = TemporaryFile(for: destination, kind: "sync")
      defer { temporary.remove() }
      try Self.fileSystem { try temporary.create(writing: file.bytes) }
      do {
        try temporary.place(.creating)
        return file
      } catch  where error.isAlreadyExisting {
        file.number += 1
      } catch {
        throw SyncError.fileSystem(error)
      }
    }
  }

  /// Refuses a subfolder of `writer` that is not a real folder inside the sync folder (a
  /// symbolic link would send this device's changes wherever it leads, where no other device
  /// looks); with `made` false, a missing one is fine (it is made when there is something to
  /// write). A sync checks first, so a refused sync has applied nothing either.
  func checkOwnFolder(of writer: String, made: Bool = false) throws {
    let own = "\(path)/\(writer)"
    let kind = try Self.fileSystem { try FileStatus.ofEntry(own) }?.kind
    if kind == .folder || (kind == nil && !made) { return }
    throw SyncError.notAFolder(path: own, kind: kind.map(Self.describe) ?? "missing")
  }

  /// A kind of file in words, for a message.
  static func describe(_ kind: FileStatus.Kind) -> String {
    switch kind {
    case .regular: "a regular file"
    case .folder: "a folder"
    case .device: "a device"
    case .fifo: "a FIFO (named pipe)"
    case .socket: "a socket"
    case .symbolicLink: "a symbolic link"
    case .other: "not a regular file"
    }
  }

  /// Runs a file-system step, reporting its failure as the sync's.
  static func fileSystem<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as SystemCallError {
      throw SyncError.fileSystem(error)
    }
  }
}

import CloudyModels
import CloudyStoring
import Foundation
import Testing

@testable import CloudyStore

/// Files in a sync folder that Cloudy did not write whole: each is refused (or left for later)
/// with a one-line reason, and nothing of it is applied.
@Suite("Sync: bad input")
struct SyncBadInputTests {
  /// A folder holding one device's genuine change file, and a device that has not seen it.
  private func setUp() throws -> (
    folder: TemporaryFolder, sync: String, receiver: SyncTestDevice, file: String, bytes: Data
  ) {
    let folder = try TemporaryFolder()
    let sender = try SyncTestDevice(folder, "sender")
    try sender.locations.add(place("Quito", -0.22, -78.51))
    try sender.sync(folder.file("sync"))
    let writer = try DeviceSync(database: sender.database).status().device
    let file = folder.file("sync/\(writer)/00000001.changes")
    let bytes = try #require(FileManager.default.contents(atPath: file))
    return (folder, folder.file("sync"), try SyncTestDevice(folder, "receiver"), file, bytes)
  }

  @Test("a file without sync's tables is refused by an error of its own, and nothing is written")
  func noSyncTables() throws {
    let folder = try TemporaryFolder()
    let migrator = Migrator(migrations: Migration.embedded.filter { $0.version <= 3 })
    let database = try DatabaseFile.openForWriting(
      path: folder.file("old.sqlite"), migrator: migrator)
    let door = DeviceSync(database: database)
    #expect(throws: SyncError.noSyncTables) { try door.status() }
    #expect(throws: SyncError.noSyncTables) { try door.syncState() }
    #expect(throws: SyncError.noSyncTables) {
      try door.syncFolder(try SyncFolder.open(folder.file("sync")))
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("sync")) == [
        "cloudy-sync.txt"
      ])
  }

  @Test("a file cut short is skipped, changes nothing, and is applied once it is whole")
  func truncatedFile() throws {
    let (folder, sync, receiver, file, bytes) = try setUp()
    defer { withExtendedLifetime(folder) {} }
    try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: file))
    let report = try receiver.sync(sync)
    #expect(report.applied == 0)
    #expect(report.skipped.first?.reason.contains("incomplete") == true)
    #expect(try receiver.names().isEmpty)
    #expect(
      try DeviceSync(database: receiver.database).status().lastError?.contains("incomplete") == true
    )
    try bytes.write(to: URL(fileURLWithPath: file))
    #expect(try receiver.sync(sync).applied > 0)
    #expect(try receiver.names() == ["Quito"])
    #expect(try DeviceSync(database: receiver.database).status().lastError == nil)
  }

  @Test("a file from a newer Cloudy is refused naming its format")
  func newerFormat() throws {
    let (folder, sync, receiver, file, bytes) = try setUp()
    defer { withExtendedLifetime(folder) {} }
    var text = bytes
    text.replaceSubrange(0..<16, with: Data("cloudy-changes 2".utf8))
    try text.write(to: URL(fileURLWithPath: file))
    let report = try receiver.sync(sync)
    #expect(report.skipped.first?.reason.contains("newer Cloudy (change format 2") == true)
    #expect(try receiver.names().isEmpty)
  }

  @Test("a changeset of another table is refused whole")
  func anotherTable() throws {
    let (folder, sync, receiver, file, bytes) = try setUp()
    defer { withExtendedLifetime(folder) {} }
    let patched = try #require(
      String(data: bytes, encoding: .isoLatin1)?.replacingOccurrences(
        of: "sync_change", with: "location_xx"
      ).data(using: .isoLatin1))
    // Keep the header's checksum true to the patched bytes: only the table is hostile.
    let header = try #require(String(data: patched.prefix(while: { $0 != 0x0A }), encoding: .utf8))
    let body = patched.suffix(from: patched.firstIndex(of: 0x0A)! + 1)
    var fields = header.split(separator: " ").map(String.init)
    fields[5] = crc32Hex(Array(body))
    try (Data((fields.joined(separator: " ") + "\n").utf8) + body).write(
      to: URL(fileURLWithPath: file))
    let report = try receiver.sync(sync)
    #expect(report.skipped.first?.reason.contains("location_xx") == true)
    #expect(try receiver.database.scalarInt("SELECT count(*) FROM sync_change") == 0)
    #expect(try receiver.names().isEmpty)
  }

  @Test(
    "a value the tables refuse (a latitude of 200) is refused alone; the rest of the file applies")
  func valueTheSchemaRefuses() throws {
    let folder = try TemporaryFolder()
    let receiver = try SyncTestDevice(folder, "receiver")
    let writer = "00000000000000aa"
    let changes = [
      ("name", DatabaseValue.text("Good")), ("latitude", .real(10)), ("longitude", .real(10)),
      ("source", .text("coordinates")),
    ].enumerated().map { index, field in
      SyncChange(
        origin: writer, seq: Int64(index + 1), wall: 1, counter: 0, entity: "place",
        key: "00000000000000b1", field: field.0, value: field.1)
    }
    let bad = [
      "name": DatabaseValue.text("Bad"), "latitude": .real(200), "longitude": .real(10),
      "source": .text("coordinates"),
    ]
    .sorted { $0.key < $1.key }.enumerated().map { index, field in
      SyncChange(
        origin: writer, seq: Int64(index + 10), wall: 1, counter: 0, entity: "place",
        key: "00000000000000b2", field: field.key, value: field.value)
    }
    let file = ChangeFile(
      writer: writer, number: 1, writerName: nil, changeset: try Changeset.make(changes + bad))
    _ = try SyncFolder.open(folder.file("sync"))
    try FileManager.default.createDirectory(
      atPath: folder.file("sync/\(writer)"), withIntermediateDirectories: true)
    try Data(file.bytes).write(
      to: URL(fileURLWithPath: folder.file("sync/\(writer)/00000001.changes")))
    let report = try receiver.sync(folder.file("sync"))
    #expect(report.applied == 7)  // all but the latitude
    #expect(report.skipped.first?.reason.contains("latitude is not between -90 and 90") == true)
    #expect(try receiver.names() == ["Good"])
    #expect(
      try receiver.database.scalarInt(
        "SELECT count(*) FROM sync_change WHERE origin = ? AND field = 'latitude'", [writer]) == 1)
  }

  @Test("a 100 MB file is refused unread")
  func hugeFile() throws {
    let (folder, sync, receiver, file, _) = try setUp()
    defer { withExtendedLifetime(folder) {} }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.truncate(atOffset: 100 << 20)
    try handle.close()
    let report = try receiver.sync(sync)
    #expect(report.skipped.first?.reason.contains("more than the") == true)
    #expect(try receiver.names().isEmpty)
  }

  @Test("a folder that is not a Cloudy sync folder is refused before anything is written into it")
  func notASyncFolder() throws {
    let folder = try TemporaryFolder()
    let photos = folder.file("photos")
    try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: "\(photos)/holiday.jpg"))
    let device = try SyncTestDevice(folder, "device")
    try device.locations.add(place("Home"))
    #expect(throws: SyncError.notASyncFolder(path: photos)) { try device.sync(photos) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: photos) == ["holiday.jpg"])
  }
}

/// CRC-32 as the change files carry it (zlib's), to forge a header in a test.
private func crc32Hex(_ bytes: [UInt8]) -> String {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }
  let digits = String(crc ^ 0xFFFF_FFFF, radix: 16)
  return String(repeating: "0", count: 8 - digits.count) + digits
}

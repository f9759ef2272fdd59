import CloudyModels
import CloudyStoring
import Foundation
import Testing

@testable import CloudyStore

/// Changes a device cannot trust as they come: clocks far ahead, numbers out of range, a key
/// that is not (origin, seq), another device's id, one value the tables refuse, a name that
/// would outgrow its limit. Each is held, refused alone or mended; none stops sync for good.
@Suite("Sync: changes that cannot be trusted as they come")
struct SyncTrustTests {
  /// A change file of `changes` written as `writer`'s file `number` into `sync`.
  private func forge(
    _ changes: [SyncChange], writer: String, number: Int64 = 1, in sync: String,
    patch: (([UInt8]) -> [UInt8])? = nil
  ) throws {
    _ = try SyncFolder.open(sync)
    var changeset = try Changeset.make(changes)
    if let patch { changeset = patch(changeset) }
    let file = ChangeFile(writer: writer, number: number, writerName: nil, changeset: changeset)
    try FileManager.default.createDirectory(
      atPath: "\(sync)/\(writer)", withIntermediateDirectories: true)
    try Data(file.bytes).write(
      to: URL(fileURLWithPath: "\(sync)/\(writer)/\(ChangeFile.fileName(number: number))"))
  }

  /// A place's four needed fields as changes of `origin`, from `seq` on, at `wall`.
  private func placeChanges(
    _ name: String, key: String, origin: String, seq: Int64 = 1, wall: Int64,
    counter: Int64 = 0, latitude: Double = 10
  ) -> [SyncChange] {
    [
      ("name", DatabaseValue.text(name)), ("latitude", .real(latitude)),
      ("longitude", .real(10)), ("source", .text("coordinates")),
    ].enumerated().map { index, field in
      SyncChange(
        origin: origin, seq: seq + Int64(index), wall: wall, counter: counter, entity: "place",
        key: key, field: field.0, value: field.1)
    }
  }

  private var nowMilliseconds: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

  @Test(
    "a change stamped in the year 9999 is held, does not move the clock, and is taken when accepted"
  )
  func clockFarAhead() throws {
    let folder = try TemporaryFolder()
    let device = try SyncTestDevice(folder, "device")
    try device.locations.add(place("Home"))
    let future: Int64 = 253_402_300_799_000  // 9999-12-31T23:59:59Z
    try forge(
      placeChanges("Far", key: "00000000000000f1", origin: "00000000000000aa", wall: future)
        + placeChanges(
          "Near", key: "00000000000000f2", origin: "00000000000000aa", seq: 5,
          wall: nowMilliseconds),
      writer: "00000000000000aa", in: folder.file("sync"))
    let report = try device.sync(folder.file("sync"))
    #expect(report.held == 4 && report.applied == 4)
    #expect(try device.names() == ["Home", "Near"])
    let wall = try device.database.scalarInt("SELECT wall FROM sync_device")
    #expect(wall < nowMilliseconds + 24 * 3_600_000)
    let status = try DeviceSync(database: device.database).status()
    #expect(status.held.map(\.device) == ["00000000000000aa"])
    #expect(try Maintenance.check(device.database).syncProblems.contains { $0.contains("held") })
    // An edit made now still wins over an earlier one.
    _ = try device.locations.rename(try device.id("Home"), to: "Home 2")
    #expect(try device.names().contains("Home 2"))

    #expect(try DeviceSync(database: device.database).acceptHeld() == 4)
    #expect(try device.names().contains("Far"))
    #expect(try device.database.scalarInt("SELECT wall FROM sync_device") < future)
    #expect(try DeviceSync(database: device.database).status().held.isEmpty == true)
  }

  @Test(
    "a counter or number out of range, or a latitude of 200, is refused alone; the rest applies")
  func badChangeRefusedAlone() throws {
    let folder = try TemporaryFolder()
    let device = try SyncTestDevice(folder, "device")
    let writer = "00000000000000aa"
    var changes = placeChanges("Good", key: "00000000000000b1", origin: writer, wall: 1)
    changes += placeChanges(
      "Overflow", key: "00000000000000b2", origin: writer, seq: 10, wall: 1,
      counter: .max)
    changes += placeChanges(
      "Bad", key: "00000000000000b3", origin: writer, seq: 20, wall: 1, latitude: 200)
    try forge(changes, writer: writer, in: folder.file("sync"))
    let report = try device.sync(folder.file("sync"))
    #expect(try device.names() == ["Good"])
    #expect(report.skipped.contains { $0.reason.contains("clock is out of range") })
    #expect(report.skipped.contains { $0.reason.contains("latitude") })
    #expect(try device.database.scalarInt("SELECT max(counter) FROM sync_change") < 1 << 32)
  }

  @Test("a changeset keyed by other columns than (origin, seq) is refused whole and moves no clock")
  func keyMismatch() throws {
    let folder = try TemporaryFolder()
    let device = try SyncTestDevice(folder, "device")
    let writer = "00000000000000aa"
    let before = try device.database.scalarInt("SELECT wall FROM sync_device")
    try forge(
      placeChanges("Keyed", key: "00000000000000b1", origin: writer, wall: nowMilliseconds),
      writer: writer, in: folder.file("sync")
    ) { bytes in
      // The table header: 'T', 8 columns, a key flag per column, then the name: the key
      // becomes (seq) alone.
      var bytes = bytes
      let name = Array("sync_change".utf8) + [0]
      if let start = (8...(bytes.count - name.count)).first(where: {
        Array(bytes[$0..<$0 + name.count]) == name
      }) {
        bytes[start - 7] = max(bytes[start - 8], bytes[start - 7])
        bytes[start - 8] = 0
      }
      return bytes
    }
    let report = try device.sync(folder.file("sync"))
    #expect(report.applied == 0)
    #expect(report.skipped.first?.reason.contains("not keyed by device and number") == true)
    #expect(try device.database.scalarInt("SELECT count(*) FROM sync_change") == 0)
    #expect(try device.database.scalarInt("SELECT wall FROM sync_device") == before)
  }

  @Test("a file claiming another device's id is refused; that device's real change still arrives")
  func forgedOrigin() throws {
    let folder = try TemporaryFolder()
    let sync = folder.file("sync")
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("Alpha"))
    try syncAll([a, b], through: sync)
    let aDevice = try #require(try SyncDevice.read(a.database))
    let key = try a.database.scalarString("SELECT uid FROM sync_place") ?? ""
    // Another "device" writes a rename under a's id and a's next number.
    try forge(
      [
        SyncChange(
          origin: aDevice.id, seq: aDevice.seq + 1, wall: nowMilliseconds, counter: 0,
          entity: "place", key: key, field: "name", value: .text("Forged"))
      ], writer: "00000000000000ee", in: sync)
    let report = try b.sync(sync)
    #expect(report.skipped.contains { $0.reason.contains("writes its own changes") })
    #expect(try b.names() == ["Alpha"])
    // a applies it too, then edits: no "UNIQUE constraint failed", and the real edit arrives.
    try a.sync(sync)
    _ = try a.locations.rename(try a.id("Alpha"), to: "Alpha, real")
    try syncAll([a, b], through: sync)
    #expect(try b.names() == ["Alpha, real"])
    try expectConverged([a, b])
  }

  @Test("a change reusing a number with other content is refused and the one here stays")
  func reusedNumber() throws {
    let folder = try TemporaryFolder()
    let sync = folder.file("sync")
    let device = try SyncTestDevice(folder, "device")
    let writer = "00000000000000aa"
    try forge(
      placeChanges("First", key: "00000000000000b1", origin: writer, wall: 1), writer: writer,
      in: sync)
    try device.sync(sync)
    try forge(
      placeChanges("Second", key: "00000000000000b1", origin: writer, wall: 2), writer: writer,
      number: 2, in: sync)
    let report = try device.sync(sync)
    #expect(report.skipped.contains { $0.reason.contains("another change with this number") })
    #expect(try device.names() == ["First"])
  }

  @Test("two places with one 199-character name stay under 200 characters and sync on")
  func longNamesFit() throws {
    let folder = try TemporaryFolder()
    let sync = folder.file("sync")
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    let name = String(repeating: "n", count: 199)
    try a.locations.add(place(name, 10, 10))
    try b.locations.add(place(name, 40, 40))
    try syncAll([a, b], through: sync)
    let names = try a.names()
    #expect(names.count == 2 && names.allSatisfy { $0.count <= 200 })
    #expect(names.contains(name))
    #expect(try DeviceSync(database: a.database).status().lastError == nil)
    #expect(try DeviceSync(database: b.database).status().lastError == nil)
    try expectConverged([a, b])
  }

  @Test("a device that joins after old change files were removed still gets every place")
  func tidiedFolder() throws {
    let folder = try TemporaryFolder()
    let sync = folder.file("sync")
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try b.locations.add(place("From B", 5, 5))
    try b.sync(sync)
    try a.locations.add(place("Alpha", 1, 1))
    // Ten files of a: its snapshot comes with the tenth.
    for index in 1...FolderSync.filesPerSnapshot {
      let alpha = try #require(try a.locations.all().first { $0.name.hasPrefix("Alpha") })
      _ = try a.locations.rename(alpha.id, to: "Alpha \(index)")
      try a.sync(sync)
    }
    let aID = try DeviceSync(database: a.database).status().device
    let bID = try DeviceSync(database: b.database).status().device
    #expect(FileManager.default.fileExists(atPath: "\(sync)/\(aID)/snapshot.changes"))
    // The folder is tidied: a's files below its snapshot go, and b left with its subfolder.
    for number in 1..<FolderSync.filesPerSnapshot {
      try FileManager.default.removeItem(
        atPath: "\(sync)/\(aID)/\(ChangeFile.fileName(number: number))")
    }
    try FileManager.default.removeItem(atPath: "\(sync)/\(bID)")
    let late = try SyncTestDevice(folder, "late")
    let report = try late.sync(sync)
    #expect(report.skipped.isEmpty, "\(report.skipped)")
    #expect(Set(try late.names()) == ["Alpha \(FolderSync.filesPerSnapshot)", "From B"])
    try syncAll([a, late], through: sync)
    try expectConverged([a, late])
  }
}

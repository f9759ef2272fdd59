import CloudyModels
import CloudyStoring
import Foundation
import Testing

@testable import CloudyStore

@Suite("Sync between devices")
struct SyncTests {
  @Test("places and settings made on one device reach another; its selection is its own")
  func changesTravel() throws {
    let folder = try TemporaryFolder()
    let (laptop, desktop) = (
      try SyncTestDevice(folder, "laptop"), try SyncTestDevice(folder, "desktop")
    )
    try laptop.locations.add(place("Richmond, Virginia, US"))
    try laptop.locations.add(place("Paris, Île-de-France, FR", 48.8534, 2.3488))
    try laptop.settings.update { $0.time = .twentyFourHour }
    let sent = try laptop.sync(folder.file("sync"))
    #expect(sent.sent > 0 && sent.applied == 0)
    let received = try desktop.sync(folder.file("sync"))
    #expect(received.applied == sent.sent)
    #expect(try desktop.names() == ["Richmond, Virginia, US", "Paris, Île-de-France, FR"])
    #expect(try desktop.settings.settings().time == .twentyFourHour)
    // The desktop had nothing selected: its first place is, as after an add there.
    #expect(try desktop.locations.selection() == .saved(try desktop.id("Richmond, Virginia, US")))
    try desktop.locations.select(.saved(try desktop.id("Paris, Île-de-France, FR")))
    try syncAll([laptop, desktop], through: folder.file("sync"))
    #expect(try laptop.locations.selection() == .saved(try laptop.id("Richmond, Virginia, US")))
    try expectConverged([laptop, desktop])
  }

  @Test("a sync with nothing new applies nothing, sends nothing and leaves the file as it was")
  func idempotent() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("Home"))
    try syncAll([a, b], through: folder.file("sync"))
    let before = contents(b.path)
    let changes = try b.database.scalarInt("SELECT count(*) FROM sync_change")
    let report = try b.sync(folder.file("sync"))
    #expect(report.applied == 0 && report.sent == 0 && report.conflicts == 0)
    #expect(contents(b.path) == before)
    #expect(try b.database.scalarInt("SELECT count(*) FROM sync_change") == changes)
    // Applying the same file again (a replay) changes nothing either.
    try b.database.write { try $0.execute("DELETE FROM sync_file") }
    #expect(try b.sync(folder.file("sync")).applied == 0)
  }

  @Test("the alert level (a setting added after sync) syncs like the notations")
  func alertLevelSyncs() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.settings.update { $0.alerts = .severe }
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try b.settings.settings().alerts == .severe)
    try b.settings.update { $0.alerts = .none }
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try a.settings.settings().alerts == AlertLevel.none)
  }

  @Test("a new device's defaults are not edits: it takes the settings the others chose")
  func defaultsAreNotEdits() throws {
    let folder = try TemporaryFolder()
    let a = try SyncTestDevice(folder, "a")
    try a.settings.update { $0.temperature = .celsius }
    try a.sync(folder.file("sync"))
    let b = try SyncTestDevice(folder, "b")
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try b.settings.settings().temperature == .celsius)
    #expect(try a.settings.settings().temperature == .celsius)
  }

  @Test("concurrent renames and settings: the later edit wins on every device")
  func concurrentEdits() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("Oslo", 59.91, 10.75))
    try syncAll([a, b], through: folder.file("sync"))
    _ = try a.locations.rename(try a.id("Oslo"), to: "Oslo (A)")
    try a.settings.update { $0.units = .metric }
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.locations.rename(try b.id("Oslo"), to: "Oslo (B)")
    try b.settings.update {
      $0.units = .metric
      $0.time = .twentyFourHour
    }
    Thread.sleep(forTimeInterval: 0.01)
    try a.settings.update { $0.units = .imperial }  // the last word on units
    try a.sync(folder.file("sync"))
    let atB = try b.sync(folder.file("sync"))
    #expect(atB.conflicts >= 1)  // A's rename arrived after B's newer one
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try a.names() == ["Oslo (B)"])
    #expect(try b.settings.settings().units == .imperial)
    #expect(try a.settings.settings().time == .twentyFourHour)
    try expectConverged([a, b])
  }

  @Test("regression: a removal against a move converges (the update came as NOTFOUND before)")
  func removeAgainstMove() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    for (name, lat) in [("One", 1.0), ("Two", 2.0), ("Three", 3.0)] {
      try a.locations.add(place(name, lat, 10))
    }
    try syncAll([a, b], through: folder.file("sync"))
    try a.locations.remove(try a.id("Two"))
    try b.locations.move(try b.id("Two"), to: 0)
    try syncAll([b, a], through: folder.file("sync"))
    #expect(try a.names() == ["One", "Three"])
    try expectConverged([a, b])
  }

  @Test("regression: a rename against a removal converges, and the removed place stays removed")
  func renameAgainstRemoval() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("Lisbon", 38.72, -9.14))
    try a.locations.add(place("Porto", 41.15, -8.61))
    try syncAll([a, b], through: folder.file("sync"))
    try a.locations.remove(try a.id("Lisbon"))
    Thread.sleep(forTimeInterval: 0.01)
    // Made later than the removal, on a device that had not seen it: still removed.
    _ = try b.locations.rename(try b.id("Lisbon"), to: "Lisboa")
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try a.names() == ["Porto"])
    try expectConverged([a, b])
    // And it never comes back, whatever syncs later.
    try b.locations.add(place("Faro", 37.02, -7.93))
    try syncAll([b, a], through: folder.file("sync"))
    #expect(try a.names() == ["Porto", "Faro"])
    try expectConverged([a, b])
  }

  @Test("concurrent moves and adds on three devices end in one order everywhere")
  func orderConverges() throws {
    let folder = try TemporaryFolder()
    let devices = try ["a", "b", "c"].map { try SyncTestDevice(folder, $0) }
    for (index, name) in ["P1", "P2", "P3", "P4", "P5"].enumerated() {
      try devices[0].locations.add(place(name, Double(index), 20))
    }
    try syncAll(devices, through: folder.file("sync"))
    try devices[0].locations.move(try devices[0].id("P5"), to: 0)
    try devices[1].locations.move(try devices[1].id("P1"), to: 4)
    try devices[1].locations.add(place("B-new", 40, 40))
    try devices[2].locations.add(place("C-new", 41, 41))
    try devices[2].locations.move(try devices[2].id("P3"), to: 1)
    try syncAll(devices, through: folder.file("sync"), rounds: 6)
    try expectConverged(devices)
    #expect(try Set(devices[0].names()) == ["P1", "P2", "P3", "P4", "P5", "B-new", "C-new"])
    // No two places share an order key afterwards.
    for device in devices {
      #expect(
        try device.database.scalarInt(
          "SELECT count(*) - count(DISTINCT position) FROM location") == 0)
    }
  }

  @Test(
    "the same place saved offline on two devices is one place; two places with one name stay two")
  func samePlaceAndSameName() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("Paris", 48.8534, 2.3488))
    try b.locations.add(place("PARIS", 48.8566, 2.3522))  // 400 m away: the same Paris
    try a.locations.add(place("Springfield", 39.80, -89.64))  // Illinois
    try b.locations.add(place("Springfield", 37.21, -93.29))  // Missouri
    try syncAll([a, b], through: folder.file("sync"))
    try expectConverged([a, b])
    let names = try a.names()
    #expect(names.filter { $0.lowercased() == "paris" }.count == 1)
    #expect(
      names.filter { $0.hasPrefix("Springfield") }.sorted() == ["Springfield", "Springfield (2)"])
    // Removing the one Paris removes it everywhere, both devices' copies.
    try b.locations.remove(try b.id("Paris"))
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try a.names().filter { $0.lowercased() == "paris" }.isEmpty)
    try expectConverged([a, b])
  }

  @Test("an edit made after seeing another wins over it even when this device's clock is behind")
  func causalityWithSlowClock() throws {
    let folder = try TemporaryFolder()
    let (fast, slow) = (try SyncTestDevice(folder, "fast"), try SyncTestDevice(folder, "slow"))
    try fast.locations.add(place("Bergen", 60.39, 5.32))
    try syncAll([fast, slow], through: folder.file("sync"))
    // The fast device's clock runs 10 minutes ahead: its rename carries a clock in the future.
    try fast.database.write {
      try $0.execute("UPDATE sync_device SET wall = wall + 600000")
    }
    _ = try fast.locations.rename(try fast.id("Bergen"), to: "Bergen (fast)")
    try fast.sync(folder.file("sync"))
    try slow.sync(folder.file("sync"))
    // Seen on the slow device, then renamed again there: this later edit must win.
    _ = try slow.locations.rename(try slow.id("Bergen (fast)"), to: "Bergen (seen and changed)")
    try syncAll([slow, fast], through: folder.file("sync"))
    #expect(try fast.names() == ["Bergen (seen and changed)"])
    try expectConverged([fast, slow])
  }

  @Test(
    "a late device gets everything; changes travel through a device to a folder the first never sees"
  )
  func lateDeviceAndRelay() throws {
    let folder = try TemporaryFolder()
    let (a, b, c) = (
      try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"),
      try SyncTestDevice(folder, "c")
    )
    for index in 0..<30 { try a.locations.add(place("Place \(index)", Double(index), 1)) }
    _ = try a.locations.rename(try a.id("Place 3"), to: "Place three")
    try a.locations.remove(try a.id("Place 4"))
    // a and b share one folder; b and c another.
    try syncAll([a, b], through: folder.file("home"))
    try syncAll([b, c], through: folder.file("office"))
    #expect(try c.names().count == 29)
    try expectConverged([a, b, c])
    // c's edit reaches a through b.
    _ = try c.locations.rename(try c.id("Place 7"), to: "Place seven")
    try syncAll([b, c], through: folder.file("office"))
    try syncAll([a, b], through: folder.file("home"))
    #expect(try a.names().contains("Place seven"))
    try expectConverged([a, b, c])
  }

  @Test("a copied database file becomes a device of its own, and neither loses the other's edits")
  func copiedFile() throws {
    let folder = try TemporaryFolder()
    let original = try SyncTestDevice(folder, "original")
    try original.locations.add(place("Home", 1, 1))
    try original.sync(folder.file("sync"))
    try FileManager.default.copyItem(atPath: original.path, toPath: folder.file("copy.sqlite"))
    let copy = try SyncTestDevice(folder, "copy")
    try original.locations.add(place("Work", 2, 2))
    try copy.locations.add(place("Cabin", 3, 3))
    // The copy noticed at its first write that it is not the file it was copied from.
    let ids = try [original, copy].map { try DeviceSync(database: $0.database).status().device }
    #expect(!ids[0].isEmpty && ids[0] != ids[1])
    try syncAll([original, copy], through: folder.file("sync"))
    #expect(try Set(original.names()) == ["Home", "Work", "Cabin"])
    try expectConverged([original, copy])
  }

  @Test("an upgraded file (saved before sync) syncs with a new one, every value kept")
  func upgradedFile() throws {
    let folder = try TemporaryFolder()
    let old = folder.file("old.sqlite")
    let migrator = Migrator(migrations: Migration.embedded.filter { $0.version <= 3 })
    let database = try DatabaseFile.openForWriting(path: old, migrator: migrator)
    try LocationRepository(database: database).add(
      NewLocation(
        name: "Zürich, ZH, CH", query: "zurich", coordinate: coordinate(47.3667, 8.55),
        countryCode: "CH", region: "Zurich", timeZone: "Europe/Zurich", source: .gazetteer))
    // This build's SettingsRepository knows later columns; a version-3 file is set as it was.
    try database.execute("UPDATE settings SET temperature_notation = 'celsius' WHERE id = 1")
    let upgraded = try SyncTestDevice(folder, "old")
    let fresh = try SyncTestDevice(folder, "fresh")
    try syncAll([upgraded, fresh], through: folder.file("sync"))
    let place = try fresh.locations.all().first
    #expect(place?.name == "Zürich, ZH, CH")
    #expect(place?.query == "zurich" && place?.region == "Zurich")
    #expect(place?.timeZone == "Europe/Zurich" && place?.source == .gazetteer)
    #expect(try fresh.settings.settings().temperature == .celsius)
    try expectConverged([upgraded, fresh])
  }

  @Test("a restored backup syncs on as a new device, so no change number is given twice")
  func restoredBackup() throws {
    let folder = try TemporaryFolder()
    let a = try SyncTestDevice(folder, "a")
    try a.locations.add(place("Home", 1, 1))
    try Maintenance.backup(a.database, to: folder.file("backup.sqlite"), overwrite: false)
    try a.locations.add(place("Work", 2, 2))
    try a.sync(folder.file("sync"))
    let before = try DeviceSync(database: a.database).status().device
    try Maintenance.restore(
      a.database, from: folder.file("backup.sqlite"), keepCurrentAs: folder.file("kept.sqlite"))
    #expect(try a.names() == ["Home"])
    #expect(try DeviceSync(database: a.database).status().device != before)
    // Its next change would have had Work's number under the old id.
    try a.locations.add(place("Cabin", 3, 3))
    let b = try SyncTestDevice(folder, "b")
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try Set(b.names()) == ["Home", "Work", "Cabin"])
    try expectConverged([a, b])
  }

  @Test("a backlog longer than one commit's share of files is applied whole, in order")
  func longBacklog() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("Renamed", 1, 1))
    let files = FolderSync.filesPerCommit + 5
    for index in 1..<files {
      _ = try a.locations.rename(try a.locations.all()[0].id, to: "Renamed \(index)")
      try a.sync(folder.file("sync"))
    }
    let report = try b.sync(folder.file("sync"))
    #expect(report.applied >= files && report.skipped.isEmpty)
    #expect(try b.names() == ["Renamed \(files - 1)"])
    try expectConverged([a, b])
  }

  @Test(
    "file numbers never go back: a new file after old ones were cleared from the folder is applied")
  func clearedFolder() throws {
    let folder = try TemporaryFolder()
    let (a, b) = (try SyncTestDevice(folder, "a"), try SyncTestDevice(folder, "b"))
    try a.locations.add(place("First", 1, 1))
    try syncAll([a, b], through: folder.file("sync"))
    // Someone tidies the folder: a's old files go.
    let writer = try DeviceSync(database: a.database).status().device
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.file("sync/\(writer)")) {
      try FileManager.default.removeItem(atPath: folder.file("sync/\(writer)/\(name)"))
    }
    try a.locations.add(place("Second", 2, 2))
    try syncAll([a, b], through: folder.file("sync"))
    #expect(try b.names() == ["First", "Second"])
  }

  @Test(
    "regression: a late device's first sync keeps everyone's order (ties between its files were recorded as new moves)"
  )
  func lateDeviceKeepsTheOrder() throws {
    let folder = try TemporaryFolder()
    let devices = try ["a", "b", "c"].map { try SyncTestDevice(folder, $0) }
    // Each round every device adds a place and moves one before they sync: concurrent adds and
    // moves, settled round by round, as on devices that sync now and then.
    var random = SeededSequence(seed: 30)
    for round in 0..<8 {
      for (index, device) in devices.enumerated() {
        try device.locations.add(place("R\(round)-\(index)", Double(round), Double(index)))
        let names = try device.names()
        let moved = try device.id(names[random.next(below: names.count)])
        try device.locations.move(moved, to: random.next(below: names.count))
      }
      try syncAll(devices, through: folder.file("sync"), rounds: 6)
    }
    try expectConverged(devices)
    let order = try devices[0].names()
    // A new device applies every file, writer by writer: in between, places share order keys.
    let late = try SyncTestDevice(folder, "late")
    try late.sync(folder.file("sync"))
    #expect(try late.names() == order)
    try syncAll(devices + [late], through: folder.file("sync"), rounds: 6)
    #expect(try devices[0].names() == order, "joining must not reorder the others' places")
    try expectConverged(devices + [late])
  }
}

/// A repeatable sequence of numbers (a linear congruential generator): the same "random" edits
/// on every run.
struct SeededSequence {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(below bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-db sync` as users run it: each device a database file and a process, one folder
/// between them.
@Suite("cloudy-db sync")
struct SyncToolTests {
  @Test func twoDevicesThroughAFolderReportWhatTheyDid() throws {
    let folder = try ToolTestFolder()
    let (laptop, desktop, sync) = (
      folder.file("laptop.sqlite"), folder.file("desktop.sqlite"), folder.file("Sync/cloudy")
    )
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], laptop)
    try runSucceeding("cloudy-settings", ["set", "temperature", "celsius"], laptop)
    let first = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], laptop))
    #expect((first["sent"] as? Int ?? 0) >= 6)  // the place's fields and the setting
    #expect(first["applied"] as? Int == 0 && first["conflicts"] as? Int == 0)
    let laptopID = try #require(first["device"] as? String)
    #expect(laptopID.count == 16)

    // A device with no database yet gets one from its first sync.
    #expect(!FileManager.default.fileExists(atPath: desktop))
    let second = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], desktop))
    #expect((second["applied"] as? Int ?? 0) > 0)
    let devices = try #require(second["devices"] as? [[String: Any]])
    #expect(devices.map { $0["device"] as? String } == [laptopID])
    #expect(devices.first?["lastSeen"] as? Int != nil)
    #expect(
      try runSucceeding("cloudy-locations", ["list"], desktop).standardOutput.contains("Alpha"))
    #expect(
      try runSucceeding("cloudy-settings", ["show", "--json"], desktop).standardOutput.contains(
        "celsius"))

    // Nothing new: nothing applied, nothing written to the folder.
    let listing = try FileManager.default.subpathsOfDirectory(atPath: sync).sorted()
    let again = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], desktop))
    #expect(again["applied"] as? Int == 0 && again["sent"] as? Int == 0)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: sync).sorted() == listing)

    let status = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--status", "--json"], laptop))
    #expect(status["device"] as? String == laptopID)
    #expect(status["waiting"] as? Int == 0)
    #expect(status["lastError"] is NSNull)
  }

  @Test func foldersThatCannotBeUsedAreRefusedWithOneLine() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], db)
    let photos = folder.file("Photos")
    try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: "\(photos)/cat.jpg"))
    let refused = try ToolRunner.run("cloudy-db", ["sync", "--folder", photos, "--db", db])
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("not a Cloudy sync folder"))
    #expect(refused.standardError.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: photos) == ["cat.jpg"])

    // A folder that cannot be made (a file is in the way): an I/O failure.
    let blocked = try ToolRunner.run(
      "cloudy-db", ["sync", "--folder", "\(photos)/cat.jpg/sync", "--db", db])
    #expect(blocked.status == 74, "\(blocked.standardError)")
    #expect(blocked.standardError.hasPrefix("cloudy-db: error:"))

    let usage = try ToolRunner.run("cloudy-db", ["sync", "--db", db])
    #expect(usage.status == 64)
  }

  @Test func anEditMadeAfterSeeingAnotherWinsThoughThisClockIsTenMinutesBehind() throws {
    guard
      let faketime = ["/usr/bin/faketime", "/usr/local/bin/faketime"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      Issue.record("faketime is not installed (.ci/run installs it)")
      return
    }
    let folder = try ToolTestFolder()
    let (ahead, behind, sync) = (
      folder.file("ahead.sqlite"), folder.file("behind.sqlite"), folder.file("sync")
    )
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Bergen", "--lat", "60.39", "--lon", "5.32"], ahead)
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], ahead)
    func slow(_ tool: String, _ arguments: [String]) throws {
      let result = try ToolRunner.run(
        executableAt: URL(fileURLWithPath: faketime),
        ["-f", "-10m", ToolRunner.executable(tool).path] + arguments + ["--db", behind])
      #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
    }
    try slow("cloudy-db", ["sync", "--folder", sync])
    // Seen on the slow machine, then renamed there: the later edit, by causality.
    try slow("cloudy-locations", ["rename", "Bergen", "Bergen, Vestland"])
    try slow("cloudy-db", ["sync", "--folder", sync])
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], ahead)
    #expect(
      try runSucceeding("cloudy-locations", ["list"], ahead).standardOutput.contains(
        "Bergen, Vestland"))
  }

  @Test func watchingDevicesFollowEachOtherUntilTheyAreStopped() throws {
    let folder = try ToolTestFolder()
    let (a, b, sync) = (folder.file("a.sqlite"), folder.file("b.sqlite"), folder.file("sync"))
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], a)
    try runSucceeding("cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], b)
    let watchA = try WatchedProcess(
      "cloudy-db", ["sync", "--folder", sync, "--watch", "--json", "--db", a])
    let watchB = try WatchedProcess(
      "cloudy-db", ["sync", "--folder", sync, "--watch", "--json", "--db", b])
    // Each applies the other's place.
    #expect(
      watchA.waitForLine { $0.contains("\"applied\":") && !$0.contains("\"applied\":0") } != nil)
    #expect(
      watchB.waitForLine { $0.contains("\"applied\":") && !$0.contains("\"applied\":0") } != nil)
    // An edit on one appears on the other with no command run there.
    try runSucceeding("cloudy-locations", ["rename", "Alpha", "Alpha, renamed"], a)
    #expect(
      eventually {
        try runSucceeding("cloudy-locations", ["list"], b).standardOutput.contains("Alpha, renamed")
      }
    )
    let endA = watchA.stop(signal: SIGTERM)
    let endB = watchB.stop(signal: SIGINT)
    #expect(endA.status == 0 && endB.status == 0)
    #expect(endA.standardError == "" && endB.standardError == "")
  }

  @Test func aSecondWatchOnOneDatabaseSaysWhoHoldsItAndStops() throws {
    let folder = try ToolTestFolder()
    let (db, sync) = (folder.file("cloudy.sqlite"), folder.file("sync"))
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], db)
    let first = try WatchedProcess(
      "cloudy-db", ["sync", "--folder", sync, "--watch", "--json", "--db", db])
    #expect(first.waitForLine { $0.contains("\"sent\":") } != nil)
    let second = try ToolRunner.run(
      "cloudy-db", ["sync", "--folder", sync, "--watch", "--db", db], timeout: 20)
    #expect(second.status == 69, "\(second.standardError)")
    #expect(second.standardError.contains("another sync --watch"))
    #expect(second.standardError.contains("process "))
    #expect(second.standardError.split(separator: "\n").count == 1)
    #expect(first.stop(signal: SIGTERM).status == 0)
    // Once the first has stopped, a watch starts again.
    let again = try WatchedProcess(
      "cloudy-db", ["sync", "--folder", sync, "--watch", "--json", "--db", db])
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], db)
    #expect(again.waitForLine { $0.contains("\"sent\":") } != nil)
    #expect(again.stop(signal: SIGINT).status == 0)
  }

  // MARK: - Helpers
}

import Foundation
import Testing

/// `cloudy-db sync` after what users do: a device whose clock is years ahead, a database put
/// back with `cp` from a backup. Neither may make the devices differ for ever.
@Suite("cloudy-db sync: wrong clocks and restores")
struct SyncTrustToolTests {
  private static let faketime = ["/usr/bin/faketime", "/usr/local/bin/faketime"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test func aClockTenYearsAheadIsHeldReportedAndAcceptedOnRequest() throws {
    guard let faketime = Self.faketime else {
      Issue.record("faketime is not installed (.ci/run installs it)")
      return
    }
    let folder = try ToolTestFolder()
    let (ahead, home, sync) = (
      folder.file("ahead.sqlite"), folder.file("home.sqlite"), folder.file("sync")
    )
    func future(_ tool: String, _ arguments: [String]) throws {
      let result = try ToolRunner.run(
        executableAt: URL(fileURLWithPath: faketime),
        ["-f", "+3650d", ToolRunner.executable(tool).path] + arguments + ["--db", ahead])
      #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
    }
    try future("cloudy-locations", ["add", "--name", "Zed", "--lat", "1", "--lon", "2"])
    try future("cloudy-db", ["sync", "--folder", sync])
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Home", "--lat", "3", "--lon", "4"], home)
    let report = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], home))
    #expect((report["held"] as? Int ?? 0) > 0)
    #expect(!(try runSucceeding("cloudy-locations", ["list"], home).standardOutput.contains("Zed")))
    // This device's clock stayed within a day of the real one.
    let wall = try #require(Int64(try sqlite3(home, "SELECT wall FROM sync_device")))
    #expect(wall < Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000)

    let status = try runSucceeding("cloudy-db", ["sync", "--status"], home).standardOutput
    #expect(status.contains("held:") && status.contains("--accept-held"), "\(status)")
    let check = try ToolRunner.run("cloudy-db", ["check", "--db", home])
    #expect(check.status != 0)
    #expect((check.standardOutput + check.standardError).contains("held"))

    try runSucceeding("cloudy-db", ["sync", "--accept-held"], home)
    #expect(try runSucceeding("cloudy-locations", ["list"], home).standardOutput.contains("Zed"))
    let after = try #require(Int64(try sqlite3(home, "SELECT wall FROM sync_device")))
    #expect(after < Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000)
  }

  @Test func aDatabasePutBackWithCpBecomesANewDeviceAndNothingIsLost() throws {
    let folder = try ToolTestFolder()
    let (laptop, desktop, sync, backup) = (
      folder.file("laptop.sqlite"), folder.file("desktop.sqlite"), folder.file("sync"),
      folder.file("backup.sqlite")
    )
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], laptop)
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], laptop)
    try FileManager.default.copyItem(atPath: laptop, toPath: backup)
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], laptop)
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], laptop)
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], desktop)

    // What people type: the backup copied over the live file (the same inode).
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: laptop + suffix) }
    let restore = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/bin/cp"), [backup, laptop])
    #expect(restore.status == 0)
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Gamma", "--lat", "5", "--lon", "6"], laptop)
    for db in [laptop, desktop, laptop, desktop] {
      try runSucceeding("cloudy-db", ["sync", "--folder", sync], db)
    }
    for db in [laptop, desktop] {
      let list = try runSucceeding("cloudy-locations", ["list"], db).standardOutput
      #expect(
        list.contains("Alpha") && list.contains("Beta") && list.contains("Gamma"),
        "\(db): \(list)")
      let check = try ToolRunner.run("cloudy-db", ["check", "--db", db])
      #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }
  }
}

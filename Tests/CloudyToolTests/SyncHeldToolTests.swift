import Foundation
import Testing

/// Changes held for a clock far ahead (docs/sync.md, "A clock far ahead") are taken once this
/// machine's clock comes within a day of them, by the next sync, even when no new file arrives
/// to carry them in: a quiet folder must not keep them held for ever.
@Suite("cloudy-db sync: held changes come due")
struct SyncHeldToolTests {
  /// A process clock two days from now (libfaketime; file times left real).
  private func twoDaysAhead() throws -> [String: String] {
    var environment = try AlertToolTests.clock("")
    environment["FAKETIME"] = "+2d"
    environment["NO_FAKE_STAT"] = "1"
    return environment
  }

  @Test func aHeldChangeIsTakenWhenTheClockGetsThereThoughNothingNewArrived() throws {
    let folder = try ToolTestFolder()
    let (ahead, home, sync) = (
      folder.file("ahead.sqlite"), folder.file("home.sqlite"), folder.file("sync")
    )
    let later = try twoDaysAhead()
    for arguments in [
      ["cloudy-locations", "add", "--name", "Far", "--lat", "1", "--lon", "2"],
      ["cloudy-db", "sync", "--folder", sync],
    ] {
      let result = try ToolRunner.run(
        arguments[0], Array(arguments.dropFirst()) + ["--db", ahead], environment: later)
      #expect(result.status == 0, "\(result.standardError)")
    }
    let first = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], home))
    #expect((first["held"] as? Int ?? 0) > 0)
    #expect(try sqlite3(home, "SELECT count(*) FROM location") == "0")

    // Two days on for home too: its clock has reached the changes. No file is new.
    let due = try jsonObject(
      try ToolRunner.run(
        "cloudy-db", ["sync", "--folder", sync, "--json", "--db", home], environment: later))
    #expect((due["applied"] as? Int ?? 0) > 0)
    #expect(try sqlite3(home, "SELECT name FROM location") == "Far")
    #expect(try sqlite3(home, "SELECT count(*) FROM sync_held") == "0")
  }

  /// A held change comes due while another device's file is applied: it is taken, not judged
  /// again as that file's (where it would be refused, being its own device's, and lost).
  @Test func aHeldChangeComingDueWhileAnotherDevicesFileAppliesIsTaken() throws {
    let folder = try ToolTestFolder()
    let (ahead, home, near, sync) = (
      folder.file("ahead.sqlite"), folder.file("home.sqlite"), folder.file("near.sqlite"),
      folder.file("sync")
    )
    let later = try twoDaysAhead()
    for arguments in [
      ["cloudy-locations", "add", "--name", "Far", "--lat", "1", "--lon", "2"],
      ["cloudy-db", "sync", "--folder", sync],
    ] {
      let result = try ToolRunner.run(
        arguments[0], Array(arguments.dropFirst()) + ["--db", ahead], environment: later)
      #expect(result.status == 0, "\(result.standardError)")
    }
    let first = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], home))
    #expect((first["held"] as? Int ?? 0) > 0)
    // Another device's file arrives; home's clock has meanwhile reached the held changes.
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Near", "--lat", "3", "--lon", "4"], near)
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], near)
    let result = try ToolRunner.run(
      "cloudy-db", ["sync", "--folder", sync, "--json", "--db", home], environment: later)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sqlite3(home, "SELECT name FROM location ORDER BY name") == "Far\nNear")
    #expect(try sqlite3(home, "SELECT count(*) FROM sync_held") == "0")
  }

  /// After `--accept-held`, an edit here to a field whose accepted value is stamped further
  /// ahead loses to it on every device: the next sync shows the winner here too, and check
  /// finds the tables as sync recorded them.
  @Test func anEditThatLostToAnAcceptedChangeIsUndoneByTheNextSync() throws {
    let folder = try ToolTestFolder()
    let (ahead, home, sync) = (
      folder.file("ahead.sqlite"), folder.file("home.sqlite"), folder.file("sync")
    )
    let later = try twoDaysAhead()
    for arguments in [
      ["cloudy-settings", "set", "temperature", "celsius"],
      ["cloudy-db", "sync", "--folder", sync],
    ] {
      let result = try ToolRunner.run(
        arguments[0], Array(arguments.dropFirst()) + ["--db", ahead], environment: later)
      #expect(result.status == 0, "\(result.standardError)")
    }
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], home)
    try runSucceeding("cloudy-db", ["sync", "--accept-held"], home)
    #expect(try sqlite3(home, "SELECT temperature_notation FROM settings") == "celsius")
    try runSucceeding("cloudy-settings", ["set", "temperature", "fahrenheit"], home)

    try runSucceeding("cloudy-db", ["sync", "--folder", sync], home)
    #expect(try sqlite3(home, "SELECT temperature_notation FROM settings") == "celsius")
    try runSucceeding("cloudy-db", ["check"], home)
  }

  /// The same for a device that syncs only with a hub (`cloudy-db sync URL`): its losing edit
  /// is undone as it is sent, as a folder sync undoes it.
  @Test func anEditThatLostToAnAcceptedChangeIsUndoneByTheNextHubSync() throws {
    let folder = try ToolTestFolder()
    let (ahead, home, server) = (
      folder.file("ahead.sqlite"), folder.file("home.sqlite"), folder.file("server.sqlite")
    )
    try runSucceeding("cloudy-settings", ["set", "time", "24h"], server)
    let web = try WebServerProcess(database: server, ["--offline"])
    let hub = "http://127.0.0.1:\(web.port)"
    let later = try twoDaysAhead()
    for arguments in [
      ["cloudy-settings", "set", "temperature", "celsius"],
      ["cloudy-db", "sync", hub],
    ] {
      let result = try ToolRunner.run(
        arguments[0], Array(arguments.dropFirst()) + ["--db", ahead], environment: later)
      #expect(result.status == 0, "\(result.standardError)")
    }
    // The hub holds the change stamped two days ahead until it is accepted there.
    try runSucceeding("cloudy-db", ["sync", "--accept-held"], server)
    try runSucceeding("cloudy-db", ["sync", hub], home)
    try runSucceeding("cloudy-db", ["sync", "--accept-held"], home)
    #expect(try sqlite3(home, "SELECT temperature_notation FROM settings") == "celsius")
    try runSucceeding("cloudy-settings", ["set", "temperature", "fahrenheit"], home)

    try runSucceeding("cloudy-db", ["sync", hub], home)
    #expect(try sqlite3(home, "SELECT temperature_notation FROM settings") == "celsius")
    try runSucceeding("cloudy-db", ["check"], home)
    #expect(web.stop() == 0)
  }
}

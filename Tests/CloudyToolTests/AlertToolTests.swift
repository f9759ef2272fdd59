import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-forecast alerts` and `import` of alerts documents end to end, on documents the
/// services published (Tests/CloudyProvidersTests/Fixtures/Alerts/README.md), with the
/// process clock set by Debian's faketime (libfaketime, its clock started at a moment and
/// running on): active at
/// onset, gone at the end, an Update imported before its alert, left out by its polygon,
/// refusals by name, kept from a Dark Sky response, and `--watch --json` lines.
@Suite("cloudy-forecast alerts: import, list, watch")
struct AlertToolTests {
  // MARK: - Support

  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../CloudyProvidersTests/Fixtures/Alerts/\(name)").standardized.path
  }

  static let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

  /// The environment that starts a process's clock at `utc` ("2019-12-21 20:00:00") and lets
  /// it run. `FAKETIME_SHARED` is what the `faketime` wrapper sets (its clock's shared memory);
  /// without it libfaketime's start-up leaves Swift's `CommandLine.argc` at 0. The wrapper
  /// itself is not used: it runs the tool as its child, so a signal to it misses the tool.
  static func clock(_ utc: String) throws -> [String: String] {
    try #require(
      FileManager.default.fileExists(atPath: libfaketime), "Debian's faketime is not installed")
    return [
      "LD_PRELOAD": libfaketime, "FAKETIME": "@\(utc)", "TZ": "UTC",
      "FAKETIME_SHARED": "/cloudy-test-none /cloudy-test-none",
    ]
  }

  /// A database with one saved place.
  static func database(
    _ folder: ToolTestFolder, _ name: String, _ lat: String, _ lon: String, zone: String
  )
    throws -> String
  {
    let path = folder.file("cloudy.sqlite")
    let added = try ToolRunner.run(
      "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", path])
    #expect(added.status == 0, "\(added.standardError)")
    _ = try sqlite3(path, "UPDATE location SET time_zone = '\(zone)'")
    return path
  }

  static func forecast(_ arguments: [String], db: String, at utc: String? = nil) throws
    -> ToolRunner.Result
  {
    try ToolRunner.run(
      "cloudy-forecast", arguments + ["--db", db], environment: try utc.map(clock) ?? [:])
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static let portlandFloodWatch = "nws-alerts-portland-2019-12-20-flood-watch-update.json"

  // MARK: - Active at onset, gone at the end

  @Test func anNWSFloodWatchIsActiveFromOnsetUntilItEndsNotWhenItExpires() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let imported = try Self.forecast(["import", Self.fixture(Self.portlandFloodWatch)], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.hasPrefix("Imported "))
    #expect(imported.standardOutput.contains("(NWS alerts): 1 alert message for Portland"))
    #expect(
      try sqlite3(db, "SELECT message_type, severity, ends FROM alert")
        == "Update|severe|1577037600")

    // Onset is 13:34 PST (21:34 UTC) on December 20.
    let before = try Self.forecast(["alerts"], db: db, at: "2019-12-20 21:30:00")
    #expect(before.status == 0)
    #expect(before.standardOutput == "No active alerts for Portland\n")

    // After its expires (05:30 PST, when the NWS reissues it) but before it ends.
    let during = try Self.forecast(["alerts"], db: db, at: "2019-12-21 20:00:00")
    #expect(during.status == 0, "\(during.standardError)")
    let lines = during.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "Flood Watch · Severe")
    #expect(lines.contains { $0.hasPrefix("  Flood Watch issued December 20 at 1:34PM PST") })
    #expect(lines.contains("  Fri Dec 20 01:34 PM – Sun Dec 22 10:00 AM (America/Los_Angeles)"))
    #expect(lines.last == "  NWS Portland OR")

    let listed = try Self.json(
      try Self.forecast(["alerts", "--json"], db: db, at: "2019-12-21 20:00:00").standardOutput)
    #expect((listed["place"] as? [String: Any])?["name"] as? String == "Portland")
    let alerts = try #require(listed["alerts"] as? [[String: Any]])
    #expect(alerts.count == 1)
    #expect(
      Set(alerts[0].keys) == [
        "event", "severity", "urgency", "certainty", "headline", "description", "instruction",
        "onset", "expires", "sender", "areas", "source", "active",
      ])
    #expect(alerts[0]["onset"] as? Int == 1_576_877_640)
    #expect(alerts[0]["expires"] as? Int == 1_577_037_600)
    #expect(alerts[0]["active"] as? Bool == true)
    #expect(alerts[0]["source"] as? String == "nws")
    #expect((alerts[0]["areas"] as? [String])?.count == 11)

    // It ends at 10:00 PST on the 22nd: gone, also offline; --all still lists it, inactive.
    let after = try Self.forecast(["alerts"], db: db, at: "2019-12-22 18:00:00")
    #expect(after.standardOutput == "No active alerts for Portland\n")
    let all = try Self.json(
      try Self.forecast(["alerts", "--all", "--json"], db: db, at: "2019-12-22 18:00:00")
        .standardOutput)
    #expect((all["alerts"] as? [[String: Any]])?.map { $0["active"] as? Bool } == [false])
  }

  @Test func pruneRemovesAlertsThatEndedBeforeItsCutoff() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    _ = try Self.forecast(["import", Self.fixture(Self.portlandFloodWatch)], db: db)
    // It ends on December 22 at 18:00 UTC: a day later it is not yet a day old…
    let kept = try Self.json(
      try Self.forecast(
        ["prune", "--older-than", "1d", "--json"], db: db, at: "2019-12-23 12:00:00"
      )
      .standardOutput)
    #expect(kept["alertsRemoved"] as? Int == 0)
    // …two days later it is.
    let pruned = try Self.forecast(
      ["prune", "--older-than", "1d"], db: db, at: "2019-12-24 12:00:00")
    #expect(pruned.status == 0, "\(pruned.standardError)")
    #expect(pruned.standardOutput.contains("and 1 alert that ended before then."))
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "0")
  }

  // MARK: - An Update before its alert; left out by its polygon

  @Test func anUpdateImportedBeforeItsAlertStillReplacesIt() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Thunder Bay", "48.38", "-89.25", zone: "America/Toronto")
    let update = try Self.forecast(
      ["import", Self.fixture("cap-eccc-thunder-bay-2019-10-20-update-en-fr.xml")], db: db)
    #expect(update.status == 0, "\(update.standardError)")
    let original = try Self.forecast(
      ["import", Self.fixture("handmade-cap-eccc-thunder-bay-the-alert-it-updates.xml")], db: db)
    #expect(original.status == 0, "\(original.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "2")
    let listed = try Self.json(
      try Self.forecast(["alerts", "--all", "--json"], db: db, at: "2019-10-20 22:00:00")
        .standardOutput)
    let alerts = try #require(listed["alerts"] as? [[String: Any]])
    #expect(alerts.map { $0["headline"] as? String } == ["special weather statement in effect"])
    #expect(alerts.first?["areas"] as? [String] == ["City of Thunder Bay"])
  }

  @Test func anAlertWhosePolygonMissesThePlaceIsLeftOutWithANote() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Toronto", "43.65", "-79.38", zone: "America/Toronto")
    let imported = try Self.forecast(
      ["import", Self.fixture("handmade-cap-eccc-thunder-bay-the-alert-it-updates.xml")], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains("0 alert messages for Toronto"))
    #expect(imported.standardOutput.contains("Note: left out weather"))
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "0")
  }

  // MARK: - Refusals by name

  @Test func alertsAnswersOfOtherKindsAreRefusedNamingWhatTheyAre() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    for (file, what) in [
      ("nws-points.json", "is an NWS /points answer"),
      ("atom-nws-alerts-index-2018-08-15.xml", "is an ATOM list of 163 alerts"),
      ("cap11-usgs-earthquake-2010-08-31.xml", "is a CAP 1.1 document"),
    ] {
      let refused = try Self.forecast(["import", Self.fixture(file)], db: db)
      #expect(refused.status == 65, "\(file): \(refused.standardError)")
      #expect(refused.standardError.contains(what), "\(refused.standardError)")
      #expect(refused.standardError.contains("nothing was changed"))
    }
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "0")
  }

  // MARK: - Kept from a Dark Sky response

  @Test func aDarkSkyForecastsAlertsAreKeptWithIt() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Easton", "47.237", "-121.179", zone: "America/Los_Angeles")
    let imported = try Self.forecast(
      ["import", Self.fixture("darksky-easton-wa-winter-weather-advisory.json")], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains("Note: kept the response's 2 alerts."))
    #expect(
      try sqlite3(db, "SELECT event, severity, source FROM alert ORDER BY sent")
        == "Special Weather Statement|minor|dark-sky\nWinter Weather Advisory|minor|dark-sky")
    // 01:00 UTC on December 23: both active, minor ones listed whatever the alert setting.
    let listed = try Self.forecast(["alerts"], db: db, at: "2018-12-23 01:00:00")
    #expect(listed.standardOutput.contains("Winter Weather Advisory · Minor"))
    #expect(listed.standardOutput.contains("Special Weather Statement · Minor"))
  }

  // MARK: - --watch --json

  @Test func watchJSONSaysWhenAnAlertAppearsAndWhenItEndsByTheClock() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    // Three seconds before the Flood Watch ends, with the clock running.
    let watch = try WatchedProcess(
      "cloudy-forecast", ["alerts", "--watch", "--json", "--db", db],
      environment: try Self.clock("2019-12-22 17:59:57"))
    let imported = try Self.forecast(["import", Self.fixture(Self.portlandFloodWatch)], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    let appeared = try Self.json(try watch.line(0))
    #expect(appeared["change"] as? String == "appeared")
    #expect((appeared["place"] as? [String: Any])?["name"] as? String == "Portland")
    #expect((appeared["alert"] as? [String: Any])?["event"] as? String == "Flood Watch")
    let ended = try Self.json(try watch.line(1))
    #expect(ended["change"] as? String == "ended")
    #expect((ended["alert"] as? [String: Any])?["active"] as? Bool == false)
    let end = watch.stop(signal: SIGINT)
    #expect(end.status == 0)
    #expect(end.lines.count == 2, "\(end.lines)")
  }

  @Test func watchFollowsTheAlertSetting() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, "Easton", "47.237", "-121.179", zone: "America/Los_Angeles")
    _ = try Self.forecast(
      ["import", Self.fixture("darksky-easton-wa-winter-weather-advisory.json")], db: db)
    let watch = try WatchedProcess(
      "cloudy-forecast", ["alerts", "--watch", "--json", "--db", db],
      environment: try Self.clock("2018-12-23 01:00:00"))
    // Minor advisories are not shown unasked at the default level; "all" shows them.
    let set = try ToolRunner.run("cloudy-settings", ["set", "alerts", "all", "--db", db])
    #expect(set.status == 0)
    let first = try Self.json(try watch.line(0))
    #expect(first["change"] as? String == "appeared")
    _ = try watch.line(1)
    let end = watch.stop(signal: SIGTERM)
    #expect(end.status == 0)
    #expect(end.lines.count == 2, "\(end.lines)")
  }
}

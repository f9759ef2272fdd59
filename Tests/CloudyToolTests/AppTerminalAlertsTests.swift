import CloudyTestSupport
import Foundation
import Testing

/// `cloudy`'s alerts in a real terminal (tmux), with the app's clock set by Debian's
/// libfaketime to a moment the recorded NWS Flood Watch for Portland (December 2019) is active:
/// the banner appears when another process imports the alert, with no key pressed; `!` opens
/// the full text in the place's zone; Locations marks the place (not the first one); the alert
/// level set by another process takes banner and marks away. And `--alerts-every`: the app
/// fetches every place's alerts from a loopback stand-in for the NWS on its own; `--offline`
/// never asks it.
@Suite("cloudy: alerts in the terminal (tmux)", .enabled(if: TmuxPane.isAvailable))
struct AppTerminalAlertsTests {
  static let floodWatch = AlertToolTests.fixture(AlertToolTests.portlandFloodWatch)
  /// Within the Flood Watch: after its onset (21:34 UTC on the 20th), before it ends.
  static let moment = "2019-12-21 20:00:00"

  /// Oslo first (selected), Portland second with its zone, then Portland selected: the mark
  /// must be on a place that is not the first.
  static func database(_ folder: ToolTestFolder) throws -> String {
    let db = folder.file("cloudy.sqlite")
    for (name, lat, lon) in [("Oslo", "59.91", "10.75"), ("Portland", "45.52", "-122.68")] {
      let added = try ToolRunner.run(
        "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", db])
      #expect(added.status == 0, "\(added.standardError)")
    }
    _ = try sqlite3(
      db, "UPDATE location SET time_zone = 'America/Los_Angeles' WHERE name = 'Portland'")
    let selected = try ToolRunner.run("cloudy-locations", ["select", "Portland", "--db", db])
    #expect(selected.status == 0, "\(selected.standardError)")
    return db
  }

  static func environment(nws: String? = nil) throws -> [String: String] {
    var environment = try AlertToolTests.clock(moment)
    // A forecast fetch (the places have none cached) is refused at once, never the internet.
    environment["CLOUDY_OPEN_METEO_URL"] = ToolRunner.nowhere
    if let nws { environment[ToolRunner.nwsVariable] = nws }
    return environment
  }

  @Test func theBannerAppearsLiveTheKeyListsItAndLocationsMarksThePlace() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let pane = try TmuxPane(
      arguments: ["--db", db, "--offline"], environment: try Self.environment(), columns: 100,
      rows: 40)
    let before = try pane.waitFor("Cloudy · Portland")
    #expect(!before.contains("Flood Watch"), "\(before)")

    // Another process imports the alert; no key is pressed.
    let imported = try ToolRunner.run("cloudy-forecast", ["import", Self.floodWatch, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    // The event named once (issue 41): not "Flood Watch (Severe): Flood Watch issued …".
    let banner = try pane.waitFor("⚠ Flood Watch (Severe): issued December 20")
    #expect(banner.contains("! details"), "\(banner)")
    #expect(banner.contains("! alerts"), "the footer names the key: \(banner)")

    try pane.press("!")
    // The heading can be drawn a frame before the list under it: wait for the whole list.
    let list = try pane.waitUntil("the alerts list") {
      $0.contains("From NWS Portland OR") && $0.contains("The Flood Watch continues for")
    }
    #expect(list.contains("Cloudy · Alerts · Portland"), "\(list)")
    #expect(list.contains("⚠ Flood Watch · Severe"), "\(list)")
    #expect(list.contains("(America/Los_Angeles)"), "\(list)")
    #expect(list.contains("Fri Dec 20 01:34 PM"), "\(list)")
    #expect(list.contains("From NWS Portland OR"), "\(list)")
    #expect(list.contains("The Flood Watch continues for"), "\(list)")
    // Longer than the window: scrolled to the instruction at the end.
    try pane.press("End")
    try pane.waitFor("What to do")

    try pane.press("Escape")
    try pane.waitFor("! details")
    try pane.press("l")
    let locations = try pane.waitFor("⚠ Portland")
    #expect(locations.contains("Severe alert"), "\(locations)")
    let oslo = locations.split(separator: "\n").first { $0.contains("Oslo") }
    #expect(oslo?.contains("⚠") == false, "\(locations)")

    // The level set to none elsewhere: the marks go, and the banner with them.
    let set = try ToolRunner.run("cloudy-settings", ["set", "alerts", "none", "--db", db])
    #expect(set.status == 0, "\(set.standardError)")
    try pane.waitUntil("the mark to go") { !$0.contains("⚠") && $0.contains("Portland") }
    try pane.press("Escape")
    let weather = try pane.waitFor("Cloudy · Portland")
    #expect(!weather.contains("Flood Watch (Severe)"), "\(weather)")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// Colour where it is on (the banner's line in red for a severe alert, as tmux records the
  /// cells); under `NO_COLOR` and `LANG=C` the words and an ASCII mark carry it, cut to a
  /// 40-column window.
  @Test func colourBySeverityAndWordsWithoutColour() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try ToolRunner.run("cloudy-forecast", ["import", Self.floodWatch, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")

    let coloured = try TmuxPane(
      arguments: ["--db", db, "--offline"], environment: try Self.environment(), columns: 100)
    try coloured.waitFor("⚠ Flood Watch (Severe)")
    let cells = try coloured.tmux(["capture-pane", "-p", "-e"])
    let banner = try #require(cells.split(separator: "\n").first { $0.contains("Flood Watch") })
    // SGR 31 (red foreground) on the banner's line.
    #expect(banner.contains("\u{1B}[") && banner.contains("31m"), "\(banner.debugDescription)")
    try coloured.press("q")
    #expect(try coloured.exit().status == 0)

    var plain = try Self.environment()
    plain["NO_COLOR"] = "1"
    plain["LANG"] = "C"
    let narrow = try TmuxPane(
      arguments: ["--db", db, "--offline"], environment: plain, columns: 40, rows: 12)
    let screen = try narrow.waitFor("! Flood Watch (Severe)")
    let line = try #require(screen.split(separator: "\n").first { $0.contains("Flood Watch") })
    #expect(line.hasSuffix("! details"), "\(screen)")
    #expect(line.contains("..."), "cut with an ASCII ellipsis: \(screen)")
    let noColour = try narrow.tmux(["capture-pane", "-p", "-e"])
    let uncoloured = try #require(
      noColour.split(separator: "\n").first { $0.contains("Flood Watch") })
    #expect(!uncoloured.contains("31m"), "\(uncoloured.debugDescription)")
    try narrow.press("q")
    #expect(try narrow.exit().status == 0)
  }

  @Test func theAppFetchesEveryPlacesAlertsOnItsOwnAndOfflineNever() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let server = try AlertFetchToolTests.nws()
    let pane = try TmuxPane(
      arguments: ["--db", db, "--alerts-every", "5m"],
      environment: try Self.environment(nws: server.baseURL.absoluteString), columns: 100)
    // No import: the alert comes from the stand-in, fetched by the app's child process.
    try pane.waitFor("⚠ Flood Watch (Severe)")
    // Portland only: Oslo is not in the NWS's area, so it is not asked about.
    #expect(server.requests.count == 1)
    #expect(server.requests.first?.query == "point=45.52,-122.68")
    #expect(server.requests.first?.headers["user-agent"]?.hasPrefix("Cloudy/") == true)
    try pane.press("q")
    #expect(try pane.exit().status == 0)

    // --offline: the same database and stand-in, an alert imported while it runs, no request.
    _ = try sqlite3(db, "DELETE FROM alert; DELETE FROM alert_fetch")
    let offline = try TmuxPane(
      arguments: ["--db", db, "--offline"],
      environment: try Self.environment(nws: server.baseURL.absoluteString), columns: 100)
    try offline.waitFor("Cloudy · Portland")
    let imported = try ToolRunner.run("cloudy-forecast", ["import", Self.floodWatch, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    try offline.waitFor("⚠ Flood Watch (Severe)")
    #expect(server.requests.count == 1)
    try offline.press("q")
    #expect(try offline.exit().status == 0)
  }
}

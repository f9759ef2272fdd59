import CloudyTestSupport
import Foundation
import Testing

/// `cloudy-web --alerts-every`: while it runs, every place's alerts are fetched on their own
/// (a `cloudy-forecast-fetch --alerts --all` child) from a loopback stand-in for the NWS that
/// replays a recorded answer; the Weather page shows the banner from it with no import; and
/// `--offline` never asks. The server's clock is set by libfaketime (its thread-safe build) to
/// a moment the recorded Flood Watch is active.
@Suite("cloudy-web: alerts fetched on their own")
struct WebAlertsRefreshTests {
  static func clock() throws -> [String: String] {
    var clock = try AlertToolTests.clock(AppTerminalAlertsTests.moment)
    clock["LD_PRELOAD"] = clock["LD_PRELOAD"]?.replacingOccurrences(
      of: "libfaketime.so.1", with: "libfaketimeMT.so.1")
    return clock
  }

  @Test func everyPlacesAlertsAreFetchedWhileItRunsAndNeverOffline() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalAlertsTests.database(folder)
    let server = try AlertFetchToolTests.nws()
    var environment = try Self.clock()
    environment["CLOUDY_NWS_URL"] = server.baseURL.absoluteString
    environment["CLOUDY_OPEN_METEO_URL"] = ToolRunner.nowhere

    // Offline first: an alert imported while it runs shows (so it has looked at the file
    // since), and the stand-in was never asked.
    let offline = try WebServerProcess(database: db, ["--offline"], environment: environment)
    let imported = try ToolRunner.run(
      "cloudy-forecast", ["import", AppTerminalAlertsTests.floodWatch, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    let shown = try offline.get("/").text
    #expect(shown.contains("alert-banner severity-severe"), "\(shown)")
    #expect(server.requests.isEmpty)
    #expect(offline.stop() == 0)
    _ = try sqlite3(db, "DELETE FROM alert; DELETE FROM alert_fetch")

    let web = try WebServerProcess(
      database: db, ["--alerts-every", "5m"], environment: environment)
    let deadline = Date().addingTimeInterval(20)
    var page = ""
    while Date() < deadline {
      page = try web.get("/").text
      if page.contains("alert-banner") { break }
      usleep(100_000)
    }
    #expect(
      page.contains(
        "<span class=\"severity\">Severe</span> Flood Watch: issued December 20"),
      "\(page)")
    // Portland only (Oslo is outside the NWS's area), named Cloudy in the User-Agent.
    #expect(server.requests.map(\.query) == ["point=45.52,-122.68"])
    #expect(server.requests.first?.headers["user-agent"]?.hasPrefix("Cloudy/") == true)
    #expect(web.stop() == 0)
  }

  @Test func anIntervalThatDoesNotParseIsAUsageError() throws {
    for tool in ["cloudy-web", "cloudy"] {
      let result = try ToolRunner.run(tool, ["--alerts-every", "often"])
      #expect(result.status == 64, "\(tool): \(result.standardError)")
      #expect(result.standardError.contains("--alerts-every"), "\(tool): \(result.standardError)")
    }
  }
}

import CloudyTestSupport
import Foundation
import Testing

/// `GET /api/places/{id}/alerts` of `cloudy-web`, with the server's clock set by libfaketime:
/// the same document as `cloudy-forecast alerts --json`, every alert whatever the setting.
@Suite("cloudy-web: a place's alerts in the API")
struct AlertWebTests {
  @Test func theAPIListsAPlacesAlertsAsTheToolDoes() throws {
    let folder = try ToolTestFolder()
    let db = try AlertToolTests.database(
      folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let imported = try AlertToolTests.forecast(
      ["import", AlertToolTests.fixture(AlertToolTests.portlandFloodWatch)], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    // The minor level hides nothing here: the API lists every alert whatever it says.
    _ = try ToolRunner.run("cloudy-settings", ["set", "alerts", "none", "--db", db])
    var clock = try AlertToolTests.clock("2019-12-21 20:00:00")
    // cloudy-web runs threads: libfaketime's thread-safe build.
    clock["LD_PRELOAD"] = clock["LD_PRELOAD"]?.replacingOccurrences(
      of: "libfaketime.so.1", with: "libfaketimeMT.so.1")
    let web = try WebServerProcess(database: db, ["--offline"], environment: clock)
    let reply = try web.get("/api/places/1/alerts")
    #expect(reply.status == 200, "\(reply.text)")
    let tool = try AlertToolTests.forecast(["alerts", "--json"], db: db, at: "2019-12-21 20:00:00")
    #expect(
      try JSONSerialization.jsonObject(with: Data(reply.body)) as? NSDictionary
        == JSONSerialization.jsonObject(with: Data(tool.standardOutput.utf8)) as? NSDictionary)
    let alerts = try #require(try jsonObject(reply)["alerts"] as? [[String: Any]])
    #expect(alerts.map { $0["event"] as? String } == ["Flood Watch"])
    #expect(try web.get("/api/places/1/alerts?all=maybe").status == 400)
    #expect(try web.get("/api/places/99/alerts").status == 404)
  }
}

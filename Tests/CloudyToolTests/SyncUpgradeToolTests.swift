import Foundation
import Testing

/// A household updates its devices on different days: change files an older Cloudy wrote are
/// applied by today's. The folder in `Fixtures/sync-format-dcc34bd` was written by the build of
/// dcc34bd (its README says how): adds, a place from the gazetteer, a rename, a removal, a move
/// and three settings, in three files.
@Suite("cloudy-db sync: files of an older Cloudy")
struct SyncUpgradeToolTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/sync-format-dcc34bd").path

  @Test func changeFilesWrittenAtDcc34bdApplyWithTheirPlacesAndSettings() throws {
    let folder = try ToolTestFolder()
    let (sync, db) = (folder.file("sync"), folder.file("new.sqlite"))
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: sync)

    let report = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], db))
    #expect(report["applied"] as? Int == 32)
    #expect((report["skipped"] as? [Any])?.isEmpty == true)

    let list = try jsonObject(try runSucceeding("cloudy-locations", ["list", "--json"], db))
    let sections = try #require(list["sections"] as? [[String: Any]])
    let rows = try #require(sections.first { $0["kind"] as? String == "saved" }?["rows"])
    let places = try #require(rows as? [[String: Any]]).map {
      "\($0["name"] as? String ?? "?") \($0["latitude"] as? Double ?? 0) "
        + "\($0["longitude"] as? Double ?? 0)"
    }
    #expect(
      places == [
        "Oslo 59.9139 10.7522", "Bergen, Vestland 60.3913 5.3221",
        "Vienna, Wien, AT 48.2085 16.3721",
      ])
    let settings = try #require(
      try jsonObject(try runSucceeding("cloudy-settings", ["show", "--json"], db))["settings"]
        as? [String: Any])
    #expect(settings["time"] as? String == "24h")
    #expect(settings["temperature"] as? String == "celsius")
    // The older device's metric units: the wind follows them (docs/units.md).
    #expect(settings["wind"] as? String == "km/h")
    try runSucceeding("cloudy-db", ["check"], db)
    // Applied once: a second sync finds nothing new.
    let again = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], db))
    #expect(again["applied"] as? Int == 0)
  }
}

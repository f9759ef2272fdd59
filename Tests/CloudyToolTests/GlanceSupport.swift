import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the status-bar and notification tests share: a place with a cached forecast, CAP 1.2
/// alerts written for the moment of the test, and the process clock under libfaketime.
enum Glance {
  /// Dark Sky's answer for Seattle with its Coastal Flood Advisory (a minor alert from 10:00 to
  /// 18:00 UTC on December 23, 2018), issued 2018-12-22 19:49:49 UTC
  /// (Tests/CloudyProvidersTests/Fixtures/Alerts/README.md).
  static let seattleForecast = AlertToolTests.fixture("darksky-seattle-coastal-flood-advisory.json")
  static let seattleIssuedAt: Int64 = 1_545_508_189

  /// A database with Seattle saved and its forecast imported.
  static func seattle(_ folder: ToolTestFolder, forecast: Bool = true) throws -> String {
    let db = try AlertToolTests.database(
      folder, "Seattle", "47.6062", "-122.3321", zone: "America/Los_Angeles")
    if forecast { try importFile(seattleForecast, db: db) }
    return db
  }

  static func importFile(_ path: String, db: String, force: Bool = false) throws {
    let imported = try ToolRunner.run(
      "cloudy-forecast", ["import", path, "--db", db] + (force ? ["--force"] : []))
    #expect(imported.status == 0, "\(imported.standardError)")
  }

  /// "2018-12-23T09:59:45Z" for CAP (an instant in UTC).
  static func capTime(_ seconds: Int64) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d-00:00", Int(parts.tm_year) + 1900,
      Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min),
      Int(parts.tm_sec))
  }

  /// "2018-12-23 09:59:30" for libfaketime.
  static func fakeTime(_ seconds: Int64) -> String {
    String(capTime(seconds).prefix(19)).replacingOccurrences(of: "T", with: " ")
  }

  /// A CAP 1.2 message (handmade for the test, in the shape of the services' files in
  /// Tests/CloudyProvidersTests/Fixtures/Alerts) for a circle of 50 km around a place; written
  /// to `folder` and its path returned.
  static func cap(
    _ folder: ToolTestFolder, identifier: String, type: String = "Alert",
    references: String? = nil, event: String, severity: String, onset: Int64, expires: Int64,
    headline: String, around coordinate: String
  ) throws -> String {
    let referencesElement = references.map { "<references>\($0)</references>" } ?? ""
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
        <identifier>\(identifier)</identifier>
        <sender>cloudy-tests@example.org</sender>
        <sent>\(capTime(onset))</sent>
        <status>Actual</status>
        <msgType>\(type)</msgType>
        <scope>Public</scope>
        \(referencesElement)
        <info>
          <language>en-US</language>
          <category>Met</category>
          <event>\(event)</event>
          <urgency>Expected</urgency>
          <severity>\(severity)</severity>
          <certainty>Likely</certainty>
          <onset>\(capTime(onset))</onset>
          <expires>\(capTime(expires))</expires>
          <senderName>Cloudy's tests</senderName>
          <headline>\(headline)</headline>
          <area>
            <areaDesc>Around the place</areaDesc>
            <circle>\(coordinate) 50</circle>
          </area>
        </info>
      </alert>
      """
    let path = folder.file("\(identifier).xml")
    try xml.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

import CloudyTestSupport
import Foundation
import Testing

/// The systemd user units in `systemd/user/` are what `systemd-analyze verify --user` accepts
/// with no warning (an unknown key or a bad value is only a warning there, so any output
/// fails), with the built tools installed where the units expect them (`~/.local/bin`), and the
/// command lines they run are ones the tools accept.
@Suite("systemd user units: verified, and their commands accepted")
struct SystemdUnitTests {
  static let analyze = "/usr/bin/systemd-analyze"
  static let units = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("systemd/user")

  static func unitFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: units.path).sorted().map {
      units.appendingPathComponent($0).path
    }
  }

  /// A home whose `~/.local/bin` holds the built tools, as docs/glance.md installs them.
  static func home(_ folder: ToolTestFolder) throws -> String {
    let home = folder.file("home")
    let bin = home + "/.local/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in ["cloudy-forecast", "cloudy-forecast-fetch", "cloudy-db", "cloudy-web"] {
      try FileManager.default.createSymbolicLink(
        atPath: "\(bin)/\(tool)", withDestinationPath: ToolRunner.executable(tool).path)
    }
    return home
  }

  @Test func systemdAnalyzeVerifiesEveryUnitWithoutAWarning() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.analyze), "systemd is not installed")
    let folder = try ToolTestFolder()
    let home = try Self.home(folder)
    let runtime = folder.file("runtime")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let files = try Self.unitFiles()
    #expect(
      files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
        "cloudy-alerts.service", "cloudy-fetch.service", "cloudy-fetch.timer",
        "cloudy-sync.service", "cloudy-web.service",
      ])
    let verified = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: Self.analyze), ["verify", "--user"] + files,
      environment: ["HOME": home, "XDG_RUNTIME_DIR": runtime, "SYSTEMD_LOG_LEVEL": "notice"])
    #expect(verified.status == 0, "\(verified.standardError)")
    #expect(verified.standardError.isEmpty, "\(verified.standardError)")
    #expect(verified.standardOutput.isEmpty, "\(verified.standardOutput)")
  }

  /// Each `ExecStart=` of the services that end by themselves, run against a folder with no
  /// database: refused for that reason (66) or for want of a session bus (69), never as a
  /// usage error (64).
  @Test func theUnitsCommandLinesAreOnesTheToolsAccept() throws {
    let folder = try ToolTestFolder()
    var commands: [[String]] = []
    for file in try Self.unitFiles() where file.hasSuffix(".service") {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("ExecStart=") {
        let words = line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        commands.append(words)
      }
    }
    #expect(commands.count == 5, "\(commands)")
    for words in commands {
      let tool = URL(fileURLWithPath: words[0]).lastPathComponent
      #expect(words[0] == "%h/.local/bin/\(tool)")
      // The long-running services are checked by their arguments alone.
      guard tool == "cloudy-forecast" else { continue }
      let result = try ToolRunner.run(
        tool, Array(words.dropFirst()) + ["--db", folder.file("none.sqlite")],
        environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.file("no-bus"))"])
      #expect([66, 69].contains(result.status), "\(words): \(result.standardError)")
    }
  }

  /// The timer's fetch (`--if-older-than 30m`) asks no service for a forecast younger than
  /// that: with every provider on a closed port, a fresh forecast is said and skipped (status
  /// 0), and an old one is asked for (and fails, 69).
  @Test func theTimersFetchSkipsAFreshForecastAndAsksForAStaleOne() throws {
    let folder = try ToolTestFolder()
    let db = try Glance.seattle(folder)
    let arguments = ["fetch", "--all", "--no-alerts", "--if-older-than", "30m", "--db", db]
    // Ten minutes after Dark Sky issued it.
    let fresh = try ToolRunner.run(
      "cloudy-forecast", arguments,
      environment: try AlertToolTests.clock(Glance.fakeTime(Glance.seattleIssuedAt + 600)))
    #expect(fresh.status == 0, "\(fresh.standardError)")
    #expect(
      fresh.standardOutput
        == "Seattle: the cached forecast is from 10 min ago, younger than 30m; not fetched\n")
    let stale = try ToolRunner.run(
      "cloudy-forecast", arguments,
      environment: try AlertToolTests.clock(Glance.fakeTime(Glance.seattleIssuedAt + 1_800)))
    #expect(stale.status == 69, "\(stale.standardOutput)\(stale.standardError)")
  }

  /// The NWS says how long its forecast stays fresh (`Cache-Control: max-age`): the timer's
  /// next turn inside that time asks it nothing and keeps the cached forecast.
  @Test func theNWSIsNotAskedAgainWhileItsAnswerIsFresh() throws {
    let folder = try ToolTestFolder()
    let db = try ProviderToolTests.place(
      folder, "Sopchoppy", "30", "-85", zone: "America/New_York", country: "US")
    let points = try ProviderToolTests.fixture("Alerts/nws-points.json")
    let forecast = try ProviderToolTests.fixture("nws-forecast-tallahassee-2019-10-13-us.json")
    let hourly = try ProviderToolTests.fixture("nws-forecast-hourly-tallahassee-2019-10-14-us.json")
    @Sendable func fresh(_ body: [UInt8], _ seconds: Int) -> TestResponse {
      TestResponse(
        status: 200,
        headers: [
          ("Content-Type", "application/geo+json"), ("Cache-Control", "public, max-age=\(seconds)"),
        ], body: body)
    }
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/points/30,-85": return .json(points)
      case "/gridpoints/TAE/58,65/forecast": return fresh(forecast, 3_600)
      case "/gridpoints/TAE/58,65/forecast/hourly": return fresh(hourly, 1_800)
      default: return .json(#"{"title": "Not Found", "status": 404}"#, status: 404)
      }
    }
    defer { server.stop() }
    let arguments = ["fetch", "--all", "--provider", "nws", "--no-alerts", "--db", db]
    let environment = ["CLOUDY_NWS_URL": server.baseURL.absoluteString]
    let first = try ToolRunner.run("cloudy-forecast", arguments, environment: environment)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(server.requests.count == 3)
    let until = Int64(try sqlite3(db, "SELECT fresh_until - fetched_at FROM forecast")) ?? 0
    #expect((1_795...1_800).contains(until), "the sooner of the two answers' max-age: \(until)")
    let again = try ToolRunner.run("cloudy-forecast", arguments, environment: environment)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(server.requests.count == 3, "\(server.requests.map(\.path))")
    #expect(
      again.standardOutput.contains("the cached forecast is current"), "\(again.standardOutput)")
  }
}

import CloudyTestSupport
import Foundation
import Testing

/// `cloudy-forecast` end to end: the built executables against a temporary database and a
/// loopback server (127.0.0.1) that replays recorded provider responses, started and stopped
/// by each test.
@Suite("cloudy-forecast: fetch, show offline, import, prune, failures")
struct ForecastToolTests {
  // MARK: - Support

  static func fixture(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    return Array(try Data(contentsOf: url))
  }

  static func fixturePath(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)).path
  }

  /// How many forecasts a stand-in was asked for: since issue 38 each Open-Meteo fetch also asks
  /// `/v1/air-quality` (at the same base URL when only `CLOUDY_OPEN_METEO_URL` is set).
  static func forecastRequests(_ server: TestHTTPServer) -> Int {
    server.requests.filter { $0.path.hasSuffix("/v1/forecast") }.count
  }

  /// A server answering every request with the Auckland Open-Meteo response.
  static func aucklandServer() throws -> TestHTTPServer {
    let body = try fixture("open-meteo-auckland.json")
    return try TestHTTPServer { _ in .json(body) }
  }

  /// A migrated database with two saved places: 1 Auckland (selected), 2 San Francisco.
  static func database(_ folder: ToolTestFolder) throws -> String {
    let path = folder.file("cloudy.sqlite")
    for (name, lat, lon) in [
      ("Auckland", "-36.85", "174.76"), ("San Francisco", "37.77", "-122.42"),
    ] {
      let added = try ToolRunner.run(
        "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", path])
      #expect(added.status == 0, "\(added.standardError)")
    }
    _ = try sqlite3(
      path,
      "UPDATE location SET time_zone = 'Pacific/Auckland' WHERE name = 'Auckland'; UPDATE location SET time_zone = 'America/Los_Angeles' WHERE name = 'San Francisco';"
    )
    return path
  }

  /// Every forecast row, to prove that a refused command changed nothing.
  static func forecastRows(_ path: String) throws -> String {
    try sqlite3(
      path,
      "SELECT * FROM forecast ORDER BY id; SELECT * FROM forecast_day ORDER BY id; SELECT * FROM forecast_hour ORDER BY id;"
    )
  }

  static func forecast(
    _ arguments: [String], db: String, server: TestHTTPServer? = nil,
    environment: [String: String] = [:]
  ) throws -> ToolRunner.Result {
    var env = environment
    if let server, env["CLOUDY_OPEN_METEO_URL"] == nil {
      env["CLOUDY_OPEN_METEO_URL"] = server.baseURL.absoluteString
    }
    return try ToolRunner.run("cloudy-forecast", arguments + ["--db", db], environment: env)
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  // MARK: - Fetch, then offline

  @Test func fetchAllThenShowTheWeekOfflineWithItsAge() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let server = try Self.aucklandServer()
    let fetched = try Self.forecast(["fetch", "--all"], db: db, server: server)
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(fetched.standardOutput.contains("Auckland: cached 7 days and 48 hours from Open-Meteo"))
    #expect(fetched.standardOutput.contains("San Francisco: cached"))
    #expect(Self.forecastRequests(server) == 2)
    // Progress goes to a terminal only; here stderr is a pipe.
    #expect(fetched.standardError.isEmpty)
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "2")
    server.stop()

    // Offline: the server is gone and the provider URL points at nothing.
    let week = try Self.forecast(["show", "--week"], db: db, server: server)
    #expect(week.status == 0, "\(week.standardError)")
    let lines = week.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    // The age is the data's: the recorded response was issued on 15 January 2026 (Auckland's
    // date), however recently it was fetched.
    let header = try #require(lines.first)
    #expect(header.hasPrefix("Auckland · 7 days · as of Jan 15, 2026 · "), "\(header)")
    #expect(header.hasSuffix(" old · Open-Meteo · Pacific/Auckland"), "\(header)")
    #expect(lines.dropFirst().first?.hasPrefix("Thursday   January 15  61° to 74°  14 mph") == true)
    #expect(lines.last?.hasPrefix("Wednesday  January 21") == true)

    // The age is measured from issued_at, not fetched_at: make the data two hours old (and the
    // fetch a day old, which must not matter).
    _ = try sqlite3(
      db,
      "UPDATE forecast SET issued_at = CAST(strftime('%s', 'now') AS INTEGER) - 7200, fetched_at = fetched_at - 86400"
    )
    let day = try Self.forecast(["show"], db: db)
    #expect(day.status == 0)
    #expect(day.standardOutput.contains("as of 2 h ago"), "\(day.standardOutput)")
    // 2026-01-14 20:15 UTC is the 15th in Auckland.
    #expect(day.standardOutput.contains("Thu, January 15 · 09:15 AM"))
    #expect(day.standardOutput.contains("Temperature  67.8 °F"))

    let shown = try Self.json(
      try Self.forecast(["show", "--week", "--json"], db: db).standardOutput)
    #expect(shown["fromCache"] as? Bool == true)
    #expect(shown["provider"] as? String == "open-meteo")
    #expect((shown["ageSeconds"] as? Int).map { $0 >= 7200 && $0 < 7300 } == true)
    #expect(shown["fetchedAt"] is Int)
    let issuedAt = try sqlite3(db, "SELECT issued_at FROM forecast WHERE location_id = 1")
    #expect((shown["issuedAt"] as? Int).map(String.init) == issuedAt)
    #expect(shown["timeZone"] as? String == "Pacific/Auckland")
    let weekJSON = try #require(shown["week"] as? [String: Any])
    #expect(weekJSON["numberOfDays"] as? Int == 7)
    let days = try #require(weekJSON["days"] as? [[String: Any]])
    #expect(days.first?["weekday"] as? String == "Thursday")
    #expect(days.first?["temperature"] as? String == "61° to 74°")

    let hourly = try Self.forecast(["show", "San Francisco", "--hourly"], db: db)
    #expect(hourly.status == 0)
    #expect(hourly.standardOutput.contains("48 hours"))
    #expect(hourly.standardOutput.contains("\nThu, January 15\n  09:00 AM"))
  }

  @Test func settingsChangeTheRenderingWithoutRefetching() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let server = try Self.aucklandServer()
    defer { server.stop() }
    #expect(try Self.forecast(["fetch", "Auckland"], db: db, server: server).status == 0)
    #expect(Self.forecastRequests(server) == 1)
    _ = try sqlite3(
      db,
      "INSERT OR REPLACE INTO settings (id, time_notation, units_notation, temperature_notation, wind_unit, pressure_unit, precipitation_unit, distance_unit) VALUES (1, '24h', 'metric', 'celsius', 'km/h', 'hpa', 'mm', 'km')"
    )
    let day = try Self.forecast(["show", "1"], db: db, server: server)
    #expect(day.status == 0)
    #expect(day.standardOutput.contains("Thu, January 15 · 09:15\n"))
    #expect(day.standardOutput.contains("Temperature  19.9 °C"))
    #expect(day.standardOutput.contains("Wind         21 km/h"))
    let week = try Self.forecast(["show", "--week"], db: db, server: server)
    #expect(week.standardOutput.contains("Thursday   January 15  16° to 23°  23 km/h"))
    #expect(Self.forecastRequests(server) == 1)
  }

  // MARK: - Failures leave the cache unchanged

  @Test(
    arguments: [
      ("HTTP 500", TestResponse.json("{\"error\":true,\"reason\":\"boom\"}", status: 500), 69),
      ("HTTP 404", TestResponse.json("{\"reason\":\"no\"}", status: 404), 69),
      ("not JSON", TestResponse.json("<html>hello</html>"), 65),
      ("wrong JSON", TestResponse.json("{\"latitude\": 1}"), 65),
      ("truncated JSON", TestResponse.json("{\"latitude\": -36.8, \"hourly\": {\"time\": [1,"), 65),
      (
        "far too large",
        TestResponse(
          status: 200, headers: [("Content-Type", "application/json")],
          body: Array(repeating: 0x20, count: 5 << 20)), 65
      ),
      ("too slow", TestResponse(status: 200, body: Array("{}".utf8), delay: 3), 69),
      ("redirect elsewhere", TestResponse.redirect(to: "http://example.invalid/x"), 69),
    ])
  func aFailedFetchLeavesTheCacheUnchanged(
    _ name: String, _ response: TestResponse, _ status: Int32
  ) throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let good = try Self.aucklandServer()
    #expect(try Self.forecast(["fetch", "--all"], db: db, server: good).status == 0)
    good.stop()
    let before = try Self.forecastRows(db)
    let fileBefore = folder.bytes("cloudy.sqlite")

    let bad = try TestHTTPServer { _ in response }
    defer { bad.stop() }
    let environment = ["CLOUDY_HTTP_TIMEOUT": "1"]
    let one = try Self.forecast(["fetch"], db: db, server: bad, environment: environment)
    #expect(one.status == status, "\(name): \(one.standardError)")
    let lines = one.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(name): \(one.standardError)")
    #expect(lines.first?.hasPrefix("cloudy-forecast: error: Auckland: ") == true)

    let all = try Self.forecast(["fetch", "--all"], db: db, server: bad, environment: environment)
    #expect(all.status == 69, "\(name): \(all.standardError)")
    #expect(all.standardError.contains("no place was cached"))
    #expect(try Self.forecastRows(db) == before, "\(name)")
    #expect(folder.bytes("cloudy.sqlite") == fileBefore, "\(name)")
  }

  @Test func networkFailuresAndConfigurationLeaveTheCacheUnchanged() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let server = try Self.aucklandServer()
    #expect(try Self.forecast(["fetch", "--all"], db: db, server: server).status == 0)
    server.stop()
    let before = try Self.forecastRows(db)

    // No server any more: connection refused.
    let refused = try Self.forecast(["fetch", "--all"], db: db, server: server)
    #expect(refused.status == 69)
    #expect(refused.standardError.contains("Auckland: Could not reach Open-Meteo"))
    #expect(refused.standardError.contains("San Francisco: Could not reach Open-Meteo"))

    // A name that does not resolve (.invalid never does).
    let dns = try Self.forecast(
      ["fetch"], db: db,
      environment: [
        "CLOUDY_OPEN_METEO_URL": "http://cloudy-test.invalid", "CLOUDY_HTTP_TIMEOUT": "5",
      ])
    #expect(dns.status == 69, "\(dns.standardError)")

    let noKey = try Self.forecast(
      ["fetch"], db: db, environment: ["CLOUDY_FORECAST_PROVIDER": "dark-sky"])
    #expect(noKey.status == 64)
    #expect(noKey.standardError.contains("CLOUDY_DARK_SKY_KEY"))

    let badTimeout = try Self.forecast(
      ["fetch"], db: db, environment: ["CLOUDY_HTTP_TIMEOUT": "soon"])
    #expect(badTimeout.status == 64)

    let both = try Self.forecast(["fetch", "Auckland", "--all"], db: db)
    #expect(both.status == 64)

    let unknown = try Self.forecast(["fetch", "Atlantis"], db: db)
    #expect(unknown.status == 66)
    #expect(unknown.standardError.contains("no saved place is named \"Atlantis\""))

    #expect(try Self.forecastRows(db) == before)
  }

  @Test func fetchAllGoesOnPastAFailedPlace() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let body = try Self.fixture("open-meteo-auckland.json")
    // San Francisco (latitude 37.77) fails; Auckland is cached.
    let server = try TestHTTPServer { request in
      request.query.contains("latitude=37.77") ? .json("{}", status: 503) : .json(body)
    }
    defer { server.stop() }
    let result = try Self.forecast(["fetch", "--all", "--json"], db: db, server: server)
    #expect(result.status == 69)
    #expect(result.standardError.contains("San Francisco: Open-Meteo answered HTTP 503"))
    #expect(result.standardError.contains("1 of 2 places failed"))
    let json = try Self.json(result.standardOutput)
    #expect(json["cached"] as? Int == 1)
    #expect(json["failed"] as? Int == 1)
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(results.map { $0["ok"] as? Bool } == [true, false])
    #expect(results.last?["exitStatus"] as? Int == 69)
    #expect(
      try sqlite3(db, "SELECT l.name FROM forecast f JOIN location l ON l.id = f.location_id")
        == "Auckland")
  }

  // MARK: - Nothing cached

  @Test func showWithNothingCachedNamesTheFetchCommand() throws {
    let folder = try ToolTestFolder()
    let missing = folder.file("none.sqlite")
    let noDatabase = try Self.forecast(["show"], db: missing)
    #expect(noDatabase.status == 66)
    #expect(noDatabase.standardError.contains("cloudy-forecast fetch"))
    #expect(!FileManager.default.fileExists(atPath: missing))

    let db = try Self.database(folder)
    let before = folder.bytes("cloudy.sqlite")
    let empty = try Self.forecast(["show", "san francisco", "--week"], db: db)
    #expect(empty.status == 66)
    #expect(
      empty.standardError
        == "cloudy-forecast: error: no forecast of San Francisco is cached yet; run `cloudy-forecast fetch 'San Francisco'` with a network\n"
    )
    #expect(empty.standardOutput.isEmpty)
    #expect(folder.bytes("cloudy.sqlite") == before)
  }

  /// `fetch` is done by cloudy-forecast-fetch, found beside the real cloudy-forecast (through
  /// a symbolic link too); without it, `fetch` says what to install, exits 69 and creates
  /// nothing, and the offline commands still work.
  @Test func fetchIsHandedToTheFetchToolBesideTheExecutable() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let server = try Self.aucklandServer()
    defer { server.stop() }
    let environment = ["CLOUDY_DB": db, "CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString]

    let linked = URL(fileURLWithPath: folder.file("linked"))
    try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
    let link = linked.appendingPathComponent("cloudy-forecast")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: ToolRunner.executable("cloudy-forecast"))
    let fetched = try ToolRunner.run(
      executableAt: link, ["fetch", "--json", "--", "Auckland"], environment: environment)
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(try Self.json(fetched.standardOutput)["cached"] as? Int == 1)
    #expect(Self.forecastRequests(server) == 1)

    let alone = URL(fileURLWithPath: folder.file("alone"))
    try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
    let copy = alone.appendingPathComponent("cloudy-forecast")
    // A hard link where the file system allows (nothing is written, so nothing is busy).
    do {
      try FileManager.default.linkItem(at: ToolRunner.executable("cloudy-forecast"), to: copy)
    } catch {
      try FileManager.default.copyItem(at: ToolRunner.executable("cloudy-forecast"), to: copy)
    }
    let before = try Self.forecastRows(db)
    let missing = try ToolRunner.run(
      executableAt: copy, ["fetch", "--all"], environment: environment)
    #expect(missing.status == 69)
    #expect(
      missing.standardError
        == "cloudy-forecast: error: fetching needs cloudy-forecast-fetch beside cloudy-forecast (looked for \(alone.path)/cloudy-forecast-fetch); install it there, as the README's install step does (in a checkout, `swift build` builds it)\n"
    )
    #expect(Self.forecastRequests(server) == 1)
    #expect(try Self.forecastRows(db) == before)
    let usage = try ToolRunner.run(
      executableAt: copy, ["fetch", "1", "--all"], environment: environment)
    #expect(usage.status == 64, "arguments are checked before looking for the helper")
    let shown = try ToolRunner.run(
      executableAt: copy, ["show", "Auckland"], environment: environment)
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(shown.standardOutput.hasPrefix("Auckland · as of"))
  }

  // MARK: - Import, prune, cascade

  @Test func importBothFormats() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let darkSky = try Self.forecast(
      ["import", try Self.fixturePath("darksky-sf-2018-02-20.json"), "--place", "San Francisco"],
      db: db)
    #expect(darkSky.status == 0, "\(darkSky.standardError)")
    #expect(darkSky.standardOutput.contains("(Dark Sky format) as the forecast of San Francisco"))
    let sf = try Self.json(try Self.forecast(["show", "2", "--json"], db: db).standardOutput)
    #expect(sf["provider"] as? String == "dark-sky")
    #expect(sf["timeZone"] as? String == "America/Los_Angeles")
    #expect((sf["day"] as? [String: Any])?["dateText"] as? String == "Tue, February 20")

    // Without --place, the selected place: Honolulu, the place this response is for.
    for arguments in [
      ["add", "--name", "Honolulu", "--lat", "21.31", "--lon", "-157.86"], ["select", "Honolulu"],
    ] {
      let result = try ToolRunner.run("cloudy-locations", arguments + ["--db", db])
      #expect(result.status == 0, "\(result.standardError)")
    }
    let openMeteo = try Self.forecast(
      ["import", try Self.fixturePath("open-meteo-honolulu-celsius-iso8601.json"), "--json"], db: db
    )
    #expect(openMeteo.status == 0, "\(openMeteo.standardError)")
    let imported = try Self.json(openMeteo.standardOutput)
    #expect(imported["format"] as? String == "open-meteo")
    #expect((imported["place"] as? [String: Any])?["name"] as? String == "Honolulu")
    #expect(imported["days"] as? Int == 7)
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "2")

    // Refusals change nothing.
    let before = try Self.forecastRows(db)
    let notForecast = folder.file("other.json")
    try Data("{\"hello\": [1, 2, 3]}".utf8).write(to: URL(fileURLWithPath: notForecast))
    let refused = try Self.forecast(["import", notForecast, "--place", "1"], db: db)
    #expect(refused.status == 65)
    let broken = folder.file("broken.json")
    try Data("{\"currently\": {\"time\": \"soon\"}}".utf8).write(to: URL(fileURLWithPath: broken))
    #expect(try Self.forecast(["import", broken], db: db).status == 65)
    let huge = folder.file("huge.json")
    try Data(repeating: 0x20, count: (4 << 20) + 1).write(to: URL(fileURLWithPath: huge))
    let tooLarge = try Self.forecast(["import", huge], db: db)
    #expect(tooLarge.status == 65)
    #expect(tooLarge.standardError.contains("larger than 4 MiB"))
    #expect(try Self.forecast(["import", folder.file("missing.json")], db: db).status == 66)
    #expect(try Self.forecastRows(db) == before)
  }

  @Test func pruneRemovesOldForecasts() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    // Each place gets the recording made for it; both were issued long ago, and imported now.
    let auckland = try Self.fixturePath("open-meteo-auckland.json")
    let sanFrancisco = try Self.fixturePath("darksky-sf-2018-02-20.json")
    #expect(try Self.forecast(["import", auckland, "--place", "1"], db: db).status == 0)
    #expect(try Self.forecast(["import", sanFrancisco, "--place", "2"], db: db).status == 0)
    // Prune goes by the data's age: Auckland's data (January 2026) is old although it was
    // imported just now; San Francisco's is made an hour old although its import is 8 days old.
    _ = try sqlite3(
      db,
      "UPDATE forecast SET issued_at = CAST(strftime('%s', 'now') AS INTEGER) - 3600, fetched_at = fetched_at - 8 * 86400 WHERE location_id = 2"
    )

    let invalid = try Self.forecast(["prune", "--older-than", "7 days"], db: db)
    #expect(invalid.status == 64)
    let pruned = try Self.forecast(["prune", "--older-than", "7d", "--json"], db: db)
    #expect(pruned.status == 0, "\(pruned.standardError)")
    let json = try Self.json(pruned.standardOutput)
    #expect(json["removed"] as? Int == 1)
    #expect(json["olderThanSeconds"] as? Int == 604_800)
    #expect(try sqlite3(db, "SELECT location_id FROM forecast") == "2")
    // San Francisco's recording: 8 days, every one kept.
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_day") == "8")
    let text = try Self.forecast(["prune", "--older-than", "2w"], db: db)
    #expect(text.standardOutput.hasPrefix("Removed 0 cached forecasts with data issued before "))

    // No database: nothing to remove, and none is created.
    let missing = folder.file("none.sqlite")
    #expect(try Self.forecast(["prune", "--older-than", "30m"], db: missing).status == 0)
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test("a Pirate Weather response is named as itself in text and JSON, stored as pirate-weather")
  func pirateWeatherImportedAsItself() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    // The genuine 2018 Dark Sky recording, transformed here: Pirate Weather's `flags.version`
    // added (no genuine Pirate Weather recording is among the fixtures yet).
    let original = try String(
      contentsOfFile: try Self.fixturePath("darksky-sf-2018-02-20.json"), encoding: .utf8)
    let transformed = original.replacingOccurrences(
      of: "\"flags\":{", with: "\"flags\":{\"version\":\"V2.9.1\",")
    #expect(transformed != original, "the recording's flags were found")
    let file = folder.file("pirate.json")
    try transformed.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try Self.forecast(["import", file, "--place", "San Francisco"], db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput.contains("(Pirate Weather, Dark Sky format) as the forecast of"))
    #expect(try sqlite3(db, "SELECT provider FROM forecast") == "pirate-weather")
    let text = try Self.forecast(["show", "San Francisco"], db: db)
    #expect(text.standardOutput.contains(" · Pirate Weather · America/Los_Angeles"))
    let json = try Self.json(try Self.forecast(["show", "2", "--json"], db: db).standardOutput)
    #expect(json["provider"] as? String == "pirate-weather")
  }

  @Test("show --week stays seven days; --days N and --hours N show what the cache holds")
  func daysAndHoursBeyondTheWeek() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    // San Francisco's recording holds 8 days and 49 hours from its current time; all are kept.
    let file = try Self.fixturePath("darksky-sf-2018-02-20.json")
    #expect(try Self.forecast(["import", file, "--place", "San Francisco"], db: db).status == 0)
    let week = try Self.forecast(["show", "2", "--week"], db: db)
    #expect(week.standardOutput.hasPrefix("San Francisco · 7 days · "), "\(week.standardOutput)")
    let days = try Self.forecast(["show", "2", "--days", "16"], db: db)
    #expect(days.status == 0, "\(days.standardError)")
    #expect(days.standardOutput.hasPrefix("San Francisco · 8 days · "), "\(days.standardOutput)")
    #expect(days.standardOutput.split(separator: "\n").count == 1 + 8)
    let daysJSON = try Self.json(
      try Self.forecast(["show", "2", "--days", "16", "--json"], db: db).standardOutput)
    let weekJSON = try #require(daysJSON["week"] as? [String: Any])
    #expect(weekJSON["numberOfDays"] as? Int == 8)
    #expect(weekJSON["cachedDays"] as? Int == 8)
    let hourly = try Self.forecast(["show", "2", "--hourly"], db: db)
    #expect(hourly.standardOutput.hasPrefix("San Francisco · 48 hours · "))
    let hours = try Self.forecast(["show", "2", "--hourly", "--hours", "384"], db: db)
    #expect(hours.standardOutput.hasPrefix("San Francisco · 49 hours · "))
    // The recording's hours have feels-like temperatures and precipitation intensities.
    #expect(hours.standardOutput.contains("feels "))
    #expect(hours.standardOutput.contains(" in\n"))
    for wrong in [
      ["--days", "17"], ["--days", "0"], ["--hours", "385"], ["--day", "--days", "3"],
    ] {
      let refused = try Self.forecast(["show", "2"] + wrong, db: db)
      #expect(refused.status == 64, "\(wrong): \(refused.standardError)")
    }
  }

  @Test func removingAPlaceRemovesItsForecasts() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let auckland = try Self.fixturePath("open-meteo-auckland.json")
    let sanFrancisco = try Self.fixturePath("darksky-sf-2018-02-20.json")
    #expect(try Self.forecast(["import", auckland, "--place", "Auckland"], db: db).status == 0)
    #expect(
      try Self.forecast(["import", sanFrancisco, "--place", "San Francisco"], db: db).status == 0)
    let removed = try ToolRunner.run("cloudy-locations", ["remove", "Auckland", "--db", db])
    #expect(removed.status == 0, "\(removed.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "1")
    // San Francisco's recording: 8 days and 49 hours, every one kept.
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_day") == "8")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_hour") == "49")
    // San Francisco is selected now, and still shows its forecast.
    #expect(try Self.forecast(["show"], db: db).standardOutput.hasPrefix("San Francisco · "))
  }

  /// Converted numbers in `--json` are rounded to two decimals: a response in °C and km/h reads
  /// `47.12`, never `47.120000000000005`.
  @Test func jsonNumbersCarryNoFloatNoise() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try ToolRunner.run(
      "cloudy-forecast",
      [
        "import", try Self.fixturePath("open-meteo-enschede-2026-10-03-current-weather-kmh.json"),
        "--place", "Auckland", "--force", "--db", db,
      ])
    #expect(imported.status == 0, "\(imported.standardError)")
    // (This response has current conditions and days, no hours.)
    for view in ["--week", "--day"] {
      let shown = try ToolRunner.run("cloudy-forecast", ["show", view, "--json", "--db", db])
      #expect(shown.status == 0, "\(shown.standardError)")
      let measured = shown.standardOutput.split(separator: "\n").filter {
        $0.contains("Fahrenheit\"") || $0.contains("Mph\"")
      }
      #expect(!measured.isEmpty)
      for line in measured {
        let number = line.split(separator: ":").last?.trimmingCharacters(
          in: .init(charactersIn: " ,"))
        let decimals = number?.split(separator: ".").dropFirst().first?.count ?? 0
        #expect(decimals <= 2, "\(view): \(line)")
      }
    }
  }

  /// Waiting for a server that accepted the connection and never answers costs no CPU: the
  /// fetcher waits in poll with the time left (URLSession on Linux spun a full core for the
  /// whole wait). A silent loopback server, a 3 s time-out, the child's CPU time measured by
  /// its parent (python's resource module: user + system of the waited-for child).
  @Test func aSilentServerCostsNoCPU() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let script = """
      import resource, socket, subprocess, sys
      server = socket.socket()
      server.bind(("127.0.0.1", 0))
      server.listen(5)
      port = server.getsockname()[1]
      env = {"CLOUDY_OPEN_METEO_URL": f"http://127.0.0.1:{port}/v1/forecast", "CLOUDY_HTTP_TIMEOUT": "3"}
      done = subprocess.run(sys.argv[1:], env=env, capture_output=True, text=True)
      usage = resource.getrusage(resource.RUSAGE_CHILDREN)
      print(done.returncode, usage.ru_utime + usage.ru_stime, done.stderr.strip())
      """
    let result = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c", script, ToolRunner.executable("cloudy-forecast-fetch").path, "1",
        "--db", db,
      ])
    let fields = result.standardOutput.split(separator: " ", maxSplits: 2)
    try #require(fields.count == 3, "\(result.standardOutput) \(result.standardError)")
    #expect(fields[0] == "69", "\(result.standardOutput)")
    #expect(fields[2].contains("did not answer within 3 s"))
    let cpu = try #require(Double(fields[1]))
    #expect(cpu < 0.5, "the fetcher used \(cpu) s of CPU in a 3 s wait")
  }
}

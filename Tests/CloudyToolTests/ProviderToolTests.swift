import CloudyTestSupport
import Foundation
import Testing

/// `cloudy-forecast fetch --provider met-norway|nws`, `import` of their saved answers, and
/// plain `fetch` fetching alerts with the forecast (the NWS in the United States, MeteoAlarm in
/// its countries), as processes against loopback stand-ins that replay recorded answers.
@Suite("MET Norway and NWS providers, MeteoAlarm alerts, alerts with fetch")
struct ProviderToolTests {
  static func fixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../CloudyProvidersTests/Fixtures/\(name)").standardized
    return Array(try Data(contentsOf: url))
  }

  static func place(
    _ folder: ToolTestFolder, _ name: String, _ lat: String, _ lon: String, zone: String,
    country: String
  ) throws -> String {
    let db = try AlertToolTests.database(folder, name, lat, lon, zone: zone)
    _ = try sqlite3(db, "UPDATE location SET country_code = '\(country)'")
    return db
  }

  static let lastModified = "Wed, 20 Oct 2021 07:56:50 GMT"

  @Test func metNorwayIsFetchedCreditedAndThenAskedConditionally() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Gothenburg", "57.698412", "11.96591", zone: "Europe/Stockholm", country: "SE")
    let body = try Self.fixture("met-norway-gothenburg-2021-10-20-compact.json")
    let server = try TestHTTPServer { request in
      if request.path.hasPrefix("/feeds/") {  // MeteoAlarm's Swedish feed: empty
        return TestResponse(
          status: 200, body: Array(#"<feed xmlns="http://www.w3.org/2005/Atom"/>"#.utf8))
      }
      if request.headers["if-modified-since"] == Self.lastModified {
        return TestResponse(status: 304)
      }
      return TestResponse(
        status: 200,
        headers: [
          ("Last-Modified", Self.lastModified), ("Expires", "Wed, 20 Oct 2021 08:30:00 GMT"),
        ], body: body)
    }
    defer { server.stop() }
    let environment = [
      "CLOUDY_MET_NORWAY_URL": server.url("/weatherapi").absoluteString,
      "CLOUDY_METEOALARM_URL": server.baseURL.absoluteString,
      "CLOUDY_CONTACT": "me@example.org",
    ]
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "met-norway", "--db", db],
      environment: environment)
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(
      fetched.standardOutput.contains(
        "Gothenburg: cached 10 days and 80 hours from MET Norway (Data from MET Norway (CC BY 4.0))"
      ), "\(fetched.standardOutput)")
    let request = try #require(server.requests.first)
    #expect(request.path == "/weatherapi/locationforecast/2.0/compact")
    #expect(request.query == "lat=57.6984&lon=11.9659")
    #expect(request.headers["user-agent"]?.hasPrefix("Cloudy/") == true)
    #expect(request.headers["user-agent"]?.contains("(me@example.org)") == true)
    #expect(
      try sqlite3(db, "SELECT provider, last_modified, fresh_until FROM forecast")
        == "met-norway|\(Self.lastModified)|1634718600")
    let fetchedAt = try sqlite3(db, "SELECT fetched_at FROM forecast")

    // Expired: asked with If-Modified-Since; the 304 rewrites nothing.
    let again = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "met-norway", "--json", "--db", db],
      environment: environment)
    #expect(again.status == 0, "\(again.standardError)")
    let metRequests = server.requests.filter { $0.path.hasPrefix("/weatherapi") }
    #expect(metRequests.count == 2)
    #expect(metRequests.last?.headers["if-modified-since"] == Self.lastModified)
    let json = try AlertToolTests.json(again.standardOutput)
    let result = try #require((json["results"] as? [[String: Any]])?.first)
    #expect(result["unchanged"] as? Bool == true)
    #expect(try sqlite3(db, "SELECT fetched_at FROM forecast") == fetchedAt)

    // The credit wherever the source is named.
    let shown = try ToolRunner.run("cloudy-forecast", ["show", "--db", db, "--json"])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(
      try AlertToolTests.json(shown.standardOutput)["credit"] as? String
        == "Data from MET Norway (CC BY 4.0)")
    let text = try ToolRunner.run("cloudy-forecast", ["show", "--week", "--db", db])
    #expect(text.standardOutput.contains("MET Norway (data CC BY 4.0)"), "\(text.standardOutput)")
  }

  /// The NWS's stand-in: `/points`, both forecasts and `alerts/active`.
  static func nws() throws -> TestHTTPServer {
    let points = try fixture("Alerts/nws-points.json")
    let forecast = try fixture("nws-forecast-tallahassee-2019-10-13-us.json")
    let hourly = try fixture("nws-forecast-hourly-tallahassee-2019-10-14-us.json")
    let alerts = try fixture("Alerts/nws-alerts-portland-2019-12-20-flood-watch-update.json")
    return try TestHTTPServer { request in
      switch request.path {
      case "/points/30,-85": return .json(points)
      case "/gridpoints/TAE/58,65/forecast": return .json(forecast)
      case "/gridpoints/TAE/58,65/forecast/hourly": return .json(hourly)
      case "/alerts/active": return .json(alerts)
      default: return .json(#"{"title": "Not Found", "status": 404}"#, status: 404)
      }
    }
  }

  @Test func nwsForecastAndItsAlertsInOneFetch() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Sopchoppy", "30", "-85", zone: "America/New_York", country: "US")
    let server = try Self.nws()
    defer { server.stop() }
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "nws", "--db", db],
      environment: ["CLOUDY_NWS_URL": server.baseURL.absoluteString])
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(
      fetched.standardOutput.contains(
        "Sopchoppy: cached 1 day and 2 hours from the National Weather Service"),
      "\(fetched.standardOutput)")
    #expect(
      fetched.standardOutput.contains(
        "Sopchoppy: 1 alert message from the National Weather Service"))
    #expect(
      server.requests.map(\.path) == [
        "/points/30,-85", "/gridpoints/TAE/58,65/forecast",
        "/gridpoints/TAE/58,65/forecast/hourly", "/alerts/active",
      ])
    #expect(server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("Cloudy/") == true })
    #expect(try sqlite3(db, "SELECT provider, time_zone FROM forecast") == "nws|America/New_York")
    #expect(try sqlite3(db, "SELECT temperature_max FROM forecast_day") == "41.0")
    #expect(try sqlite3(db, "SELECT source FROM alert") == "nws")

    // --no-alerts (what cloudy and cloudy-web pass: they fetch alerts on their own schedule):
    // the forecast only, the alerts service not asked.
    _ = try sqlite3(
      db,
      "PRAGMA foreign_keys = ON; DELETE FROM forecast; DELETE FROM alert; DELETE FROM alert_fetch")
    let asked = server.requests.count
    let forecastOnly = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "nws", "--no-alerts", "--db", db],
      environment: ["CLOUDY_NWS_URL": server.baseURL.absoluteString])
    #expect(
      forecastOnly.status == 0, "\(forecastOnly.standardError) \(forecastOnly.standardOutput)")
    #expect(!server.requests.dropFirst(asked).contains { $0.path == "/alerts/active" })
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "1")
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "0")
    let both = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--alerts", "--no-alerts", "--db", db])
    #expect(both.status == 64)
  }

  @Test func anAlertsFailureIsANoteAndTheForecastIsCached() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Sopchoppy", "30", "-85", zone: "America/New_York", country: "US")
    let forecast = try TestHTTPServer { request in
      request.path == "/points/30,-85"
        ? .json(try! Self.fixture("Alerts/nws-points.json"))
        : request.path.hasSuffix("/forecast")
          ? .json(try! Self.fixture("nws-forecast-tallahassee-2019-10-13-us.json"))
          : request.path.hasSuffix("/hourly")
            ? .json(try! Self.fixture("nws-forecast-hourly-tallahassee-2019-10-14-us.json"))
            : .json(#"{"title": "Service Unavailable", "status": 503}"#, status: 503)
    }
    defer { forecast.stop() }
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "nws", "--json", "--db", db],
      environment: ["CLOUDY_NWS_URL": forecast.baseURL.absoluteString])
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(fetched.standardError.isEmpty, "\(fetched.standardError)")
    let json = try AlertToolTests.json(fetched.standardOutput)
    #expect(json["cached"] as? Int == 1)
    let alerts = try #require((json["alerts"] as? [[String: Any]])?.first)
    #expect(alerts["status"] as? String == "failed")
    #expect((alerts["error"] as? String)?.contains("503") == true)
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "1")

    // In text, a note on standard output.
    let text = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "nws", "--db", db],
      environment: ["CLOUDY_NWS_URL": forecast.baseURL.absoluteString])
    #expect(text.status == 0)
    #expect(text.standardOutput.contains("Note: Sopchoppy: alerts not fetched from the NWS"))
  }

  @Test func outsideTheUnitedStatesTheNWSRefuses() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "London", "51.5074", "-0.1278", zone: "Europe/London", country: "GB")
    let server = try Self.nws()
    defer { server.stop() }
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "nws", "--db", db],
      environment: ["CLOUDY_NWS_URL": server.baseURL.absoluteString])
    #expect(fetched.status != 0)
    #expect(fetched.standardError.contains("The NWS forecasts only for the United States"))
    #expect(fetched.standardError.contains("--provider open-meteo or met-norway"))
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "0")
  }

  @Test func meteoAlarmAlertsComeWithAnIrishForecast() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Dublin", "53.3498", "-6.2603", zone: "Europe/Dublin", country: "IE")
    let atom = try Self.fixture("Alerts/handmade-meteoalarm-atom-ireland.xml")
    let cap = try Self.fixture("Alerts/cap-ireland-met-eireann-2025-04-14-small-craft.xml")
    let openMeteo = try Self.fixture("open-meteo-auckland.json")
    let etag = "\"ireland-1\""
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/v1/forecast": return .json(openMeteo)
      case "/feeds/meteoalarm-legacy-atom-ireland":
        if request.headers["if-none-match"] == etag { return TestResponse(status: 304) }
        return TestResponse(
          status: 200, headers: [("ETag", etag), ("Cache-Control", "max-age=0")], body: atom)
      case "/api/v1/warnings/feeds-ireland/5c1b4e0c-7e51-4a6a-9d59-0c1a3ad1c001":
        return TestResponse(status: 200, body: cap)
      default: return TestResponse(status: 404)
      }
    }
    defer { server.stop() }
    let environment = [
      "CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString,
      "CLOUDY_METEOALARM_URL": server.baseURL.absoluteString, "CLOUDY_CONTACT": "ie@example.org",
    ]
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--db", db], environment: environment)
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(
      fetched.standardOutput.contains("Dublin: 1 alert message from MeteoAlarm"),
      "\(fetched.standardOutput)")
    #expect(fetched.standardOutput.contains("2 of the feed's 3 warnings not read"))
    #expect(fetched.standardOutput.contains("region code only"))
    let asked = server.requests.map(\.path).filter { !$0.hasPrefix("/v1/") }
    #expect(
      asked == [
        "/feeds/meteoalarm-legacy-atom-ireland",
        "/api/v1/warnings/feeds-ireland/5c1b4e0c-7e51-4a6a-9d59-0c1a3ad1c001",
      ])
    #expect(
      server.requests.filter { !$0.path.hasPrefix("/v1/") }.allSatisfy {
        $0.headers["user-agent"]?.contains("ie@example.org") == true
      })
    #expect(try sqlite3(db, "SELECT source, event FROM alert") == "meteoalarm|Small Craft")

    // Again: the feed is asked with its ETag, and the 304 changes nothing.
    let again = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--db", db], environment: environment)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardOutput.contains("Dublin: alerts unchanged since the last fetch"))
    #expect(server.requests.last?.headers["if-none-match"] == etag)
    #expect(try sqlite3(db, "SELECT count(*) FROM alert") == "1")
  }

  @Test func savedAnswersOfBothProvidersImport() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Gothenburg", "57.6984", "11.9659", zone: "Europe/Stockholm", country: "SE")
    let met = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent(
        "../CloudyProvidersTests/Fixtures/met-norway-gothenburg-2021-10-20-compact.json"
      ).standardized.path
    let imported = try ToolRunner.run("cloudy-forecast", ["import", met, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains("(MET Norway format)"), "\(imported.standardOutput)")
    #expect(imported.standardOutput.contains("10 days, 80 hours"))
    #expect(
      try sqlite3(db, "SELECT provider, time_zone FROM forecast") == "met-norway|Europe/Stockholm")

    let usFolder = try ToolTestFolder()
    let usDB = try Self.place(
      usFolder, "Sopchoppy", "30", "-85", zone: "America/New_York", country: "US")
    let nws = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent(
        "../CloudyProvidersTests/Fixtures/nws-forecast-tallahassee-2019-10-13-us.json"
      ).standardized.path
    let days = try ToolRunner.run("cloudy-forecast", ["import", nws, "--db", usDB])
    #expect(days.status == 0, "\(days.standardError)")
    #expect(
      days.standardOutput.contains("(NWS format)")
        || days.standardOutput.contains("National Weather Service format"), "\(days.standardOutput)"
    )
    #expect(days.standardOutput.contains("1 day, 0 hours"))
    #expect(days.standardOutput.contains("low above the day's high left out"))

    // A saved /points answer is neither, and says what to save instead.
    let points = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../CloudyProvidersTests/Fixtures/Alerts/nws-points.json")
      .standardized.path
    let refused = try ToolRunner.run("cloudy-forecast", ["import", points, "--db", usDB])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("neither a forecast nor alerts"))
    #expect(refused.standardError.contains("forecastHourly"))
  }

  @Test func aDarkSkyAnswersOwnAlertsAreKeptWhenFetched() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Seattle", "47.6062", "-122.3321", zone: "America/Los_Angeles", country: "US")
    let body = try Self.fixture("Alerts/darksky-seattle-coastal-flood-advisory.json")
    let server = try TestHTTPServer { _ in .json(body) }
    defer { server.stop() }
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--provider", "dark-sky", "--db", db],
      environment: [
        "CLOUDY_DARK_SKY_URL": server.baseURL.absoluteString, "CLOUDY_DARK_SKY_KEY": "k",
      ])
    #expect(fetched.status == 0, "\(fetched.standardError)")
    #expect(
      fetched.standardOutput.contains("Seattle: 1 alert message from Dark Sky"),
      "\(fetched.standardOutput)")
    #expect(server.requests.first?.query == "units=us&exclude=minutely")
    #expect(server.requests.count == 1, "the NWS is not asked: the answer carried the alerts")
    #expect(try sqlite3(db, "SELECT source, event FROM alert") == "dark-sky|Coastal Flood Advisory")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"),
      "strace shows which addresses a process dials"))
  func aPlainFetchUnderTestDialsOnlyLoopback() throws {
    let folder = try ToolTestFolder()
    let db = try Self.place(
      folder, "Dublin", "53.3498", "-6.2603", zone: "Europe/Dublin", country: "IE")
    let trace = folder.file("connect.trace")
    let fetch = ToolRunner.executable("cloudy-forecast-fetch").path
    let result = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/usr/bin/strace"),
      ["-f", "-qq", "-e", "trace=connect", "-o", trace, fetch, "--db", db])
    // The forecast fails (nothing listens on the loopback default), the alerts too: only the
    // exit status of a failed fetch.
    #expect(result.status == 69, "\(result.standardError)")
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let dialled = lines.filter { $0.contains("sin_addr") || $0.contains("sin6_addr") }
    #expect(dialled.count >= 2, "the forecast and the alerts: \(lines)")
    for line in dialled {
      #expect(line.contains("127.0.0.1") || line.contains("::1"), "\(line)")
    }
  }
}

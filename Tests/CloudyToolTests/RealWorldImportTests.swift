import Foundation
import Testing

/// `cloudy-forecast import` and `show` on responses recorded by others (issue 11): each form
/// imported by the built executable and shown, values checked against the file (`--json` rounds
/// converted values to two decimals, so those are compared within 0.005).
@Suite("cloudy-forecast: real-world responses imported and shown with their true age")
struct RealWorldImportTests {
  /// A database with one saved place per recording, each at the coordinate its response names.
  static func database(_ folder: ToolTestFolder) throws -> String {
    let path = folder.file("cloudy.sqlite")
    for (name, lat, lon) in [
      ("Southampton", "50.90", "-1.40"), ("Kochi", "9.97", "76.28"), ("Berlin", "52.52", "13.40"),
      ("Poznan", "52.41", "16.93"), ("New York", "40.71", "-74.01"),
      ("Enschede", "52.22", "6.90"), ("Richmond", "37.55", "-77.46"),
      ("San Francisco", "37.77", "-122.42"), ("Zurich", "47.37", "8.54"),
    ] {
      let added = try ToolRunner.run(
        "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", path])
      #expect(added.status == 0, "\(added.standardError)")
    }
    return path
  }

  static func run(_ arguments: [String], db: String) throws -> ToolRunner.Result {
    try ToolRunner.run("cloudy-forecast", arguments + ["--db", db])
  }

  static func importFixture(_ name: String, place: String, db: String, extra: [String] = [])
    throws -> ToolRunner.Result
  {
    try run(["import", try ForecastToolTests.fixturePath(name), "--place", place] + extra, db: db)
  }

  static func showJSON(_ place: String, _ view: String, db: String) throws -> [String: Any] {
    let shown = try run(["show", place, "--\(view)", "--json"], db: db)
    #expect(shown.status == 0, "\(shown.standardError)")
    return try ForecastToolTests.json(shown.standardOutput)
  }

  // MARK: - Open-Meteo

  @Test("Southampton 2023: unix times, knots, old names, current_weather sharing hourly units")
  func southamptonKnots() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "open-meteo-southampton-2023-06-24-unixtime-kn-current-weather.json", place: "Southampton",
      db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains("data as of Jun 24, 2023 · "))
    #expect(imported.standardOutput.contains(" years old."))
    let day = try Self.showJSON("Southampton", "day", db: db)
    let now = try #require(day["day"] as? [String: Any])
    // 23.3 °C, 4.9 kn in the file.
    #expect(abs((now["temperatureFahrenheit"] as? Double ?? 0) - 73.94) < 0.001)
    #expect(abs((now["windSpeedMph"] as? Double ?? 0) - 4.9 * 1.852 / 1.609344) <= 0.005)
    #expect(now["time"] as? Int == 1_687_629_600)
    #expect(day["issuedAt"] as? Int == 1_687_629_600)
    #expect((day["age"] as? String)?.hasSuffix(" years old") == true)
    let hourly = try Self.showJSON("Southampton", "hourly", db: db)
    let hours = try #require((hourly["hourly"] as? [String: Any])?["hours"] as? [[String: Any]])
    // The hours from the current one on: 1687629600 (23.3 °C, 4.9 kn) … 1687644000 (18.9 °C).
    #expect(
      hours.map { $0["time"] as? Int } == [
        1_687_629_600, 1_687_633_200, 1_687_636_800, 1_687_640_400, 1_687_644_000,
      ])
    #expect(abs((hours[4]["temperatureFahrenheit"] as? Double ?? 0) - (18.9 * 1.8 + 32)) < 1e-9)
    let week = try Self.run(["show", "Southampton", "--week"], db: db)
    #expect(week.status == 0)
    #expect(week.standardOutput.contains("This forecast has no daily data"))
  }

  @Test(
    "Kochi 2023: ISO times at +05:30, current_weather with units; days without wind or weather code kept with what they have"
  )
  func kochiHalfHourOffset() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "open-meteo-kochi-2023-10-06-current-weather-ist.json", place: "Kochi", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput.contains("current conditions, 3 days, 0 hours"),
      "\(imported.standardOutput)")
    #expect(
      imported.standardOutput.contains(
        "Note: daily has no wind speed, weather code: kept without them."))
    let day = try Self.showJSON("Kochi", "day", db: db)
    let now = try #require(day["day"] as? [String: Any])
    // "2023-10-06T10:30" at +19800 s = 05:00 UTC.
    #expect(now["time"] as? Int == 1_696_568_400)
    #expect(now["timeText"] as? String == "10:30 AM")
    #expect(abs((now["temperatureFahrenheit"] as? Double ?? 0) - (30.2 * 1.8 + 32)) < 1e-9)
    #expect(abs((now["windSpeedMph"] as? Double ?? 0) - 5.3 / 1.609344) <= 0.005)

    // The three days hold what the file has: max, min, precipitation chance, sunrise and
    // sunset; no wind and no weather code, which show as null (JSON) and "–" (text).
    let week = try Self.showJSON("Kochi", "week", db: db)
    let days = try #require((week["week"] as? [String: Any])?["days"] as? [[String: Any]])
    #expect(days.count == 3)
    #expect(abs((days[0]["temperatureMaxFahrenheit"] as? Double ?? 0) - 88.7) <= 0.005)  // 31.5 °C
    #expect(abs((days[0]["temperatureMinFahrenheit"] as? Double ?? 0) - 78.26) <= 0.005)  // 25.7
    #expect(days[0]["windSpeedMph"] is NSNull)
    #expect(days[0]["windSpeed"] is NSNull)
    #expect(days[0]["summary"] is NSNull)
    #expect(days[0]["icon"] is NSNull)
    #expect(days[2]["precipitationProbability"] as? Double == 0.39)
    // "2023-10-06T06:13" at +05:30 = 00:43 UTC; "2023-10-08T18:11" = 12:41 UTC.
    #expect(days[0]["sunrise"] as? Int == 1_696_552_980)
    #expect(days[0]["sunriseText"] as? String == "06:13 AM")
    #expect(days[2]["sunset"] as? Int == 1_696_768_860)
    #expect(days[0]["missing"] as? [String] == ["summary", "windSpeed"])
    #expect(week["lacking"] as? [String] == ["summary", "windSpeed"])
    let text = try Self.run(["show", "Kochi", "--week"], db: db)
    #expect(text.status == 0, "\(text.standardError)")
    #expect(text.standardOutput.contains("October 6  78° to 89°  –  –  "), "\(text.standardOutput)")
    #expect(text.standardOutput.contains("sunrise 06:13 AM  sunset 06:13 PM"))
    #expect(
      text.standardOutput.contains(
        "The response has no weather code and wind speed for these days."))
    #expect(!text.standardOutput.contains(" 0 mph"))
  }

  @Test("Berlin 2023: daily only, ISO dates at their local midnight, km/h; day and hourly say so")
  func berlinDailyOnly() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "open-meteo-berlin-2023-06-01-daily-only-weathercode.json", place: "Berlin", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    let week = try Self.showJSON("Berlin", "week", db: db)
    let days = try #require((week["week"] as? [String: Any])?["days"] as? [[String: Any]])
    #expect(days.count == 7)
    #expect(days.first?["date"] as? String == "June 1")
    #expect(days.first?["time"] as? Int == 1_685_570_400)  // 2023-06-01 00:00 CEST
    #expect(abs((days[0]["temperatureMaxFahrenheit"] as? Double ?? 0) - (22.4 * 1.8 + 32)) < 1e-9)
    #expect(abs((days[0]["windSpeedMph"] as? Double ?? 0) - 14.8 / 1.609344) <= 0.005)
    #expect(days[1]["precipitationProbability"] as? Double == 0.26)
    let day = try Self.run(["show", "Berlin"], db: db)
    #expect(day.status == 0)
    #expect(day.standardOutput.contains("This forecast has no current conditions"))
    let hourly = try Self.run(["show", "Berlin", "--hourly"], db: db)
    #expect(hourly.standardOutput.contains("This forecast has no hourly data"))
  }

  @Test("Enschede (python-open-meteo's fixture): current_weather in km/h, old names, past hours")
  func enschedeCurrentWeather() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "open-meteo-enschede-2026-10-03-current-weather-kmh.json", place: "Enschede", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.contains("current conditions, 3 days, 0 hours"))
    #expect(
      imported.standardOutput.contains(
        "Note: hourly left out: its 3 hours are all before the data's current time."))
    let day = try Self.run(["show", "Enschede"], db: db)
    #expect(day.standardOutput.hasPrefix("Enschede · as of Oct 3, 2026 · "))
    #expect(day.standardOutput.contains("Sat, October 3 · 11:15 AM"))
    // 16.2 °C and 4.0 km/h in the file.
    #expect(day.standardOutput.contains("Temperature  61.2 °F"))
    let now = try #require(try Self.showJSON("Enschede", "day", db: db)["day"] as? [String: Any])
    #expect(abs((now["windSpeedMph"] as? Double ?? 0) - 4.0 / 1.609344) <= 0.005)
    let week = try Self.run(["show", "Enschede", "--week"], db: db)
    let lines = week.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    // 21.0/8.4, 20.1/11.2, 22.2/10.5 °C; 9.0, 9.4, 10.4 km/h.
    #expect(lines.dropFirst().first?.hasPrefix("Saturday  October 3  47° to 70°  6 mph") == true)
    #expect(lines.last?.hasPrefix("Monday    October 5  51° to 72°  6 mph") == true)
    let hourly = try Self.run(["show", "Enschede", "--hourly"], db: db)
    #expect(hourly.status == 0)
    #expect(
      hourly.standardOutput.contains(
        "This forecast has no hourly data (it has current conditions and daily data)."))
  }

  @Test("DST: 48 hours one hour apart across Berlin's spring-forward and New York's fall-back")
  func daylightSavingChanges() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    for (file, place) in [
      ("handmade-open-meteo-berlin-2026-03-28-spring-forward-ms.json", "Berlin"),
      ("handmade-open-meteo-new-york-2026-10-31-fall-back-fahrenheit-mph.json", "New York"),
    ] {
      let imported = try Self.importFixture(file, place: place, db: db)
      #expect(imported.status == 0, "\(imported.standardError)")
      let hourly = try Self.showJSON(place, "hourly", db: db)
      let hours = try #require((hourly["hourly"] as? [String: Any])?["hours"] as? [[String: Any]])
      let times = hours.compactMap { $0["time"] as? Int }
      #expect(times.count == 48)
      #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 3600 })
      let texts = hours.compactMap { $0["timeText"] as? String }
      if place == "Berlin" {
        // 2026-03-29: 01:00 CET is followed by 03:00 CEST.
        #expect(times.first == 1_774_695_600)  // 2026-03-28 12:00 CET
        #expect(texts[13...14] == ["01:00 AM", "03:00 AM"])
        // 10 m/s = 22.4 mph.
        let now = try #require(try Self.showJSON(place, "day", db: db)["day"] as? [String: Any])
        #expect(String(format: "%.1f", now["windSpeedMph"] as? Double ?? 0) == "22.4")
      } else {
        // 2026-11-01: 01:00 EDT is followed by 01:00 EST.
        #expect(texts[7...8] == ["01:00 AM", "01:00 AM"])
        let now = try #require(try Self.showJSON(place, "day", db: db)["day"] as? [String: Any])
        #expect(now["temperature"] as? String == "68.5 °F")
        #expect(now["windSpeedMph"] as? Double == 22.4)
      }
    }
  }

  // MARK: - Dark Sky family

  @Test("Poznań 2017, Dark Sky units=ca: °C and km/h converted, no hourly data said plainly")
  func poznanCanadianUnits() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "darksky-poznan-2017-11-20-ca-daily-only.json", place: "Poznan", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    let day = try Self.showJSON("Poznan", "day", db: db)
    let now = try #require(day["day"] as? [String: Any])
    #expect(abs((now["temperatureFahrenheit"] as? Double ?? 0) - (3.89 * 1.8 + 32)) <= 0.005)
    #expect(abs((now["windSpeedMph"] as? Double ?? 0) - 24.01 / 1.609344) <= 0.005)
    #expect(now["summary"] as? String == "Duże zachmurzenie")
    #expect((day["age"] as? String)?.hasSuffix("years old") == true)
    let week = try Self.showJSON("Poznan", "week", db: db)
    let days = try #require((week["week"] as? [String: Any])?["days"] as? [[String: Any]])
    #expect(days.first?["date"] as? String == "November 20")
    let hourly = try Self.run(["show", "Poznan", "--hourly"], db: db)
    #expect(hourly.standardOutput.contains("This forecast has no hourly data"))
  }

  @Test("San Francisco 2013, forecast.io with only an si note: 20.31 °C is 68.6 °F, Etc/GMT+8")
  func forecastIOSIFlag() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "forecastio-sf-2013-03-11-si-flag.json", place: "San Francisco", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    let day = try Self.run(["show", "San Francisco"], db: db)
    let lines = day.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("San Francisco · as of Mar 11, 2013 · ") == true)
    #expect(lines.first?.hasSuffix(" years old · the Dark Sky service · Etc/GMT+8") == true)
    // 1363044322 = 23:25 UTC = 15:25 at UTC−8 (Etc/GMT+8: the sign is inverted).
    #expect(day.standardOutput.contains("Mon, March 11 · 03:25 PM"))
    #expect(day.standardOutput.contains("Temperature  68.6 °F"))  // 20.31 °C, not 20.3 °F
    #expect(day.standardOutput.contains("Wind         31 mph"))  // 13.83 m/s
    // 48 hours, the calm ones (no windBearing in the file) included.
    let hourly = try Self.showJSON("San Francisco", "hourly", db: db)
    let hours = try #require((hourly["hourly"] as? [String: Any])?["hours"] as? [[String: Any]])
    #expect(hours.count == 48)
    #expect(hours.contains { $0["time"] as? Int == 1_363_100_400 })
    let week = try Self.run(["show", "San Francisco", "--week"], db: db)
    #expect(week.standardOutput.contains("\nMonday     March 11  42° to 71°  16 mph"))
  }

  @Test("San Francisco 2018: shown as of its own date and 8 years old, never 'just now'")
  func oldImportShowsItsAge() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let imported = try Self.importFixture(
      "darksky-sf-2018-02-20.json", place: "San Francisco", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    let day = try Self.run(["show", "San Francisco"], db: db)
    #expect(day.standardOutput.hasPrefix("San Francisco · as of Feb 20, 2018 · "))
    #expect(day.standardOutput.contains("years old"))
    #expect(!day.standardOutput.contains("just now"))
    let shown = try Self.showJSON("San Francisco", "day", db: db)
    #expect(shown["issuedAt"] as? Int == 1_519_150_919)
    #expect((shown["ageSeconds"] as? Int ?? 0) > 8 * 365 * 86_400)
    // prune goes by the data's age: a 2018 forecast imported today is older than 30 days.
    let pruned = try Self.run(["prune", "--older-than", "30d", "--json"], db: db)
    #expect(try ForecastToolTests.json(pruned.standardOutput)["removed"] as? Int == 1)
  }

  // MARK: - Refusals

  @Test("A far response is refused, naming both places and the distance; --force imports it")
  func farResponseRefusedUnlessForced() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let refused = try Self.importFixture("darksky-sf-2018-02-20.json", place: "Richmond", db: db)
    #expect(refused.status == 65)
    let lines = refused.standardError.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(refused.standardError.contains("37.8267° N, 122.4233° W"))
    #expect(refused.standardError.contains("3,917 km from Richmond (37.5500° N, 77.4600° W)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    let forced = try Self.importFixture(
      "darksky-sf-2018-02-20.json", place: "Richmond", db: db, extra: ["--force"])
    #expect(forced.status == 0, "\(forced.standardError)")
    #expect(forced.standardOutput.contains("imported with --force"))
  }

  @Test("Each refusal exits 65 with one line naming what was wrong, the file byte-identical")
  func refusals() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder)
    let cases: [(String, String, String)] = [
      ("open-meteo-enschede-minimal-no-data.json", "Enschede", "holds no forecast"),
      (
        "open-meteo-zurich-2026-10-03-multi-model.json", "Zurich",
        "several weather models (gfs_seamless, icon_seamless, meteoswiss_icon_seamless); choose one with --model NAME"
      ),
      (
        "handmade-open-meteo-multi-model.json", "Berlin",
        "several weather models (gfs_seamless, icon_seamless)"
      ),
      (
        "forecastio-sf-2013-03-11-no-units.json", "San Francisco",
        "is not a usable Dark Sky response: flags.units is missing, so the units (°F or °C, mph or m/s) cannot be known; refused rather than guessed"
      ),
      (
        "handmade-open-meteo-error-body.json", "Berlin",
        "Open-Meteo answered with an error: Cannot initialize WeatherVariable"
      ),
      (
        "handmade-open-meteo-unknown-unit.json", "Berlin",
        "\"K\", a temperature unit Cloudy does not know"
      ),
    ]
    // A database that already holds a forecast, to prove nothing is touched.
    #expect(
      try Self.importFixture(
        "open-meteo-berlin-2023-06-01-daily-only-weathercode.json", place: "Berlin", db: db
      ).status == 0)
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    for (file, place, reason) in cases {
      let refused = try Self.importFixture(file, place: place, db: db)
      #expect(refused.status == 65, "\(file)")
      #expect(refused.standardError.split(separator: "\n").count == 1, "\(file)")
      #expect(refused.standardError.contains(reason), "\(file): \(refused.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "\(file)")
    }
    // The multi-model response imports one model when asked, and names it.
    let model = try Self.importFixture(
      "handmade-open-meteo-multi-model.json", place: "Berlin", db: db,
      extra: ["--model", "icon_seamless"])
    #expect(model.status == 0, "\(model.standardError)")
    #expect(model.standardOutput.contains("model icon_seamless"))
    let hourly = try Self.showJSON("Berlin", "hourly", db: db)
    let hours = try #require((hourly["hourly"] as? [String: Any])?["hours"] as? [[String: Any]])
    #expect(abs((hours.first?["windSpeedMph"] as? Double ?? 0) - 11.5078) <= 0.005)  // 10 kn
  }
}

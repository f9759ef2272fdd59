import Foundation
import Testing

/// `cloudy-forecast import` of saved answers that are not a forecast Cloudy reads (issue 33):
/// other services' answers named as what they are, an Open-Meteo ensemble and a climate
/// projection refused, and small precipitation amounts kept in `--json`. Every file was saved by
/// others (Fixtures/README.md); every refusal exits 65 with one line and leaves the database
/// byte for byte as it was.
@Suite("cloudy-forecast import: answers named for what they are")
struct OtherAnswersImportTests {
  @Test(
    "OpenWeatherMap (One Call, 5-day / 3-hour, current), WeatherAPI.com and AccuWeather answers are refused naming the service, not as broken Open-Meteo files"
  )
  func otherServicesNamed() throws {
    let folder = try ToolTestFolder()
    let db = try RealWorldImportTests.database(folder)
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let cases: [(file: String, place: String, service: String)] = [
      (
        "openweathermap-onecall-seattle-2020-12-12.json", "Richmond",
        "an OpenWeatherMap One Call answer"
      ),
      (
        "openweathermap-forecast5-moscow-2021-05-04.json", "Richmond",
        "an OpenWeatherMap 5-day / 3-hour forecast"
      ),
      (
        "openweathermap-weather-los-angeles-2019-12-28.json", "Richmond",
        "an OpenWeatherMap current-weather answer"
      ),
      ("weatherapi-london-2020-08-12-current.json", "Richmond", "a WeatherAPI.com answer"),
      ("accuweather-oakland-2024-03-16-1day.json", "Richmond", "an AccuWeather daily forecast"),
    ]
    for (file, place, service) in cases {
      let refused = try RealWorldImportTests.importFixture(file, place: place, db: db)
      #expect(refused.status == 65, "\(file)")
      #expect(refused.standardError.split(separator: "\n").count == 1, "\(file)")
      #expect(
        refused.standardError.contains(
          "is \(service), a service whose answers Cloudy does not read; nothing was changed"),
        "\(file): \(refused.standardError)")
      #expect(!refused.standardError.contains("latitude"), "\(file): \(refused.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "\(file)")
    }
  }

  @Test("an Open-Meteo ensemble answer is refused, not imported as one run without a word")
  func ensembleRefused() throws {
    let folder = try ToolTestFolder()
    let db = try RealWorldImportTests.database(folder)
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let refused = try RealWorldImportTests.importFixture(
      "open-meteo-ensemble-enschede-2026-10-03.json", place: "Enschede", db: db)
    #expect(refused.status == 65)
    #expect(
      refused.standardError.contains(
        "is not a usable Open-Meteo response: the response is an Open-Meteo ensemble forecast (20 members beside the control run); Cloudy keeps one forecast, not a spread of members; nothing was changed"
      ), "\(refused.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
  }

  @Test("an Open-Meteo climate answer for 2050 is refused: its data start after it was made")
  func climateRefused() throws {
    let folder = try ToolTestFolder()
    let db = try RealWorldImportTests.database(folder)
    _ = try sqlite3(db, "PRAGMA wal_checkpoint(TRUNCATE);")
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let refused = try RealWorldImportTests.importFixture(
      "open-meteo-climate-enschede-2050-07-01.json", place: "Enschede", db: db)
    #expect(refused.status == 65)
    #expect(
      refused.standardError.contains(
        "its data run from 2050-07-01 to 2050-07-03, after the time it was made"),
      "\(refused.standardError)")
    #expect(refused.standardError.contains("a climate projection, not a forecast"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
  }

  @Test(
    "the multi-model refusal: the decoder states the fact, the command line adds --model"
  )
  func multiModelAdviceFromTheCommandLine() throws {
    let folder = try ToolTestFolder()
    let db = try RealWorldImportTests.database(folder)
    let refused = try RealWorldImportTests.importFixture(
      "open-meteo-zurich-2026-10-03-multi-model.json", place: "Zurich", db: db)
    #expect(refused.status == 65)
    #expect(
      refused.standardError.contains(
        "the response holds several weather models (gfs_seamless, icon_seamless, meteoswiss_icon_seamless); choose one with --model NAME; nothing was changed"
      ), "\(refused.standardError)")
  }

  @Test(
    "--json keeps a small amount of rain: Dark Sky's 0.0025 in (0.06 mm) reads 0.0025, never 0"
  )
  func smallPrecipitationKept() throws {
    let folder = try ToolTestFolder()
    let db = try RealWorldImportTests.database(folder)
    let imported = try RealWorldImportTests.importFixture(
      "darksky-sf-2018-02-20.json", place: "San Francisco", db: db)
    #expect(imported.status == 0, "\(imported.standardError)")
    let file = try ForecastToolTests.json(
      String(decoding: try ForecastToolTests.fixture("darksky-sf-2018-02-20.json"), as: UTF8.self))
    let now = try #require((file["currently"] as? [String: Any])?["time"] as? Int)
    let recorded = try #require((file["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
    var intensity: [Int: Double] = [:]
    for hour in recorded {
      if let time = hour["time"] as? Int, let value = hour["precipIntensity"] as? Double {
        intensity[time] = value
      }
    }
    let shown = try RealWorldImportTests.showJSON("San Francisco", "hourly", db: db)
    let hours = try #require((shown["hourly"] as? [String: Any])?["hours"] as? [[String: Any]])
    var small = 0
    for hour in hours {
      let time = try #require(hour["time"] as? Int)
      guard time >= now - 3600, let value = intensity[time], value > 0 else { continue }
      let inches = try #require(hour["precipitationInches"] as? Double, "\(time)")
      #expect(inches == (value * 10_000).rounded() / 10_000, "\(time)")
      if value < 0.005 { small += 1 }
    }
    #expect(small > 0)
  }
}

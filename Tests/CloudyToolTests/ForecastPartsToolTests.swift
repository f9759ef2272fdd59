import Foundation
import Testing

/// Issue 41: the NWS answers a place's days and its hours at two addresses; importing the day
/// forecast and then the hourly one (or the other way round) kept only the last, because each
/// import replaced the whole cached forecast. Now a part an answer lacks is kept from the same
/// service's cached forecast of the same point (`WeatherData.keepingParts`).
@Suite("cloudy-forecast import: the NWS's day and hourly forecasts kept together")
struct ForecastPartsToolTests {
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../CloudyProvidersTests/Fixtures/\(name)").standardized.path
  }

  static let days = fixture("nws-forecast-tallahassee-2019-10-13-us.json")
  static let hours = fixture("nws-forecast-hourly-tallahassee-2019-10-14-us.json")

  @Test(arguments: [[days, hours], [hours, days]])
  func bothAnswersMakeOneForecast(order: [String]) throws {
    let folder = try ToolTestFolder()
    let db = try ProviderToolTests.place(
      folder, "Sopchoppy", "30", "-85", zone: "America/New_York", country: "US")
    for file in order {
      let imported = try ToolRunner.run("cloudy-forecast", ["import", file, "--db", db])
      #expect(imported.status == 0, "\(imported.standardError)")
    }
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "1")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_day") == "1")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_hour") == "2")
    let last = try ToolRunner.run("cloudy-forecast", ["import", order[1], "--db", db])
    #expect(last.standardOutput.contains("cached from the same service's earlier answer"))
    let shown = try ToolRunner.run("cloudy-forecast", ["show", "--hourly", "--db", db])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(!shown.standardOutput.contains("no hourly data"), "\(shown.standardOutput)")
  }

  @Test func anotherServicesAnswerStillReplacesTheForecastWhole() throws {
    let folder = try ToolTestFolder()
    let db = try ProviderToolTests.place(
      folder, "Sopchoppy", "30", "-85", zone: "America/New_York", country: "US")
    let hourly = try ToolRunner.run("cloudy-forecast", ["import", Self.hours, "--db", db])
    #expect(hourly.status == 0, "\(hourly.standardError)")
    let other = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/open-meteo-berlin-2023-06-01-daily-only-weathercode.json")
      .path
    let daily = try ToolRunner.run(
      "cloudy-forecast", ["import", other, "--db", db, "--force"])
    #expect(daily.status == 0, "\(daily.standardError)")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast_hour") == "0")
  }
}

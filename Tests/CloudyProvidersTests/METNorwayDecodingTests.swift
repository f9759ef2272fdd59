import CloudyModels
import CloudyServices
import Testing

@testable import CloudyDecoding

/// MET Norway's Locationforecast 2.0 `compact` answers recorded by others (sources in
/// Fixtures/README.md) read into Cloudy's hours and days. The expected figures were worked
/// out from the files by hand (and a few lines of Python), not by running this decoder.
@Suite struct METNorwayDecodingTests {
  /// 2021-10-20 08:00 UTC + 2 h: after the answer's `updated_at`, as a fetch would be.
  static let fetchedAt: Int64 = 1_634_724_000

  func gothenburg(zone: String? = "Europe/Stockholm") throws -> ForecastDecoder.Decoded {
    try ForecastDecoder.decodeReporting(
      try Fixture.metNorwayGothenburg.bytes, format: .metNorway, fetchedAt: Self.fetchedAt,
      timeZone: zone)
  }

  @Test func recognisedAsMETNorwayAndNotAsAnotherService() throws {
    #expect(ForecastResponseFormat.detect(try Fixture.metNorwayGothenburg.bytes) == .metNorway)
    #expect(ForecastResponseFormat.detect(try Fixture.metNorwayArabianSea.bytes) == .metNorway)
    #expect(ForecastResponseFormat.detect(try Fixture.openMeteoAuckland.bytes) == .openMeteo)
  }

  @Test func hoursAreEveryStepHourlyThenSixHourly() throws {
    let weather = try gothenburg().weather
    #expect(weather.provider == .metNorway)
    #expect(weather.timeZone == "Europe/Stockholm")
    #expect(weather.coordinate.latitude == 57.6984 && weather.coordinate.longitude == 11.9659)
    #expect(!weather.contents.contains(.current), "the answer has no current conditions")
    #expect(weather.hours.count == 80, "52 hourly steps, then 28 six-hourly ones")
    // 2021-10-20T07:56:50Z
    #expect(weather.issuedAt == 1_634_716_610)
    let first = try #require(weather.hours.first)
    #expect(first.time == 1_634_716_800)  // 08:00Z
    #expect(abs((first.temperature ?? 0) - 56.84) < 0.01)  // 13.8 °C
    #expect(abs((first.windSpeed ?? 0) - 15.882) < 0.01)  // 7.1 m/s
    #expect(first.precipitation == 0, "0 mm is a value, kept as 0")
    #expect(first.icon == .cloudy && first.summary == "Cloudy")
    #expect(first.precipitationProbability == nil, "compact has no chance: missing, not 0")
    #expect(first.apparentTemperature == nil)
    // The first six-hourly step, 2021-10-22T12:00Z: its symbol from next_6_hours, no hourly
    // amount (the six-hour amount is not an hour's).
    let sixHourly = try #require(weather.hours.first { $0.time == 1_634_904_000 })
    #expect(sixHourly.precipitation == nil)
    #expect(sixHourly.icon != nil)
    let index = try #require(weather.hours.firstIndex { $0.time == 1_634_904_000 })
    #expect(weather.hours[index + 1].time - sixHourly.time == 6 * 3600)
  }

  @Test func daysAreLocalDatesWithTheirExtremesAndTotals() throws {
    let weather = try gothenburg().weather
    #expect(weather.days.count == 10)
    // 2021-10-21 in Stockholm (UTC+2): 24 steps, 9.0…11.5 °C, 1.4 mm, wind up to 8.3 m/s, its
    // 12-hour symbol from the 06:00 local step: light rain showers.
    let day = try #require(weather.days.first { $0.time == 1_634_767_200 })
    #expect(abs((day.temperatureMin ?? 0) - 48.2) < 0.01)
    #expect(abs((day.temperatureMax ?? 0) - 52.7) < 0.01)
    #expect(abs((day.precipitationSum ?? 0) - 0.0551) < 0.0001)
    #expect(abs((day.windSpeed ?? 0) - 18.567) < 0.01)
    #expect(day.icon == .rain && day.summary == "Light Rain Showers")
    // 2021-10-26: only six-hourly steps, 10.9 mm from their next_6_hours amounts.
    let later = try #require(weather.days.first { $0.time == 1_635_199_200 })
    #expect(abs((later.precipitationSum ?? 0) - 10.9 / 25.4) < 0.0001)
    #expect(weather.days.allSatisfy { $0.sunrise == nil && $0.apparentTemperatureMin == nil })
  }

  @Test func withoutAZoneTheDaysAreUTCDaysAndSaySo() throws {
    let decoded = try gothenburg(zone: nil)
    #expect(decoded.weather.timeZone == "UTC")
    #expect(decoded.notes.contains { $0.contains("days are UTC days") })
    #expect(decoded.weather.days.first?.time == 1_634_688_000)  // 2021-10-20T00:00Z
  }

  @Test func anotherAnswerInAnotherZone() throws {
    // Recorded for 11.9659 N, 57.6984 E (the Arabian Sea), 2021-10-12.
    let decoded = try ForecastDecoder.decodeReporting(
      try Fixture.metNorwayArabianSea.bytes, format: .metNorway, fetchedAt: 1_634_036_400,
      timeZone: "Asia/Aden")
    let weather = decoded.weather
    #expect(weather.coordinate.latitude == 11.9659 && weather.coordinate.longitude == 57.6984)
    #expect(weather.hours.count == 89)
    // Its last step holds only an instant: an hour with a temperature and nothing else.
    let last = try #require(weather.hours.last)
    #expect(abs((last.temperature ?? 0) - 78.26) < 0.01 && last.icon == nil)
    #expect(decoded.notes.isEmpty, "\(decoded.notes)")
  }

  @Test func everySymbolCodeOfMETNorwaysListHasAnIcon() {
    let codes = METNorwaySymbol.allCodes
    #expect(codes.count == 83, "41 conditions, 21 of them in three variants")
    for code in codes { #expect(METNorwaySymbol.decode(code) != nil, "\(code)") }
    #expect(METNorwaySymbol.decode("clearsky_day")?.icon == .clearDay)
    #expect(METNorwaySymbol.decode("clearsky_polartwilight")?.icon == .clearNight)
    #expect(METNorwaySymbol.decode("fair_night")?.icon == .clearNight)
    #expect(METNorwaySymbol.decode("partlycloudy_day")?.icon == .partlyCloudyDay)
    #expect(METNorwaySymbol.decode("lightssleetshowersandthunder_night")?.icon == .sleet)
    #expect(METNorwaySymbol.decode("heavysnowandthunder")?.icon == .snow)
    #expect(METNorwaySymbol.decode("fog")?.icon == .fog)
    #expect(METNorwaySymbol.decode("clearsky") == nil, "the variant is part of the code")
    #expect(METNorwaySymbol.decode("cloudy_day") == nil)
    #expect(METNorwaySymbol.decode("sunny") == nil)
  }

  @Test func unitsOtherThanMETNorwaysAreRefused() throws {
    let changed = try Fixture.metNorwayGothenburg.modified {
      try $0.set("properties.meta.units.air_temperature", "fahrenheit")
    }
    #expect(throws: ForecastError.self) {
      try ForecastDecoder.decodeReporting(
        changed, format: .metNorway, fetchedAt: Self.fetchedAt, timeZone: "Europe/Stockholm")
    }
  }

  @Test func aMissingTemperatureStaysMissing() throws {
    let changed = try Fixture.metNorwayGothenburg.modified {
      try $0.set("properties.timeseries.0.data.instant.details.air_temperature", nil)
    }
    let weather = try ForecastDecoder.decodeReporting(
      changed, format: .metNorway, fetchedAt: Self.fetchedAt, timeZone: "Europe/Stockholm"
    ).weather
    #expect(weather.hours.first?.temperature == nil)
    #expect(weather.hours.first?.windSpeed != nil)
  }
}

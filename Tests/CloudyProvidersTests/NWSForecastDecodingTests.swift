import CloudyModels
import CloudyServices
import Testing

@testable import CloudyDecoding

/// The NWS's forecast answers as pynws recorded them from api.weather.gov (sources in
/// Fixtures/README.md): 12-hour periods into days, one-hour periods into hours.
@Suite struct NWSForecastDecodingTests {
  /// 2019-10-13T18:16:20Z, the answers' `updateTime`, and an hour later.
  static let updated: Int64 = 1_570_990_580
  static let fetchedAt: Int64 = updated + 3600

  func decode(
    _ fixture: Fixture, zone: String? = "America/New_York", fetchedAt: Int64 = fetchedAt
  ) throws -> ForecastDecoder.Decoded {
    try ForecastDecoder.decodeReporting(
      try fixture.bytes, format: .nws, fetchedAt: fetchedAt, timeZone: zone)
  }

  @Test func recognisedAsTheNWSForecast() throws {
    #expect(ForecastResponseFormat.detect(try Fixture.nwsForecastUS.bytes) == .nws)
    #expect(ForecastResponseFormat.detect(try Fixture.nwsForecastHourly.bytes) == .nws)
  }

  @Test func dayAndNightPeriodsMakeADay() throws {
    let decoded = try decode(.nwsForecastUS)
    let weather = decoded.weather
    #expect(weather.provider == .nws)
    #expect(weather.timeZone == "America/New_York")
    #expect(weather.issuedAt == Self.updated)
    #expect(weather.hours.isEmpty && weather.contents == [.daily])
    #expect(weather.coordinate.latitude == 29.9950173)
    #expect(weather.coordinate.longitude == -84.956047)
    let day = try #require(weather.days.first)
    #expect(weather.days.count == 1)
    #expect(day.time == 1_570_939_200)  // 2019-10-13 00:00 EDT
    #expect(day.temperatureMax == 41, "the high from This Afternoon")
    // pynws edited Tonight's low to 68, above the afternoon's 41: a minimum cannot be above
    // the maximum, so the low is left out, with a note.
    #expect(day.temperatureMin == nil)
    #expect(decoded.notes.contains("1 night's low above the day's high left out"))
    #expect(day.windSpeed == 10, "10 mph and 0 to 5 mph: the stronger")
    #expect(day.precipitationProbability == 0.2, "20 % and null: the one given")
    #expect(day.summary == "Chance Showers And Thunderstorms")
    #expect(day.icon == .rain, "tsra,40/ovc: thunderstorms")
  }

  @Test func metricAnswersAreConverted() throws {
    let day = try #require(try decode(.nwsForecastSI).weather.days.first)
    #expect(day.temperatureMax == 41, "5 °C")
    #expect(abs((day.windSpeed ?? 0) - 16 / 1.609344) < 0.001, "16 km/h")
  }

  @Test func hourlyPeriodsAreHours() throws {
    // Its updateTime, 2019-10-14T23:16:24Z, and an hour.
    let weather = try decode(.nwsForecastHourly, fetchedAt: 1_571_094_984 + 3600).weather
    #expect(weather.days.isEmpty && weather.hours.count == 2)
    let hour = try #require(weather.hours.first)
    #expect(hour.time == 1_571_097_600)  // 2019-10-14T20:00-04:00
    #expect(hour.temperature == 78 && hour.windSpeed == 0)
    #expect(hour.precipitationProbability == 0.2)
    #expect(hour.icon == .partlyCloudyNight && hour.summary == "Partly Cloudy")
  }

  @Test func aFirstPeriodThatIsTonightHasNoHigh() throws {
    // The recorded answer without its afternoon: the first period is Tonight.
    let changed = try Fixture.nwsForecastUS.modified { try $0.set("properties.periods.0", nil) }
    let day = try #require(
      try ForecastDecoder.decodeReporting(
        changed, format: .nws, fetchedAt: Self.fetchedAt, timeZone: "America/New_York"
      ).weather.days.first)
    #expect(day.temperatureMax == nil)
    #expect(day.temperatureMin == 68)
    #expect(day.icon == .clearNight, "night/few")
  }

  @Test func withoutAZoneTheFirstOffsetIsUsedAndSaid() throws {
    let decoded = try decode(.nwsForecastUS, zone: nil)
    #expect(decoded.weather.timeZone == "Etc/GMT+4")
    #expect(decoded.notes.contains { $0.contains("Etc/GMT+4") })
  }

  @Test func windSpeedTexts() {
    #expect(NWSForecastDecoding.windSpeed(text: "10 mph", path: "") == 10)
    #expect(NWSForecastDecoding.windSpeed(text: "5 to 10 mph", path: "") == 10)
    #expect(NWSForecastDecoding.windSpeed(text: "0 mph", path: "") == 0)
    let kmh = NWSForecastDecoding.windSpeed(text: "4 km/h", path: "") ?? 0
    #expect(abs(kmh - 4 / 1.609344) < 0.0001)
    #expect(NWSForecastDecoding.windSpeed(text: "Calm", path: "") == nil)
  }

  @Test func iconURLs() {
    #expect(
      NWSIcon.icon(url: "https://api.weather.gov/icons/land/day/skc?size=medium") == .clearDay)
    #expect(
      NWSIcon.icon(url: "https://api.weather.gov/icons/land/night/bkn?size=small")
        == .partlyCloudyNight)
    #expect(
      NWSIcon.icon(url: "https://api.weather.gov/icons/land/day/snow,60/sn?size=medium") == .snow)
    #expect(
      NWSIcon.icon(url: "https://api.weather.gov/icons/land/day/fzra,30?size=medium") == .sleet)
    #expect(NWSIcon.icon(url: "https://api.weather.gov/icons/land/day/wind_bkn") == .wind)
    #expect(NWSIcon.icon(url: "https://api.weather.gov/icons/land/day/fog") == .fog)
    #expect(NWSIcon.icon(url: "https://example.com/sun.png") == nil)
  }

  @Test func aPointsAnswerNamesTheForecastsAndTheZone() throws {
    let point = try ForecastDecoder.nwsPoint(try Fixture.nwsPoints.bytes)
    #expect(point.forecast == "https://api.weather.gov/gridpoints/TAE/58,65/forecast")
    #expect(point.forecastHourly == "https://api.weather.gov/gridpoints/TAE/58,65/forecast/hourly")
    #expect(point.timeZone == "America/New_York")
  }
}

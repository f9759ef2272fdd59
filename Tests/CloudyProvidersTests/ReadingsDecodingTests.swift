import CloudyModels
import CloudyServices
import Foundation
import Testing

@testable import CloudyDecoding

/// Issue 38: the quantities beyond temperature and wind, read from each provider's recorded
/// answers (sources in Fixtures/README.md) into the store's base units (percent, °F, hPa,
/// degrees, mph, metres). Expected values worked out by hand from the files.
@Suite struct ReadingsDecodingTests {
  @Test("MET Norway (Gothenburg 2021): humidity, pressure, direction, cloud; no dew point")
  func metNorway() throws {
    let weather = try ForecastDecoder.decodeReporting(
      try Fixture.metNorwayGothenburg.bytes, format: .metNorway,
      fetchedAt: METNorwayDecodingTests.fetchedAt, timeZone: "Europe/Stockholm"
    ).weather
    // timeseries[0].data.instant.details: relative_humidity 99.8, air_pressure_at_sea_level
    // 991.6, wind_from_direction 210.9, cloud_area_fraction 100; compact has no dew point,
    // gusts or UV, and MET Norway no visibility.
    let first = try #require(weather.hours.first).readings
    #expect(first.humidity == 99.8 && first.pressure == 991.6)
    #expect(first.windDirection == 210.9 && first.cloudCover == 100)
    #expect(first.dewPoint == nil && first.windGust == nil && first.visibility == nil)
    #expect(first.missing.contains(.dewPoint) && first.missing.contains(.airQuality))
    // The day view's conditions are the first step.
    #expect(weather.current.readings == first)
  }

  @Test("NWS hourly (Tallahassee 2019): relativeHumidity, dewpoint in °C, a compass word")
  func nws() throws {
    let weather = try ForecastDecoder.decodeReporting(
      try Fixture.nwsForecastHourly.bytes, format: .nws,
      fetchedAt: 1_571_094_984 + 3600, timeZone: "America/New_York"
    ).weather
    // periods[0]: relativeHumidity 63 %, dewpoint 5 degC (41 °F), windDirection "S" (180°).
    let first = try #require(weather.hours.first).readings
    #expect(first.humidity == 63)
    #expect(abs((first.dewPoint ?? .nan) - 41) < 1e-9)
    #expect(first.windDirection == 180)
    #expect(first.pressure == nil && first.uvIndex == nil)
  }

  @Test("forecast.io with the si flag (2013): visibility in km, fractions to percent")
  func darkSkySI() throws {
    let weather = try ForecastDecoder.decode(
      try Fixture.forecastIOSanFranciscoSIFlag.bytes, format: .darkSky,
      fetchedAt: 1_363_044_322 + 60)
    // currently: windBearing 227, cloudCover 0.29, humidity 0.53, pressure 1010.51,
    // visibility 22.74 km; no dewPoint in this answer.
    let now = weather.current.readings
    #expect(now.windDirection == 227 && now.cloudCover == 29 && now.humidity == 53)
    #expect(now.pressure == 1010.51)
    #expect(abs((now.visibility ?? .nan) - 22_740) < 1e-6)
    #expect(now.dewPoint == nil)
  }

  @Test("Open-Meteo air quality (Berlin 2024): both indexes and four pollutants; refusals")
  func airQuality() throws {
    let body = try Fixture.openMeteoAirQualityBerlin.bytes
    #expect(AirQualityAnswer.recognises(body))
    #expect(!AirQualityAnswer.recognises(try Fixture.openMeteoAuckland.bytes))
    let answer = try AirQualityAnswer.decode(body)
    // current.time "2024-02-21T16:00" at utc_offset_seconds 3600: 15:00Z.
    #expect(answer.current?.time == 1_708_527_600)
    let readings = try #require(answer.current?.readings)
    #expect(readings.europeanAQI == 22 && readings.usAQI == 41)
    #expect(readings.pm25 == 8.8 && readings.pm10 == 9.7)
    #expect(readings.ozone == 54 && readings.nitrogenDioxide == 17.7)
    let other = Array(
      String(decoding: body, as: UTF8.self).replacingOccurrences(
        of: #""ozone": "μg/m³""#, with: #""ozone": "ppb""#
      ).utf8)
    #expect(throws: ForecastError.self) { try AirQualityAnswer.decode(other) }
    let failed = Array(#"{"error": true, "reason": "Latitude must be in range"}"#.utf8)
    #expect(throws: ForecastError.self) { try AirQualityAnswer.decode(failed) }
  }
}

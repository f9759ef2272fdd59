import CloudyModels
import CloudyPlatform
import CloudyServices
import Foundation
import Testing

@testable import CloudyDecoding
@testable import CloudyProviders

/// Decoding saved responses (what `cloudy-forecast import` does): both formats, detection, time
/// zones, units, nulls, and every kind of bad body.
@Suite struct ForecastDecoderTests {
  static let fetchedAt: Int64 = 1_800_000_000

  func decode(_ body: [UInt8], _ format: ForecastResponseFormat) throws(ForecastError)
    -> WeatherData
  {
    try ForecastDecoder.decode(body, format: format, fetchedAt: Self.fetchedAt)
  }

  /// The error a body gives, or nil when it decodes.
  func failure(_ body: [UInt8], _ format: ForecastResponseFormat) -> ForecastError? {
    do {
      _ = try decode(body, format)
      return nil
    } catch {
      return error
    }
  }

  func expectInvalid(
    _ body: [UInt8], _ format: ForecastResponseFormat, mentioning text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = failure(body, format)
    guard case .invalidResponse(let detail)? = error else {
      Issue.record(
        "expected invalidResponse, got \(String(describing: error))", sourceLocation: sourceLocation
      )
      return
    }
    #expect(detail.contains(text), "\(detail)", sourceLocation: sourceLocation)
  }

  // MARK: Detection

  @Test func detectsBothFormats() throws {
    #expect(ForecastResponseFormat.detect(try Fixture.darkSkySanFrancisco.bytes) == .darkSky)
    #expect(ForecastResponseFormat.detect(try Fixture.openMeteoAuckland.bytes) == .openMeteo)
    #expect(ForecastResponseFormat.detect(try Fixture.openMeteoHonoluluCelsius.bytes) == .openMeteo)
  }

  @Test func detectsNothingInOtherBodies() {
    for body in [
      "", "not json", "[1, 2]", "{\"foo\": 1}", "{\"hourly\": 3}", "{\"error\": true", "42",
    ] {
      #expect(ForecastResponseFormat.detect(Array(body.utf8)) == nil, "\(body)")
    }
  }

  // MARK: Open-Meteo

  @Test func openMeteoAucklandWhereTheLocalDateIsAheadOfUTC() throws {
    let weather = try decode(try Fixture.openMeteoAuckland.bytes, .openMeteo)
    #expect(weather.provider == .openMeteo)
    #expect(weather.fetchedAt == Self.fetchedAt)
    #expect(weather.coordinate == (try Coordinate(latitude: -36.875, longitude: 174.75)))
    #expect(weather.timeZone == "Pacific/Auckland")

    // Now: 2026-01-14 20:15 UTC, which is already 15 January 09:15 in Auckland.
    #expect(weather.current.time == 1_768_421_700)
    #expect(weather.current.temperature == 67.8)
    #expect(weather.current.windSpeed == 12.9)
    #expect(weather.current.icon == .partlyCloudyDay)
    #expect(weather.current.summary == "Partly Cloudy")
    // Taken from the hourly row holding the current time.
    #expect(weather.current.precipitationProbability == 0.15)

    #expect(weather.hours.count == 48)
    #expect(weather.hours.first?.time == 1_768_420_800)
    #expect(weather.hours[4].icon == .rain)
    #expect(weather.hours[4].summary == "Rain Showers")
    #expect(weather.hours[4].precipitationProbability == 0.55)
    #expect(weather.hours[12].icon == .cloudy)  // overcast at night
    #expect(weather.hours[13].icon == .clearNight)  // is_day 0
    #expect(weather.hours[13].summary == "Mainly Clear")
    #expect(weather.hours[45].icon == .partlyCloudyNight)

    #expect(weather.days.count == 7)
    let first = try #require(weather.days.first)
    // Local midnight of 15 January in Auckland (UTC+13) is 14 January 11:00 UTC.
    #expect(first.time == 1_768_388_400)
    #expect((first.time + 46_800) % 86_400 == 0)
    #expect(first.time <= weather.current.time && weather.current.time < weather.days[1].time)
    #expect(utcDate(weather.current.time) == "2026-01-14")
    #expect(utcDate(first.time + 46_800) == "2026-01-15")
    #expect(first.icon == .rain)
    #expect(first.temperatureMax == 74.0)
    #expect(first.temperatureMin == 60.9)
    #expect(first.windSpeed == 14.5)
    #expect(first.precipitationProbability == 0.55)
    #expect(weather.days[1].icon == .clearDay)
    #expect(weather.days[4].summary == "Rain")
  }

  @Test func openMeteoCelsiusISO8601HonoluluWhereTheLocalDateIsBehindUTC() throws {
    let weather = try decode(try Fixture.openMeteoHonoluluCelsius.bytes, .openMeteo)
    #expect(weather.timeZone == "Pacific/Honolulu")
    // "2026-07-06T17:45" in Honolulu (UTC−10) is 2026-07-07 03:45 UTC.
    #expect(weather.current.time == 1_783_395_900)
    #expect(utcDate(weather.current.time) == "2026-07-07")
    #expect(abs((weather.current.temperature ?? .nan) - 83.48) < 1e-9)  // 28.6 °C
    #expect(abs((weather.current.windSpeed ?? .nan) - 18.330_450) < 1e-5)  // 29.5 km/h
    #expect(weather.current.icon == .clearDay)
    #expect(weather.hours.count == 48)
    #expect(weather.hours.first?.time == 1_783_393_200)
    #expect(weather.days.count == 7)
    // "2026-07-06" is local midnight: 10:00 UTC.
    #expect(weather.days.first?.time == 1_783_332_000)
    #expect(abs((weather.days.first?.temperatureMax ?? 0) - 84.92) < 1e-9)  // 29.4 °C
  }

  @Test func openMeteoNullsAreMissingValuesNeverZero() throws {
    let body = try Fixture.openMeteoAuckland.modified { json in
      try json.set("hourly.temperature_2m.5", NSNull())
      try json.set("hourly.precipitation_probability.0", NSNull())
      try json.set("hourly.is_day.1", NSNull())
      try json.set("daily.temperature_2m_max.6", NSNull())
      try json.set("daily.precipitation_probability_max.0", NSNull())
    }
    let weather = try decode(body, .openMeteo)
    // Every hour and day is kept; the null is that row's missing value, the rest of it stays.
    #expect(weather.hours.count == 48)
    let hour = try #require(weather.hours.first { $0.time == 1_768_438_800 })
    #expect(hour.temperature == nil)
    #expect(hour.windSpeed != nil)
    #expect(hour.summary != nil)
    #expect(weather.hours[0].precipitationProbability == nil)
    #expect(weather.current.precipitationProbability == nil)
    #expect(weather.days.count == 7)
    #expect(weather.days[6].temperatureMax == nil)
    #expect(weather.days[6].temperatureMin != nil)
    #expect(weather.days[0].precipitationProbability == nil)
  }

  @Test func openMeteoKeepsEveryHourFromNowAndSaysWhatItLeftOut() throws {
    // A saved response with more hours, starting at local midnight before now.
    let body = try Fixture.openMeteoAuckland.modified { json in
      var hourly = try #require(json["hourly"] as? [String: Any])
      for (key, value) in hourly {
        let column = try #require(value as? [Any])
        if key == "time" {
          let times = try #require(column as? [Int])
          let first: Int = times[0]
          var earlier: [Int] = []
          for step in 1...9 { earlier.append(first - 3600 * (10 - step)) }
          let later: [Int] = [times[47] + 3600]
          hourly[key] = earlier + times + later
        } else {
          let prefix: [Any] = Array(column.prefix(9))
          let suffix: [Any] = [column[47]]
          hourly[key] = prefix + column + suffix
        }
      }
      json["hourly"] = hourly
    }
    let decoded = try ForecastDecoder.decodeReporting(
      body, format: .openMeteo, fetchedAt: Self.fetchedAt)
    // 9 + 48 + 1 hours in the file: the 9 before the current hour are left out, and said so.
    #expect(decoded.weather.hours.count == 49)
    #expect(decoded.weather.hours.first?.time == 1_768_420_800)
    #expect(decoded.notes == ["9 hours before the data's current time left out"])
  }

  @Test func openMeteoUnitsFromTheResponsesOtherUnitsBlocksWhenTheyAgree() throws {
    // The Auckland response states °F and mp/h in all three units blocks. Without its own, the
    // hourly block reads them from the others, and the import says so.
    let body = try Fixture.openMeteoAuckland.modified { $0["hourly_units"] = nil }
    let decoded = try ForecastDecoder.decodeReporting(
      body, format: .openMeteo, fetchedAt: Self.fetchedAt)
    #expect(decoded.weather.hours.first?.temperature == 67.5)
    #expect(decoded.weather.hours.first?.windSpeed == 12.3)
    #expect(
      decoded.notes == [
        "hourly states no temperature unit: read in °F, as current_units.temperature_2m, daily_units.temperature_2m_max, daily_units.temperature_2m_min state",
        "hourly states no wind speed unit: read in mp/h, as current_units.wind_speed_10m, daily_units.wind_speed_10m_max state",
      ])
  }

  @Test func openMeteoPartialResponsesKeepWhatIsThere() throws {
    let fixture = Fixture.openMeteoAuckland
    func reported(_ body: [UInt8]) throws -> ForecastDecoder.Decoded {
      try ForecastDecoder.decodeReporting(body, format: .openMeteo, fetchedAt: Self.fetchedAt)
    }
    let noDaily = try reported(
      try fixture.modified { json in
        json["daily"] = nil
        json["daily_units"] = nil
      })
    #expect(noDaily.weather.contents == [.current, .hourly])
    #expect(noDaily.weather.days.isEmpty)
    #expect(noDaily.weather.hours.count == 48)
    #expect(noDaily.weather.issuedAt == 1_768_421_700)
    // Without a current block the data is dated by its first hour.
    let noCurrent = try reported(
      try fixture.modified { json in
        json["current"] = nil
        json["current_units"] = nil
      })
    #expect(noCurrent.weather.contents == [.hourly, .daily])
    #expect(noCurrent.weather.issuedAt == 1_768_420_800)
    #expect(noCurrent.weather.days.count == 7)
    // A null in the current block is a missing value: the block keeps the others, and says so.
    let nullNow = try reported(
      try fixture.modified { try $0.set("current.temperature_2m", NSNull()) })
    #expect(nullNow.weather.contents == .all)
    #expect(nullNow.weather.current.temperature == nil)
    #expect(nullNow.weather.current.summary == "Partly Cloudy")
    #expect(nullNow.notes == ["current has no temperature: kept without it"])
    // A daily block without wind keeps its days without it, with a note.
    let noWind = try reported(
      try fixture.modified { try $0.set("daily.wind_speed_10m_max", nil) })
    #expect(noWind.weather.contents == .all)
    #expect(noWind.weather.days.count == 7)
    #expect(noWind.weather.days.allSatisfy { $0.windSpeed == nil && $0.temperatureMax != nil })
    #expect(noWind.notes == ["daily has no wind speed: kept without it"])
    // Hours without a weather code (a request that asked only for what it shows) keep their
    // temperature and wind.
    let noCode = try reported(
      try fixture.modified { try $0.set("hourly.weather_code", nil) })
    #expect(noCode.weather.hours.count == 48)
    #expect(noCode.weather.hours.allSatisfy { $0.summary == nil && $0.icon == nil })
    #expect(noCode.weather.hours.allSatisfy { $0.temperature != nil && $0.windSpeed != nil })
    #expect(noCode.notes == ["hourly has no weather code: kept without it"])
    // A block with no value at all is left out, and said so.
    let nothing = try reported(
      try fixture.modified { json in
        for key in [
          "temperature_2m", "weather_code", "wind_speed_10m", "precipitation_probability",
        ] {
          try json.set("hourly.\(key)", nil)
        }
      })
    #expect(nothing.weather.contents == [.current, .daily])
    #expect(nothing.notes == ["hourly left out: it has no temperature, wind speed, weather code"])
  }

  @Test func openMeteoRecordingsOfFrenckPythonOpenMeteo() throws {
    // current_weather with its own units, km/h, old names, ISO times at +02:00 (CEST).
    let enschede = try ForecastDecoder.decodeReporting(
      try Fixture.openMeteoEnschedeCurrentWeather.bytes, format: .openMeteo,
      fetchedAt: Self.fetchedAt)
    let weather = enschede.weather
    #expect(weather.timeZone == "Europe/Amsterdam")
    #expect(weather.current.time == 1_791_018_900)  // 2026-10-03 11:15 CEST = 09:15 UTC
    #expect(abs((weather.current.temperature ?? .nan) - (16.2 * 1.8 + 32)) < 1e-9)
    #expect(abs((weather.current.windSpeed ?? .nan) - 4.0 / 1.609344) < 1e-9)
    #expect(weather.current.summary == "Partly Cloudy")
    #expect(weather.days.map(\.time) == [1_790_978_400, 1_791_064_800, 1_791_151_200])
    #expect(abs((weather.days[2].temperatureMax ?? .nan) - (22.2 * 1.8 + 32)) < 1e-9)
    // Its three hours (00:00–02:00) are before its current time (11:15): none is kept, and
    // the note says why.
    #expect(weather.hours.isEmpty)
    #expect(weather.contents == [.current, .daily])
    #expect(
      enschede.notes == ["hourly left out: its 3 hours are all before the data's current time"])

    // models=icon_seamless,meteoswiss_icon_seamless,gfs_seamless: refused naming the models.
    let zurich = try Fixture.openMeteoZurichMultiModel.bytes
    expectInvalid(
      zurich, .openMeteo,
      mentioning: "several weather models (gfs_seamless, icon_seamless, meteoswiss_icon_seamless)")
    // One model chosen: its blocks hold no wind speed (and the daily one no minimum); what
    // they hold is kept: the unsuffixed current temperature (20.3 °C), two hours (20.3 and
    // 21.1 °C, code 3) and one day's maximum (23.1 °C).
    let icon = try ForecastDecoder.decodeReporting(
      zurich, format: .openMeteo, fetchedAt: Self.fetchedAt, model: "icon_seamless")
    #expect(icon.model == "icon_seamless")
    #expect(icon.weather.contents == .all)
    #expect(abs((icon.weather.current.temperature ?? .nan) - (20.3 * 1.8 + 32)) < 1e-9)
    #expect(icon.weather.current.windSpeed == nil)
    #expect(icon.weather.current.summary == nil)
    #expect(icon.weather.hours.map(\.summary) == ["Overcast", "Overcast"])
    #expect(abs((icon.weather.hours.last?.temperature ?? .nan) - (21.1 * 1.8 + 32)) < 1e-9)
    #expect(icon.weather.hours.allSatisfy { $0.windSpeed == nil })
    #expect(icon.weather.days.count == 1)
    #expect(abs((icon.weather.days[0].temperatureMax ?? .nan) - (23.1 * 1.8 + 32)) < 1e-9)
    #expect(icon.weather.days[0].temperatureMin == nil)
    #expect(icon.weather.days[0].windSpeed == nil)
  }

  @Test func openMeteoLegacyCurrentWeatherBlock() throws {
    let body = try Fixture.openMeteoAuckland.modified { json in
      json["current"] = nil
      json["current_units"] = nil
      json["current_weather"] = [
        "time": 1_768_421_700, "interval": 900, "temperature": 67.8, "windspeed": 12.9,
        "winddirection": 200, "weathercode": 3, "is_day": 1,
      ]
    }
    let weather = try decode(body, .openMeteo)
    #expect(weather.current.icon == .cloudy)
    #expect(weather.current.summary == "Overcast")
    #expect(weather.current.temperature == 67.8)
  }

  @Test func openMeteoBadBodies() throws {
    let fixture = Fixture.openMeteoAuckland
    let cases: [(String, [UInt8])] = [
      (
        "hourly.temperature_2m[3] is text",
        try fixture.modified { try $0.set("hourly.temperature_2m.3", "warm") }
      ),
      ("missing field latitude", try fixture.modified { try $0.set("latitude", nil) }),
      (
        "hourly has no units block, and no other units block states a temperature unit",
        try fixture.modified { json in
          for block in ["hourly_units", "current_units", "daily_units"] { json[block] = nil }
        }
      ),
      (
        "hourly_units gives no unit for temperature_2m, and the response's other units blocks disagree on the temperature unit (\"°C\", \"°F\")",
        try fixture.modified { json in
          try json.set("hourly_units.temperature_2m", nil)
          try json.set("current_units.temperature_2m", "°C")
        }
      ),
      ("latitude is text", try fixture.modified { try $0.set("latitude", "-36.8") }),
      ("coordinate is not valid", try fixture.modified { try $0.set("latitude", 123.0) }),
      ("time zone is empty", try fixture.modified { try $0.set("timezone", "") }),
      ("is impossible", try fixture.modified { try $0.set("hourly.temperature_2m.2", 1e300) }),
      (
        "47 values for 48 times",
        try fixture.modified { try $0.set("hourly.wind_speed_10m.47", nil) }
      ),
      (
        "hourly_units.temperature_2m is \"K\", a temperature unit Cloudy does not know",
        try fixture.modified { try $0.set("hourly_units.temperature_2m", "K") }
      ),
      (
        "daily_units.wind_speed_10m_max is \"bft\", a wind speed unit Cloudy does not know",
        try fixture.modified { try $0.set("daily_units.wind_speed_10m_max", "bft") }
      ),
      ("not a WMO weather code", try fixture.modified { try $0.set("daily.weather_code.2", 2.5) }),
      ("daily.time is an object", try fixture.modified { try $0.set("daily.time", ["a": 1]) }),
      (
        "outside 0…1",
        try fixture.modified { try $0.set("daily.precipitation_probability_max.1", 250) }
      ),
      (
        "not in increasing order",
        try fixture.modified { try $0.set("hourly.time.5", 1_768_420_800) }
      ),
      (
        "is above the maximum",
        try fixture.modified { try $0.set("daily.temperature_2m_min.0", 90.0) }
      ),
      ("not a date", try fixture.modified { try $0.set("daily.time.0", "tomorrow") }),
    ]
    for (text, body) in cases {
      expectInvalid(body, .openMeteo, mentioning: text)
    }
  }

  // MARK: Dark Sky

  @Test("Pirate Weather is told apart from Dark Sky by what its flags say, read the same way")
  func pirateWeatherNamedAsItself() throws {
    // No genuine Pirate Weather recording is among the fixtures yet: the genuine Dark Sky one
    // (2018, no `flags.version`) is transformed here, adding what Pirate Weather writes in its
    // flags (`version`, as its server code sets it: "V1.3.1", "V2.9.1"; or `sourceTimes`).
    let darkSky = try decode(try Fixture.darkSkySanFrancisco.bytes, .darkSky)
    #expect(darkSky.provider == .darkSky)
    for version in ["V1.3.1", "V1.5.5", "V2.9.1"] {
      let body = try Fixture.darkSkySanFrancisco.modified { json in
        try json.set("flags.version", version)
      }
      let pirate = try decode(body, .darkSky)
      #expect(pirate.provider == .pirateWeather)
      #expect(pirate.current == darkSky.current)
      #expect(pirate.days == darkSky.days)
    }
    let sourceTimes = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("flags.sourceTimes", ["hrrr_0-18": "2018-02-20 17Z"])
    }
    #expect(try decode(sourceTimes, .darkSky).provider == .pirateWeather)
    #expect(ForecastProviderKind.pirateWeather.serviceName == "Pirate Weather")
    #expect(ForecastProviderKind.darkSky.serviceName == "the Dark Sky service")
  }

  @Test func darkSkySanFranciscoRealResponse() throws {
    let weather = try decode(try Fixture.darkSkySanFrancisco.bytes, .darkSky)
    #expect(weather.provider == .darkSky)
    #expect(weather.coordinate == (try Coordinate(latitude: 37.8267, longitude: -122.4233)))
    #expect(weather.timeZone == "America/Los_Angeles")
    #expect(weather.current.time == 1_519_150_919)
    #expect(weather.current.summary == "Clear")
    #expect(weather.current.icon == .clearDay)
    #expect(weather.current.temperature == 44.32)
    #expect(weather.current.windSpeed == 3.32)
    #expect(weather.current.precipitationProbability == 0.11)
    // 49 hourly points and 8 days in the file: every one is kept.
    #expect(weather.hours.count == 49)
    #expect(weather.hours.first?.time == 1_519_149_600)
    #expect(weather.days.count == 8)
    let first = try #require(weather.days.first)
    #expect(first.time == 1_519_113_600)  // midnight PST, 08:00 UTC
    #expect(first.summary == "Mostly cloudy overnight.")
    #expect(first.icon == .partlyCloudyNight)
    #expect(first.temperatureMin == 37.47)
    #expect(first.temperatureMax == 54.34)
    #expect(first.windSpeed == 4.85)
    #expect(first.precipitationProbability == 0.11)
  }

  @Test func darkSkyUnknownIconsMapToTheClosestCloudyIcon() throws {
    let body = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("currently.icon", "thunderstorm")
      try json.set("hourly.data.0.icon", "hail")
      try json.set("hourly.data.1.icon", "tornado")
      try json.set("hourly.data.2.icon", "something-new")
      try json.set("hourly.data.3.icon", nil)
      try json.set("hourly.data.3.summary", nil)
      try json.set("daily.data.0.icon", "mixed")
    }
    let weather = try decode(body, .darkSky)
    #expect(weather.current.icon == .rain)
    #expect(weather.hours[0].icon == .sleet)
    #expect(weather.hours[1].icon == .wind)
    #expect(weather.hours[2].icon == .cloudy)
    // No icon and no summary: both missing, never made up.
    #expect(weather.hours[3].icon == nil)
    #expect(weather.hours[3].summary == nil)
    #expect(weather.days[0].icon == .sleet)
  }

  @Test func darkSkySIUnitsAreConvertedToFahrenheitAndMPH() throws {
    let body = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("flags.units", "si")
      try json.set("currently.temperature", 10.0)
      try json.set("currently.windSpeed", 5.0)
    }
    let weather = try decode(body, .darkSky)
    #expect(weather.current.temperature == 50.0)
    #expect(abs((weather.current.windSpeed ?? .nan) - 11.184_681) < 1e-5)
    let ca = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("flags.units", "ca")
      try json.set("currently.windSpeed", 16.09344)
    }
    #expect(abs(((try decode(ca, .darkSky)).current.windSpeed ?? .nan) - 10) < 1e-9)
  }

  @Test func darkSkyFallsBackToHighAndLow() throws {
    let body = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("daily.data.0.temperatureMin", nil)
      try json.set("daily.data.0.temperatureMax", nil)
      try json.set("hourly.data.1.temperature", nil)
    }
    let weather = try decode(body, .darkSky)
    #expect(weather.days[0].temperatureMin == 42.86)
    #expect(weather.days[0].temperatureMax == 54.34)
    // The hour without a temperature keeps what it has.
    #expect(weather.hours.count == 49)
    let hour = try #require(weather.hours.first { $0.time == 1_519_153_200 })
    #expect(hour.temperature == nil)
    #expect(hour.windSpeed != nil)
  }

  @Test func darkSkyBadBodies() throws {
    let fixture = Fixture.darkSkySanFrancisco
    let cases: [(String, [UInt8])] = [
      (
        "currently.temperature is text",
        try fixture.modified { try $0.set("currently.temperature", "cold") }
      ),
      ("missing field latitude", try fixture.modified { try $0.set("latitude", nil) }),
      ("missing field timezone", try fixture.modified { try $0.set("timezone", nil) }),
      (
        "hourly.data[2].time is text",
        try fixture.modified { try $0.set("hourly.data.2.time", "soon") }
      ),
      (
        "flags.units is \"furlongs\"",
        try fixture.modified { try $0.set("flags.units", "furlongs") }
      ),
      ("outside 0…1", try fixture.modified { try $0.set("currently.precipProbability", 1.5) }),
      ("coordinate is not valid", try fixture.modified { try $0.set("longitude", -190) }),
      ("not an IANA time zone", try fixture.modified { try $0.set("timezone", "Los Angeles\n") }),
      (
        "the response holds no forecast",
        try fixture.modified {
          try $0.set("currently", nil)
          try $0.set("hourly", nil)
          try $0.set("daily", nil)
        }
      ),
    ]
    for (text, body) in cases {
      expectInvalid(body, .darkSky, mentioning: text)
    }
  }

  @Test func darkSkyUnitsComeFromTheFlagsOrTheResponseIsRefused() throws {
    // No units anywhere: °F and °C cannot be told apart, so it is refused, never guessed.
    for body in [
      try Fixture.darkSkySanFrancisco.modified { try $0.set("flags.units", nil) },
      try Fixture.darkSkySanFrancisco.modified { try $0.set("flags", nil) },
    ] {
      expectInvalid(body, .darkSky, mentioning: "flags.units is missing")
      expectInvalid(body, .darkSky, mentioning: "refused rather than guessed")
    }
    // forecast.io before `units`: an `si` flag says SI (°C, m/s).
    let si = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("flags.units", nil)
      try json.set("flags.si", true)
      try json.set("currently.temperature", 20.3)
      try json.set("currently.windSpeed", 10.0)
    }
    let weather = try decode(si, .darkSky)
    #expect(abs((weather.current.temperature ?? .nan) - 68.54) < 1e-9)  // 20.3 °C
    #expect(abs((weather.current.windSpeed ?? .nan) - 22.369_363) < 1e-5)  // 10 m/s
    // uk2: °C with miles per hour.
    let uk2 = try Fixture.darkSkySanFrancisco.modified { json in
      try json.set("flags.units", "uk2")
      try json.set("currently.temperature", 20.3)
      try json.set("currently.windSpeed", 10.0)
    }
    let british = try decode(uk2, .darkSky)
    #expect(abs((british.current.temperature ?? .nan) - 68.54) < 1e-9)
    #expect(british.current.windSpeed == 10.0)
  }

  @Test func forecastIO2013RecordingsSIFlagReadAndNoUnitsRefused() throws {
    // forecast.io, 2013-03-11, `?si=true`: flags hold only an `si` note, the zone is Etc/GMT+8
    // (UTC−8: the sign is inverted), calm hours have no windBearing, and there is no
    // apparentTemperature anywhere.
    let weather = try decode(try Fixture.forecastIOSanFranciscoSIFlag.bytes, .darkSky)
    #expect(weather.timeZone == "Etc/GMT+8")
    #expect(weather.current.time == 1_363_044_322)
    #expect(weather.issuedAt == 1_363_044_322)
    #expect(abs((weather.current.temperature ?? .nan) - (20.31 * 1.8 + 32)) < 1e-9)  // 20.31 °C
    #expect(abs((weather.current.windSpeed ?? .nan) - 13.83 * 3600 / 1609.344) < 1e-9)  // m/s
    // 49 hours and 8 days in the file, all kept.
    #expect(weather.hours.count == 49)
    // The calm hours (no windBearing) are kept: 1363100400 is one of them.
    #expect(weather.hours.contains { $0.time == 1_363_100_400 })
    #expect(weather.days.count == 8)
    // Daily times are local midnight in UTC−8: 08:00 UTC.
    #expect(weather.days.allSatisfy { ($0.time - 8 * 3600) % 86_400 == 0 })
    #expect(abs((weather.days[0].temperatureMax ?? .nan) - (21.79 * 1.8 + 32)) < 1e-9)
    // The same request without `si`, recorded the same day: no units and no si flag.
    expectInvalid(
      try Fixture.forecastIOSanFranciscoNoUnits.bytes, .darkSky,
      mentioning: "flags.units is missing, so the units (°F or °C, mph or m/s) cannot be known")
  }

  @Test func darkSkyPartialResponsesKeepWhatIsThere() throws {
    let fixture = Fixture.darkSkySanFrancisco
    func reported(_ body: [UInt8]) throws -> ForecastDecoder.Decoded {
      try ForecastDecoder.decodeReporting(body, format: .darkSky, fetchedAt: Self.fetchedAt)
    }
    // No `currently`: the data is dated by its first hour, and the day view has nothing.
    let noCurrent = try reported(try fixture.modified { try $0.set("currently", nil) })
    #expect(noCurrent.weather.contents == [.hourly, .daily])
    #expect(noCurrent.weather.issuedAt == 1_519_149_600)
    #expect(noCurrent.weather.hours.count == 49)
    let noHourly = try reported(try fixture.modified { try $0.set("hourly", nil) })
    #expect(noHourly.weather.contents == [.current, .daily])
    #expect(noHourly.weather.hours.isEmpty)
    #expect(noHourly.weather.issuedAt == 1_519_150_919)
    let noDays = try reported(try fixture.modified { try $0.set("daily.data", [] as [Any]) })
    #expect(noDays.weather.contents == [.current, .hourly])
    #expect(noDays.weather.days.isEmpty)
    // A `currently` without a wind speed keeps the rest.
    let calm = try reported(try fixture.modified { try $0.set("currently.windSpeed", nil) })
    #expect(calm.weather.contents == .all)
    #expect(calm.weather.current.windSpeed == nil)
    #expect(calm.weather.current.temperature == 44.32)
    // One with nothing but its time is left out, and the note says so.
    let empty = try reported(
      try fixture.modified { json in
        json["currently"] = ["time": 1_519_150_919]
      })
    #expect(empty.weather.contents == [.hourly, .daily])
    #expect(empty.notes == ["currently left out: it has no value"])
  }

  // MARK: Bodies that are not JSON

  /// A saved answer with a UTF-8 byte-order mark (what some Windows editors write) is read as
  /// it was before the decoders moved onto CloudyJSON's reader.
  @Test func aByteOrderMarkIsSkipped() throws {
    let body = try Fixture.openMeteoAuckland.bytes
    let plain = try decode(body, .openMeteo)
    let marked = try decode([0xEF, 0xBB, 0xBF] + body, .openMeteo)
    #expect(marked == plain)
  }

  @Test func malformedTruncatedAndHostileBodies() throws {
    let whole = try Fixture.openMeteoAuckland.bytes
    expectInvalid(Array(whole.prefix(whole.count / 2)), .openMeteo, mentioning: "not valid JSON")
    expectInvalid(Array(whole.dropLast(2)), .openMeteo, mentioning: "not valid JSON")
    expectInvalid(
      Array("<!DOCTYPE html><html>".utf8), .darkSky, mentioning: "starts with \"<!DOCTYPE")
    expectInvalid([], .darkSky, mentioning: "empty")
    expectInvalid(Array("   \n".utf8), .darkSky, mentioning: "white space")
    expectInvalid(Array("[1, 2, 3]".utf8), .openMeteo, mentioning: "expected an object")
    expectInvalid(Array("{\"latitude\": 1".utf8), .openMeteo, mentioning: "not valid JSON")
    expectInvalid([0xFF, 0xFE, 0x00, 0x7B], .openMeteo, mentioning: "not JSON")
    // Deep nesting must not exhaust the stack.
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 200_000)
    expectInvalid(deep, .openMeteo, mentioning: "JSON")
    let deepObject = Array(("{\"currently\":" + String(repeating: "[", count: 100_000)).utf8)
    expectInvalid(deepObject, .darkSky, mentioning: "JSON")
    // Refused at the reader's depth limit, saying so, not at the end of the stack.
    expectInvalid(deep, .openMeteo, mentioning: "nested deeper than 64 levels")
    // A duplicated key is refused where it is, not silently read as one of the two values
    // (Foundation's JSONDecoder, read before, kept one of them without a word).
    expectInvalid(
      Array("{\"latitude\": 1,\n\"latitude\": 2}".utf8), .openMeteo,
      mentioning: "line 2, column 11: the key \"latitude\" appears twice")
    // A cut body says where it ends.
    expectInvalid(Array("{\n\"latitude\": 1".utf8), .openMeteo, mentioning: "line 2")
    // The other format's body.
    expectInvalid(try Fixture.darkSkySanFrancisco.bytes, .openMeteo, mentioning: "missing field")
    // An Open-Meteo body has no `flags`: as Dark Sky its units cannot be known.
    expectInvalid(
      try Fixture.openMeteoAuckland.bytes, .darkSky, mentioning: "flags.units is missing")
  }

  // MARK: Codes, icons, messages

  @Test func wmoCodesMapToCloudyIcons() {
    #expect(WMOWeatherCode.icon(code: 0, isDay: true) == .clearDay)
    #expect(WMOWeatherCode.icon(code: 0, isDay: false) == .clearNight)
    #expect(WMOWeatherCode.icon(code: 2, isDay: false) == .partlyCloudyNight)
    #expect(WMOWeatherCode.icon(code: 3, isDay: true) == .cloudy)
    #expect(WMOWeatherCode.icon(code: 45, isDay: true) == .fog)
    #expect(WMOWeatherCode.icon(code: 55, isDay: true) == .rain)
    #expect(WMOWeatherCode.icon(code: 67, isDay: true) == .sleet)
    #expect(WMOWeatherCode.icon(code: 75, isDay: true) == .snow)
    #expect(WMOWeatherCode.icon(code: 86, isDay: true) == .snow)
    #expect(WMOWeatherCode.icon(code: 99, isDay: true) == .rain)
    #expect(WMOWeatherCode.summary(code: 95) == "Thunderstorm")
    #expect(WMOWeatherCode.summary(code: 53) == "Drizzle")
    #expect(WMOWeatherCode.summary(code: 48) == "Freezing Fog")
    #expect(WMOWeatherCode.summary(code: 42) == "Unknown Conditions")
    for icon in WeatherIcon.allCases {
      #expect(WeatherIcon.closest(toProviderIcon: icon.rawValue) == icon)
    }
  }

  @Test func errorDescriptionsAreOneLine() {
    let errors: [ForecastError] = [
      .unreachable("the connection to 127.0.0.1:9 was refused"), .timedOut(seconds: 10),
      .timedOut(seconds: 1.5), .httpStatus(500, "Internal\nServer Error"),
      .httpStatus(403, "Forbidden"), .invalidResponse("hourly.time is text, expected a list"),
      .tooLarge(limitBytes: 4 << 20), .missingAPIKey(variable: "CLOUDY_DARK_SKY_KEY"),
      .redirected("http://elsewhere.example/v1"),
      .invalidConfiguration("CLOUDY_HTTP_TIMEOUT is \"x\""),
    ]
    for error in errors {
      for line in [
        error.description, error.description(for: .openMeteo), error.description(for: .darkSky),
      ] {
        #expect(!line.isEmpty)
        #expect(!line.contains("\n"), "\(line)")
        #expect(line.first?.isUppercase == true, "\(line)")
      }
    }
    #expect(
      ForecastError.timedOut(seconds: 10).description(for: .openMeteo)
        == "Open-Meteo did not answer within 10 s; try again later")
    #expect(ForecastError.tooLarge(limitBytes: 4 << 20).description.contains("4 MiB"))
    #expect(ForecastError.httpStatus(403, "Forbidden").description.contains("check the API key"))
    #expect(
      ForecastError.missingAPIKey(variable: "CLOUDY_DARK_SKY_KEY").description.contains(
        "CLOUDY_DARK_SKY_KEY"))
  }

  @Test func transportErrorsMapToForecastErrors() {
    func map(_ code: Int) -> ForecastError? {
      HTTPFetcher.forecastError(
        curlCode: Int32(code), message: "", host: "api.example", timeout: 7)
    }
    #expect(map(0) == nil)
    #expect(map(28) == .timedOut(seconds: 7))  // CURLE_OPERATION_TIMEDOUT
    #expect(map(6) == .unreachable("cannot resolve the host name api.example"))
    #expect(map(7) == .unreachable("the connection to api.example was refused"))
    guard case .unreachable = map(35) else {  // CURLE_SSL_CONNECT_ERROR
      Issue.record("TLS failure should be unreachable")
      return
    }
    guard case .invalidResponse = map(8) else {  // CURLE_WEIRD_SERVER_REPLY
      Issue.record("a bad HTTP response should be invalidResponse")
      return
    }
  }

  @Test func localClockParsesLocalTimes() throws {
    #expect(LocalClock.localSeconds(iso: "1970-01-01") == 0)
    #expect(LocalClock.localSeconds(iso: "2026-01-15T09:15") == 1_768_468_500)
    #expect(LocalClock.localSeconds(iso: "2024-02-29T23:59:59") == 1_709_251_199)
    #expect(LocalClock.localSeconds(iso: "2026-13-01") == nil)
    #expect(LocalClock.localSeconds(iso: "2026-01-15 09:15") == nil)
    #expect(LocalClock.localSeconds(iso: "yesterday") == nil)
    // Dates are placed at their real local midnight in the zone, before and after a DST change;
    // date-times use the response's single offset (as Open-Meteo writes them).
    let times = try LocalClock.with(timeZoneName: "America/New_York", fixedOffset: -18_000) {
      (newYork) throws(ForecastError) in
      [
        try newYork.unixTime(iso: "2026-03-07", path: "t"),
        try newYork.unixTime(iso: "2026-03-09", path: "t"),
        try newYork.unixTime(iso: "2026-03-09T12:00", path: "t"),
      ]
    }
    #expect(times == [1_772_859_600, 1_773_028_800, 1_773_075_600])
    try LocalClock.with(timeZoneName: "Nowhere/Unknown", fixedOffset: 3600) { unknown in
      #expect(unknown.zoneTime(localSeconds: 7200) == 3600)
    }
  }

  private func utcDate(_ time: Int64) -> String {
    let days = Int((time - ((time % 86_400) + 86_400) % 86_400) / 86_400)
    let date = Date(timeIntervalSince1970: Double(days) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
  }
}

import CloudyModels
public import CloudyServices

/// Reads the NWS's forecast answers (api.weather.gov): `/gridpoints/{office}/{x},{y}/forecast`
/// (12-hour day and night periods) into days, `/forecast/hourly` (one-hour periods) into hours.
///
/// Shape: a GeoJSON Feature, `geometry` a Polygon (the grid cell; older answers a
/// GeometryCollection with a Point); `properties` {`updateTime`, `units`, `periods`: [{`number`,
/// `name` ("Tonight"; empty in hourly answers), `startTime`/`endTime` (ISO 8601 with offset),
/// `isDaytime`, `temperature`, `temperatureUnit` (F or C), `windSpeed` ("10 mph", "5 to 10
/// mph", "4 km/h"), `probabilityOfPrecipitation` {`value`}, `shortForecast`, `icon` (a URL)}]}.
///
/// How Cloudy's days are made (decisions): periods are grouped by the date they start on, in
/// the place's zone (from `/points`, else the saved place's, else the first period's offset);
/// the day period gives the high, the summary and the icon, the night period that starts that
/// evening the low, so a first period that is "Tonight" makes a day with a low and no high. A
/// low above its day's high (a warm night after a cold day) is left out with a note, as a
/// day's minimum cannot be above its maximum. Wind is the upper end of the text's range, the
/// stronger of the two periods'; the chance is the larger. Missing values stay missing.
enum NWSForecastDecoding {
  static func decode(_ document: JSONField, timeZone: String?) throws(ForecastError)
    -> DecodedForecast
  {
    let properties = try document.required("properties")
    var notes: [String] = []
    let periods = try properties.required("periods").elements().map {
      (field) throws(ForecastError) in try period(field)
    }
    guard let first = periods.first else {
      throw .invalidResponse("properties.periods is empty: the answer holds no forecast")
    }
    let (latitude, longitude) = try coordinate(document)
    let zone: String
    if let timeZone, !timeZone.isEmpty {
      zone = timeZone
    } else {
      zone = fixedOffsetZone(first.offset)
      notes.append(
        "the answer names no time zone and the place has none saved: days are read at the first period's offset (\(zone))"
      )
    }
    let updated = try properties.optional("updateTime")?.string()
    // An hourly answer's periods are one hour long; the forecast's are day and night halves.
    let isHourly = periods.allSatisfy { $0.end - $0.start <= 3600 }
    var days: [WeatherDayData] = []
    var hours: [WeatherHourData] = []
    if isHourly {
      hours = periods.map {
        WeatherHourData(
          time: $0.start, summary: $0.summary, icon: $0.icon, temperature: $0.temperature,
          windSpeed: $0.windSpeed, precipitationProbability: $0.probability,
          readings: $0.readings)
      }
    } else {
      days = try LocalClock.with(timeZoneName: zone, fixedOffset: first.offset) {
        (clock) throws(ForecastError) in Self.days(periods, clock: clock, notes: &notes)
      }
    }
    return DecodedForecast(
      latitude: latitude, longitude: longitude, timeZone: zone, current: nil, days: days,
      hours: hours, notes: notes, model: nil, provider: .nws,
      issuedAt: updated.flatMap { CAPTime.parse($0)?.seconds })
  }

  /// Whether a document is an NWS forecast answer: a Feature whose properties hold `periods`.
  static func recognises(_ document: JSONField) -> Bool {
    guard let properties = try? document.optional("properties") else { return false }
    return properties.contains("periods")
  }

  /// Whether the answer is the hourly one (one-hour periods).
  static func isHourly(_ document: JSONField) -> Bool {
    guard let periods = try? document.required("properties").required("periods").elements()
    else { return false }
    return periods.allSatisfy { field in
      guard let start = try? field.required("startTime").string(),
        let end = try? field.required("endTime").string(),
        let from = CAPTime.parse(start)?.seconds, let to = CAPTime.parse(end)?.seconds
      else { return false }
      return to - from <= 3600
    }
  }

  /// One period, in canonical units.
  struct Period {
    var start: Int64
    var end: Int64
    /// The offset its start time was written with, seconds.
    var offset: Int64
    var isDaytime: Bool
    var summary: String?
    var icon: WeatherIcon?
    var temperature: Double?
    var windSpeed: Double?
    var probability: Double?
    /// `relativeHumidity` {value, %}, `dewpoint` {value, unitCode degC or degF},
    /// `windDirection` (a 16-point compass word, read as its bearing).
    var readings: WeatherReadings
  }

  private static func period(_ field: JSONField) throws(ForecastError) -> Period {
    func time(_ key: String) throws(ForecastError) -> (Int64, Int64) {
      let text = try field.required(key).string()
      guard let reading = CAPTime.parse(text),
        let local = LocalClock.localSeconds(
          iso: String(text.prefix(19)))
      else {
        throw .invalidResponse("\(field.path).\(key) \"\(text)\" is not an ISO 8601 time")
      }
      return (reading.seconds, local - reading.seconds)
    }
    let (start, offset) = try time("startTime")
    let (end, _) = try time("endTime")
    var temperature = try field.optional("temperature")?.optionalNumber()
    if let value = temperature {
      let unit = try field.optional("temperatureUnit")?.string() ?? "F"
      switch unit {
      case "F": break
      case "C": temperature = UnitConversion.fahrenheit(fromCelsius: value)
      default:
        throw .invalidResponse("\(field.path).temperatureUnit is \"\(unit)\"; expected F or C")
      }
    }
    let summary = try field.optional("shortForecast")?.string()
    let iconURL = try field.optional("icon")?.string()
    // Day or night: the icon's `/day/` or `/night/` (the same fact as `isDaytime`, which the
    // accessor this decoder reads through has no Boolean for), else a start from 06:00 to
    // 17:59 at the period's own offset.
    let localHour = ((start + offset) % 86_400 + 86_400) % 86_400 / 3600
    let isDaytime =
      iconURL.flatMap(NWSIcon.isDay(url:)) ?? (6..<18).contains(localHour)
    return Period(
      start: start, end: end, offset: offset, isDaytime: isDaytime,
      summary: summary.flatMap { $0.isEmpty ? nil : Validation.summary($0, fallback: "") },
      icon: iconURL.flatMap(NWSIcon.icon(url:)),
      temperature: temperature,
      windSpeed: try wind(field.optional("windSpeed")),
      probability: try field.optional("probabilityOfPrecipitation")?.optional("value")?
        .optionalNumber().map { $0 / 100 },
      readings: try readings(field))
  }

  private static func readings(_ field: JSONField) throws(ForecastError) -> WeatherReadings {
    let humidity = try field.optional("relativeHumidity")?.optional("value")?.optionalNumber()
    var dewPoint: Double?
    if let dew = try field.optional("dewpoint"),
      let value = try dew.optional("value")?.optionalNumber()
    {
      let unit = try dew.optional("unitCode")?.string() ?? "wmoUnit:degC"
      dewPoint =
        unit.hasSuffix("degF") ? value : UnitConversion.fahrenheit(fromCelsius: value)
    }
    let direction = (try field.optional("windDirection")).flatMap { try? $0.string() }.flatMap {
      UnitConversion.bearing(compassPoint: $0)
    }
    return WeatherReadings(humidity: humidity, dewPoint: dewPoint, windDirection: direction)
  }

  private static func wind(_ field: JSONField?) throws(ForecastError) -> Double? {
    guard let field else { return nil }
    return try windSpeed(field)
  }

  /// "10 mph", "5 to 10 mph", "4 km/h", "0 to 5 km/h" → the upper end, mph; nil for text
  /// without a number. Newer answers may give an object {`unitCode`, `value`/`maxValue`}.
  static func windSpeed(_ field: JSONField) throws(ForecastError) -> Double? {
    if let text = try? field.string() { return windSpeed(text: text, path: field.path) }
    let unit = try field.optional("unitCode")?.string() ?? ""
    var value = try field.optional("maxValue")?.optionalNumber()
    if value == nil { value = try field.optional("value")?.optionalNumber() }
    guard let value else { return nil }
    return unit.hasSuffix("km_h-1")
      ? UnitConversion.milesPerHour(fromKilometresPerHour: value) : value
  }

  static func windSpeed(text: String, path: String) -> Double? {
    let words = text.split(separator: " ")
    let numbers = words.compactMap { Double($0) }
    guard let strongest = numbers.max() else { return nil }
    if words.contains(where: { $0.lowercased() == "km/h" }) {
      return UnitConversion.milesPerHour(fromKilometresPerHour: strongest)
    }
    return strongest
  }

  /// The Feature's place: the centre of its grid cell, or its Point.
  private static func coordinate(_ document: JSONField) throws(ForecastError) -> (Double, Double) {
    guard let geometry = try document.optional("geometry") else {
      throw .invalidResponse("the answer has no geometry, so no place")
    }
    let type = try geometry.optional("type")?.string()
    if type == "GeometryCollection" {
      for member in try geometry.required("geometries").elements()
      where try member.optional("type")?.string() == "Point" {
        let point = try member.required("coordinates").elements()
        guard point.count >= 2 else { break }
        return (try point[1].number(), try point[0].number())
      }
      throw .invalidResponse("geometry holds no Point")
    }
    if type == "Point" {
      let point = try geometry.required("coordinates").elements()
      guard point.count >= 2 else { throw .invalidResponse("geometry.coordinates is too short") }
      return (try point[1].number(), try point[0].number())
    }
    guard let ring = try geometry.required("coordinates").elements().first else {
      throw .invalidResponse("geometry.coordinates is empty")
    }
    var vertices = try ring.elements()
    if vertices.count > 1 { vertices.removeLast() }  // the closing vertex repeats the first
    guard !vertices.isEmpty else { throw .invalidResponse("geometry has no vertex") }
    var (latitude, longitude) = (0.0, 0.0)
    for vertex in vertices {
      let pair = try vertex.elements()
      guard pair.count >= 2 else { throw .invalidResponse("\(vertex.path) is not a position") }
      longitude += try pair[0].number()
      latitude += try pair[1].number()
    }
    return (latitude / Double(vertices.count), longitude / Double(vertices.count))
  }

  /// "Etc/GMT+5" for −05:00 (POSIX's sign), "UTC" for 0; whole hours only, else UTC.
  static func fixedOffsetZone(_ offset: Int64) -> String {
    guard offset != 0, offset % 3600 == 0 else { return "UTC" }
    let hours = -offset / 3600
    return hours > 0 ? "Etc/GMT+\(hours)" : "Etc/GMT\(hours)"
  }

  private static func days(_ periods: [Period], clock: LocalClock, notes: inout [String])
    -> [WeatherDayData]
  {
    var order: [Int64] = []
    var day: [Int64: Period] = [:]
    var night: [Int64: Period] = [:]
    for period in periods {
      let date = clock.dayStart(containing: period.start)
      if day[date] == nil && night[date] == nil { order.append(date) }
      if period.isDaytime {
        if day[date] == nil { day[date] = period }
      } else if night[date] == nil {
        night[date] = period
      }
    }
    var warmNights = 0
    let result = order.compactMap { date -> WeatherDayData? in
      let light = day[date]
      let dark = night[date]
      var low = dark?.temperature
      if let high = light?.temperature, let value = low, value > high {
        low = nil
        warmNights += 1
      }
      let winds = [light?.windSpeed, dark?.windSpeed].compactMap { $0 }
      let chances = [light?.probability, dark?.probability].compactMap { $0 }
      let main = light ?? dark
      let result = WeatherDayData(
        time: date, summary: main?.summary, icon: main?.icon, temperatureMin: low,
        temperatureMax: light?.temperature, windSpeed: winds.max(),
        precipitationProbability: chances.max())
      return result.hasValue ? result : nil
    }
    if warmNights > 0 {
      notes.append(
        "\(warmNights == 1 ? "1 night's low" : "\(warmNights) nights' lows") above the day's high left out"
      )
    }
    return result
  }
}

/// What an NWS `/points/{lat},{lon}` answer says about a place: where its forecasts are and
/// its time zone.
public struct NWSPoint: Sendable, Equatable {
  /// The `forecast` URL (12-hour periods).
  public var forecast: String
  /// The `forecastHourly` URL.
  public var forecastHourly: String?
  /// `timeZone`, IANA.
  public var timeZone: String?
}

extension ForecastDecoder {
  /// Reads a `/points` answer; refuses one without a `forecast` URL.
  public static func nwsPoint(_ body: [UInt8]) throws(ForecastError) -> NWSPoint {
    let properties = try JSONField(try ResponseJSON.parse(body), path: "").required("properties")
    return NWSPoint(
      forecast: try properties.required("forecast").string(),
      forecastHourly: try properties.optional("forecastHourly")?.string(),
      timeZone: try properties.optional("timeZone")?.string())
  }
}

/// The NWS's icon URLs (`https://api.weather.gov/icons/land/day/tsra,40/ovc?size=medium`) →
/// a Cloudy icon, from the first condition of the period and whether it is day or night.
enum NWSIcon {
  /// Whether the URL is a day icon (`/land/day/…`) or a night one; nil when it says neither.
  static func isDay(url: String) -> Bool? {
    let parts = url.split(separator: "?").first?.split(separator: "/") ?? []
    guard let landIndex = parts.firstIndex(where: { $0 == "land" || $0 == "marine" }),
      landIndex + 1 < parts.count
    else { return nil }
    switch parts[landIndex + 1] {
    case "day": return true
    case "night": return false
    default: return nil
    }
  }

  static func icon(url: String) -> WeatherIcon? {
    let path = url.split(separator: "?").first.map(String.init) ?? url
    let parts = path.split(separator: "/")
    guard let landIndex = parts.firstIndex(where: { $0 == "land" || $0 == "marine" }),
      landIndex + 2 < parts.count
    else { return nil }
    let isDay = parts[landIndex + 1] != "night"
    let code = parts[landIndex + 2].split(separator: ",").first.map(String.init) ?? ""
    switch code {
    case "skc", "few", "hot", "cold": return isDay ? .clearDay : .clearNight
    case "sct", "bkn": return isDay ? .partlyCloudyDay : .partlyCloudyNight
    case "ovc": return .cloudy
    case "wind_skc", "wind_few", "wind_sct", "wind_bkn", "wind_ovc": return .wind
    case "snow", "blizzard": return .snow
    case "rain_snow", "rain_sleet", "snow_sleet", "fzra", "rain_fzra", "snow_fzra", "sleet":
      return .sleet
    case "rain", "rain_showers", "rain_showers_hi", "tsra", "tsra_sct", "tsra_hi", "tornado",
      "hurricane", "tropical_storm":
      return .rain
    case "fog", "haze", "smoke", "dust": return .fog
    default: return nil
    }
  }
}

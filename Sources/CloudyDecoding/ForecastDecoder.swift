import CloudyModels
import CloudyServices

/// Which provider's JSON a body is.
public enum ForecastResponseFormat: String, Sendable, CaseIterable {
  case openMeteo = "open-meteo"
  case darkSky = "dark-sky"

  /// The provider kind stored with a forecast in this format.
  public var providerKind: ForecastProviderKind {
    switch self {
    case .openMeteo: .openMeteo
    case .darkSky: .darkSky
    }
  }

  /// Recognizes a saved response by its shape; nil when it is not JSON or neither shape.
  ///
  /// Dark Sky: a top-level `currently`, or `hourly`/`daily` objects holding `data`.
  /// Open-Meteo: `utc_offset_seconds`, `generationtime_ms`, a `…_units` object, `current` /
  /// `current_weather`, or `hourly`/`daily` objects holding a `time` column.
  public static func detect(_ json: [UInt8]) -> ForecastResponseFormat? {
    guard let document = try? JSONValue.parse(json), case .object(let top) = document else {
      return nil
    }
    if top["currently"] != nil { return .darkSky }
    let openMeteoKeys = [
      "utc_offset_seconds", "generationtime_ms", "current", "current_weather", "current_units",
      "hourly_units", "daily_units",
    ]
    if openMeteoKeys.contains(where: { top[$0] != nil }) { return .openMeteo }
    for block in ["hourly", "daily"] {
      guard case .object(let members)? = top[block] else { continue }
      if members["data"] != nil { return .darkSky }
      if members["time"] != nil { return .openMeteo }
    }
    return nil
  }
}

/// Turns a provider's JSON into a validated `WeatherData` in canonical units (°F, mph, 0…1).
///
/// Used by the providers after a fetch and by `cloudy-forecast import` on a saved file. Keeps at
/// most 7 days (from the one holding the current time) and 48 hours (from the current hour).
public enum ForecastDecoder {
  public static let maximumDays = 7
  public static let maximumHours = 48

  public static func decode(_ body: [UInt8], format: ForecastResponseFormat, fetchedAt: Int64)
    throws(ForecastError) -> WeatherData
  {
    let document = JSONField(try JSONValue.parse(body), path: "")
    guard case .object = document.value else {
      throw .invalidResponse("the document is \(document.value.kindName), expected an object")
    }
    let decoded: DecodedForecast
    switch format {
    case .openMeteo: decoded = try OpenMeteoDecoding.decode(document)
    case .darkSky: decoded = try DarkSkyDecoding.decode(document)
    }
    return try decoded.validated(provider: format.providerKind, fetchedAt: fetchedAt)
  }
}

/// What a format decoder produces, before the checks common to both formats.
struct DecodedForecast {
  var latitude: Double
  var longitude: Double
  var timeZone: String
  var current: WeatherConditions
  var days: [WeatherDayData]
  var hours: [WeatherHourData]

  func validated(provider: ForecastProviderKind, fetchedAt: Int64) throws(ForecastError)
    -> WeatherData
  {
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      throw .invalidResponse("the coordinate is not valid: \(error)")
    }
    try Validation.timeZone(timeZone)
    try Validation.conditions(current, path: "current conditions")

    let hours = try Validation.selectHours(self.hours, now: current.time)
    let days = try Validation.selectDays(self.days, now: current.time)
    return WeatherData(
      provider: provider, fetchedAt: fetchedAt, coordinate: coordinate, timeZone: timeZone,
      current: current, days: days, hours: hours)
  }
}

package enum Validation {
  /// Unix seconds between 1970 and 2200.
  static let timeRange: ClosedRange<Int64> = 0...7_258_118_400
  /// °F; well beyond the records on Earth, so only garbage is refused.
  static let temperatureRange: ClosedRange<Double> = -200...200
  /// mph.
  static let windRange: ClosedRange<Double> = 0...700

  static func timeZone(_ name: String) throws(ForecastError) {
    guard !name.isEmpty else { throw .invalidResponse("the time zone is empty") }
    guard name.utf8.count <= 64,
      name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else {
      throw .invalidResponse("the time zone \"\(name)\" is not an IANA time zone name")
    }
  }

  static func time(_ value: Int64, path: String) throws(ForecastError) {
    guard timeRange.contains(value) else {
      throw .invalidResponse("\(path): time \(value) is not a plausible unix time")
    }
  }

  static func temperature(_ value: Double, path: String) throws(ForecastError) {
    guard value.isFinite, temperatureRange.contains(value) else {
      throw .invalidResponse("\(path): temperature \(value) °F is impossible")
    }
  }

  static func wind(_ value: Double, path: String) throws(ForecastError) {
    guard value.isFinite, windRange.contains(value) else {
      throw .invalidResponse("\(path): wind speed \(value) mph is impossible")
    }
  }

  static func probability(_ value: Double?, path: String) throws(ForecastError) {
    guard let value else { return }
    guard value.isFinite, (0...1).contains(value) else {
      throw .invalidResponse("\(path): precipitation probability \(value) is outside 0…1")
    }
  }

  static func conditions(_ conditions: WeatherConditions, path: String) throws(ForecastError) {
    try time(conditions.time, path: path)
    try temperature(conditions.temperature, path: path)
    try wind(conditions.windSpeed, path: path)
    try probability(conditions.precipitationProbability, path: path)
  }

  static func day(_ day: WeatherDayData, path: String) throws(ForecastError) {
    try time(day.time, path: path)
    try temperature(day.temperatureMin, path: path)
    try temperature(day.temperatureMax, path: path)
    guard day.temperatureMin <= day.temperatureMax else {
      throw .invalidResponse(
        "\(path): minimum temperature \(day.temperatureMin) is above the maximum \(day.temperatureMax)"
      )
    }
    try wind(day.windSpeed, path: path)
    try probability(day.precipitationProbability, path: path)
  }

  /// Validates every hour, requires increasing times and keeps 48 from the current hour on.
  static func selectHours(_ hours: [WeatherHourData], now: Int64) throws(ForecastError)
    -> [WeatherHourData]
  {
    var previous: Int64?
    for (index, hour) in hours.enumerated() {
      try conditions(hour, path: "hour \(index)")
      if let previous, hour.time <= previous {
        throw .invalidResponse("hour \(index): times are not in increasing order")
      }
      previous = hour.time
    }
    let kept = hours.filter { $0.time > now - 3600 }.prefix(ForecastDecoder.maximumHours)
    guard !kept.isEmpty else {
      throw .invalidResponse(
        hours.isEmpty ? "there are no hourly rows" : "every hourly row is in the past")
    }
    return Array(kept)
  }

  /// Validates every day, requires increasing times and keeps 7 from the day holding `now`.
  static func selectDays(_ days: [WeatherDayData], now: Int64) throws(ForecastError)
    -> [WeatherDayData]
  {
    for (index, day) in days.enumerated() {
      try self.day(day, path: "day \(index)")
      if index > 0, day.time <= days[index - 1].time {
        throw .invalidResponse("day \(index): dates are not in increasing order")
      }
    }
    // Drop the days that ended before now (the next day started at or before now).
    var first = 0
    while first + 1 < days.count, days[first + 1].time <= now { first += 1 }
    let kept = days[first...].prefix(ForecastDecoder.maximumDays)
    guard !kept.isEmpty else { throw .invalidResponse("there are no daily rows") }
    return Array(kept)
  }

  /// Trims a provider's summary to one short line.
  package static func summary(_ text: String?, fallback: String) -> String {
    guard let text else { return fallback }
    var result = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace { result.unicodeScalars.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
      if result.unicodeScalars.count >= 200 { break }
    }
    return result.isEmpty ? fallback : result
  }
}

/// Unit conversions into the canonical units.
enum UnitConversion {
  static func fahrenheit(fromCelsius celsius: Double) -> Double { celsius * 1.8 + 32 }
  static func mph(fromKPH kph: Double) -> Double { kph / 1.609344 }
  static func mph(fromMetersPerSecond value: Double) -> Double { value * 3600 / 1609.344 }
  static func mph(fromKnots knots: Double) -> Double { knots * 1852 / 1609.344 }
}

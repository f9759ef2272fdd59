public import CloudyModels
public import CloudyServices

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
    // Open-Meteo's error body: {"error": true, "reason": "…"} (either key order).
    if case .bool(true)? = top["error"], top["reason"] != nil { return .openMeteo }
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
/// most 7 days (from the one holding the issue time) and 48 hours (from the issue hour).
public enum ForecastDecoder {
  public static let maximumDays = 7
  public static let maximumHours = 48

  /// What a response decoded to, with what was left out and which model was read.
  public struct Decoded: Sendable {
    public var weather: WeatherData
    /// Parts of the response left out, e.g. "daily left out: it has no wind speed".
    public var notes: [String]
    /// The model read from a multi-model Open-Meteo response; nil otherwise.
    public var model: String?
  }

  public static func decode(_ body: [UInt8], format: ForecastResponseFormat, fetchedAt: Int64)
    throws(ForecastError) -> WeatherData
  {
    try decodeReporting(body, format: format, fetchedAt: fetchedAt).weather
  }

  /// `decode`, also saying what was left out; `model` picks one of a multi-model response.
  public static func decodeReporting(
    _ body: [UInt8], format: ForecastResponseFormat, fetchedAt: Int64, model: String? = nil
  ) throws(ForecastError) -> Decoded {
    let document = JSONField(try JSONValue.parse(body), path: "")
    guard case .object = document.value else {
      throw .invalidResponse("the document is \(document.value.kindName), expected an object")
    }
    let decoded: DecodedForecast
    switch format {
    case .openMeteo: decoded = try OpenMeteoDecoding.decode(document, model: model)
    case .darkSky:
      if let model {
        throw .invalidResponse("--model \(model) applies to Open-Meteo responses only")
      }
      decoded = try DarkSkyDecoding.decode(document)
    }
    let weather = try decoded.validated(provider: format.providerKind, fetchedAt: fetchedAt)
    var notes = decoded.notes
    if weather.hours.isEmpty, !decoded.hours.isEmpty {
      let count = decoded.hours.count
      let which = count == 1 ? "its one hour is" : "its \(count) hours are all"
      notes.append("hourly left out: \(which) before the data's current time")
    }
    return Decoded(weather: weather, notes: notes, model: decoded.model)
  }
}

/// What a format decoder produces, before the checks common to both formats.
struct DecodedForecast {
  var latitude: Double
  var longitude: Double
  var timeZone: String
  var current: WeatherConditions?
  var days: [WeatherDayData]
  var hours: [WeatherHourData]
  var notes: [String]
  var model: String?

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
    if let current { try Validation.conditions(current, path: "current conditions") }
    guard let issuedAt = current?.time ?? hours.first?.time ?? days.first?.time else {
      let left = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
      throw .invalidResponse(
        "the response holds no forecast: no current conditions, hours or days with a temperature, wind speed and weather code\(left)"
      )
    }
    let hours = try Validation.selectHours(self.hours, now: issuedAt)
    let days = try Validation.selectDays(self.days, now: issuedAt)
    var contents: ForecastContents = []
    if current != nil { contents.insert(.current) }
    if !hours.isEmpty { contents.insert(.hourly) }
    if !days.isEmpty { contents.insert(.daily) }
    // Without the provider's own "now", the stored current row repeats the first hour (or the
    // first day); `contents` says so and the day view does not present it as current.
    let stored =
      current ?? hours.first
      ?? days.first.map {
        WeatherConditions(
          time: $0.time, summary: $0.summary, icon: $0.icon, temperature: $0.temperatureMax,
          windSpeed: $0.windSpeed, precipitationProbability: $0.precipitationProbability)
      }
    guard let stored else {
      throw .invalidResponse("every hour and day of the response is before its issue time")
    }
    return WeatherData(
      provider: provider, fetchedAt: fetchedAt, coordinate: coordinate, timeZone: timeZone,
      current: stored, days: days, hours: hours, issuedAt: issuedAt, contents: contents)
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

  /// Validates every hour, requires increasing times and keeps 48 from the issue hour on.
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
    return Array(hours.filter { $0.time > now - 3600 }.prefix(ForecastDecoder.maximumHours))
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
    guard !days.isEmpty else { return [] }
    var first = 0
    while first + 1 < days.count, days[first + 1].time <= now { first += 1 }
    return Array(days[first...].prefix(ForecastDecoder.maximumDays))
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

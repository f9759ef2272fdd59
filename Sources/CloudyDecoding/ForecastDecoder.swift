import CloudyJSON
public import CloudyModels
public import CloudyServices

/// Which provider's JSON a body is.
public enum ForecastResponseFormat: String, Sendable, CaseIterable {
  case openMeteo = "open-meteo"
  case darkSky = "dark-sky"
  /// MET Norway's Locationforecast 2.0 (compact or complete).
  case metNorway = "met-norway"
  /// The NWS's `/gridpoints/…/forecast` (12-hour periods) or `/forecast/hourly` answer.
  case nws

  /// The provider kind stored with a forecast in this format.
  public var providerKind: ForecastProviderKind {
    switch self {
    case .openMeteo: .openMeteo
    case .darkSky: .darkSky
    case .metNorway: .metNorway
    case .nws: .nws
    }
  }

  /// Recognizes a saved response by its shape; nil when it is not JSON or neither shape.
  ///
  /// Dark Sky: a top-level `currently`, or `hourly`/`daily` objects holding `data`.
  /// Open-Meteo: `utc_offset_seconds`, `generationtime_ms`, a `…_units` object, `current` /
  /// `current_weather`, or `hourly`/`daily` objects holding a `time` column.
  public static func detect(_ json: [UInt8]) -> ForecastResponseFormat? {
    guard let top = try? ResponseJSON.parse(json), case .object = top.value else {
      return nil
    }
    let field = JSONField(top, path: "")
    if METNorwayDecoding.recognises(field) { return .metNorway }
    if NWSForecastDecoding.recognises(field) { return .nws }
    if top["currently"] != nil { return .darkSky }
    // Open-Meteo's error body: {"error": true, "reason": "…"} (either key order).
    if case .bool(true)? = top["error"]?.value, top["reason"] != nil { return .openMeteo }
    let openMeteoKeys = [
      "utc_offset_seconds", "generationtime_ms", "current", "current_weather", "current_units",
      "hourly_units", "daily_units",
    ]
    if openMeteoKeys.contains(where: { top[$0] != nil }) { return .openMeteo }
    for block in ["hourly", "daily"] {
      guard let members = top[block], case .object = members.value else { continue }
      if members["data"] != nil { return .darkSky }
      if members["time"] != nil { return .openMeteo }
    }
    return nil
  }
}

/// Turns a provider's JSON into a validated `WeatherData` in canonical units (°F, mph, 0…1,
/// inches).
///
/// Used by the providers after a fetch and by `cloudy-forecast import` on a saved file. Keeps
/// every hour from the issue hour on and every day from the one holding the issue time, up to
/// Open-Meteo's longest forecast (16 days, 384 hours); what is left out is said in the notes.
public enum ForecastDecoder {
  public static let maximumDays = 16
  public static let maximumHours = 384

  /// What a response decoded to, with what was left out and which model was read.
  public struct Decoded: Sendable {
    public var weather: WeatherData
    /// What the response lacked or what was left out, e.g. "hourly has no weather code: kept
    /// without it".
    public var notes: [String]
    /// The model read from a multi-model Open-Meteo response; nil otherwise.
    public var model: String?
  }

  public static func decode(
    _ body: [UInt8], format: ForecastResponseFormat, fetchedAt: Int64, timeZone: String? = nil
  ) throws(ForecastError) -> WeatherData {
    try decodeReporting(body, format: format, fetchedAt: fetchedAt, timeZone: timeZone).weather
  }

  /// `decode`, also saying what was left out; `model` picks one of a multi-model response.
  /// `entry`: which forecast of Open-Meteo's multi-location answer (a top-level list) to read
  /// (see `ResponseRecognition.multiLocationCoordinates`). `timeZone`: the place's IANA zone,
  /// for the answers that name none (MET Norway's; the NWS's, whose zone is in `/points`).
  public static func decodeReporting(
    _ body: [UInt8], format: ForecastResponseFormat, fetchedAt: Int64, model: String? = nil,
    entry: Int? = nil, timeZone: String? = nil
  ) throws(ForecastError) -> Decoded {
    var parsed = try ResponseJSON.parse(body)
    if let entry {
      guard case .array(let entries) = parsed.value, entries.indices.contains(entry) else {
        throw .invalidResponse("the response holds no forecast number \(entry + 1)")
      }
      parsed = entries[entry]
    }
    let document = JSONField(parsed, path: "")
    guard case .object = document.value else {
      throw .invalidResponse("the document is \(document.node.kindName), expected an object")
    }
    let decoded: DecodedForecast
    switch format {
    case .openMeteo: decoded = try OpenMeteoDecoding.decode(document, model: model)
    case .darkSky:
      if let model {
        throw .invalidResponse("a model (\(model)) can be chosen in Open-Meteo responses only")
      }
      decoded = try DarkSkyDecoding.decode(document)
    case .metNorway, .nws:
      if let model {
        throw .invalidResponse("a model (\(model)) can be chosen in Open-Meteo responses only")
      }
      decoded =
        format == .metNorway
        ? try METNorwayDecoding.decode(document, timeZone: timeZone)
        : try NWSForecastDecoding.decode(document, timeZone: timeZone)
    }
    try ForecastSpan.check(decoded, madeBy: fetchedAt)
    var notes = decoded.notes
    let weather = try decoded.validated(
      provider: decoded.provider ?? format.providerKind, fetchedAt: fetchedAt, notes: &notes)
    return Decoded(weather: weather, notes: notes, model: decoded.model)
  }
}

extension ForecastDecoder {
  /// The NWS's two answers made one forecast: days from `/forecast`, hours from
  /// `/forecast/hourly` (nil when that one failed: the days alone, with a note).
  public static func decodeNWS(
    forecast: [UInt8], hourly: [UInt8]?, timeZone: String, fetchedAt: Int64
  ) throws(ForecastError) -> Decoded {
    func document(_ body: [UInt8]) throws(ForecastError) -> JSONField {
      JSONField(try ResponseJSON.parse(body), path: "")
    }
    var decoded = try NWSForecastDecoding.decode(document(forecast), timeZone: timeZone)
    if let hourly {
      let hours = try NWSForecastDecoding.decode(document(hourly), timeZone: timeZone)
      decoded.hours = hours.hours
      decoded.notes += hours.notes
    } else {
      decoded.notes.append("the hourly forecast could not be fetched: days only")
    }
    try ForecastSpan.check(decoded, madeBy: fetchedAt)
    var notes = decoded.notes
    let weather = try decoded.validated(provider: .nws, fetchedAt: fetchedAt, notes: &notes)
    return Decoded(weather: weather, notes: notes, model: nil)
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
  /// The service the response says it is from, when its format is spoken by several
  /// (Pirate Weather answers in Dark Sky's); nil: the format's own.
  var provider: ForecastProviderKind? = nil
  /// When the service says it made the forecast (MET Norway's `updated_at`, the NWS's
  /// `updateTime`), for an answer without current conditions; nil: its first time.
  var issuedAt: Int64? = nil

  func validated(provider: ForecastProviderKind, fetchedAt: Int64, notes: inout [String])
    throws(ForecastError) -> WeatherData
  {
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      throw .invalidResponse("the coordinate is not valid: \(error)")
    }
    try Validation.timeZone(timeZone)
    if let current { try Validation.conditions(current, path: "current conditions") }
    var current = self.current
    if let readings = current?.readings { current?.readings = readings.plausible() }
    var hours = self.hours
    for index in hours.indices { hours[index].readings = hours[index].readings.plausible() }
    var days = self.days
    for index in days.indices { days[index].readings = days[index].readings.plausible() }
    guard let issuedAt = current?.time ?? self.issuedAt ?? hours.first?.time ?? days.first?.time
    else {
      let left = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
      throw .invalidResponse(
        "the response holds no forecast: no current conditions, hours or days with a value\(left)"
      )
    }
    hours = try Validation.selectHours(hours, now: issuedAt, notes: &notes)
    days = try Validation.selectDays(days, now: issuedAt, notes: &notes)
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
          windSpeed: $0.windSpeed, precipitationProbability: $0.precipitationProbability,
          apparentTemperature: $0.apparentTemperatureMax)
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

  static func temperature(_ value: Double?, path: String) throws(ForecastError) {
    guard let value else { return }
    guard value.isFinite, temperatureRange.contains(value) else {
      throw .invalidResponse("\(path): temperature \(value) °F is impossible")
    }
  }

  static func wind(_ value: Double?, path: String) throws(ForecastError) {
    guard let value else { return }
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

  /// Inches; no rain gauge has seen 100 in an hour or 200 in a day.
  static func precipitation(_ value: Double?, path: String) throws(ForecastError) {
    guard let value else { return }
    guard value.isFinite, (0...200).contains(value) else {
      throw .invalidResponse("\(path): precipitation \(value) in is impossible")
    }
  }

  static func conditions(_ conditions: WeatherConditions, path: String) throws(ForecastError) {
    try time(conditions.time, path: path)
    try temperature(conditions.temperature, path: path)
    try temperature(conditions.apparentTemperature, path: path)
    try wind(conditions.windSpeed, path: path)
    try probability(conditions.precipitationProbability, path: path)
    try precipitation(conditions.precipitation, path: path)
  }

  static func day(_ day: WeatherDayData, path: String) throws(ForecastError) {
    try time(day.time, path: path)
    try temperature(day.temperatureMin, path: path)
    try temperature(day.temperatureMax, path: path)
    try temperature(day.apparentTemperatureMin, path: path)
    try temperature(day.apparentTemperatureMax, path: path)
    if let minimum = day.temperatureMin, let maximum = day.temperatureMax, minimum > maximum {
      throw .invalidResponse(
        "\(path): minimum temperature \(minimum) is above the maximum \(maximum)")
    }
    if let minimum = day.apparentTemperatureMin, let maximum = day.apparentTemperatureMax,
      minimum > maximum
    {
      throw .invalidResponse(
        "\(path): minimum apparent temperature \(minimum) is above the maximum \(maximum)")
    }
    try wind(day.windSpeed, path: path)
    try probability(day.precipitationProbability, path: path)
    try precipitation(day.precipitationSum, path: path)
    if let sunrise = day.sunrise { try time(sunrise, path: path + " sunrise") }
    if let sunset = day.sunset { try time(sunset, path: path + " sunset") }
  }

  /// Validates every hour, requires increasing times and keeps the hours from the issue hour
  /// on, up to `ForecastDecoder.maximumHours`; notes what it leaves out.
  static func selectHours(_ hours: [WeatherHourData], now: Int64, notes: inout [String])
    throws(ForecastError) -> [WeatherHourData]
  {
    var previous: Int64?
    for (index, hour) in hours.enumerated() {
      try conditions(hour, path: "hour \(index)")
      if let previous, hour.time <= previous {
        throw .invalidResponse("hour \(index): times are not in increasing order")
      }
      previous = hour.time
    }
    let current = hours.filter { $0.time > now - 3600 }
    let earlier = hours.count - current.count
    if earlier > 0 {
      notes.append(
        current.isEmpty
          ? "hourly left out: \(earlier == 1 ? "its one hour is" : "its \(earlier) hours are all") before the data's current time"
          : "\(earlier == 1 ? "1 hour" : "\(earlier) hours") before the data's current time left out"
      )
    }
    if current.count > ForecastDecoder.maximumHours {
      notes.append(
        "\(current.count - ForecastDecoder.maximumHours) hours after the first \(ForecastDecoder.maximumHours) left out"
      )
    }
    return Array(current.prefix(ForecastDecoder.maximumHours))
  }

  /// Validates every day, requires increasing times and keeps the days from the one holding
  /// `now` on, up to `ForecastDecoder.maximumDays`; notes what it leaves out.
  static func selectDays(_ days: [WeatherDayData], now: Int64, notes: inout [String])
    throws(ForecastError) -> [WeatherDayData]
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
    if first > 0 {
      notes.append(
        "\(first == 1 ? "1 day" : "\(first) days") before the data's current day left out")
    }
    let kept = days.count - first
    if kept > ForecastDecoder.maximumDays {
      notes.append(
        "\(kept - ForecastDecoder.maximumDays) days after the first \(ForecastDecoder.maximumDays) left out"
      )
    }
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

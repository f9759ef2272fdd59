import CloudyModels
import CloudyServices

/// Reads an Open-Meteo `/v1/forecast` response, whatever the request was.
///
/// - Times: unix seconds (`timeformat=unixtime`) or ISO 8601 local text (the default), see
///   `LocalClock` for how each is placed.
/// - Units: read from each block's `…_units` object and converted to °F and mph (°C/°F; km/h,
///   m/s, `mp/h`, kn). A unit Cloudy does not know is refused, naming it; never guessed.
/// - Names of both vintages (`weather_code`/`weathercode`, `wind_speed_10m`/`windspeed_10m`),
///   `current` and the older `current_weather` (with or without its own units block).
/// - Any of current / hourly / daily may be missing; a block without a temperature, wind speed
///   and weather code column is left out and named in `notes`. A `null` in a series is a
///   missing value: that row is left out (never read as 0).
/// - Multi-model responses (`models=…`, every key suffixed `_MODEL`) need `model`; without it
///   they are refused naming the models.
/// - An error body (`{"error": true, "reason": …}`) is refused with its reason.
enum OpenMeteoDecoding {
  static func decode(_ document: JSONField, model requested: String?) throws(ForecastError)
    -> DecodedForecast
  {
    if case .bool(true)? = try document.members()["error"] {
      let reason = (try? document.optional("reason")?.string()) ?? "no reason given"
      throw .invalidResponse("Open-Meteo answered with an error: \(reason)")
    }
    let latitude = try document.required("latitude").number()
    let longitude = try document.required("longitude").number()
    let timeZone = try document.optional("timezone")?.string() ?? "GMT"
    let offset = try document.optional("utc_offset_seconds")?.number() ?? 0
    let model = try chooseModel(document, requested: requested)
    let names = Names(model: model)
    var notes: [String] = []
    let (hours, days, current) = try LocalClock.with(
      timeZoneName: timeZone, fixedOffset: Int64(offset.rounded())
    ) { (clock) throws(ForecastError) in
      let hours = try decodeHours(document, names: names, clock: clock, notes: &notes)
      let days = try decodeDays(document, names: names, clock: clock, notes: &notes)
      var current = try decodeCurrent(document, names: names, clock: clock, notes: &notes)
      if var conditions = current, conditions.precipitationProbability == nil {
        conditions.precipitationProbability =
          hours.last(where: { $0.time <= conditions.time && conditions.time < $0.time + 3600 })?
          .precipitationProbability
        current = conditions
      }
      return (hours, days, current)
    }
    return DecodedForecast(
      latitude: latitude, longitude: longitude, timeZone: timeZone, current: current, days: days,
      hours: hours, notes: notes, model: model)
  }

  // MARK: Models

  /// Variable names, suffixed with `_MODEL` in a multi-model response.
  private struct Names {
    var model: String?
    func callAsFunction(_ bases: [String]) -> [String] {
      guard let model else { return bases }
      return bases.map { "\($0)_\(model)" }
    }
  }

  private static let suffixedBases = [
    "temperature_2m_max_", "temperature_2m_", "weather_code_", "weathercode_",
  ]

  /// The models a response holds, from its suffixed keys (empty for a single-model response).
  private static func models(_ document: JSONField) throws(ForecastError) -> [String] {
    var found: Set<String> = []
    for block in ["current", "hourly", "daily"] {
      guard let members = try document.optional(block)?.members() else { continue }
      if members["temperature_2m"] != nil || members["temperature_2m_max"] != nil
        || members["weather_code"] != nil || members["weathercode"] != nil
      {
        continue
      }
      for key in members.keys {
        guard let base = suffixedBases.first(where: { key.hasPrefix($0) }) else { continue }
        let suffix = String(key.dropFirst(base.count))
        if ["max", "min", "mean"].contains(suffix) || suffix.hasPrefix("max_")
          || suffix.hasPrefix("min_") || suffix.isEmpty
        {
          continue
        }
        found.insert(suffix)
      }
    }
    return found.sorted()
  }

  private static func chooseModel(_ document: JSONField, requested: String?)
    throws(ForecastError) -> String?
  {
    let available = try models(document)
    guard let requested else {
      if available.isEmpty { return nil }
      throw .invalidResponse(
        "the response holds several weather models (\(available.joined(separator: ", "))); choose one with --model NAME"
      )
    }
    guard available.contains(requested) else {
      throw .invalidResponse(
        available.isEmpty
          ? "--model \(requested) was given, but the response holds a single model"
          : "the response holds no model \"\(requested)\"; it holds \(available.joined(separator: ", "))"
      )
    }
    return requested
  }

  // MARK: Blocks

  private static let temperatureKeys = ["temperature_2m"]
  private static let codeKeys = ["weather_code", "weathercode"]
  private static let windKeys = ["wind_speed_10m", "windspeed_10m"]

  private static func decodeCurrent(
    _ document: JSONField, names: Names, clock: LocalClock, notes: inout [String]
  ) throws(ForecastError) -> WeatherConditions? {
    let block: JSONField
    let units: JSONField?
    let temperatureKeys: [String]
    let codeKeys: [String]
    let windKeys: [String]
    if let current = try document.optional("current") {
      // In a multi-model response `current` may be suffixed or, as Open-Meteo sends it for
      // the models' blend, not: the model's own name first, then the plain one.
      block = current
      units = try document.optional("current_units")
      temperatureKeys = names(Self.temperatureKeys) + Self.temperatureKeys
      codeKeys = names(Self.codeKeys) + Self.codeKeys
      windKeys = names(Self.windKeys) + Self.windKeys
    } else if let legacy = try document.optional("current_weather") {
      // The older `current_weather=true` block. Responses before mid-2023 have no units block
      // for it: it then shares the hourly block's units.
      block = legacy
      if let own = try document.optional("current_weather_units") {
        units = own
      } else {
        units = try document.optional("hourly_units")
      }
      temperatureKeys = ["temperature", "temperature_2m"]
      codeKeys = ["weathercode", "weather_code"]
      windKeys = ["windspeed", "wind_speed_10m", "windspeed_10m"]
    } else {
      return nil
    }
    let name = key(of: block)
    let temperatureField = try block.optional(anyOf: temperatureKeys)
    let windField = try block.optional(anyOf: windKeys)
    let codeField = try block.optional(anyOf: codeKeys)
    guard let temperatureField, let windField, let codeField else {
      let missing = [
        (temperatureField, "temperature"), (windField, "wind speed"), (codeField, "weather code"),
      ].filter { $0.0 == nil }.map(\.1)
      notes.append("\(name) left out: it has no \(missing.joined(separator: ", "))")
      return nil
    }
    guard let units else {
      throw .invalidResponse(
        "\(name) has no units block, so its units cannot be known; refused rather than guessed")
    }
    let time = try parseTime(try block.required("time"), clock: clock)
    let toFahrenheit = try temperatureConversion(
      units, keys: [key(of: temperatureField), "temperature_2m", "temperature"])
    let toMPH = try windConversion(
      units, keys: [key(of: windField), "wind_speed_10m", "windspeed_10m", "windspeed"])
    let code = try weatherCode(codeField)
    let isDay = try dayFlag(block.optional("is_day")) ?? isDaytime(time, clock: clock)
    var probability: Double?
    if let field = try block.optional(names(["precipitation_probability"])[0]) {
      probability = try field.number() / 100
    }
    return WeatherConditions(
      time: time, summary: WMOWeatherCode.summary(code: code),
      icon: WMOWeatherCode.icon(code: code, isDay: isDay),
      temperature: toFahrenheit(try temperatureField.number()),
      windSpeed: toMPH(try windField.number()), precipitationProbability: probability)
  }

  private static func decodeHours(
    _ document: JSONField, names: Names, clock: LocalClock, notes: inout [String]
  ) throws(ForecastError) -> [WeatherHourData] {
    guard let block = try document.optional("hourly") else { return [] }
    let times = try block.required("time").elements()
    guard
      let columns = try requiredColumns(
        block, temperature: names(temperatureKeys), wind: names(windKeys),
        code: names(codeKeys), count: times.count, notes: &notes)
    else { return [] }
    let units = try document.required("hourly_units")
    let probabilities = try optionalColumn(
      block, names(["precipitation_probability"]), count: times.count)
    let dayFlags = try optionalColumn(block, names(["is_day"]), count: times.count)
    let toFahrenheit = try temperatureConversion(units, keys: [key(of: columns.temperature.field)])
    let toMPH = try windConversion(units, keys: [key(of: columns.wind.field)])

    var hours: [WeatherHourData] = []
    hours.reserveCapacity(times.count)
    for index in times.indices {
      let time = try parseTime(times[index], clock: clock)
      guard let temperature = try columns.temperature.values[index].optionalNumber(),
        let wind = try columns.wind.values[index].optionalNumber(),
        !columns.code.values[index].isNull
      else { continue }
      let code = try weatherCode(columns.code.values[index])
      let isDay = try dayFlag(dayFlags?[index]) ?? isDaytime(time, clock: clock)
      let probability = try probabilities?[index].optionalNumber().map { $0 / 100 }
      hours.append(
        WeatherConditions(
          time: time, summary: WMOWeatherCode.summary(code: code),
          icon: WMOWeatherCode.icon(code: code, isDay: isDay),
          temperature: toFahrenheit(temperature),
          windSpeed: toMPH(wind), precipitationProbability: probability))
    }
    return hours
  }

  private static func decodeDays(
    _ document: JSONField, names: Names, clock: LocalClock, notes: inout [String]
  ) throws(ForecastError) -> [WeatherDayData] {
    guard let block = try document.optional("daily") else { return [] }
    let times = try block.required("time").elements()
    guard
      let columns = try requiredColumns(
        block, temperature: names(["temperature_2m_max"]),
        wind: names(["wind_speed_10m_max", "windspeed_10m_max"]), code: names(codeKeys),
        count: times.count, notes: &notes)
    else { return [] }
    guard let minima = try optionalColumn(block, names(["temperature_2m_min"]), count: times.count)
    else {
      notes.append("daily left out: it has no temperature_2m_min")
      return []
    }
    let units = try document.required("daily_units")
    let probabilities = try optionalColumn(
      block, names(["precipitation_probability_max"]), count: times.count)
    let maxToFahrenheit = try temperatureConversion(
      units, keys: [key(of: columns.temperature.field)])
    let minToFahrenheit = try temperatureConversion(units, keys: names(["temperature_2m_min"]))
    let toMPH = try windConversion(units, keys: [key(of: columns.wind.field)])

    var days: [WeatherDayData] = []
    days.reserveCapacity(times.count)
    for index in times.indices {
      var time = try parseTime(times[index], clock: clock)
      if case .number = times[index].value { time = clock.dayStart(fixedOffsetMidnight: time) }
      guard let maximum = try columns.temperature.values[index].optionalNumber(),
        let minimum = try minima[index].optionalNumber(),
        let wind = try columns.wind.values[index].optionalNumber(),
        !columns.code.values[index].isNull
      else { continue }
      let code = try weatherCode(columns.code.values[index])
      let probability = try probabilities?[index].optionalNumber().map { $0 / 100 }
      days.append(
        WeatherDayData(
          time: time, summary: WMOWeatherCode.summary(code: code),
          icon: WMOWeatherCode.icon(code: code, isDay: true),
          temperatureMin: minToFahrenheit(minimum), temperatureMax: maxToFahrenheit(maximum),
          windSpeed: toMPH(wind), precipitationProbability: probability))
    }
    return days
  }

  // MARK: Fields

  private struct Column {
    var field: JSONField
    var values: [JSONField]
  }

  private struct Columns {
    var temperature: Column
    var wind: Column
    var code: Column
  }

  /// The three columns a row needs; nil (with a note naming what is missing) when any is absent.
  private static func requiredColumns(
    _ block: JSONField, temperature: [String], wind: [String], code: [String], count: Int,
    notes: inout [String]
  ) throws(ForecastError) -> Columns? {
    var missing: [String] = []
    let temperatureField = try block.optional(anyOf: temperature)
    let windField = try block.optional(anyOf: wind)
    let codeField = try block.optional(anyOf: code)
    if temperatureField == nil { missing.append("temperature") }
    if windField == nil { missing.append("wind speed") }
    if codeField == nil { missing.append("weather code") }
    guard let temperatureField, let windField, let codeField else {
      notes.append("\(block.path) left out: it has no \(missing.joined(separator: ", "))")
      return nil
    }
    func column(_ field: JSONField) throws(ForecastError) -> Column {
      let values = try field.elements()
      guard values.count == count else {
        throw .invalidResponse("\(field.path) has \(values.count) values for \(count) times")
      }
      return Column(field: field, values: values)
    }
    return Columns(
      temperature: try column(temperatureField), wind: try column(windField),
      code: try column(codeField))
  }

  private static func optionalColumn(_ block: JSONField, _ keys: [String], count: Int)
    throws(ForecastError) -> [JSONField]?
  {
    guard let field = try block.optional(anyOf: keys) else { return nil }
    let values = try field.elements()
    guard values.count == count else {
      throw .invalidResponse("\(field.path) has \(values.count) values for \(count) times")
    }
    return values
  }

  private static func key(of field: JSONField) -> String {
    guard let dot = field.path.lastIndex(of: ".") else { return field.path }
    return String(field.path[field.path.index(after: dot)...])
  }

  private static func parseTime(_ field: JSONField, clock: LocalClock) throws(ForecastError)
    -> Int64
  {
    switch field.value {
    case .number(let value):
      guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else {
        throw .invalidResponse("\(field.path) \(value) is not a unix time")
      }
      return Int64(value)
    case .string(let text):
      return try clock.unixTime(iso: text, path: field.path)
    default:
      throw .invalidResponse("\(field.path) is \(field.value.kindName), expected a time")
    }
  }

  private static func weatherCode(_ field: JSONField) throws(ForecastError) -> Int {
    let value = try field.number()
    guard value == value.rounded(), (0...99).contains(value) else {
      throw .invalidResponse("\(field.path) \(value) is not a WMO weather code")
    }
    return Int(value)
  }

  private static func dayFlag(_ field: JSONField?) throws(ForecastError) -> Bool? {
    guard let field, !field.isNull else { return nil }
    if case .bool(let flag) = field.value { return flag }
    return try field.number() != 0
  }

  private static func isDaytime(_ time: Int64, clock: LocalClock) -> Bool {
    (6..<18).contains(clock.localHour(atUnixTime: time))
  }

  private static func temperatureConversion(_ units: JSONField, keys: [String])
    throws(ForecastError) -> @Sendable (Double) -> Double
  {
    guard let field = try units.optional(anyOf: keys) else {
      throw .invalidResponse(
        "\(units.path) gives no unit for \(keys[0]), so it cannot be known; refused rather than guessed"
      )
    }
    let unit = try field.string()
    switch unit {
    case "°F": return { $0 }
    case "°C": return { UnitConversion.fahrenheit(fromCelsius: $0) }
    default:
      throw .invalidResponse(
        "\(field.path) is \"\(unit)\", a temperature unit Cloudy does not know (it reads °C and °F); refused rather than guessed"
      )
    }
  }

  private static func windConversion(_ units: JSONField, keys: [String]) throws(ForecastError)
    -> @Sendable (Double) -> Double
  {
    guard let field = try units.optional(anyOf: keys) else {
      throw .invalidResponse(
        "\(units.path) gives no unit for \(keys[0]), so it cannot be known; refused rather than guessed"
      )
    }
    let unit = try field.string()
    switch unit {
    case "mp/h", "mph": return { $0 }
    case "km/h": return { UnitConversion.milesPerHour(fromKilometresPerHour: $0) }
    case "m/s": return { UnitConversion.milesPerHour(fromMetresPerSecond: $0) }
    case "kn": return { UnitConversion.milesPerHour(fromKnots: $0) }
    default:
      throw .invalidResponse(
        "\(field.path) is \"\(unit)\", a wind speed unit Cloudy does not know (it reads km/h, m/s, mp/h and kn); refused rather than guessed"
      )
    }
  }
}

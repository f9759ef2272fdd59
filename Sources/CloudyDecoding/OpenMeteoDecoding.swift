import CloudyModels
import CloudyServices

/// Reads an Open-Meteo `/v1/forecast` response.
///
/// Shape: top-level `latitude`, `longitude`, `timezone`, `utc_offset_seconds`; `current_units` +
/// `current` (`time`, `interval`, one value per variable); `hourly_units` + `hourly` and
/// `daily_units` + `daily` (columns: `time` plus one array per variable, same length, values may
/// be null). Times are unix seconds (`timeformat=unixtime`, daily times are the instant of local
/// midnight) or local ISO 8601 text (the default). Units are read from the `…_units` objects, so
/// a response saved with Celsius or km/h is converted. Rows with a null in a required column are
/// skipped; a null precipitation probability is kept as "unknown".
enum OpenMeteoDecoding {
  static func decode(_ document: JSONField) throws(ForecastError) -> DecodedForecast {
    let latitude = try document.required("latitude").number()
    let longitude = try document.required("longitude").number()
    let timeZone = try document.required("timezone").string()
    let offset = try document.optional("utc_offset_seconds")?.number() ?? 0
    let (hours, days, current) = try LocalClock.with(
      timeZoneName: timeZone, fallbackOffset: Int64(offset.rounded())
    ) { (clock) throws(ForecastError) in
      let hours = try decodeHours(document, clock: clock)
      let days = try decodeDays(document, clock: clock)
      var current = try decodeCurrent(document, clock: clock, hourly: hours)
      if current.precipitationProbability == nil {
        current.precipitationProbability =
          hours.last(where: { $0.time <= current.time && current.time < $0.time + 3600 })?
          .precipitationProbability
      }
      return (hours, days, current)
    }
    return DecodedForecast(
      latitude: latitude, longitude: longitude, timeZone: timeZone, current: current, days: days,
      hours: hours)
  }

  // MARK: Blocks

  private static let temperatureKeys = ["temperature_2m"]
  private static let codeKeys = ["weather_code", "weathercode"]
  private static let windKeys = ["wind_speed_10m", "windspeed_10m"]

  private static func decodeCurrent(
    _ document: JSONField, clock: LocalClock, hourly: [WeatherHourData]
  ) throws(ForecastError) -> WeatherConditions {
    let block: JSONField
    let units: JSONField?
    let temperatureKeys: [String]
    let codeKeys: [String]
    let windKeys: [String]
    if let current = try document.optional("current") {
      block = current
      units = try document.required("current_units")
      temperatureKeys = Self.temperatureKeys
      codeKeys = Self.codeKeys
      windKeys = Self.windKeys
    } else if let legacy = try document.optional("current_weather") {
      // The older `current_weather=true` block; its units object is missing in old responses,
      // which then used the hourly units.
      block = legacy
      if let legacyUnits = try document.optional("current_weather_units") {
        units = legacyUnits
      } else {
        units = try document.optional("hourly_units")
      }
      temperatureKeys = ["temperature", "temperature_2m"]
      codeKeys = ["weathercode", "weather_code"]
      windKeys = ["windspeed", "wind_speed_10m", "windspeed_10m"]
    } else {
      throw .invalidResponse("missing field current")
    }
    guard let units else { throw .invalidResponse("missing field current_units") }

    let time = try parseTime(try block.required("time"), clock: clock)
    let temperatureField = try block.required(anyOf: temperatureKeys)
    let toFahrenheit = try temperatureConversion(
      units, keys: [key(of: temperatureField), "temperature_2m"])
    let windField = try block.required(anyOf: windKeys)
    let toMPH = try windConversion(units, keys: [key(of: windField)] + Self.windKeys)
    let code = try weatherCode(try block.required(anyOf: codeKeys))
    let isDay = try dayFlag(block.optional("is_day")) ?? isDaytime(time, clock: clock)
    var probability: Double?
    if let field = try block.optional("precipitation_probability") {
      probability = try field.number() / 100
    }
    return WeatherConditions(
      time: time, summary: WMOWeatherCode.summary(code: code),
      icon: WMOWeatherCode.icon(code: code, isDay: isDay),
      temperature: toFahrenheit(try temperatureField.number()),
      windSpeed: toMPH(try windField.number()), precipitationProbability: probability)
  }

  private static func decodeHours(_ document: JSONField, clock: LocalClock) throws(ForecastError)
    -> [WeatherHourData]
  {
    let block = try document.required("hourly")
    let units = try document.required("hourly_units")
    let times = try block.required("time").elements()
    let temperatures = try column(block, temperatureKeys, count: times.count)
    let codes = try column(block, codeKeys, count: times.count)
    let winds = try column(block, windKeys, count: times.count)
    let probabilities = try optionalColumn(block, ["precipitation_probability"], count: times.count)
    let dayFlags = try optionalColumn(block, ["is_day"], count: times.count)
    let toFahrenheit = try temperatureConversion(units, keys: [key(of: temperatures.field)])
    let toMPH = try windConversion(units, keys: [key(of: winds.field)])

    var hours: [WeatherHourData] = []
    hours.reserveCapacity(times.count)
    for index in times.indices {
      let time = try parseTime(times[index], clock: clock)
      guard let temperature = try temperatures.values[index].optionalNumber(),
        let wind = try winds.values[index].optionalNumber(),
        !codes.values[index].isNull
      else { continue }
      let code = try weatherCode(codes.values[index])
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

  private static func decodeDays(_ document: JSONField, clock: LocalClock) throws(ForecastError)
    -> [WeatherDayData]
  {
    let block = try document.required("daily")
    let units = try document.required("daily_units")
    let times = try block.required("time").elements()
    let codes = try column(block, codeKeys, count: times.count)
    let maxima = try column(block, ["temperature_2m_max"], count: times.count)
    let minima = try column(block, ["temperature_2m_min"], count: times.count)
    let winds = try column(block, ["wind_speed_10m_max", "windspeed_10m_max"], count: times.count)
    let probabilities = try optionalColumn(
      block, ["precipitation_probability_max"], count: times.count)
    let maxToFahrenheit = try temperatureConversion(units, keys: [key(of: maxima.field)])
    let minToFahrenheit = try temperatureConversion(units, keys: [key(of: minima.field)])
    let toMPH = try windConversion(units, keys: [key(of: winds.field)])

    var days: [WeatherDayData] = []
    days.reserveCapacity(times.count)
    for index in times.indices {
      let time = try parseTime(times[index], clock: clock)
      guard let maximum = try maxima.values[index].optionalNumber(),
        let minimum = try minima.values[index].optionalNumber(),
        let wind = try winds.values[index].optionalNumber(),
        !codes.values[index].isNull
      else { continue }
      let code = try weatherCode(codes.values[index])
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

  private static func column(_ block: JSONField, _ keys: [String], count: Int)
    throws(ForecastError) -> Column
  {
    let field = try block.required(anyOf: keys)
    let values = try field.elements()
    guard values.count == count else {
      throw .invalidResponse("\(field.path) has \(values.count) values for \(count) times")
    }
    return Column(field: field, values: values)
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
    let field = try units.required(anyOf: keys)
    let unit = try field.string()
    switch unit {
    case "°F", "F", "fahrenheit": return { $0 }
    case "°C", "C", "celsius": return { UnitConversion.fahrenheit(fromCelsius: $0) }
    default:
      throw .invalidResponse("\(field.path) is \"\(unit)\", expected °F or °C")
    }
  }

  private static func windConversion(_ units: JSONField, keys: [String]) throws(ForecastError)
    -> @Sendable (Double) -> Double
  {
    let field = try units.required(anyOf: keys)
    let unit = try field.string()
    switch unit {
    case "mp/h", "mph": return { $0 }
    case "km/h", "kmh": return { UnitConversion.mph(fromKPH: $0) }
    case "m/s", "ms": return { UnitConversion.mph(fromMetersPerSecond: $0) }
    case "kn", "kt", "knots": return { UnitConversion.mph(fromKnots: $0) }
    default:
      throw .invalidResponse("\(field.path) is \"\(unit)\", expected mp/h, km/h, m/s or kn")
    }
  }
}

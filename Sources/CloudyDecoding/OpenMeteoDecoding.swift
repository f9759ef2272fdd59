import CloudyJSON
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
///   they are refused naming the models (the fact only: how to choose is the front-end's).
/// - Ensemble responses (`temperature_2m_member01`, …) are refused: see `OpenMeteoEnsemble`.
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
    try OpenMeteoEnsemble.refuse(document)
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
  static func models(_ document: JSONField) throws(ForecastError) -> [String] {
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
        "the response holds several weather models (\(available.joined(separator: ", "))) and none was chosen"
      )
    }
    guard available.contains(requested) else {
      throw .invalidResponse(
        available.isEmpty
          ? "the model \(requested) was asked for, but the response holds a single model"
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
    guard let current = try currentBlock(document, names: names) else { return nil }
    let name = key(of: current.block)
    let fields = try CurrentFields(current)
    let lacking = fields.lackingShown
    guard fields.hasAny else {
      notes.append("\(name) left out: it has no \(lacking.joined(separator: ", "))")
      return nil
    }
    if !lacking.isEmpty {
      notes.append("\(name) has no \(lacking.joined(separator: ", ")): kept without it")
    }
    let units = ResponseUnits(document: document, block: name, own: current.ownUnits)
    let time = try parseTime(try current.block.required("time"), clock: clock)
    var conditions = try measuredConditions(fields, at: time, units: units, notes: &notes)
    if let codeField = fields.code, !codeField.isNull {
      let code = try weatherCode(codeField)
      let isDay = try dayFlag(current.block.optional("is_day")) ?? isDaytime(time, clock: clock)
      conditions.summary = WMOWeatherCode.summary(code: code)
      conditions.icon = WMOWeatherCode.icon(code: code, isDay: isDay)
    }
    conditions.precipitationProbability = try fields.probability?.optionalNumber().map { $0 / 100 }
    for reading in OpenMeteoReading.allCases {
      guard let field = try current.block.optional(anyOf: names(reading.keys) + reading.keys),
        let convert = try reading.conversion(key: key(of: field), units: units, notes: &notes)
      else { continue }
      reading.set(try field.optionalNumber().map(convert), in: &conditions.readings)
    }
    return conditions
  }

  /// A response's current-conditions block, its own units block, and the keys each value may
  /// have in it.
  private struct CurrentBlock {
    var block: JSONField
    var ownUnits: JSONField?
    var temperatureKeys: [String]
    var codeKeys: [String]
    var windKeys: [String]
    var apparentKeys: [String] = []
    var precipitationKeys: [String] = []
    var probabilityKeys: [String] = []
  }

  /// `current`, else the older `current_weather`; nil when the response has neither.
  private static func currentBlock(_ document: JSONField, names: Names) throws(ForecastError)
    -> CurrentBlock?
  {
    if let current = try document.optional("current") {
      // In a multi-model response `current` may be suffixed or, as Open-Meteo sends it for
      // the models' blend, not: the model's own name first, then the plain one.
      return CurrentBlock(
        block: current, ownUnits: try document.optional("current_units"),
        temperatureKeys: names(Self.temperatureKeys) + Self.temperatureKeys,
        codeKeys: names(Self.codeKeys) + Self.codeKeys,
        windKeys: names(Self.windKeys) + Self.windKeys,
        apparentKeys: names(["apparent_temperature"]) + ["apparent_temperature"],
        precipitationKeys: names(["precipitation"]) + ["precipitation"],
        probabilityKeys: names(["precipitation_probability"]))
    }
    if let legacy = try document.optional("current_weather") {
      // The older `current_weather=true` block. Responses before mid-2023 have no units block
      // for it: its units are then those the response's other units blocks state.
      return CurrentBlock(
        block: legacy, ownUnits: try document.optional("current_weather_units"),
        temperatureKeys: ["temperature", "temperature_2m"],
        codeKeys: ["weathercode", "weather_code"],
        windKeys: ["windspeed", "wind_speed_10m", "windspeed_10m"])
    }
    return nil
  }

  /// The values a current block has; each nil when the block lacks it.
  private struct CurrentFields {
    var temperature: JSONField?
    var wind: JSONField?
    var code: JSONField?
    var apparent: JSONField?
    var precipitation: JSONField?
    var probability: JSONField?

    init(_ current: CurrentBlock) throws(ForecastError) {
      temperature = try current.block.optional(anyOf: current.temperatureKeys)
      wind = try current.block.optional(anyOf: current.windKeys)
      code = try current.block.optional(anyOf: current.codeKeys)
      apparent = try current.block.optional(anyOf: current.apparentKeys)
      precipitation = try current.block.optional(anyOf: current.precipitationKeys)
      probability = try current.block.optional(anyOf: current.probabilityKeys)
    }

    /// The values a view shows that the block lacks, as a note names them.
    var lackingShown: [String] {
      [(temperature, "temperature"), (wind, "wind speed"), (code, "weather code")]
        .filter { $0.0 == nil }.map(\.1)
    }

    /// Whether the block has any value at all (else it is left out).
    var hasAny: Bool {
      temperature != nil || wind != nil || code != nil || apparent != nil
        || precipitation != nil || probability != nil
    }
  }

  /// The current conditions' measured values at `time`, in °F, mph and inches.
  private static func measuredConditions(
    _ fields: CurrentFields, at time: Int64, units: ResponseUnits, notes: inout [String]
  ) throws(ForecastError) -> WeatherConditions {
    var conditions = WeatherConditions(
      time: time, summary: nil, icon: nil, temperature: nil, windSpeed: nil)
    if let temperatureField = fields.temperature {
      let toFahrenheit = try units.temperature(
        keys: [key(of: temperatureField), "temperature_2m", "temperature"], notes: &notes)
      conditions.temperature = try temperatureField.optionalNumber().map(toFahrenheit)
    }
    if let apparentField = fields.apparent {
      let toFahrenheit = try units.temperature(keys: [key(of: apparentField)], notes: &notes)
      conditions.apparentTemperature = try apparentField.optionalNumber().map(toFahrenheit)
    }
    if let windField = fields.wind {
      let toMPH = try units.wind(
        keys: [key(of: windField), "wind_speed_10m", "windspeed_10m", "windspeed"], notes: &notes)
      conditions.windSpeed = try windField.optionalNumber().map(toMPH)
    }
    if let precipitationField = fields.precipitation {
      let toInches = try units.precipitation(keys: [key(of: precipitationField)], notes: &notes)
      conditions.precipitation = try precipitationField.optionalNumber().map(toInches)
    }
    return conditions
  }

  private static func decodeHours(
    _ document: JSONField, names: Names, clock: LocalClock, notes: inout [String]
  ) throws(ForecastError) -> [WeatherHourData] {
    guard let block = try document.optional("hourly") else { return [] }
    let times = try block.required("time").elements()
    let count = times.count
    let temperature = try column(block, names(temperatureKeys), count: count)
    let apparent = try column(block, names(["apparent_temperature"]), count: count)
    let wind = try column(block, names(windKeys), count: count)
    let code = try column(block, names(codeKeys), count: count)
    let probabilities = try column(block, names(["precipitation_probability"]), count: count)
    let precipitation = try column(block, names(["precipitation"]), count: count)
    let dayFlags = try column(block, names(["is_day"]), count: count)
    guard
      try keep(
        block, notes: &notes,
        shown: [(temperature, "temperature"), (wind, "wind speed"), (code, "weather code")],
        others: [apparent, probabilities, precipitation])
    else { return [] }
    let units = ResponseUnits(
      document: document, block: "hourly", own: try document.optional("hourly_units"))
    let readings = try readingColumns(
      block, keys: \.keys, names: names, count: count, units: units, notes: &notes)
    let toFahrenheit = try fahrenheitConversion(of: temperature, units, notes: &notes)
    let apparentToFahrenheit = try fahrenheitConversion(of: apparent, units, notes: &notes)
    let toMPH = try mphConversion(of: wind, units, notes: &notes)
    let toInches = try inchesConversion(of: precipitation, units, notes: &notes)

    var hours: [WeatherHourData] = []
    hours.reserveCapacity(count)
    for index in times.indices {
      let time = try parseTime(times[index], clock: clock)
      var hour = WeatherConditions(
        time: time, summary: nil, icon: nil,
        temperature: try value(temperature, index).map { toFahrenheit?($0) ?? $0 },
        windSpeed: try value(wind, index).map { toMPH?($0) ?? $0 },
        precipitationProbability: try value(probabilities, index).map { $0 / 100 },
        apparentTemperature: try value(apparent, index).map { apparentToFahrenheit?($0) ?? $0 },
        precipitation: try value(precipitation, index).map { toInches?($0) ?? $0 },
        readings: try self.readings(readings, at: index))
      if let field = code?.values[index], !field.isNull {
        let code = try weatherCode(field)
        let isDay = try dayFlag(dayFlags?.values[index]) ?? isDaytime(time, clock: clock)
        hour.summary = WMOWeatherCode.summary(code: code)
        hour.icon = WMOWeatherCode.icon(code: code, isDay: isDay)
      }
      // A row with a time and no value says nothing: left out (a `null` is never a 0).
      if hour.hasValue { hours.append(hour) }
    }
    return hours
  }

  private static func decodeDays(
    _ document: JSONField, names: Names, clock: LocalClock, notes: inout [String]
  ) throws(ForecastError) -> [WeatherDayData] {
    guard let block = try document.optional("daily") else { return [] }
    let times = try block.required("time").elements()
    let count = times.count
    let columns = try DailyColumns(block, names: names, count: count)
    guard try columns.kept(block, notes: &notes) else { return [] }
    let units = ResponseUnits(
      document: document, block: "daily", own: try document.optional("daily_units"))
    let readings = try readingColumns(
      block, keys: \.dailyKeys, names: names, count: count, units: units, notes: &notes)
    let maxToFahrenheit = try fahrenheitConversion(of: columns.maxima, units, notes: &notes)
    let minToFahrenheit = try fahrenheitConversion(of: columns.minima, units, notes: &notes)
    let apparentMaxToFahrenheit = try fahrenheitConversion(
      of: columns.apparentMaxima, units, notes: &notes)
    let apparentMinToFahrenheit = try fahrenheitConversion(
      of: columns.apparentMinima, units, notes: &notes)
    let toMPH = try mphConversion(of: columns.wind, units, notes: &notes)
    let toInches = try inchesConversion(of: columns.sums, units, notes: &notes)

    var days: [WeatherDayData] = []
    days.reserveCapacity(count)
    for index in times.indices {
      var time = try parseTime(times[index], clock: clock)
      if case .number = times[index].value { time = clock.dayStart(fixedOffsetMidnight: time) }
      var day = WeatherDayData(
        time: time, summary: nil, icon: nil,
        temperatureMin: try value(columns.minima, index).map { minToFahrenheit?($0) ?? $0 },
        temperatureMax: try value(columns.maxima, index).map { maxToFahrenheit?($0) ?? $0 },
        windSpeed: try value(columns.wind, index).map { toMPH?($0) ?? $0 },
        precipitationProbability: try value(columns.probabilities, index).map { $0 / 100 },
        precipitationSum: try value(columns.sums, index).map { toInches?($0) ?? $0 },
        apparentTemperatureMin: try value(columns.apparentMinima, index).map {
          apparentMinToFahrenheit?($0) ?? $0
        },
        apparentTemperatureMax: try value(columns.apparentMaxima, index).map {
          apparentMaxToFahrenheit?($0) ?? $0
        },
        sunrise: try instant(columns.sunrises, index, clock: clock),
        sunset: try instant(columns.sunsets, index, clock: clock),
        readings: try self.readings(readings, at: index))
      if let field = columns.code?.values[index], !field.isNull {
        let code = try weatherCode(field)
        day.summary = WMOWeatherCode.summary(code: code)
        day.icon = WMOWeatherCode.icon(code: code, isDay: true)
      }
      if day.hasValue { days.append(day) }
    }
    return days
  }

  /// The columns of a `daily` block, each nil when the block lacks it.
  private struct DailyColumns {
    var maxima: Column?
    var minima: Column?
    var wind: Column?
    var code: Column?
    var probabilities: Column?
    var sums: Column?
    var apparentMaxima: Column?
    var apparentMinima: Column?
    var sunrises: Column?
    var sunsets: Column?

    init(_ block: JSONField, names: Names, count: Int) throws(ForecastError) {
      maxima = try column(block, names(["temperature_2m_max"]), count: count)
      minima = try column(block, names(["temperature_2m_min"]), count: count)
      wind = try column(block, names(["wind_speed_10m_max", "windspeed_10m_max"]), count: count)
      code = try column(block, names(codeKeys), count: count)
      probabilities = try column(block, names(["precipitation_probability_max"]), count: count)
      sums = try column(block, names(["precipitation_sum"]), count: count)
      apparentMaxima = try column(block, names(["apparent_temperature_max"]), count: count)
      apparentMinima = try column(block, names(["apparent_temperature_min"]), count: count)
      sunrises = try column(block, names(["sunrise"]), count: count)
      sunsets = try column(block, names(["sunset"]), count: count)
    }

    /// Whether the block is kept, noting what it lacks (see `keep`).
    func kept(_ block: JSONField, notes: inout [String]) throws(ForecastError) -> Bool {
      try keep(
        block, notes: &notes,
        shown: [
          (minima, "minimum temperature"), (maxima, "maximum temperature"),
          (wind, "wind speed"), (code, "weather code"),
        ],
        others: [probabilities, sums, apparentMaxima, apparentMinima, sunrises, sunsets])
    }
  }

  // MARK: Fields

  private struct Column {
    var field: JSONField
    var values: [JSONField]
  }

  /// Whether a block is kept: it has at least one column of values. Notes the shown values it
  /// lacks ("hourly has no weather code: kept without it"), or why it is left out.
  private static func keep(
    _ block: JSONField, notes: inout [String], shown: [(Column?, String)], others: [Column?]
  ) throws(ForecastError) -> Bool {
    let lacking = shown.filter { $0.0 == nil }.map(\.1)
    if lacking.count == shown.count, others.allSatisfy({ $0 == nil }) {
      notes.append("\(block.path) left out: it has no \(lacking.joined(separator: ", "))")
      return false
    }
    if !lacking.isEmpty {
      let them = lacking.count == 1 ? "it" : "them"
      notes.append("\(block.path) has no \(lacking.joined(separator: ", ")): kept without \(them)")
    }
    return true
  }

  private static func column(_ block: JSONField, _ keys: [String], count: Int)
    throws(ForecastError) -> Column?
  {
    guard let field = try block.optional(anyOf: keys) else { return nil }
    let values = try field.elements()
    guard values.count == count else {
      throw .invalidResponse("\(field.path) has \(values.count) values for \(count) times")
    }
    return Column(field: field, values: values)
  }

  /// The columns of the other quantities a block has, each with its conversion.
  private static func readingColumns(
    _ block: JSONField, keys: KeyPath<OpenMeteoReading, [String]>, names: Names, count: Int,
    units: ResponseUnits, notes: inout [String]
  ) throws(ForecastError) -> [(OpenMeteoReading, Column, @Sendable (Double) -> Double)] {
    var result: [(OpenMeteoReading, Column, @Sendable (Double) -> Double)] = []
    for reading in OpenMeteoReading.allCases where !reading[keyPath: keys].isEmpty {
      guard let found = try column(block, names(reading[keyPath: keys]), count: count),
        let convert = try reading.conversion(
          key: key(of: found.field), units: units, notes: &notes)
      else { continue }
      result.append((reading, found, convert))
    }
    return result
  }

  /// The readings of row `index` of those columns.
  private static func readings(
    _ columns: [(OpenMeteoReading, Column, @Sendable (Double) -> Double)], at index: Int
  ) throws(ForecastError) -> WeatherReadings {
    var readings = WeatherReadings()
    for (reading, column, convert) in columns {
      reading.set(try value(column, index).map(convert), in: &readings)
    }
    return readings
  }

  /// A temperature column's conversion to °F from the unit its block states; nil for a column
  /// the block lacks.
  private static func fahrenheitConversion(
    of column: Column?, _ units: ResponseUnits, notes: inout [String]
  ) throws(ForecastError) -> (@Sendable (Double) -> Double)? {
    guard let column else { return nil }
    return try units.temperature(keys: [key(of: column.field)], notes: &notes)
  }

  /// A wind speed column's conversion to mph; nil for a column the block lacks.
  private static func mphConversion(
    of column: Column?, _ units: ResponseUnits, notes: inout [String]
  ) throws(ForecastError) -> (@Sendable (Double) -> Double)? {
    guard let column else { return nil }
    return try units.wind(keys: [key(of: column.field)], notes: &notes)
  }

  /// A precipitation column's conversion to inches; nil for a column the block lacks.
  private static func inchesConversion(
    of column: Column?, _ units: ResponseUnits, notes: inout [String]
  ) throws(ForecastError) -> (@Sendable (Double) -> Double)? {
    guard let column else { return nil }
    return try units.precipitation(keys: [key(of: column.field)], notes: &notes)
  }

  /// The time at `index` of a column of instants (sunrise, sunset); nil for a column the block
  /// lacks or a `null`.
  private static func instant(_ column: Column?, _ index: Int, clock: LocalClock)
    throws(ForecastError) -> Int64?
  {
    guard let field = column?.values[index], !field.isNull else { return nil }
    return try parseTime(field, clock: clock)
  }

  /// The number at `index` of a column; nil for a column the block lacks or a `null`.
  private static func value(_ column: Column?, _ index: Int) throws(ForecastError) -> Double? {
    try column?.values[index].optionalNumber()
  }

  private static func key(of field: JSONField) -> String {
    guard let dot = field.path.lastIndex(of: ".") else { return field.path }
    return String(field.path[field.path.index(after: dot)...])
  }

  private static func parseTime(_ field: JSONField, clock: LocalClock) throws(ForecastError)
    -> Int64
  {
    switch field.value {
    case .number(let number):
      let value = number.value
      guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else {
        throw .invalidResponse("\(field.path) \(value) is not a unix time")
      }
      return Int64(value)
    case .string(let text):
      return try clock.unixTime(iso: text, path: field.path)
    default:
      throw .invalidResponse("\(field.path) is \(field.node.kindName), expected a time")
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
}

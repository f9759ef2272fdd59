import CloudyModels
import CloudyServices

/// Reads MET Norway's Locationforecast 2.0 answer (`compact`, and `complete`, which has the
/// same shape with more variables) into Cloudy's hours and days.
///
/// Shape: a GeoJSON Feature, `geometry.coordinates` [lon, lat, altitude]; `properties.meta`
/// {`updated_at`, `units`}; `properties.timeseries` [{`time` (UTC, "…Z"), `data`:
/// {`instant.details` {`air_temperature`, `wind_speed`, …}, `next_1_hours` / `next_6_hours` /
/// `next_12_hours` {`summary.symbol_code`, `details` {`precipitation_amount`,
/// `probability_of_precipitation` (complete only), `air_temperature_max`/`_min` (complete)}}}}]:
/// hourly steps for the first two or three days, then 6-hourly steps.
///
/// How Cloudy's rows are made (decisions; the API gives no days and no "now"):
/// - **Hours**: one row per step, as the provider gives them: hourly, then 6-hourly. An hourly
///   row takes its symbol, amount and chance from `next_1_hours`; a 6-hourly row takes its
///   symbol and chance from `next_6_hours` and has no hourly amount (the 6-hour amount is not
///   an hour's; the day's total counts it).
/// - **Now**: the answer has no current conditions; the first step is the first hour, and
///   the stored forecast says it has no current block.
/// - **Days**: steps grouped by their date in the place's time zone (the answer has none: the
///   saved place's zone, else UTC, with a note). Minimum and maximum are those of the day's
///   instants and of any `next_6_hours` `air_temperature_min`/`_max`; wind the strongest
///   instant; the total adds each step's `next_1_hours` amount, or its `next_6_hours` amount
///   where no hourly amount covers those hours, counted on the day its period starts; the
///   chance is the largest given; the symbol is the `next_12_hours` one of the step nearest
///   06:00 local (the day's 12 hours), else the nearest `next_6_hours`/`next_1_hours` one.
///   The first and last days hold what the answer covers of them.
/// - Missing values stay missing (never 0); units other than celsius, m/s and mm are refused.
enum METNorwayDecoding {
  static func decode(_ document: JSONField, timeZone: String?) throws(ForecastError)
    -> DecodedForecast
  {
    let coordinates = try document.required("geometry").required("coordinates").elements()
    guard coordinates.count >= 2 else {
      throw .invalidResponse(
        "geometry.coordinates holds \(coordinates.count) numbers, expected 2 or 3")
    }
    let longitude = try coordinates[0].number()
    let latitude = try coordinates[1].number()
    let properties = try document.required("properties")
    let meta = try properties.optional("meta")
    try checkUnits(try meta?.optional("units"))
    let updated = try meta?.optional("updated_at")?.string()
    var notes: [String] = []
    let zone: String
    if let timeZone, !timeZone.isEmpty {
      zone = timeZone
    } else {
      zone = "UTC"
      notes.append(
        "MET Norway's answer names no time zone and the place has none saved: days are UTC days")
    }
    var steps: [Step] = []
    for element in try properties.required("timeseries").elements() {
      steps.append(try step(element))
    }
    var unknownSymbols: Set<String> = []
    var hours: [WeatherHourData] = []
    for step in steps {
      let period = step.next1 ?? step.next6
      let symbol = period?.symbol.flatMap { code in
        let decoded = METNorwaySymbol.decode(code)
        if decoded == nil { unknownSymbols.insert(code) }
        return decoded
      }
      let hour = WeatherHourData(
        time: step.time, summary: symbol?.summary, icon: symbol?.icon,
        temperature: step.temperature, windSpeed: step.windSpeed,
        precipitationProbability: period?.probability,
        precipitation: step.next1?.amount, readings: step.readings)
      if hour.hasValue { hours.append(hour) }
    }
    if !unknownSymbols.isEmpty {
      notes.append(
        "symbol codes that are not MET Norway's kept without an icon: \(unknownSymbols.sorted().joined(separator: ", "))"
      )
    }
    let days = try LocalClock.with(timeZoneName: zone, fixedOffset: 0) {
      (clock) throws(ForecastError) in Self.days(steps, clock: clock)
    }
    return DecodedForecast(
      latitude: latitude, longitude: longitude, timeZone: zone, current: nil, days: days,
      hours: hours, notes: notes, model: nil, provider: .metNorway,
      issuedAt: updated.flatMap { CAPTime.parse($0)?.seconds })
  }

  /// Whether a document is MET Norway's: a Feature whose properties hold `timeseries`.
  static func recognises(_ document: JSONField) -> Bool {
    guard let properties = try? document.optional("properties") else { return false }
    return properties.contains("timeseries") && document.contains("geometry")
  }

  /// One period of `next_1_hours`, `next_6_hours` or `next_12_hours`.
  struct Period {
    var symbol: String?
    /// Inches.
    var amount: Double?
    /// 0…1.
    var probability: Double?
    /// °F.
    var minimum: Double?
    var maximum: Double?
  }

  /// One step of the time series, in canonical units.
  struct Step {
    var time: Int64
    /// °F.
    var temperature: Double?
    /// mph.
    var windSpeed: Double?
    /// The instant's other quantities: `relative_humidity`, `dew_point_temperature`,
    /// `air_pressure_at_sea_level`, `wind_from_direction`, `wind_speed_of_gust`,
    /// `ultraviolet_index_clear_sky`, `cloud_area_fraction` (MET Norway gives no visibility).
    var readings = WeatherReadings()
    var next1: Period?
    var next6: Period?
    var next12: Period?
  }

  private static func step(_ element: JSONField) throws(ForecastError) -> Step {
    let text = try element.required("time").string()
    guard let time = CAPTime.parse(text)?.seconds else {
      throw .invalidResponse("\(element.path).time \"\(text)\" is not an ISO 8601 time")
    }
    let data = try element.required("data")
    let instant = try data.optional("instant")?.optional("details")
    return Step(
      time: time,
      temperature: try instant?.optional("air_temperature")?.optionalNumber().map(
        UnitConversion.fahrenheit(fromCelsius:)),
      windSpeed: try instant?.optional("wind_speed")?.optionalNumber().map(
        UnitConversion.milesPerHour(fromMetresPerSecond:)),
      readings: try readings(instant),
      next1: try period(data.optional("next_1_hours")),
      next6: try period(data.optional("next_6_hours")),
      next12: try period(data.optional("next_12_hours")))
  }

  private static func readings(_ instant: JSONField?) throws(ForecastError) -> WeatherReadings {
    guard let instant else { return WeatherReadings() }
    func number(_ key: String) throws(ForecastError) -> Double? {
      try instant.optional(key)?.optionalNumber()
    }
    return WeatherReadings(
      humidity: try number("relative_humidity"),
      dewPoint: try number("dew_point_temperature").map(UnitConversion.fahrenheit(fromCelsius:)),
      pressure: try number("air_pressure_at_sea_level"),
      windDirection: try number("wind_from_direction"),
      windGust: try number("wind_speed_of_gust").map(
        UnitConversion.milesPerHour(fromMetresPerSecond:)),
      uvIndex: try number("ultraviolet_index_clear_sky"),
      cloudCover: try number("cloud_area_fraction"))
  }

  private static func period(_ field: JSONField?) throws(ForecastError) -> Period? {
    guard let field else { return nil }
    let details = try field.optional("details")
    func number(_ key: String) throws(ForecastError) -> Double? {
      try details?.optional(key)?.optionalNumber()
    }
    return Period(
      symbol: try field.optional("summary")?.optional("symbol_code")?.string(),
      amount: try number("precipitation_amount").map(UnitConversion.inches(fromMillimetres:)),
      probability: try number("probability_of_precipitation").map { $0 / 100 },
      minimum: try number("air_temperature_min").map(UnitConversion.fahrenheit(fromCelsius:)),
      maximum: try number("air_temperature_max").map(UnitConversion.fahrenheit(fromCelsius:)))
  }

  /// `meta.units` as MET Norway documents them; anything else is refused, not guessed.
  private static func checkUnits(_ units: JSONField?) throws(ForecastError) {
    guard let units else { return }
    let expected = [
      ("air_temperature", "celsius"), ("wind_speed", "m/s"), ("precipitation_amount", "mm"),
      ("relative_humidity", "%"), ("dew_point_temperature", "celsius"),
      ("air_pressure_at_sea_level", "hPa"), ("wind_from_direction", "degrees"),
      ("wind_speed_of_gust", "m/s"), ("cloud_area_fraction", "%"),
    ]
    for (key, unit) in expected {
      guard let field = try units.optional(key) else { continue }
      let given = try field.string()
      guard given == unit else {
        throw .invalidResponse("meta.units.\(key) is \"\(given)\"; Cloudy reads \(unit)")
      }
    }
  }

  /// The steps grouped into local days (see the type's comment).
  private static func days(_ steps: [Step], clock: LocalClock) -> [WeatherDayData] {
    var order: [Int64] = []
    var groups: [Int64: [Step]] = [:]
    for step in steps {
      let day = clock.dayStart(containing: step.time)
      if groups[day] == nil { order.append(day) }
      groups[day, default: []].append(step)
    }
    // Each step's amount and the hours it covers, without counting an hour twice.
    var totals: [Int64: Double] = [:]
    var coveredUntil = Int64.min
    for step in steps where step.time >= coveredUntil {
      if let amount = step.next1?.amount {
        totals[clock.dayStart(containing: step.time), default: 0] += amount
        coveredUntil = step.time + 3600
      } else if let amount = step.next6?.amount {
        totals[clock.dayStart(containing: step.time), default: 0] += amount
        coveredUntil = step.time + 6 * 3600
      }
    }
    return order.compactMap { start -> WeatherDayData? in
      guard let steps = groups[start] else { return nil }
      let temperatures =
        steps.compactMap(\.temperature) + steps.compactMap { $0.next6?.minimum }
        + steps.compactMap { $0.next6?.maximum }
      let probabilities = steps.flatMap { step in
        [step.next1, step.next6, step.next12].compactMap { $0?.probability }
      }
      let symbol = daySymbol(steps, clock: clock).flatMap(METNorwaySymbol.decode)
      let day = WeatherDayData(
        time: start, summary: symbol?.summary, icon: symbol?.icon,
        temperatureMin: temperatures.min(), temperatureMax: temperatures.max(),
        windSpeed: steps.compactMap(\.windSpeed).max(),
        precipitationProbability: probabilities.max(), precipitationSum: totals[start],
        readings: WeatherReadings(
          windGust: steps.compactMap(\.readings.windGust).max(),
          uvIndex: steps.compactMap(\.readings.uvIndex).max()))
      return day.hasValue ? day : nil
    }
  }

  /// The day's symbol: `next_12_hours` of the step nearest 06:00 local, else the `next_6_hours`
  /// or `next_1_hours` one nearest 12:00.
  private static func daySymbol(_ steps: [Step], clock: LocalClock) -> String? {
    func distance(_ step: Step, toHour hour: Int) -> Int {
      abs(clock.localHour(atUnixTime: step.time) - hour)
    }
    if let step = steps.filter({ $0.next12?.symbol != nil }).min(by: {
      distance($0, toHour: 6) < distance($1, toHour: 6)
    }) {
      return step.next12?.symbol
    }
    let step = steps.filter { ($0.next6 ?? $0.next1)?.symbol != nil }.min {
      distance($0, toHour: 12) < distance($1, toHour: 12)
    }
    return step.flatMap { ($0.next6 ?? $0.next1)?.symbol }
  }
}

import CloudyJSON
public import CloudyModels
public import CloudyServices

/// An answer of Open-Meteo's air-quality API (`/v1/air-quality`), read into the air-quality
/// values of `WeatherReadings`: `european_aqi`, `us_aqi`, `pm2_5`, `pm10`, `ozone`,
/// `nitrogen_dioxide` (µg/m³; the others it may hold are not kept). It comes beside a forecast,
/// never instead of one: `merged(into:)` puts its hours on the forecast's hours of the same
/// time and its `current` on the forecast's current conditions.
public struct AirQualityAnswer: Sendable, Equatable {
  /// The answer's `current` block: its time (unix seconds) and values.
  public var current: (time: Int64, readings: WeatherReadings)?
  /// Its `hourly` block, by hour.
  public var hours: [Int64: WeatherReadings]

  public static func == (lhs: AirQualityAnswer, rhs: AirQualityAnswer) -> Bool {
    lhs.current?.time == rhs.current?.time && lhs.current?.readings == rhs.current?.readings
      && lhs.hours == rhs.hours
  }

  /// Whether the document is an air-quality answer (an Open-Meteo answer whose blocks hold an
  /// index or a pollutant and no forecast variable).
  public static func recognises(_ body: [UInt8]) -> Bool {
    guard let top = try? ResponseJSON.parse(body), case .object = top.value else { return false }
    for block in ["current", "hourly"] {
      guard case .object(let fields)? = top[block]?.value else { continue }
      let keys = Set(fields.map(\.key))
      if !keys.isDisjoint(with: variables.map(\.key)),
        keys.isDisjoint(with: ["temperature_2m", "weather_code", "wind_speed_10m"])
      {
        return true
      }
    }
    return false
  }

  static let variables: [(key: String, set: @Sendable (inout WeatherReadings, Double) -> Void)] = [
    ("european_aqi", { $0.europeanAQI = $1 }), ("us_aqi", { $0.usAQI = $1 }),
    ("pm2_5", { $0.pm25 = $1 }), ("pm10", { $0.pm10 = $1 }), ("ozone", { $0.ozone = $1 }),
    ("nitrogen_dioxide", { $0.nitrogenDioxide = $1 }),
    ("alder_pollen", { $0.alderPollen = $1 }), ("birch_pollen", { $0.birchPollen = $1 }),
    ("grass_pollen", { $0.grassPollen = $1 }), ("mugwort_pollen", { $0.mugwortPollen = $1 }),
    ("olive_pollen", { $0.olivePollen = $1 }), ("ragweed_pollen", { $0.ragweedPollen = $1 }),
  ]

  /// Reads an answer (ISO local or unix times, as the forecast's decoder does). A pollutant in
  /// a unit other than µg/m³, or pollen in one other than grains/m³, is refused, not guessed.
  public static func decode(_ body: [UInt8]) throws(ForecastError) -> AirQualityAnswer {
    let document = JSONField(try ResponseJSON.parse(body), path: "")
    guard case .object = document.value else {
      throw .invalidResponse("the document is \(document.node.kindName), expected an object")
    }
    if case .bool(true)? = try document.members()["error"] {
      let reason = (try? document.optional("reason")?.string()) ?? "no reason given"
      throw .invalidResponse("Open-Meteo's air-quality API answered with an error: \(reason)")
    }
    let timeZone = try document.optional("timezone")?.string() ?? "GMT"
    let offset = try document.optional("utc_offset_seconds")?.number() ?? 0
    return try LocalClock.with(timeZoneName: timeZone, fixedOffset: Int64(offset.rounded())) {
      (clock) throws(ForecastError) in
      var answer = AirQualityAnswer(current: nil, hours: [:])
      if let block = try document.optional("current") {
        try checkUnits(document.optional("current_units"))
        let time = try self.time(block.required("time"), clock: clock)
        var readings = WeatherReadings()
        for (key, set) in variables {
          if let value = try block.optional(key)?.optionalNumber() { set(&readings, value) }
        }
        answer.current = (time, readings.plausible())
      }
      if let block = try document.optional("hourly") {
        try checkUnits(document.optional("hourly_units"))
        let times = try block.required("time").elements()
        var hours = [WeatherReadings](repeating: WeatherReadings(), count: times.count)
        for (key, set) in variables {
          guard let column = try block.optional(key)?.elements() else { continue }
          guard column.count == times.count else {
            throw .invalidResponse(
              "hourly.\(key) has \(column.count) values for \(times.count) times")
          }
          for (index, field) in column.enumerated() {
            if let value = try field.optionalNumber() { set(&hours[index], value) }
          }
        }
        for (index, field) in times.enumerated() {
          answer.hours[try self.time(field, clock: clock)] = hours[index].plausible()
        }
      }
      return answer
    }
  }

  private static func checkUnits(_ units: JSONField?) throws(ForecastError) {
    guard let units else { return }
    for key in ["pm2_5", "pm10", "ozone", "nitrogen_dioxide"] {
      guard let unit = try units.optional(key)?.string() else { continue }
      // Open-Meteo writes the micro sign as a Greek mu (U+03BC); either is read.
      guard unit == "μg/m³" || unit == "µg/m³" else {
        throw .invalidResponse(
          "\(units.path).\(key) is \"\(unit)\"; Cloudy reads µg/m³, refused rather than guessed")
      }
    }
    for (key, _) in variables where key.hasSuffix("_pollen") {
      guard let unit = try units.optional(key)?.string() else { continue }
      guard unit == "grains/m³" else {
        throw .invalidResponse(
          "\(units.path).\(key) is \"\(unit)\"; Cloudy reads grains/m³, refused rather than guessed"
        )
      }
    }
  }

  private static func time(_ field: JSONField, clock: LocalClock) throws(ForecastError) -> Int64 {
    switch field.value {
    case .number(let number) where number.value.isFinite && number.value == number.value.rounded():
      return Int64(number.value)
    case .string(let text):
      return try clock.unixTime(iso: text, path: field.path)
    default:
      throw .invalidResponse("\(field.path) is not a time")
    }
  }

  /// `weather` with these values: each hour takes the answer's hour of the same start, the
  /// current conditions the answer's `current` when it is within the hour of them (else the
  /// answer's hour that holds them). What the answer lacks stays as it was.
  public func merged(into weather: WeatherData) -> WeatherData {
    var result = weather
    for index in result.hours.indices {
      if let readings = hours[result.hours[index].time] {
        result.hours[index].readings = result.hours[index].readings.merging(airQuality: readings)
      }
    }
    let now = result.current.time
    let readings =
      current.flatMap { abs($0.time - now) < 3600 ? $0.readings : nil }
      ?? hours[now - ((now % 3600) + 3600) % 3600]
    if let readings {
      result.current.readings = result.current.readings.merging(airQuality: readings)
    }
    return result
  }

  /// Whether it holds any value.
  public var isEmpty: Bool {
    (current.map { !$0.readings.airQuality.hasAirQuality } ?? true)
      && hours.values.allSatisfy { !$0.hasAirQuality }
  }
}

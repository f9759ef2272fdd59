import CloudyModels
import CloudyServices

/// Reads a Dark Sky–family response (Dark Sky, its forerunner forecast.io, Pirate Weather).
///
/// Shape: `latitude`, `longitude`, `timezone`, `offset` (hours, may be fractional),
/// `currently` {`time`, `summary`, `icon`, `temperature`, `windSpeed`, `precipProbability`, …},
/// `hourly.data` [points like `currently`], `daily.data` [{`time` (local midnight), `summary`,
/// `icon`, `temperatureMin`/`Max` (or `temperatureLow`/`High`), `windSpeed`, …}], `flags`.
///
/// Units come from `flags.units` (`us`, `si`, `ca`, `uk`/`uk2`) or, in forecast.io responses
/// from before `units` existed, from an `si` flag; when neither says, the response is refused:
/// the same numbers mean °F or °C. Any of `currently`/`hourly`/`daily` may be missing; a point
/// without a temperature or wind speed is left out. Fields real responses omit (`windBearing`
/// on calm hours, `precipType`, `sunriseTime` in polar night, `apparentTemperature`) are not
/// needed. Daily times are placed on their date's local midnight (see `LocalClock`).
enum DarkSkyDecoding {
  private struct Units {
    var temperature: @Sendable (Double) -> Double
    var wind: @Sendable (Double) -> Double
  }

  static func decode(_ document: JSONField) throws(ForecastError) -> DecodedForecast {
    let latitude = try document.required("latitude").number()
    let longitude = try document.required("longitude").number()
    let timeZone = try document.required("timezone").string()
    let offsetHours = try document.optional("offset")?.number() ?? 0
    let units = try readUnits(document)

    var notes: [String] = []
    var current: WeatherConditions?
    if let currently = try document.optional("currently") {
      current = try point(currently, units: units)
      if current == nil { notes.append("currently left out: it has no temperature or wind speed") }
    }
    var hours: [WeatherHourData] = []
    if let hourly = try document.optional("hourly")?.optional("data") {
      for element in try hourly.elements() {
        if let hour = try point(element, units: units) { hours.append(hour) }
      }
    }
    var days: [WeatherDayData] = []
    try LocalClock.with(timeZoneName: timeZone, fixedOffset: Int64((offsetHours * 3600).rounded()))
    { (clock) throws(ForecastError) in
      if let daily = try document.optional("daily")?.optional("data") {
        for element in try daily.elements() {
          if var day = try day(element, units: units) {
            day.time = clock.nearestMidnight(day.time)
            days.append(day)
          }
        }
      }
    }
    return DecodedForecast(
      latitude: latitude, longitude: longitude, timeZone: timeZone, current: current, days: days,
      hours: hours, notes: notes, model: nil)
  }

  private static func readUnits(_ document: JSONField) throws(ForecastError) -> Units {
    let flags = try document.optional("flags")
    let name: String
    if let units = try flags?.optional("units") {
      name = try units.string()
    } else if flags?.contains("si") == true {
      name = "si"
    } else {
      throw .invalidResponse(
        "flags.units is missing, so the units (°F or °C, mph or m/s) cannot be known; refused rather than guessed"
      )
    }
    let celsius: @Sendable (Double) -> Double = { UnitConversion.fahrenheit(fromCelsius: $0) }
    switch name {
    case "us": return Units(temperature: { $0 }, wind: { $0 })
    case "si":
      return Units(
        temperature: celsius, wind: { UnitConversion.milesPerHour(fromMetresPerSecond: $0) })
    case "ca":
      return Units(
        temperature: celsius, wind: { UnitConversion.milesPerHour(fromKilometresPerHour: $0) })
    case "uk", "uk2": return Units(temperature: celsius, wind: { $0 })
    default:
      throw .invalidResponse(
        "flags.units is \"\(name)\", units Cloudy does not know (it reads us, si, ca and uk2); refused rather than guessed"
      )
    }
  }

  private static func time(_ point: JSONField) throws(ForecastError) -> Int64 {
    let field = try point.required("time")
    let value = try field.number()
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw .invalidResponse("\(field.path) \(value) is not a unix time")
    }
    return Int64(value)
  }

  private static func iconAndSummary(_ point: JSONField) throws(ForecastError) -> (
    WeatherIcon, String
  ) {
    let iconName = try point.optional("icon")?.string()
    let icon = iconName.map(WeatherIcon.closest(toProviderIcon:)) ?? .cloudy
    let summary = Validation.summary(
      try point.optional("summary")?.string(), fallback: icon.defaultSummary)
    return (icon, summary)
  }

  private static func probability(_ point: JSONField) throws(ForecastError) -> Double? {
    try point.optional("precipProbability")?.number()
  }

  /// `currently` or one hour; nil when the point has no temperature or wind speed.
  private static func point(_ point: JSONField, units: Units) throws(ForecastError)
    -> WeatherConditions?
  {
    let time = try time(point)
    guard let temperature = try point.optional("temperature")?.number(),
      let wind = try point.optional("windSpeed")?.number()
    else { return nil }
    let (icon, summary) = try iconAndSummary(point)
    return WeatherConditions(
      time: time, summary: summary, icon: icon, temperature: units.temperature(temperature),
      windSpeed: units.wind(wind), precipitationProbability: try probability(point))
  }

  private static func day(_ point: JSONField, units: Units) throws(ForecastError)
    -> WeatherDayData?
  {
    let time = try time(point)
    guard
      let minimum = try point.optional(anyOf: ["temperatureMin", "temperatureLow"])?.number(),
      let maximum = try point.optional(anyOf: ["temperatureMax", "temperatureHigh"])?.number(),
      let wind = try point.optional("windSpeed")?.number()
    else { return nil }
    let (icon, summary) = try iconAndSummary(point)
    return WeatherDayData(
      time: time, summary: summary, icon: icon, temperatureMin: units.temperature(minimum),
      temperatureMax: units.temperature(maximum), windSpeed: units.wind(wind),
      precipitationProbability: try probability(point))
  }
}

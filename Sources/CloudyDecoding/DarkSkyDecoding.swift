import CloudyModels
import CloudyServices

/// Reads a Dark Sky–compatible response (Dark Sky, Pirate Weather).
///
/// Shape: `latitude`, `longitude`, `timezone`, `currently` {`time`, `summary`, `icon`,
/// `temperature`, `windSpeed`, `precipProbability`, …}, `hourly.data` [points like `currently`],
/// `daily.data` [{`time` (local midnight), `summary`, `icon`, `temperatureMin`/`Max` (or
/// `temperatureLow`/`High`), `windSpeed`, `precipProbability`, …}], `flags.units`. Units follow
/// `flags.units` (`us` when absent): `si` (°C, m/s), `ca` (°C, km/h), `uk`/`uk2` (°C, mph) are
/// converted. Icons outside Dark Sky's ten map to the closest Cloudy icon. Points lacking a
/// temperature or wind speed are skipped.
enum DarkSkyDecoding {
  private struct Units {
    var temperature: @Sendable (Double) -> Double
    var wind: @Sendable (Double) -> Double
  }

  static func decode(_ document: JSONField) throws(ForecastError) -> DecodedForecast {
    let latitude = try document.required("latitude").number()
    let longitude = try document.required("longitude").number()
    let timeZone = try document.required("timezone").string()
    let units = try readUnits(document)

    guard let current = try point(try document.required("currently"), units: units) else {
      throw .invalidResponse("currently has no temperature or wind speed")
    }
    var hours: [WeatherHourData] = []
    for element in try document.required("hourly").required("data").elements() {
      if let hour = try point(element, units: units) { hours.append(hour) }
    }
    var days: [WeatherDayData] = []
    for element in try document.required("daily").required("data").elements() {
      if let day = try day(element, units: units) { days.append(day) }
    }
    return DecodedForecast(
      latitude: latitude, longitude: longitude, timeZone: timeZone, current: current, days: days,
      hours: hours)
  }

  private static func readUnits(_ document: JSONField) throws(ForecastError) -> Units {
    let name = try document.optional("flags")?.optional("units")?.string() ?? "us"
    let celsius: @Sendable (Double) -> Double = { UnitConversion.fahrenheit(fromCelsius: $0) }
    switch name {
    case "us": return Units(temperature: { $0 }, wind: { $0 })
    case "si":
      return Units(temperature: celsius, wind: { UnitConversion.mph(fromMetersPerSecond: $0) })
    case "ca": return Units(temperature: celsius, wind: { UnitConversion.mph(fromKPH: $0) })
    case "uk", "uk2": return Units(temperature: celsius, wind: { $0 })
    default:
      throw .invalidResponse("flags.units is \"\(name)\", expected us, si, ca or uk")
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

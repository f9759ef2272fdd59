import CloudyJSON
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
/// is kept with the values it has (summary, icon, temperature, wind speed, precipitation
/// probability and intensity, apparent temperature; a day's sunrise and sunset) and left out
/// only when it has none. Daily times are placed on their date's local midnight (see
/// `LocalClock`). Pirate Weather's responses are named as its own (`service`).
enum DarkSkyDecoding {
  private struct Units {
    var temperature: @Sendable (Double) -> Double
    var wind: @Sendable (Double) -> Double
    /// Precipitation intensity to inches per hour.
    var precipitation: @Sendable (Double) -> Double
    /// Visibility to metres (miles in `us` and `uk2`, kilometres in `si` and `ca`).
    var visibility: @Sendable (Double) -> Double
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
      if current == nil { notes.append("currently left out: it has no value") }
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
      hours: hours, notes: notes, model: nil, provider: try service(document))
  }

  /// Pirate Weather, told apart from Dark Sky by what it writes in `flags`: a `version`
  /// ("V1.3.1", "V2.9.1"), which Dark Sky and forecast.io never sent, or its `sourceTimes`.
  static func service(_ document: JSONField) throws(ForecastError) -> ForecastProviderKind {
    guard let flags = try document.optional("flags"), case .object = flags.value else {
      return .darkSky
    }
    if flags.contains("version") || flags.contains("sourceTimes") { return .pirateWeather }
    return .darkSky
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
    let millimetres: @Sendable (Double) -> Double = { UnitConversion.inches(fromMillimetres: $0) }
    let miles: @Sendable (Double) -> Double = { $0 * UnitConversion.kilometresPerMile * 1000 }
    let kilometres: @Sendable (Double) -> Double = { $0 * 1000 }
    switch name {
    case "us":
      return Units(
        temperature: { $0 }, wind: { $0 }, precipitation: { $0 }, visibility: miles)
    case "si":
      return Units(
        temperature: celsius, wind: { UnitConversion.milesPerHour(fromMetresPerSecond: $0) },
        precipitation: millimetres, visibility: kilometres)
    case "ca":
      return Units(
        temperature: celsius, wind: { UnitConversion.milesPerHour(fromKilometresPerHour: $0) },
        precipitation: millimetres, visibility: kilometres)
    case "uk", "uk2":
      return Units(
        temperature: celsius, wind: { $0 }, precipitation: millimetres, visibility: miles)
    default:
      throw .invalidResponse(
        "flags.units is \"\(name)\", units Cloudy does not know (it reads us, si, ca and uk2); refused rather than guessed"
      )
    }
  }

  private static func time(_ point: JSONField, _ key: String = "time") throws(ForecastError)
    -> Int64
  {
    let field = try point.required(key)
    let value = try field.number()
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw .invalidResponse("\(field.path) \(value) is not a unix time")
    }
    return Int64(value)
  }

  /// The icon, mapped to the closest of Cloudy's, and the summary (the icon's own words when
  /// the point has an icon and no summary); nil for what the point does not have.
  private static func iconAndSummary(_ point: JSONField) throws(ForecastError) -> (
    WeatherIcon?, String?
  ) {
    let iconName = try point.optional("icon")?.string()
    let icon = iconName.map(WeatherIcon.closest(toProviderIcon:))
    let text = try point.optional("summary")?.string()
    let summary = Validation.summary(text, fallback: icon?.defaultSummary ?? "")
    return (icon, summary.isEmpty ? nil : summary)
  }

  private static func number(_ point: JSONField, _ keys: [String]) throws(ForecastError)
    -> Double?
  {
    try point.optional(anyOf: keys)?.number()
  }

  /// `currently` or one hour; nil when the point has no value besides its time.
  private static func point(_ point: JSONField, units: Units) throws(ForecastError)
    -> WeatherConditions?
  {
    let time = try time(point)
    let (icon, summary) = try iconAndSummary(point)
    let conditions = WeatherConditions(
      time: time, summary: summary, icon: icon,
      temperature: try number(point, ["temperature"]).map(units.temperature),
      windSpeed: try number(point, ["windSpeed"]).map(units.wind),
      precipitationProbability: try number(point, ["precipProbability"]),
      apparentTemperature: try number(point, ["apparentTemperature"]).map(units.temperature),
      precipitation: try number(point, ["precipIntensity"]).map(units.precipitation),
      readings: try readings(point, units: units))
    return conditions.hasValue ? conditions : nil
  }

  /// One day; nil when it has no value besides its time. Its precipitation sum is left out:
  /// Dark Sky's daily `precipAccumulation` is snowfall and its `precipIntensity` an average.
  private static func day(_ point: JSONField, units: Units) throws(ForecastError)
    -> WeatherDayData?
  {
    let time = try time(point)
    let (icon, summary) = try iconAndSummary(point)
    func instant(_ key: String) throws(ForecastError) -> Int64? {
      guard point.contains(key), try point.optional(key) != nil else { return nil }
      return try Self.time(point, key)
    }
    let day = WeatherDayData(
      time: time, summary: summary, icon: icon,
      temperatureMin: try number(point, ["temperatureMin", "temperatureLow"]).map(
        units.temperature),
      temperatureMax: try number(point, ["temperatureMax", "temperatureHigh"]).map(
        units.temperature),
      windSpeed: try number(point, ["windSpeed"]).map(units.wind),
      precipitationProbability: try number(point, ["precipProbability"]),
      apparentTemperatureMin: try number(
        point, ["apparentTemperatureMin", "apparentTemperatureLow"]
      ).map(units.temperature),
      apparentTemperatureMax: try number(
        point, ["apparentTemperatureMax", "apparentTemperatureHigh"]
      ).map(units.temperature),
      sunrise: try instant("sunriseTime"), sunset: try instant("sunsetTime"),
      readings: try readings(point, units: units))
    return day.hasValue ? day : nil
  }

  /// A point's other quantities: `humidity` and `cloudCover` (fractions, to percent),
  /// `dewPoint`, `pressure` (hPa, millibars in `us`), `windBearing`, `windGust`, `uvIndex`,
  /// `visibility`; a day's `windGust` and `uvIndex` are its maximum.
  private static func readings(_ point: JSONField, units: Units) throws(ForecastError)
    -> WeatherReadings
  {
    WeatherReadings(
      humidity: try number(point, ["humidity"]).map(percent),
      dewPoint: try number(point, ["dewPoint"]).map(units.temperature),
      pressure: try number(point, ["pressure"]),
      windDirection: try number(point, ["windBearing"]),
      windGust: try number(point, ["windGust"]).map(units.wind),
      uvIndex: try number(point, ["uvIndex"]),
      visibility: try number(point, ["visibility"]).map(units.visibility),
      cloudCover: try number(point, ["cloudCover"]).map(percent))
  }

  /// A fraction 0…1 as a percentage, to two decimals of a percent (0.83 is 83, not
  /// 83.00000000000001).
  static func percent(_ fraction: Double) -> Double {
    (fraction * 10_000).rounded() / 100
  }
}

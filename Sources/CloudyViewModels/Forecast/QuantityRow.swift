public import CloudyModels

/// Which quantity a `QuantityRow` shows; the raw value is its key in `show --json`'s
/// `"quantities"` object (stable).
public enum QuantityKind: String, CaseIterable, Hashable, Sendable {
  case temperature
  case temperatureHigh
  case temperatureLow
  case apparentTemperature
  case apparentTemperatureHigh
  case apparentTemperatureLow
  case dewPoint
  case humidity
  case pressure
  case windSpeed
  case windGust
  case windDirection
  case uvIndex
  case visibility
  case cloudCover
  case precipitation
  case precipitationProbability
  case sunrise
  case sunset
  case airQuality
  case pm25
  case pm10
  case ozone
  case nitrogenDioxide
  case alderPollen
  case birchPollen
  case grassPollen
  case mugwortPollen
  case olivePollen
  case ragweedPollen

  /// What a line of text calls it: "Dew point", "UV index".
  public var label: String {
    switch self {
    case .temperature: "Temperature"
    case .temperatureHigh: "High"
    case .temperatureLow: "Low"
    case .apparentTemperature: "Feels like"
    case .apparentTemperatureHigh: "Feels like high"
    case .apparentTemperatureLow: "Feels like low"
    case .dewPoint: "Dew point"
    case .humidity: "Humidity"
    case .pressure: "Pressure"
    case .windSpeed: "Wind"
    case .windGust: "Gusts"
    case .windDirection: "Wind from"
    case .uvIndex: "UV index"
    case .visibility: "Visibility"
    case .cloudCover: "Cloud cover"
    case .precipitation: "Precipitation"
    case .precipitationProbability: "Chance of precipitation"
    case .sunrise: "Sunrise"
    case .sunset: "Sunset"
    case .airQuality: "Air quality"
    case .pm25: "PM2.5"
    case .pm10: "PM10"
    case .ozone: "Ozone"
    case .nitrogenDioxide: "Nitrogen dioxide"
    case .alderPollen: "Alder pollen"
    case .birchPollen: "Birch pollen"
    case .grassPollen: "Grass pollen"
    case .mugwortPollen: "Mugwort pollen"
    case .olivePollen: "Olive pollen"
    case .ragweedPollen: "Ragweed pollen"
    }
  }
}

/// One quantity of a moment, an hour or a day, converted and formatted by the settings: what
/// every front-end shows and `"quantities"` carries. Only the quantities a forecast holds have
/// a row.
public struct QuantityRow: Hashable, Sendable {
  public let kind: QuantityKind
  public let quantity: Quantity

  public init(_ kind: QuantityKind, _ quantity: Quantity) {
    self.kind = kind
    self.quantity = quantity
  }

  public var label: String { kind.label }
  public var text: String { quantity.text }
}

/// Makes the rows of one moment or day, in the JSON's order.
enum QuantityRows {
  /// "Now" or one hour.
  static func conditions(_ data: WeatherConditions, settings: Settings) -> [QuantityRow] {
    var rows: [QuantityRow] = []
    rows.reserveCapacity(12)
    if let value = data.temperature {
      rows.append(QuantityRow(.temperature, settings.temperature.quantity(fahrenheit: value)))
    }
    if let value = data.apparentTemperature {
      rows.append(
        QuantityRow(.apparentTemperature, settings.temperature.quantity(fahrenheit: value)))
    }
    weather(data.readings, windSpeed: data.windSpeed, settings: settings, into: &rows)
    if let value = data.precipitation {
      rows.append(QuantityRow(.precipitation, settings.precipitation.quantity(inches: value)))
    }
    if let value = data.precipitationProbability {
      rows.append(QuantityRow(.precipitationProbability, .percent(value * 100)))
    }
    airQuality(data.readings, settings: settings, into: &rows)
    return rows
  }

  /// One day of the week; sunrise and sunset as local times by the time setting.
  static func day(_ data: WeatherDayData, settings: Settings, zone: any LocalTimeReading)
    -> [QuantityRow]
  {
    var rows: [QuantityRow] = []
    rows.reserveCapacity(14)
    let temperature = settings.temperature
    if let value = data.temperatureMax {
      rows.append(QuantityRow(.temperatureHigh, temperature.quantity(fahrenheit: value)))
    }
    if let value = data.temperatureMin {
      rows.append(QuantityRow(.temperatureLow, temperature.quantity(fahrenheit: value)))
    }
    if let value = data.apparentTemperatureMax {
      rows.append(QuantityRow(.apparentTemperatureHigh, temperature.quantity(fahrenheit: value)))
    }
    if let value = data.apparentTemperatureMin {
      rows.append(QuantityRow(.apparentTemperatureLow, temperature.quantity(fahrenheit: value)))
    }
    weather(data.readings, windSpeed: data.windSpeed, settings: settings, into: &rows)
    if let value = data.precipitationSum {
      rows.append(QuantityRow(.precipitation, settings.precipitation.quantity(inches: value)))
    }
    if let value = data.precipitationProbability {
      rows.append(QuantityRow(.precipitationProbability, .percent(value * 100)))
    }
    if let value = data.sunrise {
      rows.append(
        QuantityRow(
          .sunrise, .instant(value, text: zone.format(value, settings.time.strftimePattern))))
    }
    if let value = data.sunset {
      rows.append(
        QuantityRow(
          .sunset, .instant(value, text: zone.format(value, settings.time.strftimePattern))))
    }
    airQuality(data.readings, settings: settings, into: &rows)
    return rows
  }

  private static func weather(
    _ readings: WeatherReadings, windSpeed: Double?, settings: Settings,
    into rows: inout [QuantityRow]
  ) {
    if let value = readings.dewPoint {
      rows.append(QuantityRow(.dewPoint, settings.temperature.quantity(fahrenheit: value)))
    }
    if let value = readings.humidity { rows.append(QuantityRow(.humidity, .percent(value))) }
    if let value = readings.pressure {
      rows.append(QuantityRow(.pressure, settings.pressure.quantity(hectopascals: value)))
    }
    if let value = windSpeed {
      rows.append(QuantityRow(.windSpeed, settings.wind.quantity(milesPerHour: value)))
    }
    if let value = readings.windGust {
      rows.append(QuantityRow(.windGust, settings.wind.quantity(milesPerHour: value)))
    }
    if let value = readings.windDirection {
      rows.append(QuantityRow(.windDirection, .direction(degrees: value)))
    }
    if let value = readings.uvIndex { rows.append(QuantityRow(.uvIndex, .uvIndex(value))) }
    if let value = readings.visibility {
      rows.append(QuantityRow(.visibility, settings.distance.quantity(metres: value)))
    }
    if let value = readings.cloudCover { rows.append(QuantityRow(.cloudCover, .percent(value))) }
  }

  private static func airQuality(
    _ readings: WeatherReadings, settings: Settings, into rows: inout [QuantityRow]
  ) {
    if let quantity = settings.airQuality.quantity(readings) {
      rows.append(QuantityRow(.airQuality, quantity))
    }
    if let value = readings.pm25 { rows.append(QuantityRow(.pm25, .concentration(value))) }
    if let value = readings.pm10 { rows.append(QuantityRow(.pm10, .concentration(value))) }
    if let value = readings.ozone { rows.append(QuantityRow(.ozone, .concentration(value))) }
    if let value = readings.nitrogenDioxide {
      rows.append(QuantityRow(.nitrogenDioxide, .concentration(value)))
    }
    let pollen: [(QuantityKind, Double?)] = [
      (.alderPollen, readings.alderPollen), (.birchPollen, readings.birchPollen),
      (.grassPollen, readings.grassPollen), (.mugwortPollen, readings.mugwortPollen),
      (.olivePollen, readings.olivePollen), (.ragweedPollen, readings.ragweedPollen),
    ]
    for case (let kind, let value?) in pollen { rows.append(QuantityRow(kind, .pollen(value))) }
  }

  /// "9 mph NW, gusts 18 mph": the wind as a person reads it; nil without a speed.
  static func windLine(_ rows: [QuantityRow]) -> String? {
    guard let speed = rows.first(where: { $0.kind == .windSpeed }) else { return nil }
    var line = speed.text
    if let direction = rows.first(where: { $0.kind == .windDirection }) {
      line += " " + direction.text
    }
    if let gust = rows.first(where: { $0.kind == .windGust }) { line += ", gusts " + gust.text }
    return line
  }
}

extension QuantityKind {
  /// The quantities "now" and an hour may hold, in order: what `lackingQuantities` checks.
  /// Pollen is not among them: Open-Meteo publishes it only in Europe, so six keys would be
  /// "lacking" from every other forecast; where a response has it, it has its rows.
  public static let conditions: [QuantityKind] = [
    .temperature, .apparentTemperature, .dewPoint, .humidity, .pressure, .windSpeed, .windGust,
    .windDirection, .uvIndex, .visibility, .cloudCover, .precipitation, .precipitationProbability,
    .airQuality,
  ]
  /// The pollen counts, in the JSON's order.
  public static let pollen: [QuantityKind] = [
    .alderPollen, .birchPollen, .grassPollen, .mugwortPollen, .olivePollen, .ragweedPollen,
  ]
  /// The quantities a day may hold.
  public static let days: [QuantityKind] = [
    .temperatureHigh, .temperatureLow, .apparentTemperatureHigh, .apparentTemperatureLow,
    .dewPoint, .humidity, .pressure, .windSpeed, .windGust, .windDirection, .uvIndex,
    .visibility, .cloudCover, .precipitation, .precipitationProbability, .sunrise, .sunset,
  ]

  /// Of `kinds`, those no row holds: what a response lacked, to say so.
  public static func lacking(_ kinds: [QuantityKind], in rows: [[QuantityRow]]) -> [QuantityKind] {
    var held = Set<QuantityKind>()
    for row in rows { for quantity in row { held.insert(quantity.kind) } }
    return kinds.filter { !held.contains($0) }
  }
}

extension Array where Element == QuantityRow {
  /// The row of one kind; nil when the forecast does not hold it.
  public func first(_ kind: QuantityKind) -> QuantityRow? { first { $0.kind == kind } }
}

public import CloudyModels

/// The day view: the conditions now, as the Cloudy app's `DayViewModel` showed them.
///
/// Every text is formatted once, at init, by the settings and in the place's time zone:
/// `date` as `EEE, MMMM d` ("Thu, January 15"), `time` by the time notation ("09:15 AM" /
/// "09:15"), `temperature` by the temperature notation ("67.8 °F" / "19.9 °C"), `windSpeed` by
/// the units notation ("13 mph" / "21 km/h"). A value the response did not have reads "–"
/// (`MissingValue.text`), never 0, and `missing` names it.
public struct DayViewModel: Hashable, Sendable {
  /// The conditions shown, in the store's units (°F, mph, inches).
  public let conditions: WeatherConditions
  /// "Thu, January 15".
  public let date: String
  /// "09:15 AM" or "09:15".
  public let time: String
  /// "Partly Cloudy", or "–".
  public let summary: String
  /// "67.8 °F" or "19.9 °C", or "–".
  public let temperature: String
  /// "13 mph" or "21 km/h", or "–".
  public let windSpeed: String
  /// The Cloudy app's icon name (Dark Sky's), e.g. "partly-cloudy-day", or "–".
  public let iconName: String
  /// "Feels like": "65.1 °F"; nil when the response had none.
  public let apparentTemperature: String?
  /// The amount over the hour: "0.02 in" or "0.5 mm"; nil when the response had none.
  public let precipitation: String?
  /// "20 %"; nil when the response had none.
  public let precipitationProbability: String?
  /// What the view shows that the response lacked, in order (weather code, temperature, wind).
  public let missing: [WeatherValue]
  /// Every quantity the conditions hold, converted and formatted by the settings, in the
  /// order `"quantities"` lists them.
  public let quantities: [QuantityRow]
  /// The wind as a person reads it, "9 mph NW, gusts 18 mph"; "–" without a speed.
  public let wind: String

  public init(conditions: WeatherConditions, settings: Settings, timeZone: any TimeZoneFormatting) {
    self.conditions = conditions
    (date, time) = timeZone.reading { zone in
      (
        zone.format(conditions.time, ForecastPatterns.dayDate),
        zone.format(conditions.time, settings.time.strftimePattern)
      )
    }
    summary = conditions.summary ?? MissingValue.text
    temperature = MissingValue.format(conditions.temperature, settings.temperature.format)
    windSpeed = MissingValue.format(conditions.windSpeed, settings.wind.format(milesPerHour:))
    iconName = conditions.icon?.rawValue ?? MissingValue.text
    apparentTemperature = conditions.apparentTemperature.map(settings.temperature.format)
    precipitation = conditions.precipitation.map(settings.precipitation.format(inches:))
    precipitationProbability = conditions.precipitationProbability.map(MissingValue.percent)
    missing = MissingValue.shown(conditions.missingValues, of: MissingValue.conditionsShown)
    quantities = QuantityRows.conditions(conditions, settings: settings)
    wind = QuantityRows.windLine(quantities) ?? MissingValue.text
  }

  /// The lines of the day view's details, label and text, in order: "Feels like 65.1 °F",
  /// "Dew point 52.0 °F", "Humidity 83 %", "Pressure 29.92 inHg", "Wind 9 mph NW, gusts
  /// 18 mph", "UV index 3 · moderate", "Visibility 10.0 mi", "Cloud cover 75 %",
  /// "Precipitation 0.02 in", "Chance of precipitation 20 %", "Air quality 42 · moderate".
  /// Temperature and the summary are the view's headline, not a line; wind direction and
  /// gusts are in the wind's line.
  public var detailLines: [(label: String, text: String)] {
    var lines: [(label: String, text: String)] = []
    for row in quantities {
      switch row.kind {
      case .temperature, .windDirection, .windGust: continue
      case .windSpeed: lines.append((row.label, wind))
      default: lines.append((row.label, row.text))
      }
    }
    return lines
  }
}

/// How a view shows a value the response did not have.
public enum MissingValue {
  /// "–" (U+2013), in place of a value a response lacked: never 0.
  public static let text = "–"

  static func format(_ value: Double?, _ format: (Double) -> String) -> String {
    value.map(format) ?? text
  }

  static func percent(_ probability: Double) -> String {
    DecimalText.fixed(probability * 100, decimals: 0) + " %"
  }

  /// The values the day and hourly views always show.
  static let conditionsShown: [WeatherValue] = [.summary, .temperature, .windSpeed]
  /// The values the week view always shows.
  static let daysShown: [WeatherValue] = [
    .summary, .temperatureMin, .temperatureMax, .windSpeed,
  ]

  /// The shown values among `missing`, in the order shown.
  static func shown(_ missing: WeatherValues, of shown: [WeatherValue]) -> [WeatherValue] {
    shown.filter { missing.contains($0) }
  }

  /// "weather code", "temperature", "wind speed": what a sentence calls a missing value (the
  /// summary and icon come from a weather code).
  public static func name(_ value: WeatherValue) -> String {
    value == .summary || value == .icon ? "weather code" : value.text
  }

  /// "weather code and wind speed".
  public static func list(_ values: [WeatherValue]) -> String {
    var names: [String] = []
    for value in values where !names.contains(name(value)) { names.append(name(value)) }
    switch names.count {
    case 0: return ""
    case 1: return names[0]
    default: return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
  }
}

/// The strftime patterns of the Cloudy app's date formats (C locale, glibc's `%-d`).
enum ForecastPatterns {
  /// `EEE, MMMM d`: "Thu, January 15".
  static let dayDate = "%a, %B %-d"
  /// `EEEE`: "Thursday".
  static let weekday = "%A"
  /// `MMMM d`: "January 15".
  static let monthDay = "%B %-d"
}

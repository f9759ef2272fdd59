public import CloudyModels

/// The day view: the conditions now, as the Cloudy app's `DayViewModel` showed them.
///
/// Every text is formatted once, at init, by the settings and in the place's time zone:
/// `date` as `EEE, MMMM d` ("Thu, January 15"), `time` by the time notation ("09:15 AM" /
/// "09:15"), `temperature` by the temperature notation ("67.8 °F" / "19.9 °C"), `windSpeed` by
/// the units notation ("13 MPH" / "21 KPH").
public struct DayViewModel: Hashable, Sendable {
  /// The conditions shown, in the store's units (°F, mph).
  public let conditions: WeatherConditions
  /// "Thu, January 15".
  public let date: String
  /// "09:15 AM" or "09:15".
  public let time: String
  public let summary: String
  /// "67.8 °F" or "19.9 °C".
  public let temperature: String
  /// "13 MPH" or "21 KPH".
  public let windSpeed: String
  /// The Cloudy app's icon name (Dark Sky's), e.g. "partly-cloudy-day".
  public let iconName: String

  public init(conditions: WeatherConditions, settings: Settings, timeZone: any TimeZoneFormatting) {
    self.conditions = conditions
    (date, time) = timeZone.reading { zone in
      (
        zone.format(conditions.time, ForecastPatterns.dayDate),
        zone.format(conditions.time, settings.time.strftimePattern)
      )
    }
    summary = conditions.summary
    temperature = settings.temperature.format(fahrenheit: conditions.temperature)
    windSpeed = settings.units.formatWindSpeed(milesPerHour: conditions.windSpeed)
    iconName = conditions.icon.rawValue
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

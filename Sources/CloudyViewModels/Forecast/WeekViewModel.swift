public import CloudyModels

/// The week view: one row per cached day, as the Cloudy app's `WeekViewModel` listed them.
public struct WeekViewModel: Hashable, Sendable {
  /// The rows, oldest day first.
  public let days: [WeatherDayViewModel]

  public init(days: [WeatherDayData], settings: Settings, timeZone: any TimeZoneFormatting) {
    self.days = timeZone.reading { zone in
      days.map { WeatherDayViewModel(day: $0, settings: settings, zone: zone) }
    }
  }

  public var numberOfDays: Int { days.count }

  /// The row of day `index` (0-based); nil outside the list, never a trap.
  public func viewModel(for index: Int) -> WeatherDayViewModel? {
    days.indices.contains(index) ? days[index] : nil
  }
}

/// One row of the week view: weekday, date, `min° - max°`, wind and icon.
public struct WeatherDayViewModel: Hashable, Sendable {
  /// The day in the store's units.
  public let data: WeatherDayData
  /// "Thursday".
  public let day: String
  /// "January 15".
  public let date: String
  /// "59° - 74°", whole degrees in the temperature notation.
  public let temperature: String
  /// "13 MPH" or "21 KPH".
  public let windSpeed: String
  public let summary: String
  public let iconName: String

  init(day data: WeatherDayData, settings: Settings, zone: any LocalTimeReading) {
    self.data = data
    day = zone.format(data.time, ForecastPatterns.weekday)
    date = zone.format(data.time, ForecastPatterns.monthDay)
    temperature = settings.temperature.formatRange(
      minimumFahrenheit: data.temperatureMin, maximumFahrenheit: data.temperatureMax)
    windSpeed = settings.units.formatWindSpeed(milesPerHour: data.windSpeed)
    summary = data.summary
    iconName = data.icon.rawValue
  }
}

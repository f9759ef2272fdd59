public import CloudyModels

/// The week view: one row per cached day, as the Cloudy app's `WeekViewModel` listed them
/// (seven days from `ForecastViewModel.week`, more from `days(_:)`).
public struct WeekViewModel: Hashable, Sendable {
  /// The rows, oldest day first.
  public let days: [WeatherDayViewModel]
  /// The shown values no row has (the response lacked them), in the order shown.
  public let missing: [WeatherValue]

  /// The values no day has, gathered once: `has(_:)` is asked for every column.
  private let missingEverywhere: WeatherValues

  public init(days: [WeatherDayData], settings: Settings, timeZone: any TimeZoneFormatting) {
    // Each day's missing values are worked out once, for its row and for the columns.
    let lacking = days.map(\.missingValues)
    self.days = timeZone.reading { zone in
      zip(days, lacking).map {
        WeatherDayViewModel(day: $0, lacking: $1, settings: settings, zone: zone)
      }
    }
    missingEverywhere = lacking.reduce(WeatherValues.all) { $0.intersection($1) }
    missing = MissingValue.shown(missingEverywhere, of: MissingValue.daysShown)
  }

  public var numberOfDays: Int { days.count }

  /// The row of day `index` (0-based); nil outside the list, never a trap.
  public func viewModel(for index: Int) -> WeatherDayViewModel? {
    days.indices.contains(index) ? days[index] : nil
  }

  /// Whether any day has a value of this kind: a column no day has is not shown.
  public func has(_ value: WeatherValue) -> Bool {
    !missingEverywhere.contains(value)
  }
}

/// One row of the week view: weekday, date, `min° to max°`, wind and icon. A value the
/// response did not have reads "–".
public struct WeatherDayViewModel: Hashable, Sendable {
  /// The day in the store's units.
  public let data: WeatherDayData
  /// "Thursday".
  public let day: String
  /// "January 15".
  public let date: String
  /// "59° to 74°", whole degrees in the temperature notation ("– to 74°" without a minimum).
  public let temperature: String
  /// "13 mph" or "21 km/h", or "–".
  public let windSpeed: String
  public let summary: String
  public let iconName: String
  /// The chance of precipitation, "20 %"; nil when the response had none.
  public let precipitationProbability: String?
  /// The day's total: "0.31 in" or "7.9 mm"; nil when the response had none.
  public let precipitation: String?
  /// "Feels like" range, "55° to 70°"; nil when the response had neither.
  public let apparentTemperature: String?
  /// "06:41 AM" / "06:41"; nil when the response had none.
  public let sunrise: String?
  public let sunset: String?
  /// What the row shows that the response lacked for this day.
  public let missing: [WeatherValue]
  /// Every quantity the day holds (high, low, sunrise, sunset, the day's maximum UV and gust,
  /// whatever else the response gives per day), converted and formatted by the settings.
  public let quantities: [QuantityRow]

  /// `lacking`: `data.missingValues`, worked out by the caller once.
  init(
    day data: WeatherDayData, lacking: WeatherValues, settings: Settings,
    zone: any LocalTimeReading
  ) {
    self.data = data
    day = zone.format(data.time, ForecastPatterns.weekday)
    date = zone.format(data.time, ForecastPatterns.monthDay)
    temperature = Self.range(data.temperatureMin, data.temperatureMax, settings: settings)
    windSpeed = MissingValue.format(data.windSpeed, settings.wind.format(milesPerHour:))
    summary = data.summary ?? MissingValue.text
    iconName = data.icon?.rawValue ?? MissingValue.text
    precipitationProbability = data.precipitationProbability.map(MissingValue.percent)
    precipitation = data.precipitationSum.map(settings.precipitation.format(inches:))
    apparentTemperature =
      data.apparentTemperatureMin == nil && data.apparentTemperatureMax == nil
      ? nil
      : Self.range(data.apparentTemperatureMin, data.apparentTemperatureMax, settings: settings)
    sunrise = data.sunrise.map { zone.format($0, settings.time.strftimePattern) }
    sunset = data.sunset.map { zone.format($0, settings.time.strftimePattern) }
    missing = MissingValue.shown(lacking, of: MissingValue.daysShown)
    quantities = QuantityRows.day(data, settings: settings, zone: zone)
  }

  /// The text of one quantity, "–" when the day lacks it: a table's cell.
  public func text(_ kind: QuantityKind) -> String {
    quantities.first(kind)?.text ?? MissingValue.text
  }

  private static func range(_ minimum: Double?, _ maximum: Double?, settings: Settings) -> String {
    switch (minimum, maximum) {
    case (let minimum?, let maximum?):
      settings.temperature.formatRange(minimumFahrenheit: minimum, maximumFahrenheit: maximum)
    case (nil, nil): MissingValue.text
    default:
      // One end only: the other reads "–".
      [minimum, maximum].map {
        MissingValue.format($0, settings.temperature.formatDegrees(fahrenheit:))
      }.joined(separator: " to ")
    }
  }
}

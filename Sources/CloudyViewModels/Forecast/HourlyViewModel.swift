public import CloudyModels

/// The hourly list: one row per cached hour, grouped by local date.
public struct HourlyViewModel: Hashable, Sendable {
  public let hours: [WeatherHourViewModel]

  public init(hours: [WeatherHourData], settings: Settings, timeZone: any TimeZoneFormatting) {
    self.hours = timeZone.reading { zone in
      hours.map { WeatherHourViewModel(hour: $0, settings: settings, zone: zone) }
    }
  }

  public var numberOfHours: Int { hours.count }

  /// The row of hour `index` (0-based); nil outside the list.
  public func viewModel(for index: Int) -> WeatherHourViewModel? {
    hours.indices.contains(index) ? hours[index] : nil
  }

  /// The hours split by local date, in order, each with its date text ("Thu, January 15"):
  /// what a sectioned list shows.
  public var sections: [(date: String, hours: [WeatherHourViewModel])] {
    var result: [(date: String, hours: [WeatherHourViewModel])] = []
    var lastKey: Int?
    for hour in hours {
      if hour.dateKey == lastKey, !result.isEmpty {
        result[result.count - 1].hours.append(hour)
      } else {
        result.append((hour.date, [hour]))
        lastKey = hour.dateKey
      }
    }
    return result
  }
}

/// One hour: time by the time notation, temperature, wind, precipitation chance, icon.
public struct WeatherHourViewModel: Hashable, Sendable {
  public let data: WeatherHourData
  /// "Thu, January 15", the local date of the hour.
  public let date: String
  /// The local date as a number (20260115), to group rows by.
  public let dateKey: Int
  /// "09:00 AM" or "09:00".
  public let time: String
  /// "67.8 °F" or "19.9 °C".
  public let temperature: String
  /// "13 MPH" or "21 KPH".
  public let windSpeed: String
  /// "20 %", or nil when the provider gave none.
  public let precipitation: String?
  public let summary: String
  public let iconName: String

  init(hour data: WeatherHourData, settings: Settings, zone: any LocalTimeReading) {
    self.data = data
    date = zone.format(data.time, ForecastPatterns.dayDate)
    dateKey = zone.dateKey(data.time)
    time = zone.format(data.time, settings.time.strftimePattern)
    temperature = settings.temperature.format(fahrenheit: data.temperature)
    windSpeed = settings.units.formatWindSpeed(milesPerHour: data.windSpeed)
    precipitation = data.precipitationProbability.map {
      DecimalText.fixed($0 * 100, decimals: 0) + " %"
    }
    summary = data.summary
    iconName = data.icon.rawValue
  }
}

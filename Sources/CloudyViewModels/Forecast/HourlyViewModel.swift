public import CloudyModels

/// The hourly list: one row per cached hour, grouped by local date.
public struct HourlyViewModel: Hashable, Sendable {
  public let hours: [WeatherHourViewModel]
  /// The shown values no hour has (the response lacked them), in the order shown.
  public let missing: [WeatherValue]

  /// The values no hour has, gathered once: `has(_:)` is asked for every column.
  private let missingEverywhere: WeatherValues

  public init(hours: [WeatherHourData], settings: Settings, timeZone: any TimeZoneFormatting) {
    // Each hour's missing values are worked out once, for its row and for the columns.
    let lacking = hours.map(\.missingValues)
    self.hours = timeZone.reading { zone in
      zip(hours, lacking).map {
        WeatherHourViewModel(hour: $0, lacking: $1, settings: settings, zone: zone)
      }
    }
    missingEverywhere = lacking.reduce(WeatherValues.all) { $0.intersection($1) }
    missing = MissingValue.shown(missingEverywhere, of: MissingValue.conditionsShown)
  }

  public var numberOfHours: Int { hours.count }

  /// The row of hour `index` (0-based); nil outside the list.
  public func viewModel(for index: Int) -> WeatherHourViewModel? {
    hours.indices.contains(index) ? hours[index] : nil
  }

  /// Whether any hour has a value of this kind: a column no hour has is not shown.
  public func has(_ value: WeatherValue) -> Bool {
    !missingEverywhere.contains(value)
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

/// One hour: time by the time notation, temperature, wind, precipitation chance, icon. A value
/// the response did not have reads "–".
public struct WeatherHourViewModel: Hashable, Sendable {
  public let data: WeatherHourData
  /// "Thu, January 15", the local date of the hour.
  public let date: String
  /// The local date as a number (20260115), to group rows by.
  public let dateKey: Int
  /// "09:00 AM" or "09:00".
  public let time: String
  /// "67.8 °F" or "19.9 °C", or "–".
  public let temperature: String
  /// "13 mph" or "21 km/h", or "–".
  public let windSpeed: String
  /// "20 %", or nil when the provider gave none.
  public let precipitation: String?
  /// The amount over the hour, "0.02 in" or "0.5 mm"; nil when the provider gave none.
  public let precipitationAmount: String?
  /// "Feels like", "65.1 °F"; nil when the provider gave none.
  public let apparentTemperature: String?
  public let summary: String
  public let iconName: String
  /// What the row shows that the response lacked for this hour.
  public let missing: [WeatherValue]
  /// Every quantity the hour holds, converted and formatted by the settings. A chart takes
  /// its wind direction (`.windDirection`: degrees and compass word) and precipitation amount
  /// (`.precipitation`, in the unit chosen) from here.
  public let quantities: [QuantityRow]

  /// `lacking`: `data.missingValues`, worked out by the caller once.
  init(
    hour data: WeatherHourData, lacking: WeatherValues, settings: Settings,
    zone: any LocalTimeReading
  ) {
    self.data = data
    date = zone.format(data.time, ForecastPatterns.dayDate)
    dateKey = zone.dateKey(data.time)
    time = zone.format(data.time, settings.time.strftimePattern)
    temperature = MissingValue.format(data.temperature, settings.temperature.format)
    windSpeed = MissingValue.format(data.windSpeed, settings.wind.format(milesPerHour:))
    precipitation = data.precipitationProbability.map(MissingValue.percent)
    precipitationAmount = data.precipitation.map(settings.precipitation.format(inches:))
    apparentTemperature = data.apparentTemperature.map(settings.temperature.format)
    summary = data.summary ?? MissingValue.text
    iconName = data.icon?.rawValue ?? MissingValue.text
    missing = MissingValue.shown(lacking, of: MissingValue.conditionsShown)
    quantities = QuantityRows.conditions(data, settings: settings)
  }

  /// The wind as a person reads it, "9 mph NW, gusts 18 mph"; "–" without a speed.
  public var wind: String { QuantityRows.windLine(quantities) ?? MissingValue.text }

  /// Where the wind blows from, degrees 0…360, for a chart's arrow; nil when the hour lacks it.
  public var windDirectionDegrees: Double? { quantities.first(.windDirection)?.quantity.value }
  /// The compass word of that direction, "NW": the arrow's text alternative.
  public var windDirectionText: String? { quantities.first(.windDirection)?.text }
  /// The amount over the hour in the unit the settings choose (`precipitationUnit`), for a
  /// bar's height; nil when the hour lacks it.
  public var precipitationAmountValue: Double? {
    quantities.first(.precipitation)?.quantity.value
  }
  /// "mm" or "in".
  public var precipitationUnit: String? { quantities.first(.precipitation)?.quantity.unit }

  /// The text of one quantity, "–" when the hour lacks it: a table's cell.
  public func text(_ kind: QuantityKind) -> String {
    quantities.first(kind)?.text ?? MissingValue.text
  }
}

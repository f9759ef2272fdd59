/// A cached forecast of one place, in the store's canonical units (°F, mph, probability 0…1).
public struct WeatherData: Hashable, Sendable {
  public var provider: ForecastProviderKind
  /// When it was fetched (or imported), unix seconds: when it was stored, not how old it is.
  public var fetchedAt: Int64
  /// When the provider issued the data, unix seconds: the response's current time, or its first
  /// hour (or day) when it had no current block. The age a user sees is measured from here.
  public var issuedAt: Int64
  /// Which parts the provider's response held; a view of a missing part says so.
  public var contents: ForecastContents
  /// Where the provider says the forecast is for (may differ slightly from what was asked).
  public var coordinate: Coordinate
  /// IANA time zone the provider reported; days and hours are shown in it.
  public var timeZone: String
  public var current: WeatherConditions
  public var days: [WeatherDayData]
  public var hours: [WeatherHourData]

  public init(
    provider: ForecastProviderKind, fetchedAt: Int64, coordinate: Coordinate, timeZone: String,
    current: WeatherConditions, days: [WeatherDayData], hours: [WeatherHourData],
    issuedAt: Int64? = nil, contents: ForecastContents = .all
  ) {
    self.provider = provider
    self.fetchedAt = fetchedAt
    self.issuedAt = issuedAt ?? current.time
    self.contents = contents
    self.coordinate = coordinate
    self.timeZone = timeZone
    self.current = current
    self.days = days
    self.hours = hours
  }
}

/// The parts a forecast response held. A response without a current block still stores a
/// `current` row (its first hour, or its first day), marked here as not the provider's own.
public struct ForecastContents: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The provider's conditions "now".
  public static let current = ForecastContents(rawValue: 1)
  public static let hourly = ForecastContents(rawValue: 2)
  public static let daily = ForecastContents(rawValue: 4)
  public static let all: ForecastContents = [.current, .hourly, .daily]
}

/// Conditions at one moment: "now" or one hour of the hourly list.
public struct WeatherConditions: Hashable, Sendable {
  /// Unix seconds.
  public var time: Int64
  public var summary: String
  public var icon: WeatherIcon
  /// °F.
  public var temperature: Double
  /// mph.
  public var windSpeed: Double
  /// 0…1, when the provider gave one.
  public var precipitationProbability: Double?

  public init(
    time: Int64, summary: String, icon: WeatherIcon, temperature: Double, windSpeed: Double,
    precipitationProbability: Double? = nil
  ) {
    self.time = time
    self.summary = summary
    self.icon = icon
    self.temperature = temperature
    self.windSpeed = windSpeed
    self.precipitationProbability = precipitationProbability
  }
}

/// One hour of the hourly list has the same shape as "now".
public typealias WeatherHourData = WeatherConditions

/// One day of the week view.
public struct WeatherDayData: Hashable, Sendable {
  /// Local midnight of the day, unix seconds.
  public var time: Int64
  public var summary: String
  public var icon: WeatherIcon
  /// °F.
  public var temperatureMin: Double
  /// °F.
  public var temperatureMax: Double
  /// mph.
  public var windSpeed: Double
  public var precipitationProbability: Double?

  public init(
    time: Int64, summary: String, icon: WeatherIcon, temperatureMin: Double,
    temperatureMax: Double, windSpeed: Double, precipitationProbability: Double? = nil
  ) {
    self.time = time
    self.summary = summary
    self.icon = icon
    self.temperatureMin = temperatureMin
    self.temperatureMax = temperatureMax
    self.windSpeed = windSpeed
    self.precipitationProbability = precipitationProbability
  }
}

/// Which service a forecast came from; stored as text in `forecast.provider`.
public enum ForecastProviderKind: String, CaseIterable, Sendable {
  case openMeteo = "open-meteo"
  case darkSky = "dark-sky"
}

/// The Cloudy app's icon names (Dark Sky's), which front-ends map to images.
public enum WeatherIcon: String, CaseIterable, Sendable {
  case clearDay = "clear-day"
  case clearNight = "clear-night"
  case rain
  case snow
  case sleet
  case wind
  case fog
  case cloudy
  case partlyCloudyDay = "partly-cloudy-day"
  case partlyCloudyNight = "partly-cloudy-night"
}

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
  /// The `Last-Modified` header of the answer, as sent, for `If-Modified-Since` on the next
  /// fetch (MET Norway's terms ask for conditional requests); nil when the service sent none.
  public var lastModified: String?
  /// Until when (unix seconds) the answer is fresh by its `Expires`: MET Norway asks not to be
  /// asked again before then. Nil when the service did not say.
  public var freshUntil: Int64?

  public init(
    provider: ForecastProviderKind, fetchedAt: Int64, coordinate: Coordinate, timeZone: String,
    current: WeatherConditions, days: [WeatherDayData], hours: [WeatherHourData],
    issuedAt: Int64? = nil, contents: ForecastContents = .all, lastModified: String? = nil,
    freshUntil: Int64? = nil
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
    self.lastModified = lastModified
    self.freshUntil = freshUntil
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
///
/// Every value but the time may be missing: a response holds what its request asked for (an
/// Open-Meteo request without `weather_code` has no summary or icon), and a view shows a
/// missing value as missing, never as 0.
public struct WeatherConditions: Hashable, Sendable {
  /// Unix seconds.
  public var time: Int64
  public var summary: String?
  public var icon: WeatherIcon?
  /// °F.
  public var temperature: Double?
  /// mph.
  public var windSpeed: Double?
  /// 0…1, when the provider gave one.
  public var precipitationProbability: Double?
  /// "Feels like", °F.
  public var apparentTemperature: Double?
  /// The amount over the hour, inches (Open-Meteo: the preceding hour; Dark Sky: the intensity,
  /// in/h, which is the same over an hour).
  public var precipitation: Double?
  /// Humidity, dew point, pressure, wind direction and gusts, UV, visibility, cloud cover, air
  /// quality: whatever the response held of them.
  public var readings: WeatherReadings

  public init(
    time: Int64, summary: String?, icon: WeatherIcon?, temperature: Double?, windSpeed: Double?,
    precipitationProbability: Double? = nil, apparentTemperature: Double? = nil,
    precipitation: Double? = nil, readings: WeatherReadings = .none
  ) {
    self.time = time
    self.summary = summary
    self.icon = icon
    self.temperature = temperature
    self.windSpeed = windSpeed
    self.precipitationProbability = precipitationProbability
    self.apparentTemperature = apparentTemperature
    self.precipitation = precipitation
    self.readings = readings
  }

  /// Whether it holds anything besides its time: a row without a value is not kept.
  /// Readings alone do not make a row: the schema asks for one of the values above.
  public var hasValue: Bool { !missingValues.isSuperset(of: WeatherValue.conditionBits) }

  /// The values it lacks, of those an hour can hold.
  public var missing: Set<WeatherValue> { Set(missingValues.values) }

  /// The values it lacks, as bits: what a view asks of every row (see `WeatherValues`).
  public var missingValues: WeatherValues {
    var result = WeatherValues()
    if summary == nil { result.insert(.summary) }
    if icon == nil { result.insert(.icon) }
    if temperature == nil { result.insert(.temperature) }
    if windSpeed == nil { result.insert(.windSpeed) }
    if precipitationProbability == nil { result.insert(.precipitationProbability) }
    if apparentTemperature == nil { result.insert(.apparentTemperature) }
    if precipitation == nil { result.insert(.precipitation) }
    readings.insertMissing(into: &result)
    return result
  }
}

/// One hour of the hourly list has the same shape as "now".
public typealias WeatherHourData = WeatherConditions

/// One day of the week view. Every value but the time may be missing (see `WeatherConditions`).
public struct WeatherDayData: Hashable, Sendable {
  /// Local midnight of the day, unix seconds.
  public var time: Int64
  public var summary: String?
  public var icon: WeatherIcon?
  /// °F.
  public var temperatureMin: Double?
  /// °F.
  public var temperatureMax: Double?
  /// mph.
  public var windSpeed: Double?
  public var precipitationProbability: Double?
  /// The day's total, inches.
  public var precipitationSum: Double?
  /// "Feels like", °F.
  public var apparentTemperatureMin: Double?
  /// "Feels like", °F.
  public var apparentTemperatureMax: Double?
  /// Unix seconds; nil in polar day or night, or when the response did not say.
  public var sunrise: Int64?
  public var sunset: Int64?
  /// Whatever the response held of the other quantities for the day; its `uvIndex` and
  /// `windGust` are the day's maximum.
  public var readings: WeatherReadings

  public init(
    time: Int64, summary: String?, icon: WeatherIcon?, temperatureMin: Double?,
    temperatureMax: Double?, windSpeed: Double?, precipitationProbability: Double? = nil,
    precipitationSum: Double? = nil, apparentTemperatureMin: Double? = nil,
    apparentTemperatureMax: Double? = nil, sunrise: Int64? = nil, sunset: Int64? = nil,
    readings: WeatherReadings = .none
  ) {
    self.time = time
    self.summary = summary
    self.icon = icon
    self.temperatureMin = temperatureMin
    self.temperatureMax = temperatureMax
    self.windSpeed = windSpeed
    self.precipitationProbability = precipitationProbability
    self.precipitationSum = precipitationSum
    self.apparentTemperatureMin = apparentTemperatureMin
    self.apparentTemperatureMax = apparentTemperatureMax
    self.sunrise = sunrise
    self.sunset = sunset
    self.readings = readings
  }

  /// Whether it holds anything besides its date: a day without a value is not kept.
  /// Readings alone do not make a day: the schema asks for one of the values above.
  public var hasValue: Bool { !missingValues.isSuperset(of: WeatherValue.dayBits) }

  /// The values it lacks, of those a day can hold.
  public var missing: Set<WeatherValue> { Set(missingValues.values) }

  /// The values it lacks, as bits: what a view asks of every row (see `WeatherValues`).
  public var missingValues: WeatherValues {
    var result = WeatherValues()
    if summary == nil { result.insert(.summary) }
    if icon == nil { result.insert(.icon) }
    if temperatureMin == nil { result.insert(.temperatureMin) }
    if temperatureMax == nil { result.insert(.temperatureMax) }
    if windSpeed == nil { result.insert(.windSpeed) }
    if precipitationProbability == nil { result.insert(.precipitationProbability) }
    if precipitationSum == nil { result.insert(.precipitation) }
    if apparentTemperatureMin == nil && apparentTemperatureMax == nil {
      result.insert(.apparentTemperature)
    }
    if sunrise == nil { result.insert(.sunrise) }
    if sunset == nil { result.insert(.sunset) }
    readings.insertMissing(into: &result)
    return result
  }
}

/// The values a forecast row may hold, named as a view says what a response lacked.
public enum WeatherValue: String, CaseIterable, Hashable, Sendable, Comparable {
  case summary
  case icon
  case temperature
  case temperatureMin
  case temperatureMax
  case apparentTemperature
  case windSpeed
  case precipitationProbability
  case precipitation
  case sunrise
  case sunset
  case humidity
  case dewPoint
  case pressure
  case windDirection
  case windGust
  case uvIndex
  case visibility
  case cloudCover
  case airQuality

  /// What a sentence calls it: "weather code" for the summary and icon a code gives.
  public var text: String {
    switch self {
    case .summary: "summary"
    case .icon: "icon"
    case .temperature: "temperature"
    case .temperatureMin: "minimum temperature"
    case .temperatureMax: "maximum temperature"
    case .apparentTemperature: "apparent temperature"
    case .windSpeed: "wind speed"
    case .precipitationProbability: "precipitation probability"
    case .precipitation: "precipitation amount"
    case .sunrise: "sunrise"
    case .sunset: "sunset"
    case .humidity: "humidity"
    case .dewPoint: "dew point"
    case .pressure: "pressure"
    case .windDirection: "wind direction"
    case .windGust: "wind gusts"
    case .uvIndex: "UV index"
    case .visibility: "visibility"
    case .cloudCover: "cloud cover"
    case .airQuality: "air quality"
    }
  }

  /// The values "now" and an hour hold.
  public static let conditions = Set(conditionBits.values)
  /// The values `WeatherReadings` holds, in a moment and in a day.
  public static let readings = Set(readingBits.values)
  /// The values a day holds.
  public static let days = Set(dayBits.values)

  /// `conditions`, `readings` and `days` as bits, for `hasValue` (see `WeatherValues`).
  static let conditionBits = WeatherValues([
    .summary, .icon, .temperature, .windSpeed, .precipitationProbability, .apparentTemperature,
    .precipitation,
  ])
  static let readingBits = WeatherValues([
    .humidity, .dewPoint, .pressure, .windDirection, .windGust, .uvIndex, .visibility,
    .cloudCover, .airQuality,
  ])
  static let dayBits = WeatherValues([
    .summary, .icon, .temperatureMin, .temperatureMax, .windSpeed, .precipitationProbability,
    .precipitation, .apparentTemperature, .sunrise, .sunset,
  ])

  public static func < (lhs: WeatherValue, rhs: WeatherValue) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}

/// Which service a forecast came from; stored as text in `forecast.provider`.
public enum ForecastProviderKind: String, CaseIterable, Sendable {
  case openMeteo = "open-meteo"
  case darkSky = "dark-sky"
  /// Pirate Weather, which speaks Dark Sky's API; told apart by what its responses say.
  case pirateWeather = "pirate-weather"
  /// MET Norway's Locationforecast 2.0 (api.met.no, yr.no's data; worldwide, keyless).
  case metNorway = "met-norway"
  /// The US National Weather Service (api.weather.gov; the United States only, keyless).
  case nws
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

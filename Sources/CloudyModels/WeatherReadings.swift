/// The quantities of a moment or a day beyond temperature, wind speed and precipitation, in the
/// store's base units (each named once here and in `migrations/0008_quantities.sql`):
///
/// | quantity | base unit |
/// | --- | --- |
/// | humidity, cloud cover | percent, 0…100 |
/// | dew point | °F (as every temperature) |
/// | pressure | hPa, reduced to sea level (the database keeps whole pascals) |
/// | wind direction | degrees 0…360, where the wind blows from |
/// | wind gust | mph (as the wind speed) |
/// | UV index | the index itself |
/// | visibility | metres (whole) |
/// | air quality | the European and US indexes; pollutants in µg/m³ |
/// | pollen | grains per cubic metre of air (grains/m³) |
///
/// Every value may be missing (nil): a response that lacks one is shown as lacking it, never 0.
/// Percent and metres keep whole numbers whole, which SQLite stores in one to three bytes.
/// In a day, `uvIndex` and `windGust` are the day's maximum.
public struct WeatherReadings: Hashable, Sendable {
  public var humidity: Double?
  public var dewPoint: Double?
  public var pressure: Double?
  public var windDirection: Double?
  public var windGust: Double?
  public var uvIndex: Double?
  public var visibility: Double?
  public var cloudCover: Double?
  /// The European air-quality index (EEA), 0…100 and beyond.
  public var europeanAQI: Double?
  /// The US EPA's air-quality index, 0…500.
  public var usAQI: Double?
  /// Particulate matter under 2.5 µm, µg/m³.
  public var pm25: Double?
  /// Particulate matter under 10 µm, µg/m³.
  public var pm10: Double?
  /// Ozone, µg/m³.
  public var ozone: Double?
  /// Nitrogen dioxide, µg/m³.
  public var nitrogenDioxide: Double?
  /// Pollen of alder, birch, grass, mugwort, olive and ragweed, grains/m³: what Open-Meteo's
  /// air-quality API publishes in Europe (CAMS), for its first four days; missing elsewhere.
  public var alderPollen: Double?
  public var birchPollen: Double?
  public var grassPollen: Double?
  public var mugwortPollen: Double?
  public var olivePollen: Double?
  public var ragweedPollen: Double?

  public init(
    humidity: Double? = nil, dewPoint: Double? = nil, pressure: Double? = nil,
    windDirection: Double? = nil, windGust: Double? = nil, uvIndex: Double? = nil,
    visibility: Double? = nil, cloudCover: Double? = nil, europeanAQI: Double? = nil,
    usAQI: Double? = nil, pm25: Double? = nil, pm10: Double? = nil, ozone: Double? = nil,
    nitrogenDioxide: Double? = nil, alderPollen: Double? = nil, birchPollen: Double? = nil,
    grassPollen: Double? = nil, mugwortPollen: Double? = nil, olivePollen: Double? = nil,
    ragweedPollen: Double? = nil
  ) {
    self.humidity = humidity
    self.dewPoint = dewPoint
    self.pressure = pressure
    self.windDirection = windDirection
    self.windGust = windGust
    self.uvIndex = uvIndex
    self.visibility = visibility
    self.cloudCover = cloudCover
    self.europeanAQI = europeanAQI
    self.usAQI = usAQI
    self.pm25 = pm25
    self.pm10 = pm10
    self.ozone = ozone
    self.nitrogenDioxide = nitrogenDioxide
    self.alderPollen = alderPollen
    self.birchPollen = birchPollen
    self.grassPollen = grassPollen
    self.mugwortPollen = mugwortPollen
    self.olivePollen = olivePollen
    self.ragweedPollen = ragweedPollen
  }

  /// No readings at all.
  public static let none = WeatherReadings()

  /// Whether it holds any value.
  public var hasValue: Bool { !missingValues.isSuperset(of: WeatherValue.readingBits) }

  /// The air-quality values (pollen among them), as one Open-Meteo air-quality hour gives them.
  public var airQuality: WeatherReadings {
    WeatherReadings(
      europeanAQI: europeanAQI, usAQI: usAQI, pm25: pm25, pm10: pm10, ozone: ozone,
      nitrogenDioxide: nitrogenDioxide, alderPollen: alderPollen, birchPollen: birchPollen,
      grassPollen: grassPollen, mugwortPollen: mugwortPollen, olivePollen: olivePollen,
      ragweedPollen: ragweedPollen)
  }

  /// Whether it holds an index, a pollutant or a pollen count.
  public var hasAirQuality: Bool { airQuality != .none }

  /// These readings with the air-quality values of `other` (the forecast's own stay when
  /// `other` lacks them).
  public func merging(airQuality other: WeatherReadings) -> WeatherReadings {
    var merged = self
    merged.europeanAQI = other.europeanAQI ?? europeanAQI
    merged.usAQI = other.usAQI ?? usAQI
    merged.pm25 = other.pm25 ?? pm25
    merged.pm10 = other.pm10 ?? pm10
    merged.ozone = other.ozone ?? ozone
    merged.nitrogenDioxide = other.nitrogenDioxide ?? nitrogenDioxide
    merged.alderPollen = other.alderPollen ?? alderPollen
    merged.birchPollen = other.birchPollen ?? birchPollen
    merged.grassPollen = other.grassPollen ?? grassPollen
    merged.mugwortPollen = other.mugwortPollen ?? mugwortPollen
    merged.olivePollen = other.olivePollen ?? olivePollen
    merged.ragweedPollen = other.ragweedPollen ?? ragweedPollen
    return merged
  }

  /// The readings it lacks.
  public var missing: Set<WeatherValue> { Set(missingValues.values) }

  /// The readings it lacks, as bits (see `WeatherValues`).
  public var missingValues: WeatherValues {
    var result = WeatherValues()
    insertMissing(into: &result)
    return result
  }

  /// Adds the readings it lacks to `result`: a day's or an hour's `missing` gathers them
  /// without a set of their own.
  func insertMissing(into result: inout WeatherValues) {
    if humidity == nil { result.insert(.humidity) }
    if dewPoint == nil { result.insert(.dewPoint) }
    if pressure == nil { result.insert(.pressure) }
    if windDirection == nil { result.insert(.windDirection) }
    if windGust == nil { result.insert(.windGust) }
    if uvIndex == nil { result.insert(.uvIndex) }
    if visibility == nil { result.insert(.visibility) }
    if cloudCover == nil { result.insert(.cloudCover) }
    if europeanAQI == nil && usAQI == nil { result.insert(.airQuality) }
  }
}

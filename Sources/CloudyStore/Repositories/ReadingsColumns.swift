import CloudyModels

/// The columns of `WeatherReadings` (migrations 8 and 11), in one order for writing and
/// reading, so a forecast's current row, its hours, their air quality and its days name them
/// once. The model's pressure is hPa; the column's is pascals (whole), converted here and
/// nowhere else.
enum ReadingsColumns {
  /// The weather's: a forecast's current row, an hour's and a day's.
  static let weather = [
    "humidity", "dew_point", "pressure", "wind_direction", "wind_gust", "uv_index", "visibility",
    "cloud_cover",
  ]
  /// Air quality and pollen: the current row's, and an hour's in `forecast_air_quality` (a row
  /// only for an hour that has one; days have none).
  static let airQuality = [
    "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "alder_pollen",
    "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
  ]
  /// The current conditions' columns: every reading.
  static let all = weather + airQuality

  /// `, humidity, dew_point, …` to follow a column list.
  static func list(_ columns: [String], prefix: String = "") -> String {
    columns.map { ", " + prefix + $0 }.joined()
  }

  /// The lists the statements interpolate: constants, never a user's value (the SQL
  /// interpolation review in `ReliabilitySecurityTests` lists them).
  static let allList = list(all)
  static let weatherList = list(weather)
  static let airQualityList = list(airQuality)
  /// An hour's air quality read beside it, from `forecast_air_quality AS a`.
  static let joinedAirQualityList = list(airQuality, prefix: "a.")
  static let allPlaceholders = placeholders(all)
  static let weatherPlaceholders = placeholders(weather)
  static let airQualityPlaceholders = placeholders(airQuality)

  /// `, ?, ?, …`, one per column.
  static func placeholders(_ columns: [String]) -> String {
    String(repeating: ", ?", count: columns.count)
  }

  /// The weather's values to bind, in the order of `weather`.
  static func weatherValues(_ readings: WeatherReadings) -> [any DatabaseValueConvertible] {
    // Pressure is stored in whole pascals: 101320 takes three bytes where 1013.2 took eight.
    let values: [Double?] = [
      readings.humidity, readings.dewPoint, readings.pressure.map { ($0 * 100).rounded() },
      readings.windDirection, readings.windGust, readings.uvIndex, readings.visibility,
      readings.cloudCover,
    ]
    return values
  }

  /// The air quality's values to bind, in the order of `airQuality`.
  static func airQualityValues(_ readings: WeatherReadings) -> [any DatabaseValueConvertible] {
    let values: [Double?] = [
      readings.europeanAQI, readings.usAQI, readings.pm25, readings.pm10, readings.ozone,
      readings.nitrogenDioxide, readings.alderPollen, readings.birchPollen, readings.grassPollen,
      readings.mugwortPollen, readings.olivePollen, readings.ragweedPollen,
    ]
    return values
  }

  /// The readings of a row whose weather columns start at `first` and, when it has them, its
  /// air-quality columns at `airQuality` (NULL when the hour has no air-quality row).
  static func read(_ row: Statement, from first: Int32, airQuality: Int32? = nil)
    -> WeatherReadings
  {
    func value(_ offset: Int32) -> Double? { row.optionalDouble(first + offset) }
    var readings = WeatherReadings(
      humidity: value(0), dewPoint: value(1), pressure: value(2).map { $0 / 100 },
      windDirection: value(3), windGust: value(4), uvIndex: value(5), visibility: value(6),
      cloudCover: value(7))
    if let start = airQuality {
      func quality(_ offset: Int32) -> Double? { row.optionalDouble(start + offset) }
      readings.europeanAQI = quality(0)
      readings.usAQI = quality(1)
      readings.pm25 = quality(2)
      readings.pm10 = quality(3)
      readings.ozone = quality(4)
      readings.nitrogenDioxide = quality(5)
      readings.alderPollen = quality(6)
      readings.birchPollen = quality(7)
      readings.grassPollen = quality(8)
      readings.mugwortPollen = quality(9)
      readings.olivePollen = quality(10)
      readings.ragweedPollen = quality(11)
    }
    return readings
  }
}

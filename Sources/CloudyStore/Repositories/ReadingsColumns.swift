import CloudyModels

/// The columns of `WeatherReadings` (migration 8), in one order for writing and reading, so a
/// forecast's current row, its hours and its days name them once. The model's pressure is hPa;
/// the column's is pascals (whole), converted here and nowhere else.
enum ReadingsColumns {
  /// Every reading: the current conditions' and an hour's columns.
  static let all = [
    "humidity", "dew_point", "pressure", "wind_direction", "wind_gust", "uv_index", "visibility",
    "cloud_cover", "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide",
  ]
  /// A day's: the weather's, no air quality.
  static let day = Array(all.prefix(8))

  /// `, humidity, dew_point, …` to follow a column list.
  static func list(_ columns: [String]) -> String {
    columns.map { ", " + $0 }.joined()
  }

  /// The lists the statements interpolate: constants, never a user's value (the SQL
  /// interpolation review in `ReliabilitySecurityTests` lists them).
  static let allList = list(all)
  static let dayList = list(day)
  static let allPlaceholders = placeholders(all)
  static let dayPlaceholders = placeholders(day)

  /// `, ?, ?, …`, one per column.
  static func placeholders(_ columns: [String]) -> String {
    String(repeating: ", ?", count: columns.count)
  }

  /// The values to bind, in the order of `columns` (`all` or `day`).
  static func values(_ readings: WeatherReadings, _ columns: [String])
    -> [any DatabaseValueConvertible]
  {
    // Pressure is stored in whole pascals: 101320 takes three bytes where 1013.2 took eight.
    let values: [Double?] = [
      readings.humidity, readings.dewPoint, readings.pressure.map { ($0 * 100).rounded() },
      readings.windDirection,
      readings.windGust, readings.uvIndex, readings.visibility, readings.cloudCover,
      readings.europeanAQI, readings.usAQI, readings.pm25, readings.pm10, readings.ozone,
      readings.nitrogenDioxide,
    ]
    return Array(values.prefix(columns.count))
  }

  /// The readings of a row whose columns `columns` start at `first`.
  static func read(_ row: Statement, from first: Int32, _ columns: [String]) -> WeatherReadings {
    func value(_ offset: Int32) -> Double? {
      offset < columns.count ? row.optionalDouble(first + offset) : nil
    }
    return WeatherReadings(
      humidity: value(0), dewPoint: value(1), pressure: value(2).map { $0 / 100 },
      windDirection: value(3),
      windGust: value(4), uvIndex: value(5), visibility: value(6), cloudCover: value(7),
      europeanAQI: value(8), usAQI: value(9), pm25: value(10), pm10: value(11),
      ozone: value(12), nitrogenDioxide: value(13))
  }
}

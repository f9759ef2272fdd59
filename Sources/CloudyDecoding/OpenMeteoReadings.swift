import CloudyJSON
import CloudyModels
import CloudyServices

/// Open-Meteo's variables for the quantities of `WeatherReadings`, in both vintages of names,
/// and their conversion to the store's base units from the unit the block states.
///
/// Temperatures (dew point) and speeds (gusts) are read as the block's other temperatures and
/// speeds are (°C/°F; km/h, m/s, mph, kn). Pressure is hPa, humidity and cloud cover %, wind
/// direction °, visibility m (or ft, in imperial requests): a column stating another unit is
/// left out with a note, never guessed; a column without a stated unit is read in the one unit
/// Open-Meteo has for it.
enum OpenMeteoReading: CaseIterable {
  case humidity, dewPoint, pressure, windDirection, windGust, uvIndex, visibility, cloudCover

  /// The variable's names in `current` and `hourly`, newest first.
  var keys: [String] {
    switch self {
    case .humidity: ["relative_humidity_2m", "relativehumidity_2m"]
    case .dewPoint: ["dew_point_2m", "dewpoint_2m"]
    case .pressure: ["pressure_msl"]
    case .windDirection: ["wind_direction_10m", "winddirection_10m"]
    case .windGust: ["wind_gusts_10m", "windgusts_10m"]
    case .uvIndex: ["uv_index"]
    case .visibility: ["visibility"]
    case .cloudCover: ["cloud_cover", "cloudcover"]
    }
  }

  /// The variable's names in `daily` (the day's maximum, or dominant direction); empty when
  /// Open-Meteo has no daily variable for it that Cloudy reads.
  var dailyKeys: [String] {
    switch self {
    case .windDirection: ["wind_direction_10m_dominant", "winddirection_10m_dominant"]
    case .windGust: ["wind_gusts_10m_max", "windgusts_10m_max"]
    case .uvIndex: ["uv_index_max"]
    default: []
    }
  }

  /// The conversion of a column named `key` to the base unit, or nil (with a note) when the
  /// block states a unit Cloudy does not read for it.
  func conversion(key: String, units: ResponseUnits, notes: inout [String])
    throws(ForecastError) -> (@Sendable (Double) -> Double)?
  {
    switch self {
    case .dewPoint: return try units.temperature(keys: [key], notes: &notes)
    case .windGust: return try units.wind(keys: [key], notes: &notes)
    default: break
    }
    let stated = try units.own?.optional(key)?.string()
    let accepted: [String: @Sendable (Double) -> Double] =
      switch self {
      case .humidity, .cloudCover: ["%": { $0 }]
      case .pressure: ["hPa": { $0 }]
      case .windDirection: ["°": { $0 }]
      case .uvIndex: ["": { $0 }]
      case .visibility: ["m": { $0 }, "ft": { $0 * 0.3048 }]
      case .dewPoint, .windGust: [:]
      }
    guard let stated else { return accepted.first(where: { $0.key != "ft" })?.value }
    guard let convert = accepted[stated] else {
      notes.append(
        "\(units.block).\(key) is in \"\(stated)\", a unit Cloudy does not read for it: left out")
      return nil
    }
    return convert
  }

  /// Writes `value` (in the base unit) into `readings`.
  func set(_ value: Double?, in readings: inout WeatherReadings) {
    switch self {
    case .humidity: readings.humidity = value
    case .dewPoint: readings.dewPoint = value
    case .pressure: readings.pressure = value
    case .windDirection: readings.windDirection = value
    case .windGust: readings.windGust = value
    case .uvIndex: readings.uvIndex = value
    case .visibility: readings.visibility = value
    case .cloudCover: readings.cloudCover = value
    }
  }
}

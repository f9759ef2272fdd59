/// The Cloudy app's unit conversions. Forecasts are stored in °F and mph (the unit system the
/// app fetched from Dark Sky); views convert on display, never on storage.
public enum UnitConversion {
  /// Kilometres in one statute mile.
  public static let kilometresPerMile = 1.609344

  /// °C = (°F − 32) / 1.8
  public static func celsius(fromFahrenheit fahrenheit: Double) -> Double {
    (fahrenheit - 32) / 1.8
  }

  /// °F = °C × 1.8 + 32, the inverse, for providers that answer in Celsius.
  public static func fahrenheit(fromCelsius celsius: Double) -> Double {
    celsius * 1.8 + 32
  }

  /// KPH = MPH × 1.609344
  public static func kilometresPerHour(fromMilesPerHour milesPerHour: Double) -> Double {
    milesPerHour * kilometresPerMile
  }

  /// MPH = KPH / 1.609344, the inverse.
  public static func milesPerHour(fromKilometresPerHour kilometresPerHour: Double) -> Double {
    kilometresPerHour / kilometresPerMile
  }

  /// MPH = m/s × 3600 / 1609.344 (10 m/s ≈ 22.4 mph).
  public static func milesPerHour(fromMetresPerSecond metresPerSecond: Double) -> Double {
    metresPerSecond * 3600 / (kilometresPerMile * 1000)
  }

  /// MPH = kn × 1852 / 1609.344 (10 kn ≈ 11.5 mph).
  public static func milesPerHour(fromKnots knots: Double) -> Double {
    knots * 1.852 / kilometresPerMile
  }

  /// Millimetres in one inch.
  public static let millimetresPerInch = 25.4

  /// in = mm / 25.4, for providers that answer in millimetres (forecasts store inches).
  public static func inches(fromMillimetres millimetres: Double) -> Double {
    millimetres / millimetresPerInch
  }

  /// mm = in × 25.4
  public static func millimetres(fromInches inches: Double) -> Double {
    inches * millimetresPerInch
  }
}

// The other quantities' conversions, from the store's base units (WeatherReadings).
extension UnitConversion {
  /// Hectopascals in one inch of mercury (3386.389 Pa, the conventional value at 0 °C).
  public static let hectopascalsPerInchOfMercury = 33.86389
  /// Hectopascals in one millimetre of mercury (133.322 387 415 Pa).
  public static let hectopascalsPerMillimetreOfMercury = 1.33322387415
  /// Metres per second in one knot (1852 m / 3600 s).
  public static let metresPerSecondPerKnot = 1852.0 / 3600.0

  /// m/s = mph × 0.44704 (1609.344 m / 3600 s).
  public static func metresPerSecond(fromMilesPerHour milesPerHour: Double) -> Double {
    milesPerHour * kilometresPerMile * 1000 / 3600
  }

  /// kn = mph × 1609.344 / 1852.
  public static func knots(fromMilesPerHour milesPerHour: Double) -> Double {
    milesPerHour * kilometresPerMile / 1.852
  }

  /// The Beaufort force (0…12) of a wind speed, by the WMO table's bands in m/s (WMO-No. 306,
  /// Manual on Codes, code table 1100): 0 below 0.3 m/s, 1 from 0.3, 2 from 1.6, 3 from 3.4,
  /// 4 from 5.5, 5 from 8.0, 6 from 10.8, 7 from 13.9, 8 from 17.2, 9 from 20.8, 10 from 24.5,
  /// 11 from 28.5, 12 from 32.7. The speed is first rounded to 0.1 m/s, the table's step.
  public static func beaufort(fromMilesPerHour milesPerHour: Double) -> Int {
    let tenths = (metresPerSecond(fromMilesPerHour: milesPerHour) * 10).rounded()
    return beaufortLowerBoundsInTenths.lastIndex(where: { $0 <= tenths }) ?? 0
  }

  /// The lower bound of each Beaufort force, in tenths of m/s.
  static let beaufortLowerBoundsInTenths: [Double] = [
    0, 3, 16, 34, 55, 80, 108, 139, 172, 208, 245, 285, 327,
  ]

  /// The 16-point compass word of a direction in degrees (where the wind blows from): "N" for
  /// 348.75…11.25, "NNE" from 11.25, … each point 22.5° wide and centred on its bearing.
  public static func compassPoint(degrees: Double) -> String {
    let normalized = degrees.truncatingRemainder(dividingBy: 360)
    let positive = normalized < 0 ? normalized + 360 : normalized
    let index = Int((positive / 22.5).rounded()) % 16
    return compassPoints[index]
  }

  static let compassPoints = [
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW",
    "NNW",
  ]

  /// The bearing of a 16-point compass word ("NW" is 315°), any case; nil for another word.
  public static func bearing(compassPoint word: String) -> Double? {
    compassPoints.firstIndex(of: word.uppercased()).map { Double($0) * 22.5 }
  }
}

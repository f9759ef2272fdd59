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

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
}

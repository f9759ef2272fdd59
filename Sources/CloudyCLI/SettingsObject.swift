public import CloudyJSON
public import CloudyModels

extension Settings {
  /// `{ "time": "12h", "units": "imperial" | "metric" | "uk" | "custom", "temperature":
  /// "fahrenheit", "alerts": "moderate", "wind": "mph", "pressure": "inhg", "precipitation":
  /// "in", "distance": "mi", "airquality": "european" }`: the settings as
  /// every `--json` carries them (`cloudy-settings`, `cloudy-forecast show`, cloudy-web's API),
  /// written once so a new notation appears in all of them.
  public var jsonObject: JSON {
    .object([
      (TimeNotation.settingName, .string(time.rawValue)),
      (UnitsNotation.settingName, .string(unitsName)),
      (TemperatureNotation.settingName, .string(temperature.rawValue)),
      (AlertLevel.settingName, .string(alerts.rawValue)),
      (WindUnit.settingName, .string(wind.rawValue)),
      (PressureUnit.settingName, .string(pressure.rawValue)),
      (PrecipitationUnit.settingName, .string(precipitation.rawValue)),
      (DistanceUnit.settingName, .string(distance.rawValue)),
      (AirQualityScale.settingName, .string(airQuality.rawValue)),
    ])
  }
}

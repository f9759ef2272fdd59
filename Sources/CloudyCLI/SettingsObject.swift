public import CloudyJSON
public import CloudyModels

extension Settings {
  /// `{ "time": "12h", "units": "imperial", "temperature": "fahrenheit", "alerts": "moderate" }`:
  /// the settings as
  /// every `--json` carries them (`cloudy-settings`, `cloudy-forecast show`, cloudy-web's API),
  /// written once so a new notation appears in all of them.
  public var jsonObject: JSON {
    .object([
      (TimeNotation.settingName, .string(time.rawValue)),
      (UnitsNotation.settingName, .string(units.rawValue)),
      (TemperatureNotation.settingName, .string(temperature.rawValue)),
      (AlertLevel.settingName, .string(alerts.rawValue)),
    ])
  }
}

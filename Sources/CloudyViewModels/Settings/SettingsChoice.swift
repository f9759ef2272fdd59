public import CloudyModels

/// One setting given one value: what a row selection or `cloudy-settings set` asks for.
public enum SettingsChoice: Hashable, Sendable {
  case time(TimeNotation)
  case units(UnitsNotation)
  case temperature(TemperatureNotation)
  case alerts(AlertLevel)
  case wind(WindUnit)
  case pressure(PressureUnit)
  case precipitation(PrecipitationUnit)
  case distance(DistanceUnit)
  case airQuality(AirQualityScale)

  /// Parses a setting name (`time`, `units`, `temperature`, any case) and a value in any
  /// accepted spelling (`24h`, `metric`, `c`…). Errors list the valid names or values.
  public init(setting: String, value: String) throws(SettingsInputError) {
    let name = setting.trimmingWhitespace().lowercased()
    let typed = value.trimmingWhitespace()
    switch name {
    case TimeNotation.settingName: self = .time(try Self.parse(typed, as: TimeNotation.self))
    case UnitsNotation.settingName: self = .units(try Self.parse(typed, as: UnitsNotation.self))
    case TemperatureNotation.settingName:
      self = .temperature(try Self.parse(typed, as: TemperatureNotation.self))
    case AlertLevel.settingName: self = .alerts(try Self.parse(typed, as: AlertLevel.self))
    case WindUnit.settingName: self = .wind(try Self.parse(typed, as: WindUnit.self))
    case PressureUnit.settingName:
      self = .pressure(try Self.parse(typed, as: PressureUnit.self))
    case PrecipitationUnit.settingName:
      self = .precipitation(try Self.parse(typed, as: PrecipitationUnit.self))
    case DistanceUnit.settingName:
      self = .distance(try Self.parse(typed, as: DistanceUnit.self))
    case AirQualityScale.settingName, "air-quality", "air_quality":
      self = .airQuality(try Self.parse(typed, as: AirQualityScale.self))
    default:
      throw .unknownSetting(setting, valid: SettingsSection.allCases.map(\.settingName))
    }
  }

  private static func parse<Value: Notation>(_ typed: String, as: Value.Type)
    throws(SettingsInputError) -> Value
  {
    guard let value = Value(userInput: typed) else {
      throw .invalidValue(
        typed, setting: Value.settingName, valid: Value.allCases.map(\.rawValue),
        aliases: Value.allCases.flatMap(\.aliases))
    }
    return value
  }

  public var section: SettingsSection {
    switch self {
    case .time: .time
    case .units: .units
    case .temperature: .temperature
    case .alerts: .alerts
    case .wind: .wind
    case .pressure: .pressure
    case .precipitation: .precipitation
    case .distance: .distance
    case .airQuality: .airQuality
    }
  }

  /// The stored value, e.g. "24h".
  public var value: String {
    switch self {
    case .time(let value): value.rawValue
    case .units(let value): value.rawValue
    case .temperature(let value): value.rawValue
    case .alerts(let value): value.rawValue
    case .wind(let value): value.rawValue
    case .pressure(let value): value.rawValue
    case .precipitation(let value): value.rawValue
    case .distance(let value): value.rawValue
    case .airQuality(let value): value.rawValue
    }
  }

  /// The row text, e.g. "24 Hour".
  public var text: String {
    switch self {
    case .time(let value): value.text
    case .units(let value): value.text
    case .temperature(let value): value.text
    case .alerts(let value): value.text
    case .wind(let value): value.text
    case .pressure(let value): value.text
    case .precipitation(let value): value.text
    case .distance(let value): value.text
    case .airQuality(let value): value.text
    }
  }
}

/// Why a typed setting was refused; nothing was written.
public enum SettingsInputError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownSetting(String, valid: [String])
  case invalidValue(String, setting: String, valid: [String], aliases: [String])

  public var description: String {
    switch self {
    case .unknownSetting(let name, let valid):
      "there is no setting \(MessageText.quoted(name)); the settings are \(valid.joined(separator: ", "))"
    case .invalidValue(let value, let setting, let valid, let aliases):
      "\(MessageText.quoted(value)) is not a valid \(setting) setting; use \(valid.joined(separator: " or "))"
        + (aliases.isEmpty ? "" : " (or \(aliases.joined(separator: ", ")))")
    }
  }
}

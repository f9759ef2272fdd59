public import CloudyModels

/// One setting given one value: what a row selection or `cloudy-settings set` asks for.
public enum SettingsChoice: Hashable, Sendable {
  case time(TimeNotation)
  case units(UnitsNotation)
  case temperature(TemperatureNotation)
  case alerts(AlertLevel)

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
    }
  }

  /// The stored value, e.g. "24h".
  public var value: String {
    switch self {
    case .time(let value): value.rawValue
    case .units(let value): value.rawValue
    case .temperature(let value): value.rawValue
    case .alerts(let value): value.rawValue
    }
  }

  /// The row text, e.g. "24 Hour".
  public var text: String {
    switch self {
    case .time(let value): value.text
    case .units(let value): value.text
    case .temperature(let value): value.text
    case .alerts(let value): value.text
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

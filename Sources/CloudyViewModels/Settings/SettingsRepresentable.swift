public import CloudyModels

/// What a settings row shows, whatever the notation behind it (the Cloudy app's idea): a text
/// and an accessory, a checkmark on the chosen row.
public protocol SettingsRepresentable {
  var text: String { get }
  var accessory: SettingsAccessory { get }
  /// What the database stores and the command line accepts, e.g. "24h".
  var value: String { get }
}

/// What a settings row shows at its end: a checkmark on the chosen notation (UIKit's
/// accessory, in words every front-end can draw).
public enum SettingsAccessory: String, Hashable, Sendable {
  case none
  case checkmark
}

/// A row made from any notation: the same code for time, units and temperature.
public struct NotationRowViewModel<Value: Notation>: SettingsRepresentable, Hashable, Sendable {
  public let notation: Value
  public let isChosen: Bool

  /// `chosen` nil: no row of the section is checked (the units presets, when the four unit
  /// settings match none).
  public init(_ notation: Value, chosen: Value?) {
    self.notation = notation
    isChosen = notation == chosen
  }

  public var text: String { notation.text }
  public var accessory: SettingsAccessory { isChosen ? .checkmark : .none }
  public var value: String { notation.rawValue }
}

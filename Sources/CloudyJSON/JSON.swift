/// A JSON value to write, with keys in the order given: the one writer of the tools' `--json`,
/// the web API and the export formats (`JSONReader` is its other half), so the same value
/// always gives the same bytes and every string is escaped by the same rules.
///
/// Written by hand rather than with Foundation's JSONEncoder on purpose: loading Foundation
/// costs a CLI command more than the work itself (see DESIGN.md), and the shapes are small.
public indirect enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  /// A number written as briefly as it reads back: `21.74`, and `68` when whole.
  case double(Double)
  /// A number always written with its decimal point (`10.0`, `174.76`), as the export files
  /// write coordinates and measurements, so a value keeps its kind when read back.
  case decimal(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])
  /// An object written on one line even when the rest is pretty-printed
  /// (`{"value": 3.32, "unit": "mph", "text": "3 mph"}`): a small record a person reads as one
  /// item, such as each member of `show --json`'s `"quantities"`. The same JSON as `.object`
  /// to any reader; only the layout differs (a 384-hour forecast's quantities take 15 lines
  /// an hour instead of 70).
  case inlineObject([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered() == rhs.rendered() }

  public static func optional(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
  public static func optional(_ value: Double?) -> JSON { value.map { .double($0) } ?? .null }
  public static func optionalDecimal(_ value: Double?) -> JSON {
    value.map { .decimal($0) } ?? .null
  }

  /// A measurement rounded to two decimals: what a user can use of a converted value (°C to
  /// °F, km/h to mph), without the binary float's tail (`21.740000000000002` is `21.74`).
  public static func measurement(_ value: Double) -> JSON {
    guard value.isFinite else { return .null }
    return .double((value * 100).rounded() / 100)
  }

  /// Pretty-printed with two-space indentation.
  public func rendered() -> String {
    var output = ""
    write(to: &output, indent: 0, inlineNumbers: false)
    return output
  }

  /// As a file is written: pretty-printed, a list of plain numbers (a GeoJSON coordinate) kept
  /// on one line, followed by a line break; as UTF-8 bytes.
  public func exported() -> [UInt8] {
    var output = ""
    write(to: &output, indent: 0, inlineNumbers: true)
    output += "\n"
    return Array(output.utf8)
  }

  /// On one line with no spaces: one document of a JSON Lines stream (`--watch --json`).
  public func compact() -> String {
    var output = ""
    writeCompact(to: &output)
    return output
  }

  private func writeCompact(to output: inout String) {
    switch self {
    case .null, .bool, .int, .double, .decimal, .string:
      write(to: &output, indent: 0, inlineNumbers: false)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.writeCompact(to: &output)
      }
      output += "]"
    case .object(let members), .inlineObject(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        JSON.writeString(key, to: &output)
        output += ":"
        value.writeCompact(to: &output)
      }
      output += "}"
    }
  }

  private func write(to output: inout String, indent: Int, inlineNumbers: Bool) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): JSON.writeDouble(value, to: &output)
    case .decimal(let value):
      output += value.isFinite ? (value == 0 ? "0.0" : value.description) : "null"
    case .string(let value): JSON.writeString(value, to: &output)
    case .array(let values):
      JSON.writeArray(values, to: &output, indent: indent, inlineNumbers: inlineNumbers)
    case .object(let members):
      JSON.writeObject(members, to: &output, indent: indent, inlineNumbers: inlineNumbers)
    case .inlineObject(let members):
      JSON.writeInlineObject(members, to: &output, inlineNumbers: inlineNumbers)
    }
  }

  /// `68` for a whole number (below 1e15), otherwise Swift's shortest form that reads back the
  /// same (`21.74`); NaN and the infinities, which JSON cannot write, as null.
  private static func writeDouble(_ value: Double, to output: inout String) {
    if !value.isFinite {
      output += "null"
    } else if value == value.rounded(), abs(value) < 1e15 {
      output += String(Int64(value))
    } else {
      output += String(value)
    }
  }

  /// One element a line, or, when `inlineNumbers` and they are all numbers, all on one line.
  private static func writeArray(
    _ values: [JSON], to output: inout String, indent: Int, inlineNumbers: Bool
  ) {
    guard !values.isEmpty else {
      output += "[]"
      return
    }
    if inlineNumbers, values.allSatisfy(\.isNumber) {
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += ", " }
        value.write(to: &output, indent: indent, inlineNumbers: inlineNumbers)
      }
      output += "]"
      return
    }
    output += "[\n"
    for (index, value) in values.enumerated() {
      output += String(repeating: "  ", count: indent + 1)
      value.write(to: &output, indent: indent + 1, inlineNumbers: inlineNumbers)
      output += index < values.count - 1 ? ",\n" : "\n"
    }
    output += String(repeating: "  ", count: indent) + "]"
  }

  /// One member a line, in the order given.
  private static func writeObject(
    _ members: [(String, JSON)], to output: inout String, indent: Int, inlineNumbers: Bool
  ) {
    guard !members.isEmpty else {
      output += "{}"
      return
    }
    output += "{\n"
    for (index, (key, value)) in members.enumerated() {
      output += String(repeating: "  ", count: indent + 1)
      JSON.writeString(key, to: &output)
      output += ": "
      value.write(to: &output, indent: indent + 1, inlineNumbers: inlineNumbers)
      output += index < members.count - 1 ? ",\n" : "\n"
    }
    output += String(repeating: "  ", count: indent) + "}"
  }

  /// On one line, `{"key": value, "key": value}`, a space after each colon and comma as the
  /// pretty layout has.
  private static func writeInlineObject(
    _ members: [(String, JSON)], to output: inout String, inlineNumbers: Bool
  ) {
    output += "{"
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { output += ", " }
      JSON.writeString(key, to: &output)
      output += ": "
      switch value {
      case .array, .object: value.writeCompact(to: &output)
      default: value.write(to: &output, indent: 0, inlineNumbers: inlineNumbers)
      }
    }
    output += "}"
  }

  private var isNumber: Bool {
    switch self {
    case .int, .double, .decimal: true
    default: false
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

/// A JSON value to write, with keys in the order given: exports are read by people and diffed,
/// so the same places always give the same bytes.
///
/// Pretty-printed with two-space indentation; a list of plain numbers (a GeoJSON coordinate)
/// stays on one line. Strings escape only what JSON requires plus the characters that would
/// break a line (U+2028/U+2029) — names in other scripts are written as they are, in UTF-8.
indirect enum JSONOutput {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  static func optional(_ text: String?) -> JSONOutput { text.map { .string($0) } ?? .null }
  static func optional(_ value: Double?) -> JSONOutput { value.map { .number($0) } ?? .null }

  /// The document followed by one line break.
  func rendered() -> [UInt8] {
    var output: [UInt8] = []
    write(to: &output, indent: 0)
    output.append(0x0A)
    return output
  }

  private func write(to output: inout [UInt8], indent: Int) {
    switch self {
    case .null: output += "null".utf8
    case .bool(let value): output += (value ? "true" : "false").utf8
    case .integer(let value): output += String(value).utf8
    case .number(let value): output += NumberText.write(value.isFinite ? value : 0).utf8
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      guard !values.isEmpty else {
        output += "[]".utf8
        return
      }
      if values.allSatisfy({ if case .number = $0 { true } else { false } }) {
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
          if index > 0 { output += ", ".utf8 }
          value.write(to: &output, indent: indent)
        }
        output.append(UInt8(ascii: "]"))
        return
      }
      output += "[\n".utf8
      for (index, value) in values.enumerated() {
        Self.indent(indent + 1, &output)
        value.write(to: &output, indent: indent + 1)
        output += (index < values.count - 1 ? ",\n" : "\n").utf8
      }
      Self.indent(indent, &output)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}".utf8
        return
      }
      output += "{\n".utf8
      for (index, (key, value)) in members.enumerated() {
        Self.indent(indent + 1, &output)
        Self.writeString(key, to: &output)
        output += ": ".utf8
        value.write(to: &output, indent: indent + 1)
        output += (index < members.count - 1 ? ",\n" : "\n").utf8
      }
      Self.indent(indent, &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func indent(_ level: Int, _ output: inout [UInt8]) {
    output += repeatElement(UInt8(ascii: " "), count: level * 2)
  }

  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(0x22)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\"".utf8
      case "\\": output += "\\\\".utf8
      case "\n": output += "\\n".utf8
      case "\r": output += "\\r".utf8
      case "\t": output += "\\t".utf8
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        output += "\\u".utf8
        output += repeatElement(UInt8(ascii: "0"), count: 4 - hex.count)
        output += hex.utf8
      default: output += String(scalar).utf8
      }
    }
    output.append(0x22)
  }
}

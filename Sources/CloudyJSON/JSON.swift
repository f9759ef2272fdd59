/// A JSON value to write, with keys in the order given: the one writer of the tools' `--json`,
/// the web API and the export formats (`JSONReader` is its other half), so the same value
/// always gives the same bytes and every string is escaped by the same rules.
///
/// Written by hand rather than with Foundation's JSONEncoder on purpose: loading Foundation
/// costs a CLI command more than the work itself (see DESIGN.md), and the shapes are small.
///
/// Not `indirect`: an array or object keeps its elements in the array's own heap storage
/// already, and a box around every value was one more allocation per number and string
/// (384 hours of quantities are some 30,000 values).
public enum JSON: Equatable, Sendable {
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
  /// An array whose elements are made as it is written, one at a time, `element(index)` for
  /// each index below `count`: a long list (384 hours of a forecast, each with its quantities)
  /// is never held whole as JSON values. The same JSON as `.array` of the elements.
  case lazyArray(count: Int, element: @Sendable (Int) -> JSON)

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
    String(decoding: renderedBytes(), as: UTF8.self)
  }

  /// `rendered()` as UTF-8 bytes, for a caller that writes them out as they are.
  public func renderedBytes() -> [UInt8] {
    var output = Bytes()
    write(to: &output, indent: 0, inlineNumbers: false)
    return output.bytes
  }

  /// `rendered()` and a line break, handed to `write` in pieces of about 64 KiB as they are
  /// made: a 600 KB document (`show --hourly --hours 384 --json`) is never held whole, so the
  /// memory it would take (and the page faults of growing it) is not spent.
  public func render(in write: ([UInt8]) -> Void) {
    withoutActuallyEscaping(write) { write in
      var output = Bytes(sink: write)
      self.write(to: &output, indent: 0, inlineNumbers: false)
      output.append(0x0A)
      write(output.bytes)
    }
  }

  /// As a file is written: pretty-printed, a list of plain numbers (a GeoJSON coordinate) kept
  /// on one line, followed by a line break; as UTF-8 bytes.
  public func exported() -> [UInt8] {
    var output = Bytes()
    write(to: &output, indent: 0, inlineNumbers: true)
    output.append(0x0A)
    return output.bytes
  }

  /// On one line with no spaces: one document of a JSON Lines stream (`--watch --json`).
  public func compact() -> String {
    var output = Bytes()
    writeCompact(to: &output)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// The document being written, as UTF-8 bytes: appending bytes costs a fraction of appending
  /// to a `String` (which checks and grows its storage and counts its characters per append;
  /// that was most of `show --hourly --json`'s time).
  struct Bytes {
    var bytes: [UInt8] = []
    /// Where full pieces go when the document is written as it is made (`render(in:)`).
    let sink: (([UInt8]) -> Void)?
    static let piece = 65_536

    init(sink: (([UInt8]) -> Void)? = nil) {
      self.sink = sink
      bytes.reserveCapacity(sink == nil ? 4096 : Self.piece + 4096)
    }

    /// Hands what is written so far to the sink once it is a piece long (between members: the
    /// one place a check per member costs nothing that matters).
    mutating func flushIfFull() {
      guard let sink, bytes.count >= Self.piece else { return }
      sink(bytes)
      bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(_ text: StaticString) {
      text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Two spaces per level.
    mutating func indent(_ level: Int) {
      bytes.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }
  }

  private func writeCompact(to output: inout Bytes) {
    switch self {
    case .null, .bool, .int, .double, .decimal, .string:
      write(to: &output, indent: 0, inlineNumbers: false)
    case .array(let values):
      output.append("[")
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.writeCompact(to: &output)
      }
      output.append("]")
    case .lazyArray(let count, let element):
      output.append("[")
      for index in 0..<count {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element(index).writeCompact(to: &output)
      }
      output.append("]")
    case .object(let members), .inlineObject(let members):
      output.append("{")
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSON.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        value.writeCompact(to: &output)
      }
      output.append("}")
    }
  }

  private func write(to output: inout Bytes, indent: Int, inlineNumbers: Bool) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .int(let value): output.append(text: String(value))
    case .double(let value): JSON.writeDouble(value, to: &output)
    case .decimal(let value):
      if !value.isFinite {
        output.append("null")
      } else if value == 0 {
        output.append("0.0")
      } else {
        output.append(text: value.description)
      }
    case .string(let value): JSON.writeString(value, to: &output)
    case .array(let values):
      if inlineNumbers, values.allSatisfy(\.isNumber) {
        JSON.writeNumbers(values, to: &output)
      } else {
        JSON.writeArray(
          count: values.count, element: { values[$0] }, to: &output, indent: indent,
          inlineNumbers: inlineNumbers)
      }
    case .lazyArray(let count, let element):
      JSON.writeArray(
        count: count, element: element, to: &output, indent: indent, inlineNumbers: inlineNumbers)
    case .object(let members):
      JSON.writeObject(members, to: &output, indent: indent, inlineNumbers: inlineNumbers)
    case .inlineObject(let members):
      JSON.writeInlineObject(members, to: &output, inlineNumbers: inlineNumbers)
    }
  }

  /// `68` for a whole number (below 1e15), otherwise Swift's shortest form that reads back the
  /// same (`21.74`); NaN and the infinities, which JSON cannot write, as null.
  private static func writeDouble(_ value: Double, to output: inout Bytes) {
    if !value.isFinite {
      output.append("null")
    } else if value == value.rounded(), abs(value) < 1e15 {
      output.append(text: String(Int64(value)))
    } else {
      output.append(text: String(value))
    }
  }

  /// Numbers on one line, `[174.76, -36.85]` (a GeoJSON coordinate in an exported file).
  private static func writeNumbers(_ values: [JSON], to output: inout Bytes) {
    output.append("[")
    for (index, value) in values.enumerated() {
      if index > 0 { output.append(", ") }
      value.write(to: &output, indent: 0, inlineNumbers: true)
    }
    output.append("]")
  }

  /// One element a line.
  private static func writeArray(
    count: Int, element: (Int) -> JSON, to output: inout Bytes, indent: Int, inlineNumbers: Bool
  ) {
    guard count > 0 else {
      output.append("[]")
      return
    }
    output.append("[\n")
    for index in 0..<count {
      output.indent(indent + 1)
      element(index).write(to: &output, indent: indent + 1, inlineNumbers: inlineNumbers)
      output.append(index < count - 1 ? ",\n" : "\n")
      output.flushIfFull()
    }
    output.indent(indent)
    output.append("]")
  }

  /// One member a line, in the order given.
  private static func writeObject(
    _ members: [(String, JSON)], to output: inout Bytes, indent: Int, inlineNumbers: Bool
  ) {
    guard !members.isEmpty else {
      output.append("{}")
      return
    }
    output.append("{\n")
    for (index, (key, value)) in members.enumerated() {
      output.indent(indent + 1)
      JSON.writeString(key, to: &output)
      output.append(": ")
      value.write(to: &output, indent: indent + 1, inlineNumbers: inlineNumbers)
      output.append(index < members.count - 1 ? ",\n" : "\n")
      output.flushIfFull()
    }
    output.indent(indent)
    output.append("}")
  }

  /// On one line, `{"key": value, "key": value}`, a space after each colon and comma as the
  /// pretty layout has.
  private static func writeInlineObject(
    _ members: [(String, JSON)], to output: inout Bytes, inlineNumbers: Bool
  ) {
    output.append("{")
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { output.append(", ") }
      JSON.writeString(key, to: &output)
      output.append(": ")
      switch value {
      case .array, .object, .lazyArray: value.writeCompact(to: &output)
      default: value.write(to: &output, indent: 0, inlineNumbers: inlineNumbers)
      }
    }
    output.append("}")
  }

  private var isNumber: Bool {
    switch self {
    case .int, .double, .decimal: true
    default: false
    }
  }

  /// Quoted, with `"`, `\\` and the control characters escaped, and U+2028/U+2029 (which
  /// end a line in JavaScript) as `\u2028`/`\u2029`; every other character as its UTF-8 bytes.
  /// Runs of bytes that need no escape are copied whole.
  private static func writeString(_ value: String, to output: inout Bytes) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var start = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escape: StaticString?
        var length = 1
        switch byte {
        case UInt8(ascii: "\""): escape = "\\\""
        case UInt8(ascii: "\\"): escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
          length = 3
        case _ where byte < 0x20 || byte == 0x7F:
          escape = nil
        default:
          index += 1
          continue
        }
        output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        if let escape {
          output.append(escape)
        } else {
          let hex = String(byte, radix: 16)
          output.append("\\u")
          output.append(text: String(repeating: "0", count: 4 - hex.count) + hex)
        }
        index += length
        start = index
      }
      output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }
}

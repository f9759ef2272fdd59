/// Parses RFC 8259 JSON from UTF-8 bytes into `JSONNode`s: the one strict reader of the exchange
/// formats (CloudyExchange), of the tools' own `--json` between processes (the fetcher wire) and
/// of the weather services' answers (CloudyDecoding's `ResponseJSON`).
///
/// Strict where leniency would hide a damaged file: no comments, no trailing commas, no NaN or
/// Infinity, no duplicate keys, no control characters in strings, no lone surrogates, nothing
/// after the value. Nesting is limited (`maximumDepth`) so a hostile file cannot exhaust the
/// stack. Errors name the line and column.
public struct JSONReader {
  /// Deeper than any document Cloudy reads (a forecast is 5 levels down, an NWS alert's
  /// MultiPolygon 8).
  public static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var reader = JSONReader(bytes: bytes)
    reader.skipWhitespace()
    let node = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.index == bytes.count else { throw reader.error("unexpected text after the end") }
    return node
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    guard depth < Self.maximumDepth else {
      throw error("nested deeper than \(Self.maximumDepth) levels")
    }
    let startLine = line
    guard let byte = current else { throw error("the file ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"): return JSONNode(try object(depth: depth), line: startLine)
    case UInt8(ascii: "["): return JSONNode(try array(depth: depth), line: startLine)
    case UInt8(ascii: "\""): return JSONNode(.string(try string()), line: startLine)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONNode(.bool(true), line: startLine)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONNode(.bool(false), line: startLine)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONNode(.null, line: startLine)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(.number(try number()), line: startLine)
    default:
      throw error("expected a value, found \(Self.describe(byte))")
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes.count - index >= expected.count,
      bytes[index..<index + expected.count].elementsEqual(expected)
    else { throw error("expected a value (true, false, null, a number, text, [ or {)") }
    index += expected.count
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
    index += 1
    var members: [JSONNode.Member] = []
    var keys: Set<String> = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw error(
          current == UInt8(ascii: "}")
            ? "a comma before } (trailing commas are not JSON)" : "expected a key in double quotes")
      }
      let key = try string()
      guard keys.insert(key).inserted else { throw error("the key \"\(key)\" appears twice") }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("expected : after the key") }
      index += 1
      skipWhitespace()
      members.append(JSONNode.Member(key: key, node: try value(depth: depth + 1)))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      case nil: throw error("the file ends inside an object (missing })")
      default: throw error("expected , or } after a member")
      }
    }
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
    index += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        throw error("a comma before ] (trailing commas are not JSON)")
      }
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      case nil: throw error("the file ends inside a list (missing ])")
      default: throw error("expected , or ] after a list element")
      }
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars: [UInt8] = []
    while true {
      let runStart = index
      while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C, bytes[index] >= 0x20 {
        index += 1
      }
      scalars += bytes[runStart..<index]
      guard let byte = current else { throw error("the file ends inside text (missing \")") }
      switch byte {
      case 0x22:
        index += 1
        guard let text = String(validating: scalars, as: UTF8.self) else {
          throw error("text that is not valid UTF-8")
        }
        return text
      case 0x5C:
        index += 1
        try escape(into: &scalars)
      default:
        throw error(
          byte == 0x0A ? "a line break inside text (write \\n)" : "a control character inside text")
      }
    }
  }

  private mutating func escape(into output: inout [UInt8]) throws(JSONSyntaxError) {
    guard let byte = current else { throw error("the file ends inside an escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): output.append(0x22)
    case UInt8(ascii: "\\"): output.append(0x5C)
    case UInt8(ascii: "/"): output.append(0x2F)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var code = try hex4()
      if (0xD800...0xDBFF).contains(code) {
        guard bytes.count - index >= 6, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("a lone surrogate \\u escape") }
        index += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate \\u escape") }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(code) {
        throw error("a lone surrogate \\u escape")
      }
      guard let scalar = Unicode.Scalar(code) else { throw error("an invalid \\u escape") }
      output += Array(String(Character(scalar)).utf8)
    default:
      throw error("an unknown escape \\\(String(decoding: [byte], as: UTF8.self))")
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw error("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("a \\u escape needs four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
    let start = index
    guard let end = JSONNumber.end(in: bytes, from: index) else {
      throw error("a malformed number")
    }
    index = end
    if let byte = current, byte.isLetterOrDigitOrDot {
      throw error("a malformed number")
    }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    return JSONNumber(text: text, value: Double(text) ?? .nan)
  }

  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "\"\(String(decoding: [byte], as: UTF8.self))\"" }
    if byte == 0xEF { return "a byte-order mark or non-ASCII text" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }
}

extension UInt8 {
  fileprivate var isLetterOrDigitOrDot: Bool {
    (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
      || self == 0x2E
  }
}

/// Why bytes are not JSON, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public let line: Int
  public let column: Int
  public let message: String

  public var description: String { "line \(line), column \(column): not valid JSON: \(message)" }
}

extension JSONNumber {
  /// Where the JSON number starting at `start` ends, or nil when it breaks the grammar
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func end(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    func digit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard digit(index) else { return nil }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while digit(index) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digit(index) else { return nil }
      while digit(index) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digit(index) else { return nil }
      while digit(index) { index += 1 }
    }
    return index
  }
}

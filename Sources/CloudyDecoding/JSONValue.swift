package import CloudyServices
// JSONDecoder without the rest of Foundation (no ICU, no networking): `cloudy-forecast import`
// decodes offline and should start like the other tools. swift-foundation's FoundationEssentials
// ships with every Swift 6 toolchain, on Linux and Darwin alike.
import FoundationEssentials

/// A parsed JSON document, kept generic so that the decoders can say exactly which field was
/// missing or of the wrong type (JSONDecoder limits nesting depth, so hostile input cannot
/// exhaust the stack).
package enum JSONValue: Decodable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let elements = try? container.decode([JSONValue].self) {
      self = .array(elements)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses a body; anything that is not JSON is an `invalidResponse` saying what it looks like.
  package static func parse(_ body: [UInt8]) throws(ForecastError) -> JSONValue {
    guard !body.isEmpty else { throw .invalidResponse("the body is empty") }
    do {
      return try JSONDecoder().decode(JSONValue.self, from: Data(body))
    } catch {
      throw .invalidResponse(notJSONMessage(body))
    }
  }

  private static func notJSONMessage(_ body: [UInt8]) -> String {
    let start = body.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
    guard let first = start.first else { return "the body is only white space" }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return "the body is not valid JSON (malformed or truncated, \(body.count) bytes)"
    }
    let preview = String(decoding: start.prefix(40), as: UTF8.self)
    return "the body is not JSON (it starts with \"\(preview)\")"
  }

  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "true/false"
    case .number: "a number"
    case .string: "text"
    case .array: "a list"
    case .object: "an object"
    }
  }
}

/// A JSON value with the path that led to it, for error messages.
struct JSONField: Sendable {
  let value: JSONValue
  let path: String

  init(_ value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  private func wrongType(_ expected: String) -> ForecastError {
    .invalidResponse(
      "\(path.isEmpty ? "the document" : path) is \(value.kindName), expected \(expected)")
  }

  private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func members() throws(ForecastError) -> [String: JSONValue] {
    guard case .object(let members) = value else { throw wrongType("an object") }
    return members
  }

  /// The member `key`, or nil when it is absent or null.
  func optional(_ key: String) throws(ForecastError) -> JSONField? {
    let members = try members()
    guard let child = members[key] else { return nil }
    if case .null = child { return nil }
    return JSONField(child, path: childPath(key))
  }

  /// The first of `keys` that is present (older Open-Meteo names, for instance).
  func optional(anyOf keys: [String]) throws(ForecastError) -> JSONField? {
    for key in keys {
      if let field = try optional(key) { return field }
    }
    return nil
  }

  func required(_ key: String) throws(ForecastError) -> JSONField {
    let members = try members()
    guard let child = members[key] else {
      throw .invalidResponse("missing field \(childPath(key))")
    }
    if case .null = child { throw .invalidResponse("\(childPath(key)) is null") }
    return JSONField(child, path: childPath(key))
  }

  func required(anyOf keys: [String]) throws(ForecastError) -> JSONField {
    if let field = try optional(anyOf: keys) { return field }
    return try required(keys[0])
  }

  func contains(_ key: String) -> Bool {
    if case .object(let members) = value { return members[key] != nil }
    return false
  }

  var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  func number() throws(ForecastError) -> Double {
    guard case .number(let number) = value else { throw wrongType("a number") }
    guard number.isFinite else { throw .invalidResponse("\(path) is not a finite number") }
    return number
  }

  /// nil for null; a number otherwise.
  func optionalNumber() throws(ForecastError) -> Double? {
    if isNull { return nil }
    return try number()
  }

  func string() throws(ForecastError) -> String {
    guard case .string(let text) = value else { throw wrongType("text") }
    return text
  }

  func elements() throws(ForecastError) -> [JSONField] {
    guard case .array(let elements) = value else { throw wrongType("a list") }
    var result: [JSONField] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(JSONField(element, path: "\(path)[\(index)]"))
    }
    return result
  }
}

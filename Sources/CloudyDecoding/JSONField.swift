package import CloudyJSON
package import CloudyServices

/// A provider's answer read into CloudyJSON's tree: the one JSON reader of the project (no
/// Foundation, so `cloudy-forecast import` starts like the other tools), with its strictness —
/// duplicate keys are refused rather than one silently kept, nesting is limited to
/// `JSONReader.maximumDepth` so hostile input cannot exhaust the stack — and the line and column
/// of what is wrong.
package enum ResponseJSON {
  /// Parses a body; anything that is not JSON is an `invalidResponse` saying what it looks like.
  /// A UTF-8 byte-order mark (Windows editors save one) is skipped.
  package static func parse(_ body: [UInt8]) throws(ForecastError) -> JSONNode {
    guard !body.isEmpty else { throw .invalidResponse("the body is empty") }
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let text = body.starts(with: bom) ? Array(body.dropFirst(3)) : body
    do {
      return try JSONReader.parse(text)
    } catch {
      throw .invalidResponse(notJSONMessage(text, error))
    }
  }

  /// The first of `keys` that holds non-empty text in a JSON object body (an error body's
  /// `reason`, `error`, `message`…); nil when the body is not such an object.
  package static func firstText(of keys: [String], in body: [UInt8]) -> String? {
    guard let document = try? parse(body) else { return nil }
    for key in keys {
      if case .string(let text)? = document[key]?.value, !text.isEmpty { return text }
    }
    return nil
  }

  private static func notJSONMessage(_ body: [UInt8], _ error: JSONSyntaxError) -> String {
    let start = body.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
    guard let first = start.first else { return "the body is only white space" }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return
        "the body is not valid JSON (line \(error.line), column \(error.column): \(error.message); \(body.count) bytes)"
    }
    let preview = String(decoding: start.prefix(40), as: UTF8.self)
    return "the body is not JSON (it starts with \"\(preview)\")"
  }
}

/// A JSON value with the path that led to it, for error messages ("daily.time[3] is text,
/// expected a number"): what the decoders read a provider's answer through.
struct JSONField: Sendable {
  let node: JSONNode
  let path: String

  init(_ node: JSONNode, path: String) {
    self.node = node
    self.path = path
  }

  /// The value itself, for matching on its kind.
  var value: JSONNode.Value { node.value }

  private func wrongType(_ expected: String) -> ForecastError {
    .invalidResponse(
      "\(path.isEmpty ? "the document" : path) is \(node.kindName), expected \(expected)")
  }

  private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  private func memberList() throws(ForecastError) -> [JSONNode.Member] {
    guard case .object(let members) = node.value else { throw wrongType("an object") }
    return members
  }

  /// The object's members by key (keys are unique: the reader refuses duplicates).
  func members() throws(ForecastError) -> [String: JSONNode.Value] {
    let members = try memberList()
    var byKey: [String: JSONNode.Value] = [:]
    byKey.reserveCapacity(members.count)
    for member in members { byKey[member.key] = member.node.value }
    return byKey
  }

  private func child(_ key: String) throws(ForecastError) -> JSONNode? {
    try memberList().first { $0.key == key }?.node
  }

  /// The member `key`, or nil when it is absent or null.
  func optional(_ key: String) throws(ForecastError) -> JSONField? {
    guard let child = try child(key), !child.isNull else { return nil }
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
    guard let child = try child(key) else {
      throw .invalidResponse("missing field \(childPath(key))")
    }
    if child.isNull { throw .invalidResponse("\(childPath(key)) is null") }
    return JSONField(child, path: childPath(key))
  }

  func required(anyOf keys: [String]) throws(ForecastError) -> JSONField {
    if let field = try optional(anyOf: keys) { return field }
    return try required(keys[0])
  }

  func contains(_ key: String) -> Bool { node[key] != nil }

  var isNull: Bool { node.isNull }

  func number() throws(ForecastError) -> Double {
    guard case .number(let number) = node.value else { throw wrongType("a number") }
    guard number.value.isFinite else { throw .invalidResponse("\(path) is not a finite number") }
    return number.value
  }

  /// nil for null; a number otherwise.
  func optionalNumber() throws(ForecastError) -> Double? {
    if isNull { return nil }
    return try number()
  }

  func string() throws(ForecastError) -> String {
    guard case .string(let text) = node.value else { throw wrongType("text") }
    return text
  }

  func elements() throws(ForecastError) -> [JSONField] {
    guard case .array(let elements) = node.value else { throw wrongType("a list") }
    var result: [JSONField] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(JSONField(element, path: "\(path)[\(index)]"))
    }
    return result
  }
}

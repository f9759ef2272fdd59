/// A JSON value as read from a file, with the line it starts on, so that a refusal can say
/// where the problem is ("line 12, latitude: …").
///
/// Cloudy reads JSON with its own small reader rather than Foundation's: `cloudy-db` does not
/// load Foundation (start-up is most of a command's cost), JSONDecoder cannot say on which line
/// a value was, and it silently keeps one of two duplicated keys.
public struct JSONNode: Sendable {
  public indirect enum Value: Sendable {
    case null
    case bool(Bool)
    /// The number as written (JSON grammar checked); `number.value` is its nearest Double.
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    /// Members in the file's order; keys are unique (the reader refuses duplicates).
    case object([Member])
  }

  /// One key and its value, in document order: a reader that reports duplicates and positions
  /// needs the members as written, not a dictionary.
  public struct Member: Sendable {
    public let key: String
    public let node: JSONNode
  }

  public let value: Value
  /// 1-based line of the value's first character.
  public let line: Int

  public init(_ value: Value, line: Int) {
    self.value = value
    self.line = line
  }

  /// The member `key` of an object (nil for a missing key or a non-object).
  public subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.node
  }

  public var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// What the value is, in words for messages: "text", "a number", "a list", …
  public var kindName: String {
    switch value {
    case .null: "null"
    case .bool: "true/false"
    case .number: "a number"
    case .string: "text"
    case .array: "a list"
    case .object: "an object"
    }
  }
}

/// A JSON number: its text and the Double nearest to it (infinite when it overflows).
public struct JSONNumber: Sendable, Equatable {
  public let text: String
  public let value: Double

  /// The number as an integer, when it is written as one (no fraction, no exponent) and fits.
  public var integer: Int64? {
    guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
    return Int64(text)
  }
}

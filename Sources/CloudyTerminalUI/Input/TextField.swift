/// A one-line text being typed: the Add Location search and the rename prompt.
public struct TextField: Hashable, Sendable {
  public private(set) var text: String
  /// The most characters accepted; place names are limited by the store anyway.
  public let limit: Int

  public init(_ text: String = "", limit: Int = 200) {
    self.text = text
    self.limit = limit
  }

  /// Applies an editing key; returns whether the text changed. Other keys are not editing.
  public mutating func edit(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      guard text.count < limit, !character.isNewline,
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f })
      else { return false }
      text.append(character)
      return true
    case .backspace:
      guard !text.isEmpty else { return false }
      text.removeLast()
      return true
    case .clearLine:
      guard !text.isEmpty else { return false }
      text = ""
      return true
    default:
      return false
    }
  }
}

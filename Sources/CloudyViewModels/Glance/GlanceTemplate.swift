/// A bar's `--template`: text with fields in braces, `{temperature} {alert}`; `{{` and `}}` are
/// literal braces. Parsed once, so an unknown field is refused before anything is read.
public struct GlanceTemplate: Hashable, Sendable {
  enum Piece: Hashable, Sendable {
    case text(String)
    case field(String)
  }

  let pieces: [Piece]

  /// Why a template was refused, in words for the error line.
  public struct Refusal: Error, Hashable, Sendable {
    public let message: String
  }

  /// Parses `text`; throws a `Refusal` naming an unknown field (and the known ones) or an
  /// unclosed brace.
  public init(_ text: String, fields: [String] = GlanceFields.names) throws {
    var pieces: [Piece] = []
    var literal = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "{" || character == "}", next < text.endIndex, text[next] == character {
        literal.append(character)
        index = text.index(after: next)
        continue
      }
      if character == "{" {
        guard let close = text[next...].firstIndex(of: "}") else {
          throw Refusal(message: "the template has a { with no }; write {{ for a brace")
        }
        let name = String(text[next..<close])
        guard fields.contains(name) else {
          throw Refusal(
            message:
              "the template names {\(name)}, which is not a field; the fields are \(fields.map { "{\($0)}" }.joined(separator: " "))"
          )
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = ""
        pieces.append(.field(name))
        index = text.index(after: close)
        continue
      }
      literal.append(character)
      index = next
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// Whether the template shows `field`.
  public func uses(_ field: String) -> Bool { pieces.contains(.field(field)) }

  /// The fields filled in; runs of spaces become one and the ends are trimmed, so an empty
  /// `{alert}` leaves no gap.
  public func render(_ fields: [String: String]) -> String {
    var text = ""
    for piece in pieces {
      switch piece {
      case .text(let literal): text += literal
      case .field(let name): text += fields[name] ?? ""
      }
    }
    var collapsed = ""
    var lastWasSpace = true
    for character in text {
      if character == " " {
        if !lastWasSpace { collapsed.append(" ") }
        lastWasSpace = true
      } else {
        collapsed.append(character)
        lastWasSpace = false
      }
    }
    while collapsed.last == " " { collapsed.removeLast() }
    return collapsed
  }
}

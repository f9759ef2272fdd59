/// A piece of HTML whose interpolated strings are escaped: `"<li>\(place.name)</li>"` is safe
/// with any name, so no page can forget to escape one (a place named
/// `<script>alert(1)</script>` shows as text). Only another `HTML` is inserted as markup.
struct HTML: ExpressibleByStringInterpolation, Sendable {
  private(set) var text: String

  init(stringLiteral value: String) {
    text = value
  }

  init(stringInterpolation: StringInterpolation) {
    text = stringInterpolation.text
  }

  /// Markup built elsewhere, already escaped.
  init(trusted text: String) {
    self.text = text
  }

  static let empty = HTML(trusted: "")

  /// A name people typed (a place's), isolated from the text around it: a right-to-left
  /// override inside it (U+202E) cannot reverse the words or the numbers after it.
  static func name(_ text: String) -> HTML {
    HTML(trusted: "<bdi>" + escape(text) + "</bdi>")
  }

  struct StringInterpolation: StringInterpolationProtocol {
    var text = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + interpolationCount * 16)
    }

    mutating func appendLiteral(_ literal: String) { text += literal }
    mutating func appendInterpolation(_ value: String) { text += HTML.escape(value) }
    mutating func appendInterpolation(_ value: Int) { text += String(value) }
    mutating func appendInterpolation(_ value: Int64) { text += String(value) }
    mutating func appendInterpolation(_ value: HTML) { text += value.text }
    mutating func appendInterpolation(_ values: [HTML]) {
      for value in values { text += value.text }
    }
    mutating func appendInterpolation(_ value: HTML?) { text += value?.text ?? "" }
  }

  /// Escapes the five characters that end text or an attribute value.
  static func escape(_ value: String) -> String {
    var output = ""
    output.reserveCapacity(value.utf8.count)
    for character in value.unicodeScalars {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.unicodeScalars.append(character)
      }
    }
    return output
  }
}

/// An XML element as read from a GPX, KML or CAP file: its local name (a namespace prefix such
/// as `gx:` dropped), attributes, the text directly inside it and its child elements.
package struct XMLElement: Sendable {
  package let name: String
  package let attributes: [(name: String, value: String)]
  package var text: String
  package var children: [XMLElement]
  /// 1-based line of the start tag.
  package let line: Int

  package func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The first child named `name`.
  package func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  /// Every element named `name` below this one, in document order.
  package func descendants(_ name: String) -> [XMLElement] {
    var found: [XMLElement] = []
    for child in children {
      if child.name == name { found.append(child) }
      found += child.descendants(name)
    }
    return found
  }
}

/// A small strict reader of the XML that GPX, KML and CAP files use: elements, attributes, text,
/// CDATA, comments, processing instructions, a DOCTYPE without an internal subset, the five
/// predefined entities and character references. UTF-8 only.
///
/// Why not FoundationXML (or SWXMLHash/XMLCoder, which sit on it): `cloudy-db` starts without
/// Foundation (start-up is most of a one-shot command's cost), and FoundationXML adds libxml2
/// and Foundation to its binary and to the static install. The subset GPX and KML need is small,
/// and this reader refuses what it does not understand with a line number, as the JSON and CSV
/// readers do. Its own target, below CloudyExchange (cloudy-db's place files) and
/// CloudyDecoding (CAP alerts, `cloudy-forecast import`), so both read XML one way.
package enum XMLReader {
  package struct Failure: Error, Equatable {
    package let line: Int
    package let message: String
  }

  /// The local name of the root element in the start of a file, without parsing it all (for
  /// format detection).
  package static func rootName(_ head: String) -> String? {
    var rest = Substring(head)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      guard let first = rest.first else { return nil }
      if first == "?" || first == "!" {
        guard let close = rest.firstIndex(of: ">") else { return nil }
        rest = rest[rest.index(after: close)...]
        continue
      }
      let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      return String(name.split(separator: ":").last ?? name)
    }
    return nil
  }

  package static func parse(_ bytes: [UInt8]) throws(Failure) -> XMLElement {
    var parser = Parser(bytes: bytes)
    return try parser.document()
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1

    init(bytes: [UInt8]) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(Failure) -> XMLElement {
      var root: XMLElement?
      while index < bytes.count {
        skipWhitespace()
        guard index < bytes.count else { break }
        guard bytes[index] == UInt8(ascii: "<") else {
          throw Failure(line: line, message: "text outside the root element")
        }
        if try skipMarkup() { continue }
        guard root == nil else {
          throw Failure(line: line, message: "a second root element")
        }
        root = try element()
      }
      guard let root else { throw Failure(line: line, message: "no root element") }
      return root
    }

    /// Skips a comment, processing instruction or DOCTYPE at `index` (which is at `<`); false
    /// when an element starts there.
    mutating func skipMarkup() throws(Failure) -> Bool {
      if starts("<!--") {
        try skip(past: "-->")
        return true
      }
      if starts("<?") {
        try skip(past: "?>")
        return true
      }
      if starts("<!DOCTYPE") {
        let start = line
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
          if bytes[index] == UInt8(ascii: "[") {
            throw Failure(line: start, message: "a DOCTYPE with its own declarations is not read")
          }
          advance()
        }
        guard index < bytes.count else {
          throw Failure(line: start, message: "the DOCTYPE never ends")
        }
        advance()
        return true
      }
      return false
    }

    mutating func element() throws(Failure) -> XMLElement {
      let startLine = line
      advance()  // <
      let qualified = name()
      guard !qualified.isEmpty else { throw Failure(line: line, message: "a tag without a name") }
      let tag = try startTag(of: qualified, line: startLine)
      guard !tag.isEmpty else {
        return XMLElement(
          name: Self.local(qualified), attributes: tag.attributes, text: "", children: [],
          line: startLine)
      }
      let inside = try content(of: qualified, line: startLine)
      return XMLElement(
        name: Self.local(qualified), attributes: tag.attributes, text: try decode(inside.text),
        children: inside.children, line: startLine)
    }

    /// The attributes of the start tag `<qualified` (its name already read), through its `>`
    /// or, for an element without content, its `/>`.
    mutating func startTag(of qualified: String, line startLine: Int) throws(Failure) -> (
      attributes: [(name: String, value: String)], isEmpty: Bool
    ) {
      var attributes: [(name: String, value: String)] = []
      while true {
        skipWhitespace()
        guard index < bytes.count else {
          throw Failure(line: startLine, message: "the tag <\(qualified)> never ends")
        }
        if starts("/>") {
          index += 2
          return (attributes, true)
        }
        if bytes[index] == UInt8(ascii: ">") {
          advance()
          return (attributes, false)
        }
        attributes.append(try attribute(in: qualified, tagLine: startLine))
      }
    }

    /// One `name="value"` (or `'value'`) of the tag `<qualified>`, its value decoded.
    mutating func attribute(in qualified: String, tagLine startLine: Int) throws(Failure) -> (
      name: String, value: String
    ) {
      let attribute = name()
      guard !attribute.isEmpty else {
        throw Failure(line: line, message: "unexpected character in the tag <\(qualified)>")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw Failure(line: line, message: "the attribute \(attribute) has no value")
      }
      advance()
      skipWhitespace()
      guard index < bytes.count,
        bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
      else {
        throw Failure(line: line, message: "the attribute \(attribute)'s value is not quoted")
      }
      let quote = bytes[index]
      advance()
      var raw: [UInt8] = []
      while index < bytes.count, bytes[index] != quote {
        raw.append(bytes[index])
        advance()
      }
      guard index < bytes.count else {
        throw Failure(line: startLine, message: "the attribute \(attribute) never ends")
      }
      advance()
      return (Self.local(attribute), try decode(raw))
    }

    /// What lies between the start tag of `<qualified>` and its end tag, through that end tag:
    /// its text (still undecoded) and its child elements.
    mutating func content(of qualified: String, line startLine: Int) throws(Failure) -> (
      text: [UInt8], children: [XMLElement]
    ) {
      var text: [UInt8] = []
      var children: [XMLElement] = []
      while true {
        guard index < bytes.count else {
          throw Failure(line: startLine, message: "<\(qualified)> is never closed")
        }
        if bytes[index] != UInt8(ascii: "<") {
          text.append(bytes[index])
          advance()
          continue
        }
        if starts("<![CDATA[") {
          try readCDATA(into: &text, elementLine: startLine)
          continue
        }
        if starts("</") {
          try endTag(of: qualified, line: startLine)
          return (text, children)
        }
        if try skipMarkup() { continue }
        children.append(try element())
      }
    }

    /// A CDATA section at `index`: its characters are text as they are.
    mutating func readCDATA(into text: inout [UInt8], elementLine startLine: Int) throws(Failure) {
      index += 9
      while index < bytes.count, !starts("]]>") {
        text.append(bytes[index])
        advance()
      }
      guard index < bytes.count else {
        throw Failure(line: startLine, message: "a CDATA section never ends")
      }
      index += 3
    }

    /// The end tag at `index` (at `</`), which must close `<qualified>`.
    mutating func endTag(of qualified: String, line startLine: Int) throws(Failure) {
      index += 2
      let closing = name()
      skipWhitespace()
      guard closing == qualified, index < bytes.count, bytes[index] == UInt8(ascii: ">")
      else {
        throw Failure(
          line: line, message: "</\(closing)> closes <\(qualified)> (line \(startLine))")
      }
      advance()
    }

    mutating func name() -> String {
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        let isNameByte =
          byte >= 0x80 || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || (0x30...0x39).contains(byte) || byte == UInt8(ascii: ":")
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        guard isNameByte else { break }
        index += 1
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Text with its entity and character references replaced.
    func decode(_ raw: [UInt8]) throws(Failure) -> String {
      guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
      var output: [UInt8] = []
      var position = 0
      while position < raw.count {
        guard raw[position] == UInt8(ascii: "&") else {
          output.append(raw[position])
          position += 1
          continue
        }
        guard let end = raw[position...].firstIndex(of: UInt8(ascii: ";")), end - position <= 12
        else {
          // A bare & (common in hand-written KML names): kept as it is.
          output.append(raw[position])
          position += 1
          continue
        }
        let entity = String(decoding: raw[(position + 1)..<end], as: UTF8.self)
        var scalar: Unicode.Scalar?
        switch entity {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
          if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
            scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
          } else if entity.hasPrefix("#") {
            scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
          } else {
            throw Failure(line: line, message: "the entity &\(entity); is not defined")
          }
        }
        guard let scalar else {
          throw Failure(line: line, message: "&\(entity); is not a character")
        }
        output += Array(String(Character(scalar)).utf8)
        position = end + 1
      }
      return String(decoding: output, as: UTF8.self)
    }

    static func local(_ qualified: String) -> String {
      guard let colon = qualified.lastIndex(of: ":") else { return qualified }
      return String(qualified[qualified.index(after: colon)...])
    }

    func starts(_ text: String) -> Bool {
      let pattern = Array(text.utf8)
      return index + pattern.count <= bytes.count
        && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    mutating func skip(past text: String) throws(Failure) {
      let start = line
      while index < bytes.count, !starts(text) { advance() }
      guard index < bytes.count else {
        throw Failure(line: start, message: "a comment or declaration never ends")
      }
      index += text.utf8.count
    }

    mutating func skipWhitespace() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
          || bytes[index] == 0x0D
      {
        advance()
      }
    }

    mutating func advance() {
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }
  }
}

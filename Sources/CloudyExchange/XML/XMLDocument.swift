import CloudyXML

extension XMLReader {
  /// The root element of a GPX or KML file, refusing anything else with its line.
  static func document(_ bytes: [UInt8], root name: String, kind: String) throws(ImportRefusal)
    -> XMLElement
  {
    let root: XMLElement
    do {
      root = try parse(bytes)
    } catch {
      throw ImportRefusal(ExchangeProblem(line: error.line, field: nil, message: error.message))
    }
    guard root.name == name else {
      throw ImportRefusal(
        ExchangeProblem(
          line: root.line, field: nil,
          message: "the root element is <\(root.name)>, not <\(name)>; this is not a \(kind) file"))
    }
    return root
  }
}

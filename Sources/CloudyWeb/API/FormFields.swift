/// `application/x-www-form-urlencoded` fields (a form's body, a query string): `+` is a space,
/// `%XX` a byte, the bytes UTF-8; a field given twice keeps its first value.
struct FormFields: Sendable {
  private var values: [String: String] = [:]

  init(_ encoded: String) {
    for pair in encoded.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      let value = parts.count > 1 ? Self.decode(parts[1]) : ""
      if values[name] == nil { values[name] = value }
    }
  }

  subscript(_ name: String) -> String? { values[name] }

  private static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next(), let low = iterator.next(),
          let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
        else {
          bytes.append(byte)
          continue
        }
        bytes.append(value)
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// For a URL's query: everything but unreserved characters as `%XX`.
  static func percentEncode(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return output
  }
}

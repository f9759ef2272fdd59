import CloudyModels

/// Numbers as the exchange formats write and read them, without Foundation or locales.
///
/// Written: Swift's shortest representation that reads back as the same Double (`37.5407`,
/// `-0.1275`, `51.0`), so an export imported and exported again is byte-identical.
/// Read: only decimal numbers (optional sign, digits, fraction, exponent); never `nan`, `inf`,
/// hex floats or thousands separators, which `Double(String)` alone would accept or misread.
enum NumberText {
  static func write(_ value: Double) -> String {
    value == 0 ? "0.0" : value.description
  }

  /// A decimal number typed in a spreadsheet cell: surrounding spaces, a leading `+`, leading
  /// zeros and a decimal comma (`48,8566`, as spreadsheets in many locales write it) are fine.
  /// Nil for anything else. The result may be infinite (`1e999`): the caller's range check
  /// names that.
  static func parseCell(_ cell: String, decimalComma: Bool) -> Double? {
    var bytes = Array(cell.trimmingWhitespace().utf8)
    if decimalComma, bytes.filter({ $0 == UInt8(ascii: ",") }).count == 1,
      !bytes.contains(UInt8(ascii: "."))
    {
      bytes = bytes.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }
    }
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      index += 1
    }
    var count = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      count += digits()
    }
    guard count > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
      {
        index += 1
      }
      guard digits() > 0 else { return nil }
    }
    guard index == bytes.count else { return nil }
    return Double(String(decoding: bytes, as: UTF8.self))
  }
}

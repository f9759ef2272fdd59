/// Columns padded to their widest cell, for list output meant for people (`--json` is for
/// programs) and the app's tables alike. Widths are display columns (`DisplayWidth`), so a
/// row of CJK or emoji lines up with a row of ASCII in a terminal.
public enum TextColumns {
  /// One line per row, without trailing spaces.
  public static func lines(_ rows: [[String]], separator: String = "  ") -> [String] {
    let cellWidths = rows.map { $0.map(width) }
    var widths = [Int](repeating: 0, count: rows.map(\.count).max() ?? 0)
    for row in cellWidths {
      for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) }
    }
    // Lines are built as bytes: appending to a String cell by cell, and padding with
    // String(repeating:), cost more than the rest of `list` together.
    let spaces = [UInt8](repeating: 0x20, count: widths.max() ?? 0)
    let separatorBytes = Array(separator.utf8)
    return zip(rows, cellWidths).map { row, rowWidths in
      var line: [UInt8] = []
      line.reserveCapacity(widths.reduce(0, +) + separatorBytes.count * row.count + 8)
      for (column, cell) in row.enumerated() {
        if column > 0 { line += separatorBytes }
        line += cell.utf8
        let padding = column < row.count - 1 ? widths[column] - rowWidths[column] : 0
        if padding > 0 { line += spaces[..<padding] }
      }
      while line.last == 0x20 { line.removeLast() }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// Display columns. Counted from the UTF-8 bytes when every character is printable ASCII or
  /// Latin (U+00A0…U+02FF but the soft hyphen: one column each, and none of them joins the next
  /// into one grapheme unless a combining mark follows, which is not in that range) — every
  /// list row's number and coordinates ("37.5538° N") and most names. Anything else is measured
  /// by `DisplayWidth`, which walks grapheme clusters and their Unicode properties: it was most
  /// of `cloudy-locations list`, called on 1,000 coordinates with a degree sign each.
  static func width(_ text: String) -> Int {
    let latin =
      text.utf8.withContiguousStorageIfAvailable(latinColumns) ?? latinColumns(Array(text.utf8))
    return latin ?? DisplayWidth.of(text)
  }

  /// The columns of UTF-8 `bytes` that are all printable ASCII or Latin as above; nil otherwise.
  private static func latinColumns(_ bytes: some Collection<UInt8>) -> Int? {
    var columns = 0
    var afterC2 = false
    for byte in bytes {
      switch byte {
      case 0x20..<0x7F: columns += 1
      case 0x80..<0xC0:
        // A continuation byte: after 0xC2 it must not make a C1 control or the soft hyphen.
        if afterC2 && (byte < 0xA0 || byte == 0xAD) { return nil }
      case 0xC2...0xCB: columns += 1
      default: return nil
      }
      afterC2 = byte == 0xC2
    }
    return columns
  }

  /// `text` right-aligned in `width` columns.
  public static func rightAligned(_ text: String, width: Int) -> String {
    String(repeating: " ", count: max(0, width - Self.width(text))) + text
  }
}

import CloudyModels

/// Fitting text into columns by display width.
public enum TextFit {
  /// `text` cut to at most `width` columns (ending in `ellipsis` when cut), then padded with
  /// spaces to exactly `width`. A wide character that would straddle the edge is left out.
  public static func pad(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    let cut = truncate(text, to: width, ellipsis: ellipsis)
    let used = DisplayWidth.of(cut)
    return used < width ? cut + String(repeating: " ", count: width - used) : cut
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` when cut; not padded.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    let room = max(0, width - ellipsisWidth)
    var result = ""
    var used = 0
    var openIsolates = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      if used + columns > room { break }
      result.append(character)
      used += columns
      for scalar in character.unicodeScalars {
        switch scalar.value {
        case 0x2066...0x2068: openIsolates += 1
        case 0x2069: openIsolates = max(0, openIsolates - 1)
        default: break
        }
      }
    }
    // A name cut inside its isolate (`Glyphs.isolated`) is still closed: what follows it on
    // the line keeps its own direction.
    result += String(repeating: "\u{2069}", count: openIsolates)
    return ellipsisWidth <= width ? result + ellipsis : result
  }

  /// `left` and `right` on one line of `width` columns: `right` flush right, `left` cut to make
  /// room (at least one space between them). `right` is dropped when it would leave `left`
  /// fewer than `minimumLeft` columns.
  public static func spread(
    _ left: String, _ right: String, width: Int, minimumLeft: Int = 8,
    ellipsis: String = "…"
  ) -> String {
    let rightWidth = DisplayWidth.of(right)
    guard !right.isEmpty, width - rightWidth - 1 >= min(minimumLeft, DisplayWidth.of(left)) else {
      return pad(left, to: width, ellipsis: ellipsis)
    }
    return pad(left, to: width - rightWidth - 1, ellipsis: ellipsis) + " " + right
  }

  /// Columns of cells, each padded to its column's width, separated by two spaces: the
  /// tools' `TextColumns`, so a table reads the same in the app and in a terminal.
  public static func table(_ rows: [[String]]) -> [String] {
    TextColumns.lines(rows)
  }

  /// `text` in lines of at most `width` columns, for reading whole (an alert's description):
  /// broken at spaces, a word longer than a line broken between graphemes, never inside one.
  /// A blank line separates paragraphs; the single line breaks inside a paragraph (the NWS
  /// wraps its texts at 69 columns) are read as spaces, so the text fills the window's width.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    let paragraphs = text.replacingCRLF().split(separator: "\n\n", omittingEmptySubsequences: true)
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 { lines.append("") }
      var current = ""
      for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
        let candidate = current.isEmpty ? String(word) : current + " " + word
        if DisplayWidth.of(candidate) <= width {
          current = candidate
          continue
        }
        if !current.isEmpty { lines.append(current) }
        current = ""
        for character in word {
          if DisplayWidth.of(current) + DisplayWidth.of(character) > width, !current.isEmpty {
            lines.append(current)
            current = ""
          }
          current.append(character)
        }
      }
      if !current.isEmpty { lines.append(current) }
    }
    return lines
  }
}

extension String {
  /// Windows and old Mac line ends as "\n" ("\r\n" is one Character in Swift).
  fileprivate func replacingCRLF() -> String {
    String(map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
  }
}

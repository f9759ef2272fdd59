import CloudyModels

extension CloudyApp {
  /// Every key, screen by screen: in two columns when the window is wide enough to show them
  /// all, scrolled when it is not. Each key stands apart from its meaning (two spaces at
  /// least, whatever the glyphs spell "↑/↓" as), a key too wide for the column has its meaning
  /// on the next line, and a meaning wider than the window is wrapped under itself.
  func helpBody(width: Int, height: Int) -> [ScreenLine] {
    var lines = keyLines(width: width)
    if lines.count > height, width >= 80 {
      lines = Self.twoColumns(keyLines(width: width / 2), width: width)
    }
    guard lines.count > height, height > 1 else { return lines }
    // Scrolled, with the last line saying where the list stands.
    let shown = height - 1
    helpScroll = max(0, min(helpScroll, lines.count - shown))
    let end = helpScroll + shown
    let position =
      "\(options.glyphs.up)/\(options.glyphs.down) \(helpScroll + 1)\(options.glyphs.ellipsis)\(end) of \(lines.count)"
    return Array(lines[helpScroll..<end]) + [ScreenLine(" " + position, .dim)]
  }

  /// The groups of keys laid out in `width` columns: a key column as wide as the widest key
  /// that leaves the meanings half the width, keys wider than that on a line of their own.
  private func keyLines(width: Int) -> [ScreenLine] {
    let indent = 3
    let groups = keyGroups.map { title, keys in
      (title, keys.map { (options.glyphs.shown($0.0), options.glyphs.shown($0.1)) })
    }
    let widest = groups.flatMap { $0.1 }.map { DisplayWidth.of($0.0) }.max() ?? 0
    let column = max(1, min(widest + 2, (width - indent) / 2))
    let meaningWidth = max(8, width - indent - column - 1)
    let meaningIndent = String(repeating: " ", count: indent + column)
    var lines: [ScreenLine] = []
    for (title, keys) in groups {
      lines.append(ScreenLine(" " + title, .sectionTitle))
      for (key, meaning) in keys {
        let meaningLines = TextFit.wrap(meaning, width: meaningWidth)
        if DisplayWidth.of(key) + 2 > column {
          lines.append(ScreenLine(String(repeating: " ", count: indent) + key))
          lines += meaningLines.map { ScreenLine(meaningIndent + $0) }
          continue
        }
        for (index, text) in meaningLines.enumerated() {
          let head =
            index == 0
            ? String(repeating: " ", count: indent) + TextFit.pad(key, to: column) : meaningIndent
          lines.append(ScreenLine(head + text))
        }
      }
    }
    return lines
  }

  /// The keys of each screen, with what they do.
  private var keyGroups: [(String, [(String, String)])] {
    let arrows = "\(options.glyphs.up)/\(options.glyphs.down)"
    return [
      (
        "Everywhere",
        [
          ("q", "quit"), ("Ctrl-C", "quit"), ("Esc", "back"), ("?", "these keys"),
          ("Ctrl-L", "draw the screen again"), ("Ctrl-Z", "suspend (fg returns)"),
        ]
      ),
      (
        "Weather",
        [
          ("l", "places"), ("!", "alerts in full"), ("s", "settings"), ("a", "add a place"),
          ("h", "hourly / week"),
          ("R", "refresh now"), ("\(arrows)", "scroll"),
        ]
      ),
      (
        "Locations",
        [
          ("\(arrows) j/k", "move"), ("Enter", "select and show"), ("a", "add"),
          ("d", "remove (y/n)"), ("J / K", "move the place down / up"), ("r", "rename"),
        ]
      ),
      ("Alerts", [("\(arrows) PgUp/PgDn", "scroll the text"), ("Esc / !", "back to Weather")]),
      ("Add Location", [("type", "search"), ("\(arrows)", "choose"), ("Enter", "save")]),
      ("Settings", [("\(arrows) j/k", "move"), ("Enter / Space", "choose")]),
      ("Keys", [("\(arrows) PgUp/PgDn", "scroll this list")]),
    ]
  }

  /// The first half of `lines` on the left, the second beside it.
  private static func twoColumns(_ lines: [ScreenLine], width: Int) -> [ScreenLine] {
    let half = (lines.count + 1) / 2
    let left = lines.prefix(half)
    let right = Array(lines.dropFirst(half))
    return left.enumerated().map { index, line in
      ScreenLine(
        TextFit.pad(line.text, to: width / 2) + (index < right.count ? right[index].text : ""))
    }
  }
}

extension CloudyApp {
  /// Every key, screen by screen: in two columns when the window is wide enough to show them
  /// all, scrolled when it is not.
  func helpBody(width: Int, height: Int) -> [ScreenLine] {
    var lines: [ScreenLine] = []
    for (title, keys) in keyGroups {
      lines.append(ScreenLine(" " + title, .sectionTitle))
      lines += keys.map { key, meaning in ScreenLine("   " + TextFit.pad(key, to: 14) + meaning) }
    }
    if lines.count > height, width >= 80 { lines = Self.twoColumns(lines, width: width) }
    guard lines.count > height, height > 1 else { return lines }
    // Scrolled, with the last line saying where the list stands.
    let shown = height - 1
    helpScroll = max(0, min(helpScroll, lines.count - shown))
    let end = helpScroll + shown
    let position =
      "\(options.glyphs.up)/\(options.glyphs.down) \(helpScroll + 1)\(options.glyphs.ellipsis)\(end) of \(lines.count)"
    return Array(lines[helpScroll..<end]) + [ScreenLine(" " + position, .dim)]
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

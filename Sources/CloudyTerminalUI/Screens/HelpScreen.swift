extension CloudyApp {
  /// Every key, screen by screen.
  func helpBody(width: Int, height: Int) -> [ScreenLine] {
    let arrows = "\(options.glyphs.up)/\(options.glyphs.down)"
    let groups: [(String, [(String, String)])] = [
      (
        "Everywhere",
        [
          ("q", "quit"), ("Ctrl-C", "quit"), ("Esc", "back"), ("?", "these keys"),
          ("Ctrl-L", "draw the screen again"),
        ]
      ),
      (
        "Weather",
        [
          ("l", "places"), ("s", "settings"), ("a", "add a place"), ("h", "hourly / week"),
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
      ("Add Location", [("type", "search"), ("\(arrows)", "choose"), ("Enter", "save")]),
      ("Settings", [("\(arrows) j/k", "move"), ("Enter / Space", "choose")]),
    ]
    var lines: [ScreenLine] = []
    for (title, keys) in groups {
      lines.append(ScreenLine(" " + title, .sectionTitle))
      lines += keys.map { key, meaning in ScreenLine("   " + TextFit.pad(key, to: 14) + meaning) }
    }
    // Two columns when the window is wide enough to show everything.
    if lines.count > height, width >= 80 {
      let half = (lines.count + 1) / 2
      let left = lines.prefix(half)
      let right = Array(lines.dropFirst(half))
      return left.enumerated().map { index, line in
        ScreenLine(
          TextFit.pad(line.text, to: width / 2) + (index < right.count ? right[index].text : ""))
      }
    }
    return lines
  }
}

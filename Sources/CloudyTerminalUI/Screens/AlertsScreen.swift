import CloudyModels
import CloudyViewModels

extension CloudyApp {
  /// The banner on top of Weather: the view model's most severe active alert the alert level
  /// shows, as one line coloured by its severity (the severity is in the words too, so it
  /// reads without colour), how many more there are and the key that lists them. The render
  /// cuts it to the width by display width, between graphemes. nil when nothing is shown.
  func alertBanner(width: Int) -> ScreenLine? {
    guard let alerts else { return nil }
    alerts.advance(to: dependencies.now())
    guard let banner = alerts.banner else { return nil }
    let more = alerts.shown.count - 1
    let hint = more > 0 ? "+\(more) more, ! list " : "! details "
    return ScreenLine(
      TextFit.spread(
        " \(options.glyphs.alert) \(banner.summary)", hint, width: width, minimumLeft: 24,
        ellipsis: options.glyphs.ellipsis),
      .alert(banner.severity))
  }

  /// The alerts list (`!`): every active alert of the selected place, whatever the alert level
  /// (the user opened it on purpose, as `cloudy-forecast alerts` lists them), each in full:
  /// event and severity, headline, from–until in the place's zone, sender, description and
  /// instruction, wrapped to the width. Scrolled with the arrows and page keys.
  func alertsBody(width: Int, height: Int) -> [ScreenLine] {
    guard let forecast else {
      return [ScreenLine("")]
        + paragraph("No place yet: press a to add one.", .prompt, width: width)
    }
    var lines: [ScreenLine] = []
    if let failure = alertsRefreshFailure {
      lines += TextFit.wrap("The last alerts fetch failed: \(failure)", width: width - 2).map {
        ScreenLine(" " + $0, .error)
      }
    }
    let rows = alerts?.rows(includingEnded: false) ?? []
    if rows.isEmpty {
      lines += paragraph(
        "No active alerts for \(options.glyphs.isolated(forecast.target.name)).", .dim,
        width: width)
    }
    let zone = alerts?.timeZoneIdentifier ?? "UTC"
    let text = width - 4
    for (index, row) in rows.enumerated() {
      if index > 0 || !lines.isEmpty { lines.append(ScreenLine("")) }
      lines.append(
        ScreenLine(
          " \(options.glyphs.alert) \(row.event)\(options.glyphs.separator)\(row.severity.text)",
          .alert(row.severity)))
      if let headline = row.alert.headline {
        lines += TextFit.wrap(headline, width: text).map { ScreenLine("   " + $0, .prompt) }
      }
      lines += TextFit.wrap("\(row.period) (\(zone))", width: text).map { ScreenLine("   " + $0) }
      lines += TextFit.wrap("From \(row.sender)", width: text).map { ScreenLine("   " + $0, .dim) }
      if !row.alert.areas.isEmpty {
        lines += TextFit.wrap("Areas: " + row.alert.areas.joined(separator: "; "), width: text).map
        {
          ScreenLine("   " + $0, .dim)
        }
      }
      if let description = row.alert.description, !description.isEmpty {
        lines.append(ScreenLine(""))
        lines += TextFit.wrap(description, width: text).map { ScreenLine("   " + $0) }
      }
      if let instruction = row.alert.instruction, !instruction.isEmpty {
        lines.append(ScreenLine(""))
        lines.append(ScreenLine("   What to do", .sectionTitle))
        lines += TextFit.wrap(instruction, width: text).map { ScreenLine("   " + $0) }
      }
    }
    guard lines.count > height, height > 1 else {
      alertsScroll = 0
      return lines
    }
    // Scrolled, with the last line saying where the text stands.
    let shown = height - 1
    alertsScroll = max(0, min(alertsScroll, lines.count - shown))
    let end = alertsScroll + shown
    let glyphs = options.glyphs
    let position =
      "\(glyphs.up)/\(glyphs.down) lines \(alertsScroll + 1)\(glyphs.ellipsis)\(end) of \(lines.count)"
    return Array(lines[alertsScroll..<end]) + [ScreenLine(" " + position, .dim)]
  }
}

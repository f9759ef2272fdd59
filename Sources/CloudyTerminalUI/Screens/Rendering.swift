import CloudyModels
import CloudyViewModels

extension CloudyApp {
  /// The screen shown, as exactly `size.rows` lines of exactly `size.columns` columns: a
  /// header, the screen's body, a message line and the footer naming the keys that apply.
  /// Draws only what fits, so its cost does not grow with the number of places.
  public func render(_ size: TerminalSize) -> [ScreenLine] {
    let glyphs = options.glyphs
    showsTooSmall = size.isTooSmall
    guard !size.isTooSmall else { return tooSmall(size) }
    // A message longer than the width is wrapped over as many lines as it needs (up to half
    // the body), so an error is read whole, never cut with an ellipsis.
    let message = wrapped(messageLine, width: size.columns, most: max(1, (size.rows - 3) / 2))
    let bodyHeight = size.rows - 2 - message.count
    lastBodyHeight = bodyHeight
    var body: [ScreenLine]
    switch screen {
    case .weather: body = weatherBody(width: size.columns, height: bodyHeight)
    case .locations: body = locationsBody(width: size.columns, height: bodyHeight)
    case .addLocation: body = addLocationBody(width: size.columns, height: bodyHeight)
    case .settings: body = settingsBody(width: size.columns, height: bodyHeight)
    case .help: body = helpBody(width: size.columns, height: bodyHeight)
    case .alerts: body = alertsBody(width: size.columns, height: bodyHeight)
    }
    body = Array(body.prefix(bodyHeight))
    body += Array(repeating: ScreenLine(""), count: bodyHeight - body.count)
    let lines =
      [header(width: size.columns)] + body + message + [
        ScreenLine(footer(width: size.columns), .footer)
      ]
    return lines.map { line in
      ScreenLine(
        TextFit.pad(glyphs.shown(line.text), to: size.columns, ellipsis: glyphs.ellipsis),
        line.style)
    }
  }

  private func tooSmall(_ size: TerminalSize) -> [ScreenLine] {
    let minimum = TerminalSize.minimum
    let words = [
      "The window is too small", "(\(size.columns)x\(size.rows)).",
      "Cloudy needs \(minimum.columns)x\(minimum.rows).", "q quits.",
    ]
    // Wrap the words into the width there is, top left, so even a tiny window says it.
    var lines: [String] = []
    for word in words {
      if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= size.columns {
        lines[lines.count - 1] = last + " " + word
      } else {
        lines.append(word)
      }
    }
    let shown = lines.prefix(max(0, size.rows)).map {
      ScreenLine(TextFit.pad($0, to: size.columns, ellipsis: options.glyphs.ellipsis), .prompt)
    }
    return shown
      + Array(
        repeating: ScreenLine(String(repeating: " ", count: max(0, size.columns))),
        count: max(0, size.rows - shown.count))
  }

  // MARK: - Header, message, footer

  private func header(width: Int) -> ScreenLine {
    let sep = options.glyphs.separator
    let title: String
    switch screen {
    case .weather: title = forecast.map { options.glyphs.isolated($0.target.name) } ?? "Weather"
    case .locations: title = "Locations"
    case .addLocation: title = "Add Location"
    case .settings: title = "Settings"
    case .help: title = "Keys"
    case .alerts:
      title = "Alerts" + (forecast.map { sep + options.glyphs.isolated($0.target.name) } ?? "")
    }
    var status: String
    switch refreshStatus {
    case .refreshing: status = "refreshing" + options.glyphs.ellipsis
    case .failed: status = "refresh failed"
    case .idle: status = ""
    }
    if screen == .weather, refreshStatus != .refreshing, let age = ageText {
      status = status.isEmpty ? age : status + sep + age
    }
    // Where the cursor is in a list longer than the screen: "1,204 of 100,000".
    if screen == .locations, locationsRowCount > lastBodyHeight {
      status = "\(locationsViewport.cursor + 1) of \(locationsRowCount)"
    }
    return ScreenLine(
      TextFit.spread(" Cloudy" + sep + title, status + " ", width: width, minimumLeft: 16),
      .header)
  }

  /// "as of 12 min ago", as the view model measures it (from the data's issue time), at the
  /// app's clock so it ages between frames without a read.
  var ageText: String? {
    forecast?.age(at: dependencies.now())?.asOfText
  }

  private var messageLine: ScreenLine {
    if screen == .locations, let prompt = locationsPrompt {
      switch prompt {
      case .confirmRemoval(_, let name, let renamedFrom):
        let renamed = renamedFrom.map { " (renamed from \(quoted($0)) by another program)" } ?? ""
        return ScreenLine(" Remove \(quoted(name))\(renamed)? y/n", .prompt)
      case .renaming(_, _, let field, let renamedFrom):
        let renamed = renamedFrom.map { "(another program renamed \(quoted($0))) " } ?? ""
        return ScreenLine(
          " \(renamed)New name: \(field.text)\(options.glyphs.cursor)", .prompt)
      }
    }
    if let message {
      return ScreenLine(" " + message.text, message.style)
    }
    if case .failed(let reason) = refreshStatus, screen == .weather {
      return ScreenLine(" Refresh failed: \(reason)", .error)
    }
    return ScreenLine("")
  }

  /// `line` in lines of at most `width` columns, broken at spaces (a word longer than a line is
  /// broken where it must), at most `most` lines (the last one cut when even that is short).
  private func wrapped(_ line: ScreenLine, width: Int, most: Int) -> [ScreenLine] {
    let text = options.glyphs.shown(line.text)
    guard DisplayWidth.of(text) > width, width > 2 else { return [line] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? " " + word : current + " " + word
      if DisplayWidth.of(candidate) <= width {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      var rest = " " + word
      while DisplayWidth.of(rest) > width {
        let head = TextFit.truncate(rest, to: width, ellipsis: "")
        lines.append(head)
        rest = " " + rest.dropFirst(head.count)
      }
      current = rest
    }
    if !current.isEmpty { lines.append(current) }
    return lines.prefix(most).map { ScreenLine($0, line.style) }
  }

  /// `text` as lines of at most `width` columns after `indent` spaces, broken at spaces (as
  /// the terminal will show it, so ASCII stand-ins are counted): a hint or a sentence is read
  /// whole in a 40-column window, never cut with an ellipsis.
  func paragraph(
    _ text: String, _ style: LineStyle = .normal, width: Int, indent: Int = 1
  ) -> [ScreenLine] {
    let pad = String(repeating: " ", count: indent)
    return TextFit.wrap(options.glyphs.shown(text), width: max(1, width - indent - 1)).map {
      ScreenLine(pad + $0, style)
    }
  }

  func quoted(_ text: String) -> String {
    options.glyphs.unicode ? "“\(options.glyphs.isolated(text))”" : "\"\(text)\""
  }

  /// The keys that apply now.
  /// The keys that apply, fitted to `width`: the other labels go first, from the right, so that
  /// `? help  q quit` stays at every supported width.
  func footer(width: Int) -> String {
    var keys = footerKeys
    let kept = keys.filter { $0 == "? help" || $0 == "q quit" }
    func text() -> String { " " + keys.joined(separator: "  ") }
    while DisplayWidth.of(text()) > width,
      let drop = keys.lastIndex(where: { !kept.contains($0) })
    {
      keys.remove(at: drop)
    }
    return text()
  }

  private var footerKeys: [String] {
    let arrows = "\(options.glyphs.up)/\(options.glyphs.down)"
    let keys: [String]
    switch screen {
    case .weather:
      keys = [
        "l places", "! alerts", "s settings", "a add", showsHourly ? "h week" : "h hourly",
        options.offline ? "offline" : "R refresh", "? help", "q quit",
      ]
    case .locations:
      switch locationsPrompt {
      case .confirmRemoval: keys = ["y remove", "n keep"]
      case .renaming: keys = ["Enter save", "Esc cancel"]
      case nil:
        keys = [
          "\(arrows) move", "Enter select", "a add", "d remove", "J/K order", "r rename",
          "? help", "q quit",
        ]
      }
    case .addLocation: keys = ["type a name", "\(arrows) choose", "Enter save", "Esc cancel"]
    case .settings: keys = ["\(arrows) move", "Enter/Space choose", "Esc back", "? help", "q quit"]
    case .help: keys = ["Esc back", "q quit"]
    case .alerts: keys = ["\(arrows) scroll", "Esc back", "l places", "? help", "q quit"]
    }
    return keys
  }
}

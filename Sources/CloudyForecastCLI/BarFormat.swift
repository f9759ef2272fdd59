import ArgumentParser
import CloudyJSON
import CloudyModels
import CloudyViewModels

/// The status bars `bar` speaks to, each in the shape its documentation gives.
///
/// - waybar (waybar-custom(5), "return-type: json"): one JSON object a line, `text`,
///   `tooltip`, `class` (an array of CSS classes) and `percentage`; `text` and `tooltip` are
///   Pango markup there, so `&`, `<` and `>` are escaped.
/// - i3blocks (i3blocks(1), COMMAND): up to three lines, full text, short text and colour; a
///   status of 33 sets `urgent`. With `--watch` (`interval=persist`, `format=json`) each change
///   is one JSON object a line with the same keys and `urgent` (when true).
/// - polybar (its wiki's Formatting page, "Format tags"): text, coloured with
///   `%{F#rrggbb}…%{F-}`.
/// - tmux (tmux(1), STYLES): text, coloured with `#[fg=#rrggbb]…#[default]`; a `#` in the text
///   is doubled, as the status line's formats expect.
/// - text: the line alone.
enum BarFormat: String, ExpressibleByArgument, CaseIterable {
  case waybar
  case i3blocks
  case polybar
  case tmux
  case text

  /// i3blocks' status for an urgent block (i3blocks(1): "A return code of 33 will set the
  /// urgent flag to true").
  static let i3blocksUrgent: Int32 = 33

  /// The colour of a glance: the alert's by its severity, else grey when stale, else none (the
  /// bar's own).
  static func colour(_ glance: GlanceViewModel) -> String? {
    if let alert = glance.alert {
      switch alert.severity {
      case .extreme, .severe: return "#FF5555"
      case .moderate: return "#FFAA33"
      case .minor, .unknown: return "#FFDD55"
      }
    }
    return glance.isStale ? "#888888" : nil
  }

  /// Urgent: a severe or extreme alert is shown (i3blocks' exit 33, `urgent` in its JSON).
  static func isUrgent(_ glance: GlanceViewModel) -> Bool {
    guard let severity = glance.alert?.severity else { return false }
    return severity == .extreme || severity == .severe
  }

  /// waybar's classes: the condition, `stale`, `alert-<severity>`.
  static func classes(_ glance: GlanceViewModel) -> [String] {
    [
      glance.condition, glance.isStale ? "stale" : nil,
      glance.alert.map { "alert-\($0.severity.rawValue)" },
    ]
    .compactMap { $0 }
  }

  /// What one glance prints: lines, in this format. `watching`: i3blocks' continuous form.
  func lines(
    _ glance: GlanceViewModel, template: GlanceTemplate, short: GlanceTemplate, watching: Bool
  ) -> [String] {
    let text = glance.text(template)
    let colour = Self.colour(glance)
    switch self {
    case .text:
      return [text]
    case .polybar:
      return [colour.map { "%{F\($0)}\(text)%{F-}" } ?? text]
    case .tmux:
      let escaped = text.replacingAll("#", with: "##")
      return [colour.map { "#[fg=\($0)]\(escaped)#[default]" } ?? escaped]
    case .waybar:
      var members: [(String, JSON)] = [
        ("text", .string(Self.markup(text))),
        ("alt", .string(glance.condition ?? "")),
        ("tooltip", .string(Self.markup(glance.tooltip.joined(separator: "\n")))),
        ("class", .array(Self.classes(glance).map(JSON.string))),
      ]
      if let percent = glance.precipitationPercent {
        members.append(("percentage", .int(Int64(percent))))
      }
      return [JSON.object(members).compact()]
    case .i3blocks:
      let shortText = glance.text(short)
      if watching {
        var members: [(String, JSON)] = [
          ("full_text", .string(text)), ("short_text", .string(shortText)),
        ]
        if let colour { members.append(("color", .string(colour))) }
        // A boolean, as the i3bar protocol says, and only when true (Debian's i3blocks 1.4
        // drops a JSON boolean from a persistent block: its colour still shows).
        if Self.isUrgent(glance) { members.append(("urgent", .bool(true))) }
        return [JSON.object(members).compact()]
      }
      return [text, shortText, colour ?? ""]
    }
  }

  /// Pango's three reserved characters escaped (waybar shows text as markup).
  static func markup(_ text: String) -> String {
    text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;")
      .replacingAll(">", with: "&gt;")
  }
}

extension String {
  /// Every `target` replaced (no Foundation in this tool).
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    guard contains(target) else { return self }
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}

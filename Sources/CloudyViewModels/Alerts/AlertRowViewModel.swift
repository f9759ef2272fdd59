public import CloudyModels

/// One alert as a list, a banner or `--json` shows it: the message, whether it is active at
/// the view model's clock, and its period in words in the place's time zone.
public struct AlertRowViewModel: Hashable, Sendable {
  public let alert: WeatherAlert
  /// Begun and not ended at the moment the view model was read at.
  public let isActive: Bool
  /// "Thu Nov 26 2:00 PM – Fri Nov 27 6:00 AM", or "… – Fri Nov 27 6:00 AM (no end stated)".
  public let period: String

  public init(alert: WeatherAlert, isActive: Bool, period: String) {
    self.alert = alert
    self.isActive = isActive
    self.period = period
  }

  public var event: String { alert.event }
  public var severity: AlertSeverity { alert.severity }
  /// The sender's name for people, else its address.
  public var sender: String { alert.senderName ?? alert.sender }
  /// How loudly a front-end draws it (its colour), by its severity.
  public var tone: AlertTone { AlertTone(alert.severity) }

  /// The headline without the event it usually starts with: "Flood Watch issued March 6 …"
  /// under "Flood Watch" reads "issued March 6 …", so a banner does not say the event twice.
  /// Nil when there is no headline or it says no more than the event.
  public var headlineAfterEvent: String? {
    guard let headline = alert.headline?.trimmingWhitespace(), !headline.isEmpty else {
      return nil
    }
    let event = alert.event.trimmingWhitespace()
    guard !event.isEmpty, headline.lowercased().hasPrefix(event.lowercased()) else {
      return headline
    }
    let rest = headline.unicodeScalars.dropFirst(event.unicodeScalars.count)
      .drop { $0 == " " || $0 == ":" || $0 == "-" || $0 == "," || $0 == "." || $0 == "\u{2013}" }
    return rest.isEmpty ? nil : String(String.UnicodeScalarView(rest))
  }

  /// One line: "Flood Watch (Moderate): issued March 6 at 3:45AM PST until …", the event
  /// named once (see `headlineAfterEvent`).
  public var summary: String {
    "\(alert.event) (\(alert.severity.text))" + (headlineAfterEvent.map { ": \($0)" } ?? "")
  }
}

public import CloudyModels

/// One alert as a list, a banner or `--json` shows it: the message, whether it is active at
/// the view model's clock, and its period in words in the place's time zone.
public struct AlertRowViewModel: Hashable, Sendable {
  public let alert: WeatherAlert
  /// Begun and not ended at the moment the view model was read at.
  public let isActive: Bool
  /// "Thu Nov 26 2:00 PM – Fri Nov 27 6:00 AM", or "… – until cancelled".
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
  /// One line: "Winter Storm Warning (Severe): <headline>".
  public var summary: String {
    "\(alert.event) (\(alert.severity.text))" + (alert.headline.map { ": \($0)" } ?? "")
  }
}

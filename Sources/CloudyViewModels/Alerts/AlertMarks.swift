public import CloudyModels
public import CloudyStoring

/// Which places a Locations list marks, and with which severity: every place (not the first
/// only) whose active alerts include one the alert level shows, read in one snapshot of the
/// store. A front-end draws the mark (a colour, a glyph) from the severity.
public struct AlertMarks: Sendable {
  /// The most severe shown alert's severity, by place; a place without one is absent.
  public let severities: [Place: AlertSeverity]

  public init(alerts: any AlertStoring, settings: any SettingsStoring, now: Int64) throws {
    let level = try settings.settings().alerts
    var severities: [Place: AlertSeverity] = [:]
    for (place, messages) in try alerts.alertsByPlace() {
      let shown = AlertTimeline(messages).active(at: now).map(\.severity).filter(level.shows)
      if let worst = shown.min() { severities[place] = worst }
    }
    self.severities = severities
  }

  /// The mark of `place`: its most severe shown alert's severity, or nil.
  public func severity(of place: Place) -> AlertSeverity? { severities[place] }
}

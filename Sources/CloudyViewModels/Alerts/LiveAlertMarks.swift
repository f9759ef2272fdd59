public import CloudyModels
public import CloudyStoring

/// The Locations marks of a front-end that stays open: every place's standing alerts and the
/// alert level, re-read after each change by any process, and marked against the clock when
/// drawn (an alert ends by the clock, with no write to announce it). The rule is `AlertMarks`'s:
/// every place (not the first only) with an active alert the level shows, by its most severe.
public final class LiveAlertMarks {
  /// Set after a reload that changed what may be marked, so a front-end redraws.
  public let change = Observable<Void>(())
  /// The level the marks follow (`none`: nothing is marked).
  public private(set) var level: AlertLevel

  private var standing: [Place: [WeatherAlert]]
  private let alerts: any AlertStoring
  private let settings: any SettingsStoring
  private var liveObservation: StoreChangeObservation?

  public init(alerts: any AlertStoring, settings: any SettingsStoring, changes: any StoreChanges)
    throws
  {
    self.alerts = alerts
    self.settings = settings
    level = try settings.settings().alerts
    standing = try Self.read(alerts)
    liveObservation = changes.observeChanges { [weak self] _ in
      guard let self, try reload() else { return }
      change.value = ()
    }
  }

  /// Reads the stores again, through the live view models' one rule
  /// (`Rereading.applyIfChanged`); true when the messages or the level differ.
  @discardableResult
  public func reload() throws -> Bool {
    try Rereading.applyIfChanged(
      shown: Shown(level: level, standing: standing),
      reread: { Shown(level: try settings.settings().alerts, standing: try Self.read(alerts)) },
      apply: { fresh in (level, standing) = (fresh.level, fresh.standing) })
  }

  /// What a reload compares.
  private struct Shown: Equatable {
    var level: AlertLevel
    var standing: [Place: [WeatherAlert]]
  }

  /// The mark of `place` at `now`: its most severe active alert the level shows, or nil.
  public func severity(of place: Place, at now: Int64) -> AlertSeverity? {
    guard let alerts = standing[place] else { return nil }
    return alerts.filter { AlertTimeline.isActive($0, at: now) }.map(\.severity)
      .filter(level.shows).min()
  }

  private static func read(_ alerts: any AlertStoring) throws -> [Place: [WeatherAlert]] {
    try alerts.alertsByPlace().mapValues { AlertTimeline($0).standing }.filter { !$0.value.isEmpty }
  }
}

public import CloudyModels
public import CloudyStoring

/// A place's alerts as every front-end shows them: the list (most severe first, then by when
/// they begin), the banner (the most severe active one the alert level lets through) and what
/// `--watch` follows.
///
/// Reads the place's messages and the settings from the injected stores; `now` (unix seconds)
/// is injected, so "active" is decided against the same clock in tests and in use. Times are
/// shown in the place's zone (`timeZone`, e.g. its forecast's or the saved place's), else UTC.
public final class AlertsViewModel {
  public let place: Place
  public private(set) var now: Int64
  public private(set) var settings: Settings
  /// The place's stored messages, as read.
  public private(set) var messages: [WeatherAlert]

  /// Set after a reload that changed what is listed or shown (a live view model's, see the
  /// live initializer), so a front-end redraws its banner and list.
  public let change = Observable<Void>(())

  private let alerts: any AlertStoring
  private let settingsStore: any SettingsStoring
  private let zone: any TimeZoneFormatting
  private var liveObservation: StoreChangeObservation?

  public init(
    place: Place, timeZone: [String?], alerts: any AlertStoring, settings: any SettingsStoring,
    zones: any TimeZoneLookup, now: Int64
  ) throws {
    self.place = place
    self.alerts = alerts
    settingsStore = settings
    zone = zones.zone(firstKnownOf: timeZone)
    self.now = now
    self.settings = try settings.settings()
    messages = try alerts.alerts(for: place)
  }

  /// A live view model: reads the stores now, then again after each change `changes` reports
  /// (by any process: another one importing or cancelling an alert), announcing `change` when
  /// what is listed or the alert level differs. `clock` gives `now` at each reload.
  public convenience init(
    place: Place, timeZone: [String?], alerts: any AlertStoring, settings: any SettingsStoring,
    zones: any TimeZoneLookup, changes: any StoreChanges, clock: @escaping () -> Int64
  ) throws {
    try self.init(
      place: place, timeZone: timeZone, alerts: alerts, settings: settings, zones: zones,
      now: clock())
    liveObservation = changes.observeChanges { [weak self] _ in
      guard let self else { return }
      let level = self.settings.alerts
      if try reload(now: clock()) || self.settings.alerts != level { change.value = () }
    }
  }

  /// Moves the clock on without reading the stores: an alert ends (or begins) by the clock,
  /// with no write to announce it, so a front-end that stays open advances the view model
  /// before it draws. True when the banner or the active rows changed.
  @discardableResult
  public func advance(to now: Int64) -> Bool {
    guard now != self.now else { return false }
    let before = rows(includingEnded: false)
    self.now = now
    return rows(includingEnded: false) != before
  }

  /// Reads the stores again at `now`, through the live view models' one rule
  /// (`Rereading.applyIfChanged`: the settings and messages are replaced only when they
  /// differ); true when they differ or the clock's move changed what is listed.
  @discardableResult
  public func reload(now: Int64) throws -> Bool {
    let before = rows(includingEnded: true)
    self.now = now
    let moved = rows(includingEnded: true) != before
    let reread = try Rereading.applyIfChanged(
      shown: Shown(settings: settings, messages: messages),
      reread: {
        Shown(settings: try settingsStore.settings(), messages: try alerts.alerts(for: place))
      },
      apply: { fresh in (settings, messages) = (fresh.settings, fresh.messages) })
    return moved || reread
  }

  /// What a reload compares: what the list is made from, besides the clock.
  private struct Shown: Equatable {
    var settings: Settings
    var messages: [WeatherAlert]
  }

  /// The zone times are shown in, e.g. "Europe/Oslo".
  public var timeZoneIdentifier: String { zone.identifier }

  /// The standing alerts, most severe first, then by when they begin: the active ones, and with
  /// `includingEnded` also those that ended (a cancelled or replaced one is never listed).
  /// Alerts that have not begun yet are listed (as not active) only with `includingEnded`.
  public func rows(includingEnded: Bool) -> [AlertRowViewModel] {
    Self.sorted(AlertTimeline(messages).standing)
      .compactMap { alert in
        let active = AlertTimeline.isActive(alert, at: now)
        guard active || includingEnded else { return nil }
        return AlertRowViewModel(alert: alert, isActive: active, period: period(of: alert))
      }
  }

  /// The active alerts the alert level shows unasked (banners, marks, `--watch`).
  public var shown: [AlertRowViewModel] {
    rows(includingEnded: false).filter { settings.alerts.shows($0.severity) }
  }

  /// The banner: the most severe shown alert; nil when none is.
  public var banner: AlertRowViewModel? { shown.first }

  /// When an alert of this place next begins or ends by the clock (unix seconds), nil when
  /// none will: a front-end that stays open looks again then.
  public var nextChange: Int64? { AlertTimeline(messages).nextChange(after: now) }

  /// Most severe first, then by when they begin, then by event name.
  static func sorted(_ alerts: [WeatherAlert]) -> [WeatherAlert] {
    alerts.sorted {
      ($0.severity, $0.begins, $0.event, $0.identifier)
        < ($1.severity, $1.begins, $1.event, $1.identifier)
    }
  }

  /// "Thu Nov 26 2:00 PM – Fri Nov 27 6:00 AM"; when it names no end, the end it is given
  /// (`WeatherAlert.endsBy`) with "(no end stated)".
  private func period(of alert: WeatherAlert) -> String {
    let pattern = "%a %b %-d " + settings.time.strftimePattern
    return zone.reading { local in
      let from = local.format(alert.begins, pattern)
      let until = local.format(alert.endsBy, pattern)
      return "\(from) – \(until)" + (alert.until == nil ? " (no end stated)" : "")
    }
  }
}

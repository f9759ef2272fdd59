import CloudyCLI
import CloudyDesktopBus
import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyViewModels

/// `alerts --watch --notify`: desktop notifications through the session D-Bus, once per alert
/// per device (`AlertNotices` decides, `alert_notified` remembers).
///
/// A notification is recorded only after the server accepted it, and closed only after it was
/// closed, so a watcher stopped between the two notifies at most once more, never misses one.
/// The records are written on the watched file through a connection of its own (the watcher's
/// is read-only), opened at the first write.
final class AlertNotifier {
  private let notifications: DesktopNotifications
  private let databasePath: DatabasePath
  private var writer: NotifiedAlertRepository?

  /// The application name every notification carries.
  static let appName = "Cloudy"

  /// Connects to the session bus: with none, a clear error and status 69, before anything.
  init(databasePath: DatabasePath) throws {
    self.databasePath = databasePath
    do {
      notifications = try DesktopNotifications()
    } catch {
      throw CommandError.unavailable(Self.explain(error))
    }
  }

  /// Notifies, replaces and closes as `AlertNotices` says for what is shown now.
  func update(
    shown: [(place: Place, name: String, row: AlertRowViewModel)], watched: Set<Place>,
    database: Database?, now: Int64
  ) throws {
    guard let database else { return }
    let notified =
      try (writer?.database).map { try NotifiedAlertRepository(database: $0).notified() }
      ?? NotifiedAlertRepository(database: database).notified()
    let actions = AlertNotices.plan(shown: shown, notified: notified, watched: watched)
    guard !actions.isEmpty else { return }
    let records = try repository()
    for action in actions {
      switch action {
      case .notify(let notice, let replacing):
        let id: UInt32
        do {
          id = try notifications.notify(
            appName: Self.appName, summary: notice.summary, body: notice.body,
            urgency: Self.urgency(notice.severity), replacing: replacing?.notificationID ?? 0)
        } catch {
          throw CommandError.unavailable(Self.explain(error))
        }
        try records.record(
          NotifiedAlert(
            identifier: notice.identifier, place: notice.place, notificationID: id,
            isClosed: false), replacing: replacing?.identifier, at: now)
      case .close(let record):
        do {
          try notifications.close(record.notificationID)
        } catch {
          throw CommandError.unavailable(Self.explain(error))
        }
        try records.recordClosed(record.identifier, at: now)
      }
    }
  }

  /// The specification's urgency: critical for extreme and severe, normal for moderate (and an
  /// unknown severity), low for minor.
  static func urgency(_ severity: AlertSeverity) -> DesktopNotifications.Urgency {
    switch severity {
    case .extreme, .severe: .critical
    case .moderate, .unknown: .normal
    case .minor: .low
    }
  }

  private func repository() throws -> NotifiedAlertRepository {
    if let writer { return writer }
    let opened = NotifiedAlertRepository(database: try StoreAccess.writing(databasePath))
    writer = opened
    return opened
  }

  private static func explain(_ error: DesktopBusError) -> String {
    switch error {
    case .noSessionBus(let reason):
      "no session D-Bus to send desktop notifications on (\(reason)); run it in your desktop session (systemd --user: cloudy-alerts.service), or set DBUS_SESSION_BUS_ADDRESS"
    case .callFailed(let method, let reason):
      "the desktop's notification server did not take \(method) (\(reason)); is a notification daemon running on the session bus?"
    }
  }
}

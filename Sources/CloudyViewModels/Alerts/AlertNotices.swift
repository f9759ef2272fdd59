public import CloudyModels
public import CloudyStoring

/// What `alerts --watch --notify` does next, decided from what the alert level shows now and
/// what this device notified before: the one rule, so a restart, an Update and a Cancel are
/// handled alike by every run.
///
/// - An alert shown now and never notified on this device is notified; when it is an Update
///   of an alert whose notification is still open, it replaces that notification.
/// - An open notification whose alert is no longer shown (it ended by the clock, a Cancel ended
///   it, the level or the place changed) is closed.
/// - An alert notified once is never notified again, whatever restarts.
public enum AlertNotices {
  /// One alert as a notification says it.
  public struct Notice: Hashable, Sendable {
    public let identifier: String
    public let place: Place
    /// "Flood Watch · Portland".
    public let summary: String
    /// The headline, then its period: "… \nFri Dec 20 01:34 PM – Sun Dec 22 10:00 AM".
    public let body: String
    public let severity: AlertSeverity
  }

  public enum Action: Hashable, Sendable {
    /// Show `notice`, replacing `replacing`'s notification when there is one.
    case notify(Notice, replacing: NotifiedAlert?)
    /// Close this notification.
    case close(NotifiedAlert)
  }

  /// `shown`: the alerts shown now at the watched places, with the place's name; `notified`:
  /// this device's records; `watched`: the places followed (records of others are left alone).
  public static func plan(
    shown: [(place: Place, name: String, row: AlertRowViewModel)], notified: [NotifiedAlert],
    watched: Set<Place>
  ) -> [Action] {
    let known = Dictionary(notified.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
    var actions: [Action] = []
    var shownIdentifiers = Set<String>()
    var replaced = Set<String>()
    for (place, name, row) in shown {
      let alert = row.alert
      guard shownIdentifiers.insert(alert.identifier).inserted else { continue }
      if known[alert.identifier] != nil { continue }
      let previous = alert.references.lazy
        .compactMap { known[$0.identifier] }
        .first { !$0.isClosed && !replaced.contains($0.identifier) }
      if let previous { replaced.insert(previous.identifier) }
      actions.append(.notify(notice(row, place: place, name: name), replacing: previous))
    }
    for record in notified
    where !record.isClosed && watched.contains(record.place)
      && !shownIdentifiers.contains(record.identifier) && !replaced.contains(record.identifier)
    {
      actions.append(.close(record))
    }
    return actions
  }

  /// How a notification words `row` at the place called `name` (the desktop's and the
  /// browser's alike).
  public static func notice(_ row: AlertRowViewModel, place: Place, name: String) -> Notice {
    let headline = row.alert.headline.flatMap { $0 == row.event ? nil : $0 }
    return Notice(
      identifier: row.alert.identifier, place: place, summary: "\(row.event) · \(name)",
      body: [headline, row.period].compactMap { $0 }.joined(separator: "\n"),
      severity: row.severity)
  }
}

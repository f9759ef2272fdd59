public import CloudyModels

/// Which of a place's stored messages still stand, and whether one is active at a moment: the
/// one statement of the rule every front-end shows.
///
/// A message stands unless it is a Cancel, or another Update or Cancel names it in its
/// references — whichever arrived first, so an Update stored before the alert it replaces still hides that
/// alert when it comes. A standing alert is active from when it begins (onset, else effective,
/// else sent) until it ends (the NWS's `ends`, else `expires`; neither: a day after it was sent
/// or began, `WeatherAlert.endsBy`, unless a newer message renews it). An ended alert is never
/// active, whatever was last fetched. An alert a source's latest whole list no longer holds
/// ended when that list was stored (`AlertStoring.record(…endingOthersOf:)`).
public struct AlertTimeline: Sendable {
  /// The messages that stand, in the order given.
  public let standing: [WeatherAlert]

  public init(_ messages: [WeatherAlert]) {
    var replaced = Set<String>()
    for message in messages where message.messageType != .alert {
      // Some senders (Macau's SMG) list an Update's own identifier among its references.
      for reference in message.references where reference.identifier != message.identifier {
        replaced.insert(reference.identifier)
      }
    }
    standing = messages.filter {
      $0.messageType != .cancel && !replaced.contains($0.identifier)
    }
  }

  /// Whether `alert` has begun and not ended at `now` (unix seconds).
  public static func isActive(_ alert: WeatherAlert, at now: Int64) -> Bool {
    alert.begins <= now && now < alert.endsBy
  }

  /// Whether `alert` has ended by `now`; one that has not begun has not ended.
  public static func hasEnded(_ alert: WeatherAlert, at now: Int64) -> Bool {
    alert.endsBy <= now
  }

  /// The standing alerts active at `now`.
  public func active(at now: Int64) -> [WeatherAlert] {
    standing.filter { Self.isActive($0, at: now) }
  }

  /// The first moment after `now` at which a standing alert begins or ends: when a page that
  /// stays open must look again, since no write announces it. Nil when nothing is due.
  public func nextChange(after now: Int64) -> Int64? {
    standing.flatMap { [$0.begins, $0.endsBy] }.filter { $0 > now }.min()
  }
}

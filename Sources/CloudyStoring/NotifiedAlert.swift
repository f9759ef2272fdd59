/// An alert this device showed as a desktop notification (`alerts --watch --notify`): kept so
/// that each alert is notified once per device, and an Update or an end finds its notification.
public struct NotifiedAlert: Hashable, Sendable {
  /// The CAP identifier of the alert.
  public var identifier: String
  public var place: Place
  /// The id the notification server gave it.
  public var notificationID: UInt32
  /// True once it was closed or replaced.
  public var isClosed: Bool

  public init(identifier: String, place: Place, notificationID: UInt32, isClosed: Bool) {
    self.identifier = identifier
    self.place = place
    self.notificationID = notificationID
    self.isClosed = isClosed
  }
}

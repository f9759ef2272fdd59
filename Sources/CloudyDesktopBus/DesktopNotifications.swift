import CDBus

/// The freedesktop Desktop Notifications interface (`org.freedesktop.Notifications` on the
/// session bus, Desktop Notifications Specification 1.2), the way every Linux desktop's
/// notification server (GNOME Shell, KDE Plasma, dunst, mako, …) is asked to show a message.
///
/// Only the two calls Cloudy needs: `Notify` (a new notification, or one that replaces an
/// earlier one by its id) and `CloseNotification`.
public final class DesktopNotifications {
  private let bus: SessionBus

  /// How urgent a notification is: the specification's `urgency` hint.
  public enum Urgency: UInt8, Sendable {
    case low = 0
    case normal = 1
    case critical = 2
  }

  static let service = "org.freedesktop.Notifications"
  static let path = "/org/freedesktop/Notifications"

  /// Connects to the session bus; throws `DesktopBusError.noSessionBus` when there is none.
  public init() throws(DesktopBusError) {
    bus = try SessionBus()
  }

  /// Shows a notification, replacing notification `replacing` when it is not 0; returns the
  /// id the server gave it (for a later replace or close).
  public func notify(
    appName: String, summary: String, body: String, urgency: Urgency, replacing: UInt32 = 0
  ) throws(DesktopBusError) -> UInt32 {
    try bus.call(
      destination: Self.service, path: Self.path, interface: Self.service, method: "Notify",
      arguments: { arguments in
        BusValue.append(appName, to: &arguments)
          && BusValue.append(replacing, to: &arguments)
          && BusValue.append("", to: &arguments)  // app_icon: none
          && BusValue.append(summary, to: &arguments)
          && BusValue.append(body, to: &arguments)
          && BusValue.container(BusValue.array, signature: "s", in: &arguments) { _ in true }
          && BusValue.container(BusValue.array, signature: "{sv}", in: &arguments) { hints in
            BusValue.byteEntry("urgency", urgency.rawValue, in: &hints)
          }
          && BusValue.append(Int32(-1), to: &arguments)  // expire_timeout: the server's
      },
      reply: { BusValue.readUInt32(&$0) })
  }

  /// Closes notification `id` (the server removes it; an id it no longer shows is no error).
  public func close(_ id: UInt32) throws(DesktopBusError) {
    try bus.call(
      destination: Self.service, path: Self.path, interface: Self.service,
      method: "CloseNotification",
      arguments: { BusValue.append(id, to: &$0) },
      reply: { _ in () })
  }
}

/// What a CAP message does: announce an alert, replace earlier messages, or end them.
/// Raw values are CAP's spelling, which is also what the database stores.
public enum AlertMessageType: String, CaseIterable, Hashable, Sendable {
  case alert = "Alert"
  case update = "Update"
  case cancel = "Cancel"
}

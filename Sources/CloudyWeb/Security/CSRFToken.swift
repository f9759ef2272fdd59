import CloudyPlatform

/// The token every form (and every API write that relies on the login cookie) carries, so a
/// page on another site cannot make a browser change the file: it cannot read this server's
/// pages, so it cannot know the token. One random value per run of cloudy-web (a form from
/// before a restart is refused and asks for a reload).
struct CSRFToken: Sendable {
  let value: String

  init(value: String = RandomBytes.hex(count: 16)) {
    self.value = value
  }

  /// The field name in forms; the header is `X-CSRF-Token`.
  static let field = "csrf"

  func matches(_ given: String?) -> Bool {
    guard let given else { return false }
    return Secret.equal(given, value)
  }
}

import CloudyPlatform

/// The token every form (and every API write that relies on the login cookie) carries, so a
/// page on another site cannot make a browser change the file: it cannot read this server's
/// pages, so it cannot know the token. One random value per run of cloudy-web (a form from
/// before a restart is refused and asks for a reload).
struct CSRFToken: Sendable {
  let value: String

  /// A new random token; throws when the kernel's random source cannot be read.
  init() throws(SystemCallError) {
    value = try RandomBytes.hex(count: 16)
  }

  init(value: String) {
    self.value = value
  }

  /// The field name in forms; the header is `X-CSRF-Token`.
  static let field = "csrf"

  func matches(_ given: String?) -> Bool {
    guard let given else { return false }
    return Secret.equal(given, value)
  }
}

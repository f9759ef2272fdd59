import CloudyCLI
public import Hummingbird

/// How a request proved it may use cloudy-web.
enum Credential: Sendable, Equatable {
  /// No token is needed (a loopback listen without `--token-file`).
  case none
  /// The login cookie: a browser, which sends it on its own, so writes also need the CSRF token.
  case cookie
  /// `Authorization: Bearer`: a script, which a foreign page cannot make a browser send.
  case bearer
}

/// What cloudy-web's handlers know about a request beyond Hummingbird's: how it was allowed in.
/// Bodies are limited to 64 KiB (a place name and a few fields need far less).
public struct WebContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  var credential: Credential = .none

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
  }

  public var maxUploadSize: Int { WebLimits.maxBody }
}

enum WebLimits {
  /// The largest request body accepted (413 beyond): the hub wire's, by which `cloudy-db sync`
  /// sizes the changes it sends.
  static let maxBody = SyncHubWire.bodyLimit
}

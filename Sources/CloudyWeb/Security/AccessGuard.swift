import CloudyModels
import HTTPTypes
import Hummingbird

/// The checks every request passes before a handler sees it, in this order:
/// 1. `Host` must be one this server answers to (`HostPolicy`), else 421: DNS rebinding.
/// 2. A body declared over 64 KiB: 413 (a body sent without a length is cut at 64 KiB by the
///    handler's collect, with the same answer).
/// 3. When a token is required: the login cookie or `Authorization: Bearer`; else 401 (a short
///    page saying how to log in, or problem+json under /api). `/login` and the static files are
///    open (the login page needs its stylesheet).
/// 4. A request that changes state (anything but GET/HEAD/OPTIONS) whose `Origin` is another
///    origin, or whose `Sec-Fetch-Site` is `cross-site` (or `same-site`: another port or
///    subdomain is another origin), is refused with 403 before it writes.
///    Requests with neither header (curl, scripts) pass when otherwise authorised; forms and
///    cookie-borne API writes then need the CSRF token (`CSRFToken`), checked by the handlers.
/// Every response, refusals included, carries the security headers (`SecurityHeaders`).
struct AccessGuard: RouterMiddleware {
  typealias Context = WebContext

  let hosts: HostPolicy
  let token: String?

  func handle(
    _ request: Request, context: WebContext,
    next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    var response: Response
    do {
      response = try await check(request, context: context, next: next)
    } catch let error as HTTPError {
      // Hummingbird's own refusals (a body past 64 KiB while it is read, say), in the same
      // form as every other answer and with the same headers.
      let path = request.uri.path
      response = Refusal.response(
        error.status, api: path.hasPrefix("/api/"),
        title: error.status.reasonPhrase,
        detail: error.status == .contentTooLarge
          ? "request bodies are limited to \(WebLimits.maxBody / 1024) KiB"
          : error.body ?? error.status.reasonPhrase)
    }
    SecurityHeaders.apply(to: &response.headers)
    return response
  }

  private func check(
    _ request: Request, context: WebContext,
    next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    let api = path.hasPrefix("/api/") || path == "/openapi.json"
    if let refusal = hostOrSizeRefusal(request, api: api) { return refusal }
    var context = context
    if let token {
      context.credential = Self.credential(of: request, token: token)
      // The manifest too: browsers fetch it without the cookie.
      let open =
        path == "/login" || path.hasPrefix("/static/") || path == "/manifest.webmanifest"
      if context.credential == .none && !open { return Self.notLoggedIn(api: api) }
    }
    if !Self.isSafe(request.method), let refusal = crossSiteRefusal(request, api: api) {
      return refusal
    }
    return try await next(request, context)
  }

  /// 421 for a host name this server does not answer to (DNS rebinding), 413 for a body
  /// announced over the limit.
  private func hostOrSizeRefusal(_ request: Request, api: Bool) -> Response? {
    guard hosts.allows(request.head.authority) else {
      return Refusal.response(
        .misdirectedRequest, api: api, title: "Wrong host",
        detail:
          "cloudy-web does not answer to this host name; open it at the address it printed, or start it with --allow-host NAME"
      )
    }
    if let length = request.headers[.contentLength].flatMap(Int.init), length > WebLimits.maxBody {
      return Refusal.response(
        .contentTooLarge, api: api, title: "Too large",
        detail: "request bodies are limited to \(WebLimits.maxBody / 1024) KiB")
    }
    return nil
  }

  /// 401 with the way to log in for the API; the login page for a browser.
  private static func notLoggedIn(api: Bool) -> Response {
    api
      ? Refusal.response(
        .unauthorized, api: true, title: "Not logged in",
        detail:
          "send Authorization: Bearer TOKEN (the token is in the token file cloudy-web printed at start)",
        headers: [.wwwAuthenticate: "Bearer realm=\"cloudy\""])
      : LoginPage.needed()
  }

  /// 403 for a change sent from another site: by Sec-Fetch-Site, else by Origin.
  private func crossSiteRefusal(_ request: Request, api: Bool) -> Response? {
    let site = request.headers[Self.secFetchSite]?.lowercased()
    // `none` is the user's own navigation; anything but the same origin is another site's.
    if let site, site != "same-origin" && site != "none" {
      return Refusal.response(
        .forbidden, api: api, title: "Cross-site request",
        detail: "a change sent from another site is refused; nothing was written")
    }
    if let origin = request.headers[.origin], !isOwnOrigin(origin, request) {
      // Browsers send `Origin: null` for their own forms under Referrer-Policy: no-referrer
      // (as here): accepted when Sec-Fetch-Site says same-origin, or for a form, whose CSRF
      // token the handler checks; never for the API.
      let ownForm = origin == "null" && (site == "same-origin" || !api)
      if !ownForm {
        return Refusal.response(
          .forbidden, api: api, title: "Cross-origin request",
          detail: "a change sent from another site (\(origin)) is refused; nothing was written")
      }
    }
    return nil
  }

  static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

  static func isSafe(_ method: HTTPRequest.Method) -> Bool {
    method == .get || method == .head || method == .options
  }

  /// This server's own origin, by http or by https: behind a reverse proxy that holds the
  /// household's certificate (README, "Offline on a phone"), pages are https while cloudy-web
  /// itself hears http; the Host check has already said the name is ours.
  private func isOwnOrigin(_ origin: String, _ request: Request) -> Bool {
    let authority = (request.head.authority ?? "").lowercased()
    let given = origin.lowercased()
    return given == "http://" + authority || given == "https://" + authority
  }

  /// The token from the cookie or the Authorization header, compared in constant time.
  static func credential(of request: Request, token: String) -> Credential {
    if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
      let given = String(header.dropFirst("bearer ".count)).trimmingWhitespace()
      return Secret.equal(given, token) ? .bearer : .none
    }
    if let cookie = request.cookies[LoginPage.cookieName]?.value, Secret.equal(cookie, token) {
      return .cookie
    }
    return .none
  }
}

/// Comparing secrets without telling, by time, how much of a guess was right.
enum Secret {
  static func equal(_ given: some StringProtocol, _ secret: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(secret.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<b.count {
      difference |= (index < a.count ? a[index] : 0) ^ b[index]
    }
    return difference == 0
  }
}

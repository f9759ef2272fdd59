import CloudyCLI
import CloudyModels
import CloudyPlatform
import HTTPTypes
import Hummingbird
import NIOCore

/// Everything a request handler of cloudy-web needs, shared by all of them: the store, the
/// fetches, the CSRF token and the options the server started with.
struct WebApp: Sendable {
  let shared: SharedStore
  let refreshes: ForecastRefreshes
  let csrf: CSRFToken
  let offline: Bool
  /// Seconds after which a shown forecast is fetched again (`--refresh-after`).
  let refreshAfter: Int64
  /// The login token; nil when none is needed.
  let token: String?
  /// Hours the Weather page's chart and hourly table show (`--hours`; at most what is cached).
  var hours = WebApp.defaultHours
  /// The notices redirects name by key (`?notice=`).
  let notices = NoticeBoard()

  /// The issue's "next 48 hours", as the terminal app and `cloudy-forecast show --hourly` show.
  static let defaultHours = 48
  /// The most hours a cached forecast holds (as `cloudy-forecast show --hours` allows).
  static let maximumHours = 384

  /// What answers every request: the router, with HEAD answered as GET (`HeadRequests`).
  func responder(hosts: HostPolicy) -> HeadRequests<RouterResponder<WebContext>> {
    HeadRequests(wrapped: router(hosts: hosts).buildResponder())
  }

  /// The router: every route, behind `AccessGuard`.
  func router(hosts: HostPolicy) -> Router<WebContext> {
    let router = Router(context: WebContext.self)
    router.middlewares.add(AccessGuard(hosts: hosts, token: token))
    router.middlewares.add(MethodNotAllowed())
    addPageRoutes(to: router)
    addPlaceActionRoutes(to: router)
    addAPIRoutes(to: router)
    addSyncRoutes(to: router)
    addEventRoutes(to: router)
    addStaticRoutes(to: router)
    return router
  }

  /// The page's frame with the store's current problem. `version`: the number of changes
  /// announced before its data was read (`LiveEvents.version`), so its script can tell whether
  /// it missed one.
  func page(
    _ screen: Screen?, title: String, notice: HTML? = nil, version: Int? = nil, body: HTML
  ) async -> HTML {
    Layout.page(
      screen, title: title, csrf: csrf, problem: await shared.problem, notice: notice,
      version: version ?? shared.events.version, body: body)
  }

  /// 303 to `path` after an action, with `notice` kept on the board and named by its key.
  func redirect(_ path: String, notice: HTML) -> Response {
    PageResponse.redirect(path, noticeKey: notices.post(notice))
  }

  /// A failure while answering a page: the failure map's message on a page with the matching
  /// status (the banner says what is wrong with the file, when that is the reason).
  func errorPage(_ error: any Error, screen: Screen?) async -> Response {
    let failure = HTTPStatusMap.failure(for: error)
    let page = await self.page(
      screen, title: "Cloudy",
      body:
        "<h1>\(screen?.title ?? "Cloudy")</h1><p class=\"problem\" role=\"alert\">\(failure.message)</p>"
    )
    return PageResponse.html(page, status: HTTPStatusMap.status(for: error))
  }

  /// The answer for `key` from the shared store when nothing changed since it was made (see
  /// `SharedStore.cachedAnswer`), else made by `make` and kept; in the copy `request` accepts
  /// (gzip or plain), or 304 when it holds that copy already. nil `key`: always made.
  func answer(
    _ key: String?, to request: Request, lifetime: Duration? = nil, contentType: String,
    _ make: () async throws -> ByteBuffer
  ) async throws -> Response {
    if let key {
      // Within a millisecond of the last look, without waiting for the actor (the common case
      // under load); otherwise the actor looks first.
      if let made = shared.recentAnswer(key, lifetime: lifetime) {
        return made.response(to: request, varyCookie: token != nil)
      }
      if let made = await shared.cachedAnswer(key, lifetime: lifetime) {
        return made.response(to: request, varyCookie: token != nil)
      }
    }
    let version = shared.events.version
    let body = try await make()
    let made = await shared.made(key, version: version, contentType: contentType, body: body)
    return made.response(to: request, varyCookie: token != nil)
  }

  /// A form's body, at most 64 KiB (413 beyond, thrown as Hummingbird's HTTPError).
  static func formFields(_ request: Request) async throws -> FormFields {
    var request = request
    let buffer = try await request.collectBody(upTo: WebLimits.maxBody)
    return FormFields(String(buffer: buffer))
  }

  static func queryFields(_ request: Request) -> FormFields {
    FormFields(request.uri.query ?? "")
  }
}

import HTTPTypes
import Hummingbird

/// Logging in on a listen other than loopback: the one-time link cloudy-web prints at start,
/// `/login?token=…`, sets the token as a cookie the browser keeps (HttpOnly: no script reads
/// it; SameSite=Strict: no other site's page sends it), then goes to the Weather page without
/// the token in the address bar or history.
enum LoginPage {
  static let cookieName = "cloudy_token"

  /// 401 with a short page saying how to log in.
  static func needed(wrongToken: Bool = false) -> Response {
    let first: HTML =
      wrongToken
      ? "<p>That login link holds a token this cloudy-web does not know. Links from an earlier start still work as long as the token file is the same.</p>"
      : "<p>This Cloudy is shared on the network, so it asks who you are once per browser.</p>"
    let page = Layout.page(
      nil, title: "Log in", csrf: nil, problem: nil,
      body: """
        <h1>Log in to Cloudy</h1>
        \(first)
        <p>Open the login link <code>cloudy-web</code> printed when it started (it begins with <code>/login?token=</code>), on this device. The token is also in the token file it named; a script can send it as <code>Authorization: Bearer TOKEN</code>.</p>
        """)
    return PageResponse.html(page, status: .unauthorized)
  }

  /// `/login?token=…`: the cookie and a redirect, or 401.
  static func logIn(given: String?, token: String?) -> Response {
    guard let token else { return PageResponse.redirect("/") }
    guard let given, Secret.equal(given, token) else { return needed(wrongToken: given != nil) }
    var headers: HTTPFields = [.location: "/"]
    headers[.setCookie] =
      "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
    return Response(status: .seeOther, headers: headers)
  }
}

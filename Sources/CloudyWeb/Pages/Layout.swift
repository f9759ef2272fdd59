/// The four screens of the app, in the navigation's order.
enum Screen: String, CaseIterable, Sendable {
  case weather, places, add, settings

  var title: String {
    switch self {
    case .weather: "Weather"
    case .places: "Locations"
    case .add: "Add Location"
    case .settings: "Settings"
    }
  }

  var path: String {
    switch self {
    case .weather: "/"
    case .places: "/places"
    case .add: "/places/new"
    case .settings: "/settings"
    }
  }
}

/// The frame around every page: language, viewport for phones, the color schemes, the
/// navigation (the current screen marked for screen readers), the problem banner and `main`.
/// Parts marked `data-live` are replaced in place by app.js when the event stream says the
/// file changed; without JavaScript the page is whole and every action is a form.
enum Layout {
  static func page(
    _ screen: Screen?, title: String, csrf: CSRFToken?, problem: String?, notice: HTML? = nil,
    version: Int = 0, body: HTML
  ) -> HTML {
    let navigation = Screen.allCases.map { item -> HTML in
      let current: HTML = item == screen ? " aria-current=\"page\"" : ""
      return "<a href=\"\(item.path)\"\(current)>\(item.title)</a>"
    }
    let csrfMeta: HTML = csrf.map { "<meta name=\"csrf-token\" content=\"\($0.value)\">" } ?? ""
    // The script only on the app's own pages (they carry the CSRF token): a refusal or the
    // login page has nothing live, and its script's `/events` would only be refused in turn.
    let script: HTML = csrf == nil ? "" : "<script src=\"/static/app.js\" defer></script>"
    return """
      <!doctype html>
      <html lang="en" data-version="\(version)">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      \(csrfMeta)
      <title>\(Layout.isolated(title)) · Cloudy</title>
      <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
      <link rel="apple-touch-icon" href="/static/apple-touch-icon.png">
      <link rel="manifest" href="/manifest.webmanifest">
      <meta name="theme-color" content="#1f6feb">
      <link rel="stylesheet" href="/static/style.css">
      \(script)
      </head>
      <body>
      <a class="skip" href="#main">Skip to content</a>
      <header>
      <p class="brand"><img src="/static/icon.svg" alt="" width="28" height="28"> Cloudy</p>
      <nav aria-label="Screens">\(navigation)</nav>
      </header>
      \(banner(problem: problem, notice: notice))
      <main id="main" tabindex="-1">
      \(body)
      </main>
      </body>
      </html>

      """
  }

  /// A title (often a place's name) isolated from " · Cloudy" after it: `<title>` holds text
  /// only, so FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE rather than `<bdi>`.
  static func isolated(_ title: String) -> String {
    "\u{2068}" + title + "\u{2069}"
  }

  /// The problem with the file (from the watcher), and a one-time notice (what an action did).
  static func banner(problem: String?, notice: HTML?) -> HTML {
    let problemPart: HTML =
      problem.map { "<p class=\"problem\" role=\"alert\">\($0)</p>" } ?? ""
    let noticePart: HTML = notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" } ?? ""
    return "<div id=\"banner\" data-live>\(problemPart)\(noticePart)</div>"
  }

  /// A form that posts one action with the CSRF token: a button, optionally with fields.
  static func actionForm(
    _ action: String, csrf: CSRFToken, button: HTML, fields: [(String, String)] = [],
    buttonClass: String = "", label: String? = nil
  ) -> HTML {
    let hidden = fields.map { name, value -> HTML in
      "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
    }
    let classAttribute: HTML = buttonClass.isEmpty ? "" : " class=\"\(buttonClass)\""
    let labelAttribute: HTML = label.map { " aria-label=\"\($0)\"" } ?? ""
    return """
      <form method="post" action="\(action)" class="inline"><input type="hidden" name="\(CSRFToken.field)" value="\(csrf.value)">\(hidden)<button type="submit"\(classAttribute)\(labelAttribute)>\(button)</button></form>
      """
  }
}

import CloudyTestSupport
import Foundation
import Testing

/// cloudy-web in a real browser: headless Chromium over WebDriver, at a laptop's 1280×800 and a
/// phone's 390×844. What a new user does — add a place by typing its name, see its week once
/// it is fetched, choose 24-hour time and Celsius, remove a place after saying yes — and what a
/// household sees: a change made in a terminal appears on the open page without a reload.
///
/// With `CLOUDY_SCREENSHOTS=FOLDER`, each page is saved there at both sizes (the README's
/// pictures come from `docs/screenshots`).
@Suite(
  "cloudy-web in headless Chromium",
  .serialized,
  .enabled(
    if: BrowserSession.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil,
    "chromium and chromium-driver are not installed (.ci/run installs them)"))
struct WebBrowserTests {
  static let sizes = [
    (name: "desktop", width: 1280, height: 800), (name: "phone", width: 390, height: 844),
  ]

  @Test(
    "add by typing, the week after a refresh, settings, remove with confirmation, a terminal's change live"
  )
  func household() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let counter = RequestCounter()
    let provider = try AppTerminalTests.server(counter)
    defer { provider.stop() }
    let web = try WebServerProcess(
      database: db, ["--refresh-after", "30m"],
      environment: ["CLOUDY_OPEN_METEO_URL": provider.baseURL.absoluteString])
    let base = "http://127.0.0.1:\(web.port)"
    let browser = try BrowserSession()

    // Add Location: typing searches as you type; the row says how it matched; Save saves it.
    try browser.open(base + "/places/new")
    try browser.type("Richmond, VA", into: "#q")
    #expect(
      try browser.waitUntil(
        "return document.querySelector('#results').innerText.includes('Richmond, Virginia, US')"),
      "the live search showed no Richmond")
    #expect(browser.url.contains("/places/new"), "typing must not leave the page")
    try browser.click("#results button[aria-label='Save Richmond, Virginia, US']")
    #expect(try browser.waitUntil("return location.pathname === '/places'"))
    #expect(try browser.text("#places").contains("Richmond, Virginia, US"))
    #expect(try sqlite3(db, "SELECT name FROM location") == "Richmond, Virginia, US")

    // Weather: no forecast yet, so one is fetched on its own; the page follows without a reload.
    try browser.open(base + "/")
    try browser.run("window.cloudyMarker = 42")
    #expect(
      try browser.waitUntil("return !!document.querySelector('table.week')", timeout: 20),
      "the week did not appear after the refresh: \((try? browser.text("main")) ?? "")")
    #expect(try browser.run("return window.cloudyMarker") as? Int == 42, "the page was reloaded")
    #expect(counter.value >= 1)
    #expect(try browser.text(".temperature").contains("°F"))

    // Settings: one checkmark per section, following each choice.
    try browser.open(base + "/settings")
    try browser.click("#settings section:nth-of-type(1) li:nth-child(2) button")
    #expect(try browser.waitUntil("return location.search.includes('notice')"))
    try browser.click("#settings section:nth-of-type(3) li:nth-child(2) button")
    #expect(
      try browser.waitUntil(
        "return document.querySelector('#settings section:nth-of-type(3) li:nth-child(2) button').getAttribute('aria-pressed') === 'true'"
      ))
    #expect(
      try sqlite3(db, "SELECT time_notation, temperature_notation FROM settings") == "24h|celsius")
    try browser.open(base + "/")
    #expect(try browser.text(".temperature").contains("°C"))

    // Another process changes a setting: the open page follows, without a reload.
    try browser.run("window.cloudyMarker = 7")
    let set = try ToolRunner.run(
      "cloudy-settings", ["set", "temperature", "fahrenheit", "--db", db])
    #expect(set.status == 0)
    #expect(
      try browser.waitUntil(
        "return document.querySelector('.temperature').innerText.includes('°F')"),
      "the page did not follow cloudy-settings set")
    #expect(try browser.run("return window.cloudyMarker") as? Int == 7, "the page was reloaded")

    // Another process adds a place while Locations is open.
    try browser.open(base + "/places")
    let added = try ToolRunner.run("cloudy-locations", ["add", "Oslo", "--db", db])
    #expect(added.status == 0, "\(added.standardError)")
    #expect(
      try browser.waitUntil("return document.querySelector('#places').innerText.includes('Oslo')"))

    // Remove, after saying yes on the confirmation page.
    let oslo = try sqlite3(db, "SELECT id FROM location WHERE name LIKE 'Oslo%'")
    try browser.click("a[href='/places/\(oslo)/remove']")
    #expect(try browser.waitUntil("return location.pathname.endsWith('/remove')"))
    #expect(try browser.text("h1").hasPrefix("Remove Oslo"))
    try browser.click("main form button[type='submit']")
    #expect(try browser.waitUntil("return location.pathname === '/places'"))
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    #expect(!(try browser.text("#places").contains("Oslo")))
    #expect(web.stop() == 0)
  }

  @Test(
    "every page at 1280×800 and 390×844: nothing wider than the screen, keyboard reaches the navigation"
  )
  func layouts() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(
      folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
    _ = try ToolRunner.run("cloudy-locations", ["add", "Richmond, VA", "--db", db])
    let web = try WebServerProcess(database: db, ["--offline"])
    let base = "http://127.0.0.1:\(web.port)"
    let browser = try BrowserSession()
    let pages = [
      ("weather", "/"), ("hourly", "/?view=hourly"), ("locations", "/places"),
      ("add-location", "/places/new?q=Springfield"), ("settings", "/settings"),
    ]
    let screenshots = ProcessInfo.processInfo.environment["CLOUDY_SCREENSHOTS"]
    for size in Self.sizes {
      try browser.resize(width: size.width, height: size.height)
      for (name, path) in pages {
        try browser.open(base + path)
        let overflow =
          try browser.run(
            "return document.documentElement.scrollWidth - window.innerWidth") as? Int ?? -1
        #expect(overflow <= 0, "\(path) at \(size.width) px is \(overflow) px too wide")
        // The four screens on one line: a wrapped navigation hid a screen on a phone.
        let navigationLines =
          try browser.run(
            "return new Set(Array.from(document.querySelectorAll('nav[aria-label=Screens] a')).map(a => Math.round(a.getBoundingClientRect().top))).size"
          ) as? Int ?? -1
        #expect(
          navigationLines == 1,
          "\(path) at \(size.width) px: navigation on \(navigationLines) lines")
        #expect(try browser.run("return document.documentElement.lang") as? String == "en")
        if let screenshots {
          try browser.screenshot().write(
            to: URL(fileURLWithPath: "\(screenshots)/\(name)-\(size.name).png"))
          try browser.colorScheme("dark")
          try browser.screenshot().write(
            to: URL(fileURLWithPath: "\(screenshots)/\(name)-\(size.name)-dark.png"))
          try browser.colorScheme("light")
        }
      }
    }
    // Keyboard and screen readers: every control is a real link or button with a name, and
    // the first thing Tab reaches skips to the content.
    for (_, path) in pages {
      try browser.open(base + path)
      let unnamed =
        try browser.run(
          "return Array.from(document.querySelectorAll('a, button, input:not([type=hidden])')).filter(e => !(e.getAttribute('aria-label') || e.innerText.trim() || e.labels && e.labels.length)).map(e => e.outerHTML)"
        ) as? [String] ?? ["?"]
      #expect(unnamed.isEmpty, "\(path): controls without a name: \(unnamed)")
      #expect(
        try browser.run("return document.querySelector('a, button, input').className") as? String
          == "skip")
    }
    #expect(web.stop() == 0)
  }
}

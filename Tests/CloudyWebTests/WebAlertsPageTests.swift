import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring
import Foundation
import Testing

@testable import CloudyWeb

/// The alerts on cloudy-web's pages, answered in this process over a real SQLite file: the
/// Weather page's banner follows the alert level and links to the alerts page, which lists every
/// alert whatever the level says, each with its severity, and escapes what the sender wrote.
@Suite("cloudy-web: alert banner, marks and the alerts page")
struct WebAlertsPageTests {
  static func alert(
    _ id: String, _ event: String, _ severity: AlertSeverity, headline: String? = nil,
    description: String? = nil, from onset: Int64, until: Int64
  ) -> WeatherAlert {
    WeatherAlert(
      identifier: id, sender: "w-nws.webmaster@noaa.gov", sent: onset, event: event,
      severity: severity, urgency: .expected, certainty: .likely, headline: headline,
      description: description, senderName: "NWS Sterling VA", areas: ["Fairfax"],
      onset: onset, expires: until, source: .nws)
  }

  /// Stores `alerts` for the saved place `id`, as another process's import would.
  static func record(_ alerts: [WeatherAlert], id: Int64, in web: InProcessWeb) async throws {
    try await web.app.shared.perform { shared in
      try shared.store.record(alerts, for: .saved(id), fetchedAt: WallClock.now())
    }
  }

  @Test("the banner shows the most severe shown alert, linked to a page listing every alert")
  func bannerAndPage() async throws {
    let web = try InProcessWeb()
    let id = try await web.addPlace("Fairfax", latitude: 38.85, longitude: -77.3)
    let other = try await web.addPlace("Oslo")
    let now = WallClock.now()
    #expect(!(try await web.get("/").text.contains("alert-banner")))
    try await Self.record(
      [
        Self.alert(
          "w", "Winter Storm Warning", .severe, headline: "Heavy snow", from: now - 60,
          until: now + 3_600),
        Self.alert("a", "Wind Advisory", .minor, from: now - 60, until: now + 3_600),
        Self.alert("old", "Frost Advisory", .minor, from: now - 7_200, until: now - 3_600),
      ], id: id, in: web)
    try await Self.record(
      [Self.alert("o", "Flood Watch", .moderate, from: now - 60, until: now + 3_600)], id: other,
      in: web)

    let weather = try await web.get("/").text
    #expect(
      weather.contains(
        "<p class=\"alert-banner severity-severe tone-warning\" role=\"alert\"><a href=\"/places/\(id)/alerts\"><span class=\"severity\">Severe</span> Winter Storm Warning: Heavy snow</a></p>"
      ), "\(weather)")
    // Inside the live region with the heading: one truth, replaced together.
    let live = try #require(weather.range(of: "<section id=\"weather\" data-live>"))
    #expect(weather.range(of: "alert-banner")!.lowerBound > live.lowerBound)

    // Locations marks every place with a shown alert, not the first only.
    let places = try await web.get("/places").text
    #expect(
      places.contains("<a class=\"alert-mark severity-severe\" href=\"/places/\(id)/alerts\">"))
    #expect(
      places.contains("<a class=\"alert-mark severity-moderate\" href=\"/places/\(other)/alerts\">")
    )

    let page = try await web.get("/places/\(id)/alerts")
    #expect(page.status == 200)
    let text = page.text
    #expect(text.contains("<h1>Alerts · <bdi>Fairfax</bdi></h1>"))
    #expect(text.contains("<span class=\"severity\">Severe</span> Winter Storm Warning"))
    // Below the level, still listed here: this page is where a user looks on purpose.
    #expect(text.contains("<span class=\"severity\">Minor</span> Wind Advisory</h3>"))
    #expect(text.contains("Ended or not yet begun"))
    #expect(text.contains("Frost Advisory <span class=\"dim\">(not active)</span>"))
    #expect(text.contains("<section id=\"alerts\" data-live>"))

    // The level "none": no banner, no marks; the page still lists them all.
    try await web.app.shared.perform { shared in
      _ = try shared.store.update { $0.alerts = .none }
    }
    #expect(!(try await web.get("/").text.contains("alert-banner")))
    #expect(!(try await web.get("/places").text.contains("alert-mark")))
    #expect(try await web.get("/places/\(id)/alerts").text.contains("Winter Storm Warning"))
  }

  @Test("what a sender wrote is escaped on the banner and the alerts page")
  func escaped() async throws {
    let web = try InProcessWeb()
    let id = try await web.addPlace("Fairfax", latitude: 38.85, longitude: -77.3)
    let now = WallClock.now()
    try await Self.record(
      [
        Self.alert(
          "x", "<script>alert(1)</script> Warning", .extreme,
          headline: "\"Quoted\" & <b>bold</b>", description: "<img src=x onerror=alert(2)>",
          from: now - 60, until: now + 3_600)
      ], id: id, in: web)
    for path in ["/", "/places/\(id)/alerts"] {
      let text = try await web.get(path).text
      #expect(!text.contains("<script>alert(1)"), "\(path)")
      #expect(!text.contains("<img src=x"), "\(path)")
      #expect(!text.contains("<b>bold"), "\(path)")
      #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt; Warning"), "\(path)")
      #expect(text.contains("&quot;Quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"), "\(path)")
    }
    #expect(
      try await web.get("/places/\(id)/alerts").text.contains(
        "&lt;img src=x onerror=alert(2)&gt;"))
  }

  @Test("a place with no alerts says so; an unknown place is 404")
  func emptyAndUnknown() async throws {
    let web = try InProcessWeb()
    let id = try await web.addPlace("Oslo")
    let empty = try await web.get("/places/\(id)/alerts")
    #expect(empty.status == 200)
    #expect(empty.text.contains("No active alerts for <bdi>Oslo</bdi>."))
    #expect(try await web.get("/places/\(id + 100)/alerts").status == 404)
    #expect(try await web.get("/places/nonsense/alerts").status == 404)
  }

  @Test("an alert due to begin says when, so the open page looks again then; a Cancel clears it")
  func dueByTheClock() async throws {
    let web = try InProcessWeb()
    let id = try await web.addPlace("Fairfax", latitude: 38.85, longitude: -77.3)
    let now = WallClock.now()
    #expect(!(try await web.get("/").text.contains("data-alerts-next")))
    try await Self.record(
      [Self.alert("later", "Wind Advisory", .severe, from: now + 3_600, until: now + 7_200)],
      id: id, in: web)
    let before = try await web.get("/").text
    #expect(!before.contains("alert-banner"))
    #expect(before.contains("<span hidden data-alerts-next=\"\(now + 3_600)\"></span>"))
    // Inside the live region, so the marker itself is replaced when the page is read again.
    let live = try #require(before.range(of: "<section id=\"weather\" data-live>"))
    #expect(before.range(of: "data-alerts-next")!.lowerBound > live.lowerBound)

    var cancel = Self.alert("c", "Wind Advisory", .severe, from: now, until: now + 7_200)
    cancel.messageType = .cancel
    cancel.references = [AlertReference(sender: cancel.sender, identifier: "later", sent: "\(now)")]
    try await Self.record([cancel], id: id, in: web)
    #expect(!(try await web.get("/").text.contains("data-alerts-next")))
  }
}

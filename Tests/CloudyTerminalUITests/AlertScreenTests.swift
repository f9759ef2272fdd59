import CloudyModels
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import Testing

/// The app's alerts on fakes: the banner (the most severe shown alert, by the alert level, cut
/// by display width between graphemes, its severity in words so it reads without colour), `!`
/// opening every active alert in full, the Locations marks on every place, and all of it
/// following another process's import without a key.
@Suite("cloudy: alert banner, alerts list, Locations marks")
struct AlertScreenTests {
  static func alert(
    _ id: String, _ event: String, _ severity: AlertSeverity, headline: String? = nil,
    description: String? = nil, instruction: String? = nil, until: Int64? = nil
  ) -> WeatherAlert {
    WeatherAlert(
      identifier: id, sender: "w-nws.webmaster@noaa.gov", sent: Sample.observed - 3_600,
      event: event, severity: severity, urgency: .expected, certainty: .likely,
      headline: headline, description: description, instruction: instruction,
      senderName: "NWS Wakefield VA", areas: ["City of Richmond"],
      onset: Sample.observed - 3_600, expires: until ?? Sample.observed + 6 * 3_600,
      source: .nws)
  }

  static let warning = alert(
    "w1", "Winter Storm Warning", .severe, headline: "Winter Storm Warning until Friday",
    description:
      "* WHAT...Heavy snow. Total snow accumulations of 8 to 12 inches.\n\n* WHERE...Richmond.",
    instruction: "Travel could be very difficult.")
  static let advisory = alert("a1", "Wind Advisory", .minor, headline: "Wind Advisory")

  @Test func theBannerShowsTheMostSevereShownAlertLiveWithoutAKey() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    let app = try fixture.app()
    #expect(!app.screenText().contains("Winter Storm"))
    #expect(app.render(TerminalSize(columns: 80, rows: 24))[1].style == .sectionTitle)

    // Another process imports two alerts: the watcher reports a commit, no key is pressed.
    fixture.alerts.stored[.saved(richmond.id)] = [Self.advisory, Self.warning]
    app.needsRedraw = false
    try fixture.changes.commit()
    #expect(app.needsRedraw)
    let frame = app.render(TerminalSize(columns: 80, rows: 24))
    // The event named once (issue 41): the headline's repeat of it is dropped.
    #expect(frame[1].text.hasPrefix(" ⚠ Winter Storm Warning (Severe): "))
    #expect(!frame[1].text.contains("(Severe): Winter Storm Warning"))
    #expect(frame[1].style == .alert(.severe))
    // The minor advisory is below the default level: not counted as "more".
    #expect(frame[1].text.hasSuffix("! details "))
    #expect(app.screenText().contains("Partly Cloudy"))

    // With every alert shown, the banner says there is one more.
    fixture.settings.stored.alerts = .all
    try fixture.changes.commit()
    #expect(app.render(TerminalSize(columns: 80, rows: 24))[1].text.contains("+1 more, ! list"))

    // The level "none": no banner, while the list still has both.
    fixture.settings.stored.alerts = .none
    try fixture.changes.commit()
    #expect(!app.screenText().contains("Winter Storm"))
    _ = app.handle(.character("!"))
    #expect(app.screen == .alerts)
    let list = app.screenText(80, 40)
    #expect(list.contains("Winter Storm Warning · Severe"))
    #expect(list.contains("Wind Advisory · Minor"))
  }

  @Test func theBannerEndsByTheClock() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    fixture.alerts.stored[.saved(richmond.id)] = [
      Self.alert("short", "Flood Warning", .severe, until: fixture.clock.now + 60)
    ]
    let app = try fixture.app()
    #expect(app.screenText().contains("Flood Warning (Severe)"))
    fixture.clock.now += 60
    #expect(!app.screenText().contains("Flood Warning"))
  }

  @Test func withoutColourAndUnicodeTheSeverityIsInTheWords() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    fixture.alerts.stored[.saved(richmond.id)] = [Self.warning]
    let app = try fixture.app(CloudyApp.Options(glyphs: .ascii))
    let line = app.render(TerminalSize(columns: 80, rows: 24))[1]
    #expect(line.text.hasPrefix(" ! Winter Storm Warning (Severe)"))
    #expect(LineLook.of(line.style, color: false) == LineLook(bold: true))
    #expect(LineLook.of(line.style, color: true).colorPair == 2)
    #expect(LineLook.of(.alert(.extreme), color: true).colorPair == 5)
    #expect(LineLook.of(.alert(.moderate), color: true).colorPair == 4)
  }

  @Test func aLongBannerIsCutByDisplayWidthNeverInsideAGrapheme() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    // Wide (CJK) characters and a family emoji (one grapheme of several scalars).
    let headline = "台風警報 暴風 高潮 👨‍👩‍👧‍👦 " + String(repeating: "大雨警報 ", count: 20)
    fixture.alerts.stored[.saved(richmond.id)] = [
      Self.alert("t", "Typhoon Warning", .extreme, headline: headline)
    ]
    let app = try fixture.app()
    for columns in [40, 41, 57, 80] {
      let line = app.render(TerminalSize(columns: columns, rows: 24))[1]
      #expect(DisplayWidth.of(line.text) == columns, "\(columns): \(line.text)")
      #expect(line.text.contains("…"))
      #expect(line.text.hasSuffix("! details "))
      // Every grapheme kept is whole: the family is there whole or not at all.
      #expect(!line.text.unicodeScalars.contains("\u{200D}") || line.text.contains("👨‍👩‍👧‍👦"))
    }
  }

  @Test func theListShowsEveryActiveAlertInFullAndScrolls() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    let long = (1...30).map { "Line \($0) of the description." }.joined(separator: "\n\n")
    fixture.alerts.stored[.saved(richmond.id)] = [
      Self.warning, Self.alert("long", "Flood Watch", .moderate, description: long),
    ]
    let app = try fixture.app()
    _ = app.handle(.character("!"))
    let first = app.screenText(60, 24)
    #expect(first.contains("Cloudy · Alerts · Richmond"))
    #expect(first.contains("⚠ Winter Storm Warning · Severe"))
    #expect(first.contains("Winter Storm Warning until Friday"))
    #expect(first.contains("Thu Jan 15 08:15 AM – Thu Jan 15 03:15 PM"))
    #expect(first.contains("(America/New_York)"))
    #expect(first.contains("From NWS Wakefield VA"))
    #expect(first.contains("Areas: City of Richmond"))
    // The description wrapped to the width, its paragraphs kept.
    #expect(
      first.contains("   * WHAT...Heavy snow. Total snow accumulations of 8 to 12\n   inches."))
    #expect(first.contains("What to do"))
    #expect(first.contains("Travel could be very difficult."))
    #expect(first.contains("lines 1…"))
    #expect(!first.contains("Line 30 of the description."))
    _ = app.handle(.end)
    let last = app.screenText(60, 24)
    #expect(last.contains("Line 30 of the description."))
    #expect(!last.contains("Winter Storm Warning until Friday"))
    _ = app.handle(.escape)
    #expect(app.screen == .weather)
  }

  @Test func theKeyIsNamedInTheFooterAndTheHelp() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    #expect(app.screenText().split(separator: "\n").last?.contains("! alerts") == true)
    _ = app.handle(.character("?"))
    #expect(app.screenText(100, 40).contains("alerts in full"))
  }

  @Test func locationsMarksEveryPlaceWithAShownAlertNotTheFirstOnly() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let second = try fixture.locations.add(
      NewLocation(
        name: "Norfolk", coordinate: try Coordinate(latitude: 36.85, longitude: -76.29),
        source: .coordinates))
    let third = try fixture.locations.add(
      NewLocation(
        name: "Roanoke", coordinate: try Coordinate(latitude: 37.27, longitude: -79.94),
        source: .coordinates))
    let app = try fixture.app()
    _ = app.handle(.character("l"))
    #expect(!app.screenText().contains("⚠"))
    fixture.alerts.stored[.saved(second.id)] = [Self.warning]
    fixture.alerts.stored[.saved(third.id)] = [Self.advisory]
    try fixture.changes.commit()
    let lines = app.screenText().split(separator: "\n")
    let norfolk = try #require(lines.first { $0.contains("Norfolk") })
    #expect(norfolk.contains("⚠ Norfolk"))
    #expect(norfolk.contains("Severe alert"))
    // A minor advisory is below the default level.
    #expect(lines.first { $0.contains("Roanoke") }?.contains("⚠") == false)
    fixture.settings.stored.alerts = .all
    try fixture.changes.commit()
    #expect(
      app.screenText().split(separator: "\n").first { $0.contains("Roanoke") }?.contains(
        "⚠ Roanoke") == true)
    fixture.settings.stored.alerts = .none
    try fixture.changes.commit()
    #expect(!app.screenText().contains("⚠"))
  }

  @Test func wrappingKeepsWordsAndGraphemesWhole() {
    #expect(TextFit.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(TextFit.wrap("a\nb\n\nc", width: 10) == ["a b", "", "c"])
    #expect(TextFit.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    // Two-column characters never straddle the edge; an emoji sequence stays one piece.
    #expect(TextFit.wrap("台風警報", width: 5) == ["台風", "警報"])
    #expect(TextFit.wrap("ab👨‍👩‍👧‍👦cd", width: 3) == ["ab", "👨‍👩‍👧‍👦c", "d"])
    #expect(TextFit.wrap("x\r\n\r\ny", width: 3) == ["x", "", "y"])
  }
}

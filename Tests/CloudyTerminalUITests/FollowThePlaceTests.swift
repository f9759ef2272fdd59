import CloudyModels
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import Testing

/// Issue 41: the app acts on places, not rows. Another process adds, removes or moves a row
/// above the cursor, and the cursor stays on its place (before, it stayed on the row number and
/// `d y` removed the place that came to be there); a prompt whose place another process renamed
/// names it anew and never renames it back to the stale name.
@Suite("cloudy: the Locations cursor and prompts follow the place")
struct FollowThePlaceTests {
  /// Richmond, Paris, Oslo, Quito; the cursor on Oslo (row 3).
  private func appOnOslo() throws -> (AppFixture, CloudyApp, oslo: Location) {
    let fixture = AppFixture()
    try fixture.withRichmond()
    _ = try fixture.locations.add(place("Paris", 48.85, 2.35))
    let oslo = try fixture.locations.add(place("Oslo", 59.91, 10.75))
    _ = try fixture.locations.add(place("Quito", -0.22, -78.51))
    let app = try fixture.app()
    app.press(.character("l"), .down, .down)
    app.press(.character("d"))
    #expect(app.screenText().contains("Remove “Oslo”? y/n"))
    app.press(.character("n"))
    return (fixture, app, oslo)
  }

  @Test func aPlaceAddedAboveTheCursorLeavesItOnItsPlace() throws {
    let (fixture, app, oslo) = try appOnOslo()
    let lima = try fixture.locations.add(place("Lima", -12.05, -77.04))
    try fixture.locations.move(lima.id, to: 0)
    try fixture.changes.commit()
    app.press(.character("d"))
    #expect(app.screenText().contains("Remove “Oslo”? y/n"), "\(app.screenText())")
    app.press(.character("y"))
    #expect(!fixture.locations.locations.contains { $0.id == oslo.id })
    #expect(fixture.locations.locations.contains { $0.name == "Paris" })
  }

  @Test func aPlaceRemovedAboveTheCursorLeavesItOnItsPlace() throws {
    let (fixture, app, _) = try appOnOslo()
    let paris = try #require(fixture.locations.locations.first { $0.name == "Paris" })
    try fixture.locations.remove(paris.id)
    try fixture.changes.commit()
    app.press(.character("d"))
    #expect(app.screenText().contains("Remove “Oslo”? y/n"), "\(app.screenText())")
  }

  @Test func itsPlaceMovedElsewhereTakesTheCursorAlong() throws {
    let (fixture, app, oslo) = try appOnOslo()
    try fixture.locations.move(oslo.id, to: 0)
    try fixture.changes.commit()
    app.press(.character("r"))
    #expect(app.screenText().contains("New name: Oslo"), "\(app.screenText())")
  }

  @Test func aRemovalPromptNamesThePlaceAnewWhenAnotherProgramRenamesIt() throws {
    let (fixture, app, oslo) = try appOnOslo()
    app.press(.character("d"))
    _ = try fixture.locations.rename(oslo.id, to: "Christiania")
    try fixture.changes.commit()
    #expect(
      app.screenText().contains("Remove “Christiania” (renamed from “Oslo” by another program)?"),
      "\(app.screenText())")
    app.press(.character("y"))
    #expect(!fixture.locations.locations.contains { $0.id == oslo.id })
  }

  @Test func anUntouchedRenameFieldTakesTheNewNameAndNeverRenamesBack() throws {
    let (fixture, app, oslo) = try appOnOslo()
    app.press(.character("r"))
    _ = try fixture.locations.rename(oslo.id, to: "Christiania")
    try fixture.changes.commit()
    #expect(app.screenText().contains("New name: Christiania"), "\(app.screenText())")
    app.press(.enter)
    #expect(fixture.locations.locations.first { $0.id == oslo.id }?.name == "Christiania")
  }

  @Test func aRenameTheAppHasNotSeenYetIsNotUndoneByEnter() throws {
    let (fixture, app, oslo) = try appOnOslo()
    app.press(.character("r"))
    // Committed, but the watcher has not reported it yet.
    _ = try fixture.locations.rename(oslo.id, to: "Christiania")
    app.press(.enter)
    #expect(fixture.locations.locations.first { $0.id == oslo.id }?.name == "Christiania")
    #expect(
      app.screenText().contains("is now named \"Christiania\""),
      "\(app.screenText())")
  }
}

/// Issue 41: under `LANG=C` names printed as "Pozna?" and "M?stoles"; every place the gazetteer
/// knows has an ASCII spelling, and so has every Latin name a person types.
@Suite("cloudy: names under a non-UTF-8 locale")
struct ASCIINameTests {
  @Test(
    arguments: [
      ("Poznań", "Poznan"), ("Móstoles", "Mostoles"), ("Tromsø", "Tromso"),
      ("Nukuʻalofa", "Nuku'alofa"), ("Łódź", "Lodz"), ("Reykjavík", "Reykjavik"),
      ("Straße", "Strasse"), ("Ærø", "Aero"), ("São Tomé", "Sao Tome"), ("Đà Nẵng", "Da Nang"),
      ("Zu\u{0308}rich", "Zurich"), ("İstanbul", "Istanbul"), ("Wien", "Wien"),
    ])
  func latinNamesHaveTheirASCIISpelling(name: String, ascii: String) {
    #expect(Glyphs.ascii.shown(name) == ascii)
    #expect(Glyphs.utf8.shown(name) == name)
  }

  @Test func aNameOfAnotherScriptIsStillMarkedUnknown() {
    #expect(Glyphs.ascii.shown("Москва") == "??????")
  }

  @Test func locationsListsTheASCIISpelling() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    _ = try fixture.locations.add(place("Poznań", 52.41, 16.93))
    _ = try fixture.locations.add(place("Móstoles", 40.32, -3.86))
    let app = try fixture.app(CloudyApp.Options(glyphs: .ascii))
    app.press(.character("l"))
    let screen = app.screenText()
    #expect(screen.contains("Poznan") && screen.contains("Mostoles"), "\(screen)")
    #expect(!screen.contains("Pozna?") && !screen.contains("M?stoles"), "\(screen)")
  }
}

/// Issue 41: the help's keys ran into their meanings ("Up/Down PgUp/PgDnscroll the text") and
/// at 40×12 the hints were cut with an ellipsis instead of wrapped.
@Suite("cloudy: help and hints at 40×12")
struct NarrowWindowTests {
  /// Every line of the help, scrolled through at `columns`×12.
  private func helpLines(_ glyphs: Glyphs, columns: Int = 40) throws -> [String] {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app(CloudyApp.Options(glyphs: glyphs))
    app.press(.character("?"))
    var lines: [String] = []
    for _ in 0..<60 {
      let body = app.screenText(columns, 12).split(separator: "\n").dropFirst().dropLast(2)
      lines += body.map(String.init)
      app.press(.down)
    }
    return lines
  }

  @Test(arguments: [Glyphs.utf8, Glyphs.ascii])
  func everyKeyStandsApartFromItsMeaningAndNothingIsCut(glyphs: Glyphs) throws {
    let lines = try helpLines(glyphs)
    for line in lines {
      #expect(!line.hasSuffix("…") && !line.hasSuffix("..."), "cut: \(line)")
      #expect(!line.contains("PgDnscroll") && !line.contains("Spacechoose"), "\(line)")
    }
    let text = lines.joined(separator: "\n")
    #expect(text.contains("move the place"), "\(text)")
    #expect(text.contains("scroll this list"), "\(text)")
    #expect(text.contains(glyphs.unicode ? "↑/↓ PgUp/PgDn" : "Up/Down PgUp/PgDn"), "\(text)")
  }

  @Test(arguments: [Glyphs.utf8, Glyphs.ascii])
  func hintsAreWrappedNotCut(glyphs: Glyphs) throws {
    let fixture = AppFixture()
    let app = try fixture.app(CloudyApp.Options(glyphs: glyphs))
    let first = app.screenText(40, 12)
    #expect(first.contains("choose a setting."), "\(first)")
    app.press(.character("l"))
    let locations = app.screenText(40, 12)
    #expect(locations.contains("add a place."), "\(locations)")
    app.press(.character("a"))
    let add = app.screenText(40, 12)
    #expect(!add.contains("…") && !add.contains("..."), "\(add)")
  }
}

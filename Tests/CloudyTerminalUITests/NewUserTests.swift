import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import CloudyViewModels
import Testing

/// What a new user met in the app (issue 20), in the pure layer: each test fails on the app as
/// it was.
@Suite("cloudy: what a new user met")
struct NewUserTests {
  @Test("help scrolls at 40×12, the smallest size, and says where it stands")
  func helpScrolls() throws {
    let app = try AppFixture().app()
    app.press(.character("?"))
    let first = app.screenText(40, 12)
    #expect(first.contains("Everywhere"))
    #expect(!first.contains("Enter / Space"), "the whole list does not fit at 40×12")
    #expect(first.contains(" of "), "no position shown:\n\(first)")
    app.press(.end)
    let last = app.screenText(40, 12)
    #expect(last.contains("Enter / Space"), "the end of the list is reachable:\n\(last)")
    #expect(last.contains("? help") == false || last.contains("q quit"))
    app.press(.home)
    #expect(app.screenText(40, 12).contains("Everywhere"))
  }

  @Test("an error longer than the window is shown whole, wrapped, not cut")
  func wholeErrors() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let long = "Springfield " + String(repeating: "Township ", count: 12) + "North"
    _ = try fixture.locations.add(
      NewLocation(
        name: long, coordinate: try Coordinate(latitude: 1, longitude: 1), source: .coordinates))
    let app = try fixture.app()
    // Rename Richmond to the long name, which is saved already: the refusal is longer than 80.
    app.press(.character("l"), .home, .character("r"), .clearLine)
    app.type(long)
    app.press(.enter)
    let text = app.screenText(80, 24)
    // The store's refusal ends with what to do: it must be on screen, with the whole name.
    #expect(text.contains("rename one of them"), "\(text)")
    #expect(text.split(separator: "\n").joined().contains(long), "\(text)")
  }

  @Test("a saved place is marked in Add Location, and Enter on it selects it instead of refusing")
  func savedPlacesInAddLocation() throws {
    let fixture = AppFixture()
    fixture.geocoder.results["Richmond"] = [richmondVA, richmondCA]
    _ = try fixture.locations.add(richmondCA.newLocation(query: "Richmond"))
    try fixture.withRichmond()
    let app = try fixture.app()
    #expect(app.forecast?.target.name == "Richmond, California, US")
    app.press(.character("a"))
    app.type("Richmond")
    let text = app.screenText()
    #expect(text.contains("✓ Richmond, Virginia, US"), "\(text)")
    #expect(text.contains("saved"))
    app.press(.enter)
    #expect(app.screen == .weather)
    #expect(app.forecast?.target.name == "Richmond, Virginia, US")
    #expect(app.screenText().contains("saved already"))
    #expect(fixture.locations.locations.count == 2)
  }

  @Test("after Add Location saves a place, the Weather screen shows it, not the previous one")
  func savedPlaceIsShown() throws {
    let fixture = AppFixture()
    fixture.geocoder.results["Richmond"] = [richmondCA]
    try fixture.withRichmond()
    let app = try fixture.app()
    #expect(app.forecast?.target.name == "Richmond, Virginia, US")
    app.press(.character("a"))
    app.type("Richmond")
    app.press(.enter)
    #expect(app.screen == .weather)
    #expect(app.forecast?.target.name == "Richmond, California, US")
    #expect(app.screenText().contains("Richmond, California, US"))
  }

  @Test("a long list shows the cursor's position; the hourly date heading stays on top")
  func positionAndStickyHeading() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    for index in 0..<40 {
      _ = try fixture.locations.add(
        NewLocation(
          name: "Place \(index)", coordinate: try Coordinate(latitude: 1, longitude: 1),
          source: .coordinates))
    }
    let app = try fixture.app()
    app.press(.character("l"), .end)
    #expect(app.screenText(80, 24).contains("41 of 41"), "\(app.screenText(80, 24))")
    app.press(.escape, .character("h"))
    for _ in 0..<10 { app.press(.down) }
    let lines = app.screenText(80, 24).split(separator: "\n", omittingEmptySubsequences: false)
    // Under the "Hourly" title, the first row is a date heading even though the list is
    // scrolled into the day's hours.
    let hourlyTitle = try #require(lines.firstIndex { $0.hasPrefix(" Hourly") })
    #expect(lines[hourlyTitle + 1].contains("January"), "\(lines)")
  }

  @Test("a paste of 60 characters into the search is one search, not 60")
  func pasteIsOneSearch() throws {
    let fixture = AppFixture()
    let app = try fixture.app()
    app.press(.character("a"))
    let before = fixture.geocoder.asked.count
    app.beginKeyBatch()
    app.type(String(repeating: "Richmond ", count: 7))
    app.endKeyBatch()
    #expect(fixture.geocoder.asked.count == before + 1)
    #expect(
      fixture.geocoder.asked.last == String(repeating: "Richmond ", count: 7).trimmingWhitespace())
  }

  @Test("the week says each day in words, not the icon's identifier")
  func weekInWords() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    let text = app.screenText(100, 30)
    #expect(text.contains("Day 3"), "\(text)")
    #expect(!text.contains("clear-day"), "\(text)")
  }

  @Test("Ctrl-Z asks the terminal layer to suspend, from any screen")
  func suspend() throws {
    let app = try AppFixture().app()
    #expect(app.press(.suspend) == [.suspend])
    app.press(.character("a"))
    #expect(app.press(.suspend) == [.suspend])
  }
}

/// Emoji that ncurses and the layout would count differently are drawn in a form both count
/// alike, so a row never shifts or leaves the previous screen's text behind.
@Suite("cloudy: emoji with joiners and variation selectors")
struct EmojiWidthTests {
  @Test func joinedAndSelectedEmojiAreDrawnUnambiguously() {
    let name = "🌧️🌧️ Rainy 👨‍👩‍👧 family"
    let shown = Glyphs.unambiguous(name)
    #expect(shown == "🌧🌧 Rainy 👨 family")
    // 🌧 is 1 column without its selector (wcwidth's count), 👨 is 2.
    #expect(DisplayWidth.of(shown) == 18)
    // Flags, combining marks and plain emoji are left as they are.
    for text in ["🇳🇴 Oslo", "Zürich", "e\u{301}", "☔ rain", "東京"] {
      #expect(Glyphs.unambiguous(text) == text)
    }
  }

  @Test func aRowWithSuchANameKeepsItsCoordinate() throws {
    let fixture = AppFixture()
    _ = try fixture.locations.add(
      NewLocation(
        name: "🌧️🌧️ Rainy 👨‍👩‍👧 family",
        coordinate: try Coordinate(latitude: 37.5538, longitude: -77.4603), source: .coordinates))
    let app = try fixture.app()
    app.press(.character("l"))
    let row = try #require(app.screenText().split(separator: "\n").first { $0.contains("Rainy") })
    #expect(row.hasSuffix("37.5538° N, 77.4603° W"))
    #expect(DisplayWidth.of(String(row)) <= 80)
  }
}

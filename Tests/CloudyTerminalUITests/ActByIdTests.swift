import CloudyModels
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import Testing

/// A prompt names a place; its answer acts on that place, found by id, even when another
/// process reorders or shortens the list between the key and the answer (the list the app
/// shows follows the other process's commit, so the row under the prompt is another place).
@Suite("cloudy: remove and rename act on the place the prompt named")
struct ActByIdTests {
  /// Richmond, Paris, Oslo; the cursor on Paris (row 2).
  private func appOnParis() throws -> (AppFixture, CloudyApp, paris: Location, oslo: Location) {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let paris = try fixture.locations.add(place("Paris", 48.85, 2.35))
    let oslo = try fixture.locations.add(place("Oslo", 59.91, 10.75))
    let app = try fixture.app()
    app.press(.character("l"), .down)
    return (fixture, app, paris, oslo)
  }

  @Test func aConfirmedRemovalRemovesTheNamedPlaceAfterAReorder() throws {
    let (fixture, app, paris, oslo) = try appOnParis()
    app.press(.character("d"))
    #expect(app.screenText().contains("Remove “Paris”? y/n"))
    // Another process moves Oslo to row 2, where Paris was, and commits.
    try fixture.locations.move(oslo.id, to: 1)
    try fixture.changes.commit()
    app.press(.character("y"))
    #expect(fixture.locations.locations.map(\.name) == ["Richmond, Virginia, US", "Oslo"])
    #expect(!fixture.locations.locations.contains { $0.id == paris.id })
    #expect(app.screenText().contains("Removed \"Paris\"."))
  }

  @Test func aConfirmedRemovalOfAPlaceRemovedMeanwhileSaysItIsGone() throws {
    let (fixture, app, paris, _) = try appOnParis()
    app.press(.character("d"))
    try fixture.locations.remove(paris.id)
    try fixture.changes.commit()
    app.press(.character("y"))
    #expect(fixture.locations.locations.map(\.name) == ["Richmond, Virginia, US", "Oslo"])
    #expect(
      app.screenText().contains("\"Paris\" is no longer saved (another program removed it)"),
      "\(app.screenText())")
  }

  @Test func aRenameLandsOnTheNamedPlaceAfterAReorder() throws {
    let (fixture, app, paris, oslo) = try appOnParis()
    app.press(.character("r"))
    try fixture.locations.move(oslo.id, to: 1)
    try fixture.changes.commit()
    app.press(.clearLine)
    app.type("Paree")
    app.press(.enter)
    let names = Dictionary(
      uniqueKeysWithValues: fixture.locations.locations.map { ($0.id, $0.name) })
    #expect(names[paris.id] == "Paree")
    #expect(names[oslo.id] == "Oslo")
    #expect(app.screenText().contains("Renamed to \"Paree\"."), "\(app.screenText())")
  }

  @Test func aRenameOfAPlaceRemovedMeanwhileSaysItIsGone() throws {
    let (fixture, app, paris, _) = try appOnParis()
    app.press(.character("r"))
    try fixture.locations.remove(paris.id)
    try fixture.changes.commit()
    app.type("x")
    app.press(.enter)
    #expect(fixture.locations.locations.map(\.name) == ["Richmond, Virginia, US", "Oslo"])
    #expect(app.screenText().contains("\"Paris\" is no longer saved"), "\(app.screenText())")
  }
}

/// Names that would turn the line's direction, and skin-tone emoji, keep a Locations row whole.
@Suite("cloudy: names with direction controls and skin tones")
struct NameDisplayTests {
  @Test func skinToneModifiersAreDrawnAsTheirBaseEmoji() {
    #expect(Glyphs.unambiguous("Team 👍🏽 Oslo 👩🏿‍🚀") == "Team 👍 Oslo 👩")
    #expect(DisplayWidth.of(Glyphs.unambiguous("👍🏽")) == 2)
  }

  @Test func aRowWithASkinToneKeepsItsCoordinate() throws {
    let fixture = AppFixture()
    _ = try fixture.locations.add(
      NewLocation(
        name: "Thumbs 👍🏽👍🏿 up",
        coordinate: try Coordinate(latitude: 37.5538, longitude: -77.4603), source: .coordinates))
    let app = try fixture.app()
    app.press(.character("l"))
    let row = try #require(app.screenText().split(separator: "\n").first { $0.contains("Thumbs") })
    #expect(row.contains("👍👍 up"))
    #expect(row.hasSuffix("37.5538° N, 77.4603° W"))
  }

  @Test func aRightToLeftOverrideIsIsolatedFromTheCoordinates() throws {
    let fixture = AppFixture()
    let name = "Oslo \u{202E}olsO"
    _ = try fixture.locations.add(
      NewLocation(
        name: name, coordinate: try Coordinate(latitude: 59.91, longitude: 10.75),
        source: .coordinates))
    let app = try fixture.app()
    #expect(app.screenText().contains("Cloudy · \u{2068}\(name)\u{2069}"))
    app.press(.character("l"))
    let row = try #require(app.screenText().split(separator: "\n").first { $0.contains("Oslo") })
    #expect(row.contains("\u{2068}\(name)\u{2069}"))
    #expect(row.hasSuffix("59.9100° N, 10.7500° E"), "\(row)")
    // A plain name is left as it is; under ASCII the controls are left out.
    #expect(Glyphs.utf8.isolated("Oslo") == "Oslo")
    #expect(Glyphs.ascii.shown(Glyphs.ascii.isolated(name)) == "Oslo olsO")
  }
}

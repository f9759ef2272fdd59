import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import CloudyViewModels
import Testing

@Suite("Keys: each key's effect on the screen state and the stores")
struct KeyHandlingTests {
  @Test func screenKeysAndEscapeBack() throws {
    let app = try AppFixture().app()
    #expect(app.screen == .weather)
    app.press(.character("l"))
    #expect(app.screen == .locations)
    app.press(.escape)
    #expect(app.screen == .weather)
    app.press(.character("s"))
    #expect(app.screen == .settings)
    app.press(.character("?"))
    #expect(app.screen == .help)
    app.press(.escape)
    #expect(app.screen == .settings)
    app.press(.escape)
    app.press(.character("a"))
    #expect(app.screen == .addLocation)
    app.press(.escape)
    #expect(app.screen == .weather)
  }

  @Test func qAndCtrlCQuit() throws {
    let app = try AppFixture().app()
    #expect(app.press(.character("q")) == [.quit])
    app.press(.character("a"))
    // In the search field q is a letter; Ctrl-C still quits.
    #expect(app.press(.character("q")) == [])
    #expect(app.press(.interrupt) == [.quit])
  }

  @Test func typingSearchesAndEnterSavesTheChosenCandidate() throws {
    let fixture = AppFixture()
    fixture.geocoder.results["Richmond"] = [richmondVA, richmondCA]
    let app = try fixture.app()
    app.press(.character("a"))
    app.type("Richmond")
    #expect(fixture.geocoder.asked.last == "Richmond")
    #expect(app.addLocation?.query.value == "Richmond")
    let text = app.screenText()
    #expect(text.contains(" Search: Richmond"))
    #expect(text.contains("2 places"))
    #expect(text.contains("Richmond, California, US"))
    app.press(.down, .enter)
    #expect(fixture.locations.locations.map(\.name) == ["Richmond, California, US"])
    #expect(fixture.locations.locations.first?.query == "Richmond")
    #expect(app.screen == .weather)
    // The first place saved becomes the selection: the Weather screen shows it.
    #expect(app.forecast?.target.name == "Richmond, California, US")
    #expect(app.screenText().contains("Saved \"Richmond, California, US\"."))
  }

  @Test func searchStatesAreShown() throws {
    let fixture = AppFixture()
    fixture.geocoder.nearMatches = [richmondVA]
    let app = try fixture.app()
    app.press(.character("a"))
    #expect(app.screenText().contains("Type a place name"))
    // Near matches are rows to choose (as the view model lists them).
    app.type("Richmnd")
    #expect(app.screenText().contains("   Richmond, Virginia, US"))
    fixture.geocoder.nearMatches = []
    app.type("x")
    #expect(app.screenText().contains("No place matches “Richmndx”."))
    app.press(.backspace, .backspace, .backspace)
    #expect(app.addLocation?.query.value == "Richm")
    fixture.geocoder.error = .emptyQuery
    app.type("x")
    #expect(app.screenText().contains("Cannot search:"))
    app.press(.clearLine)
    #expect(app.addLocation?.query.value == "")
    // Enter with nothing to choose saves nothing.
    app.press(.enter)
    #expect(fixture.locations.locations.isEmpty)
  }

  @Test func locationsMoveSelectRemoveReorderRename() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let paris = try fixture.locations.add(paris.newLocation(query: "Paris"))
    try fixture.locations.add(place("Oslo"))
    let app = try fixture.app()
    app.press(.character("l"))
    // ↓ and Enter select Paris and go back to Weather.
    app.press(.down, .enter)
    #expect(fixture.locations.selection == .saved(paris.id))
    #expect(app.screen == .weather)
    #expect(app.screenText().contains("Cloudy · Paris, Île-de-France, FR"))
    // Back in the list the cursor is on the selection; j/k move too.
    app.press(.character("l"))
    app.press(.character("j"), .character("k"))
    // K moves Paris up, J down again.
    app.press(.character("K"))
    #expect(fixture.locations.locations.map(\.name).first == "Paris, Île-de-France, FR")
    app.press(.character("J"))
    #expect(fixture.locations.locations.map(\.name)[1] == "Paris, Île-de-France, FR")
    // d asks; n keeps; d then y removes.
    app.press(.character("d"))
    #expect(app.screenText().contains("Remove “Paris, Île-de-France, FR”? y/n"))
    #expect(app.screenText().contains("y remove  n keep"))
    app.press(.character("n"))
    #expect(fixture.locations.locations.count == 3)
    app.press(.character("d"), .character("y"))
    #expect(fixture.locations.locations.map(\.name) == ["Richmond, Virginia, US", "Oslo"])
    // The store moved the selection to the row that took Paris's place.
    #expect(app.forecast?.target.name == "Oslo")
    // r renames the row under the cursor.
    app.press(.character("r"))
    app.press(.clearLine)
    app.type("Home")
    app.press(.enter)
    #expect(fixture.locations.locations.map(\.name) == ["Richmond, Virginia, US", "Home"])
    #expect(app.screenText().contains("Renamed to \"Home\"."))
    // Esc cancels a rename.
    app.press(.character("r"))
    app.type("zzz")
    app.press(.escape)
    #expect(fixture.locations.locations[1].name == "Home")
    #expect(app.screen == .locations)
  }

  @Test func aRefusedActionIsOneLineAndChangesNothing() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    try fixture.locations.add(place("Oslo"))
    let app = try fixture.app()
    app.press(.character("l"), .down, .character("r"), .clearLine)
    app.type("Richmond, Virginia, US")
    app.press(.enter)
    #expect(app.screenText().contains("is already saved"))
    #expect(fixture.locations.locations[1].name == "Oslo")
    let frame = app.render(TerminalSize(columns: 80, rows: 24))
    #expect(frame[22].style == .error)
  }

  @Test func settingsEnterAndSpaceChooseAndWeatherReRendersAtOnce() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    app.press(.character("s"))
    app.press(.down, .enter)  // 24 Hour
    #expect(fixture.settings.stored.time == .twentyFourHour)
    app.press(.down, .down, .character(" "))  // Metric
    #expect(fixture.settings.stored.units == .metric)
    app.press(.down, .down, .down, .enter)  // Celsius, past UK
    #expect(fixture.settings.stored.temperature == .celsius)
    app.press(.escape)
    let text = app.screenText()
    #expect(text.contains("Thu, January 15 · 09:15\n"))
    #expect(text.contains("Temperature  20.0 °C"))
    #expect(text.contains("Wind         16 km/h"))
    #expect(text.contains("0° to 10°"))
  }

  @Test func weatherScrollsTheLongHourlyList() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    app.press(.character("h"))
    #expect(app.screenText().contains("Hour 0"))
    app.press(.pageDown, .pageDown)
    #expect(!app.screenText().contains("Hour 0\n"))
    app.press(.home)
    #expect(app.screenText().contains("Hour 0"))
  }

  @Test func refreshKeyAsksForAFetchUnlessOffline() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    let app = try fixture.app()
    // The place by its id, which a reorder by another process cannot change.
    #expect(
      app.press(.character("R"))
        == [
          .refresh(
            ForecastRefreshRequest(name: "Richmond, Virginia, US", place: .saved(richmond.id)))
        ])
    #expect(app.refreshStatus == .refreshing)
    #expect(app.screenText().split(separator: "\n")[0].hasSuffix("refreshing…"))
    // A second R while fetching does not start another.
    #expect(app.press(.character("R")) == [])
    app.refreshFinished(failure: "could not reach api.open-meteo.com")
    #expect(app.screenText().contains("Refresh failed: could not reach api.open-meteo.com"))
    #expect(app.screenText().contains("Temperature  68.0 °F"))  // the cache, as it was
    let offline = try fixture.app(CloudyApp.Options(offline: true))
    #expect(offline.press(.character("R")) == [])
    #expect(offline.screenText().contains("Offline (--offline): not fetching"))
  }

  @Test func staleForecastsAreFetchedOnTheirOwnOnce() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    // 12 minutes old: fresh under 30 minutes.
    #expect(try fixture.app().automaticRefresh() == nil)
    let app = try fixture.app(CloudyApp.Options(refreshAfter: 600))
    #expect(app.automaticRefresh()?.place == .saved(richmond.id))
    // Not again on its own, even after a failure (R retries).
    app.refreshFinished(failure: "offline")
    #expect(app.automaticRefresh() == nil)
    #expect(
      try fixture.app(CloudyApp.Options(refreshAfter: 0, offline: true)).automaticRefresh() == nil)
  }

  @Test func aSuccessfulRefreshShowsTheNewAge() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    let app = try fixture.app()
    _ = app.press(.character("R"))
    fixture.forecasts.cached[.saved(richmond.id)] = Sample.weather(
      fetchedAt: fixture.clock.now, issuedAt: fixture.clock.now)
    app.refreshFinished(failure: nil)
    #expect(app.screenText().split(separator: "\n")[0].hasSuffix("as of just now"))
  }

  /// One age in every front-end: the header and the automatic refresh go by when the data was
  /// issued, as `cloudy-forecast show` does, not by when it was stored.
  @Test func theAgeAndTheRefreshGoByTheDataNotTheFetch() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    // Imported just now, issued eight years earlier (a saved response from 2018).
    let eightYears: Int64 = 8 * 365 * 86_400 + 2 * 86_400
    fixture.forecasts.cached[.saved(richmond.id)] = Sample.weather(
      fetchedAt: fixture.clock.now, issuedAt: Sample.observed - eightYears)
    let app = try fixture.app()
    #expect(app.screenText().split(separator: "\n")[0].hasSuffix("8 years old"))
    #expect(app.automaticRefresh()?.name == "Richmond, Virginia, US")

    // Fetched a minute ago, but the provider's data is two hours old: stale after an hour.
    fixture.forecasts.cached[.saved(richmond.id)] = Sample.weather(
      fetchedAt: fixture.clock.now - 60, issuedAt: fixture.clock.now - 7_200)
    let stale = try fixture.app(CloudyApp.Options(refreshAfter: 3_600))
    #expect(stale.screenText().split(separator: "\n")[0].hasSuffix("as of 2 h ago"))
    #expect(stale.automaticRefresh() != nil)
    // Issued ten minutes ago: fresh.
    fixture.forecasts.cached[.saved(richmond.id)] = Sample.weather(
      fetchedAt: fixture.clock.now - 60, issuedAt: fixture.clock.now - 600)
    #expect(try fixture.app(CloudyApp.Options(refreshAfter: 3_600)).automaticRefresh() == nil)
  }

  @Test func anotherProcesssChangeIsShownWhenTheWatcherReportsIt() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    // Another process changes the settings and adds a place: nothing shows until it commits.
    fixture.settings.stored.temperature = .celsius
    try fixture.locations.add(place("Oslo"))
    #expect(!app.screenText().contains("20.0 °C"))
    try fixture.changes.commit()
    #expect(app.screenText().contains("Temperature  20.0 °C"))
    app.press(.character("l"))
    #expect(app.screenText().contains("Oslo"))
  }

  @Test func hundredThousandPlacesDrawOnlyTheVisibleRows() throws {
    let fixture = AppFixture()
    fixture.locations.locations = (0..<100_000).map { index in
      Location(
        id: Int64(index + 1), name: "Place \(index + 1)", coordinate: paris.coordinate,
        source: .coordinates, position: index)
    }
    fixture.locations.selection = .saved(1)
    let app = try fixture.app()
    app.press(.character("l"), .end)
    let text = app.screenText()
    #expect(text.contains("Place 100000"))
    #expect(!text.contains("Place 1 "))
    app.press(.pageUp)
    #expect(app.screenText().contains("Place 99980"))
  }

  /// Behind "the window is too small" only q (and Ctrl-C) act: `d` then `y` removes nothing, and
  /// the screen comes back as it was when the window grows.
  @Test func keysBehindTheTooSmallScreenDoNothing() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    _ = app.press(.character("l"))
    #expect(app.screen == .locations)
    #expect(app.screenText(30, 8).contains("too small"))
    #expect(app.handle(.character("d")) == [])
    #expect(app.handle(.character("y")) == [])
    #expect(app.handle(.character("a")) == [])
    #expect(try fixture.locations.snapshot().locations.count == 1)
    #expect(app.screen == .locations)
    #expect(app.handle(.character("q")) == [.quit])
    #expect(app.screenText().contains("Saved Locations (1)"))
    #expect(app.handle(.character("q")) == [.quit])
  }

  /// Ctrl-L asks the terminal layer to draw everything again, on any screen (also behind "too
  /// small"), and changes nothing else.
  @Test func ctrlLRedrawsEverything() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    #expect(app.handle(.redraw) == [.redraw])
    #expect(app.screen == .weather)
    _ = app.screenText(30, 8)
    #expect(app.handle(.redraw) == [.redraw])
  }
}

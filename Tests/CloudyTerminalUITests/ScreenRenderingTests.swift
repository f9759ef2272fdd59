import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import CloudyViewModels
import Testing

@Suite("Screens as lines: each screen at 80×24 and narrow, too small, no place, no cache")
struct ScreenRenderingTests {
  @Test func everyFrameIsExactlyTheTerminalsSize() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    for screen in [Key.character("l"), .escape, .character("s"), .escape, .character("?")] {
      for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 40, rows: 12)] {
        let lines = app.render(size)
        #expect(lines.count == size.rows)
        #expect(lines.allSatisfy { DisplayWidth.of($0.text) == size.columns }, "\(app.screen)")
      }
      app.press(screen)
    }
  }

  @Test func weatherShowsTheDayOnTopAndTheWeekBelowWithTheAgeInTheHeader() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let text = try fixture.app().screenText()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0].hasPrefix(" Cloudy · Richmond, Virginia, US"))
    #expect(lines[0].hasSuffix("as of 12 min ago"))
    #expect(lines[1] == " Thu, January 15 · 09:15 AM")
    #expect(lines[2] == " Partly Cloudy")
    #expect(lines[3] == " Temperature  68.0 °F")
    #expect(lines[4] == " Wind         10 mph")
    #expect(text.contains(" Week"))
    #expect(text.contains("Thursday   January 15  32° to 50°  10 mph  Day 0"))
    #expect(text.contains("Wednesday  January 21  32° to 56°"))
    #expect(lines[23].contains("l places") && lines[23].contains("q quit"))
  }

  @Test func narrowWeatherKeepsDayAndWeekReadable() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let text = try fixture.app().screenText(40, 12)
    #expect(text.contains(" Thu, January 15 · 09:15 AM"))
    #expect(text.contains("Partly Cloudy · 68.0 °F · 10 mph"))
    #expect(text.contains("Thu  32° to 50°  10 mph"))
  }

  @Test func hourlyToggles() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    app.press(.character("h"))
    let text = app.screenText()
    #expect(text.contains(" Hourly"))
    #expect(text.contains("09:00 AM  60.0 °F  5 mph  15 %  Hour 0"))
    #expect(!text.contains(" Week"))
    app.press(.character("h"))
    #expect(app.screenText().contains(" Week"))
  }

  @Test func noPlaceSaysHowToAddOne() throws {
    let text = try AppFixture().app().screenText()
    #expect(text.contains("No place yet."))
    #expect(text.contains("Press a to add one"))
  }

  @Test func noCacheSaysHowToFetch() throws {
    let fixture = AppFixture()
    try fixture.locations.add(richmondVA.newLocation(query: "Richmond"))
    #expect(
      try fixture.app().screenText().contains(
        "No forecast of Richmond, Virginia, US is cached yet."))
    #expect(try fixture.app().screenText().contains("Press R to fetch it."))
    let offline = try fixture.app(CloudyApp.Options(offline: true)).screenText()
    #expect(offline.contains("Offline (--offline)"))
  }

  @Test func tooSmallSaysSo() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    let text = app.screenText(39, 12)
    #expect(text.contains("The window is too small"))
    #expect(text.contains("(39x12)."))
    #expect(app.screenText(80, 11).contains("too small"))
    #expect(!app.screenText(40, 12).contains("too small"))
  }

  @Test func locationsShowSectionsAndTheSelectionMark() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    try fixture.locations.add(paris.newLocation(query: "Paris"))
    try fixture.locations.setCurrentLocation(richmondCA.coordinate)
    let app = try fixture.app()
    app.press(.character("l"))
    let lines = app.screenText().split(separator: "\n").map(String.init)
    #expect(lines[1] == " Current Location")
    #expect(lines[2].hasPrefix("   Current Location"))
    #expect(lines[3] == " Saved Locations (2)")
    #expect(lines[4].hasPrefix(" ✓ Richmond, Virginia, US"))
    #expect(lines[4].hasSuffix("37.5538° N, 77.4603° W"))
    #expect(lines[5].hasPrefix("   Paris, Île-de-France, FR"))
    // The cursor starts on the selected row.
    let frame = app.render(TerminalSize(columns: 80, rows: 24))
    #expect(frame[5].style == .cursor)
    #expect(frame[4].style == .sectionTitle)
    // Narrow: names only.
    #expect(app.screenText(40, 12).contains(" ✓ Richmond, Virginia, US\n"))
  }

  @Test func settingsShowOneCheckmarkPerSection() throws {
    let fixture = AppFixture()
    fixture.settings.stored.time = .twentyFourHour
    let app = try fixture.app()
    app.press(.character("s"))
    let text = app.screenText()
    #expect(text.contains(" Time Notation\n   12 Hour"))
    #expect(text.contains(" ✓ 24 Hour"))
    #expect(text.contains(" ✓ Imperial"))
    #expect(text.contains(" ✓ Fahrenheit"))
    #expect(text.contains(" ✓ Moderate and Above"))
    #expect(text.filter { $0 == "✓" }.count == 4)
    #expect(app.screenText(40, 12).contains("✓ 24 Hour"))
  }

  @Test func asciiLocaleUsesFallbacks() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app(CloudyApp.Options(glyphs: .ascii))
    let weather = app.screenText()
    #expect(weather.contains(" Temperature  68.0 F"))
    #expect(weather.contains("Thu, January 15 - 09:15 AM"))
    #expect(weather.allSatisfy { $0.isASCII })
    app.press(.character("s"))
    #expect(app.screenText().contains(" * Imperial"))
    #expect(app.screenText().allSatisfy { $0.isASCII })
  }

  @Test func wideNamesStayAligned() throws {
    let fixture = AppFixture()
    try fixture.locations.add(
      NewLocation(name: "東京都 🗼", coordinate: paris.coordinate, source: .coordinates))
    try fixture.locations.add(place("Zürich"))
    let app = try fixture.app()
    app.press(.character("l"))
    let lines = app.render(TerminalSize(columns: 80, rows: 24)).map(\.text)
    let tokyo = try #require(lines.first { $0.contains("東京都") })
    let zurich = try #require(lines.first { $0.contains("Zürich") })
    #expect(DisplayWidth.of(tokyo) == 80 && DisplayWidth.of(zurich) == 80)
    #expect(tokyo.hasSuffix("48.8534° N, 2.3488° E "))
  }

  @Test func helpListsEveryKey() throws {
    let app = try AppFixture().app()
    app.press(.character("?"))
    let text = app.screenText()
    for key in ["q ", "Esc", "R ", "J / K", "Enter / Space", "d ", "r ", "h "] {
      #expect(text.contains(key), "\(key)")
    }
  }

  /// A forecast with days but no current conditions (a daily-only response) shows its week and
  /// says what it lacks, instead of "No forecast … is cached yet"; hours only show the hours.
  @Test func theWeatherScreenShowsWhatTheForecastHolds() throws {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    fixture.forecasts.cached[.saved(richmond.id)] = Sample.weather(contents: [.daily])
    let text = try fixture.app().screenText()
    #expect(!text.contains("is cached yet"))
    #expect(text.contains("This forecast has no current conditions (it has daily data)."))
    #expect(text.contains(" Week"))
    #expect(text.contains("50"))  // the first day's high

    fixture.forecasts.cached[.saved(richmond.id)] = Sample.weather(contents: [.hourly])
    let hours = try fixture.app().screenText()
    #expect(hours.contains("This forecast has no current conditions (it has hourly data)."))
    #expect(hours.contains(" Hourly"))
    #expect(!hours.contains("is cached yet"))
  }

  /// At the smallest supported width the footer drops other labels first and keeps
  /// `? help  q quit` on every screen that has them.
  @Test func theFooterKeepsHelpAndQuitAtEveryWidth() throws {
    let fixture = AppFixture()
    try fixture.withRichmond()
    let app = try fixture.app()
    for key in ["l", "s"] as [Character] {
      for width in [40, 50, 60, 80] {
        let footer = try #require(app.screenText(width, 12).split(separator: "\n").last)
        #expect(footer.hasSuffix("? help  q quit"), "\(app.screen) at \(width): \(footer)")
      }
      _ = app.press(.character(key))
    }
    let footer = try #require(app.screenText(40, 12).split(separator: "\n").last)
    #expect(footer.hasSuffix("? help  q quit"), "\(footer)")
  }
}

import CloudyModels
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import Testing

/// The weather at a glance in the terminal: a symbol per day and hour (a word under ASCII) and
/// the next hours' temperatures as a one-line sparkline.
@Suite("cloudy: weather symbols and the hours' sparkline")
struct WeatherGlyphsTests {
  @Test func everyIconHasANarrowSymbolAndAWord() {
    for icon in WeatherIcon.allCases {
      let symbol = Glyphs.utf8.symbol(icon.rawValue)
      #expect(!symbol.isEmpty, "\(icon)")
      // One column per symbol character: no emoji that terminals count differently.
      #expect(DisplayWidth.of(symbol) == symbol.count, "\(icon): \(symbol)")
      #expect(Glyphs.unambiguous(symbol) == symbol)
      let word = Glyphs.ascii.symbol(icon.rawValue)
      #expect(!word.isEmpty && word.utf8.allSatisfy { $0 < 0x80 }, "\(icon): \(word)")
    }
    #expect(Glyphs.utf8.symbol("–").isEmpty)
  }

  @Test func aSparklineRunsFromTheLowestToTheHighest() {
    #expect(Sparkline.line([0, 50, 100], width: 10, unicode: true) == "▁▅█")
    #expect(Sparkline.line([0, nil, 100], width: 10, unicode: false) == "_ #")
    // More values than room: sampled evenly, first and last kept.
    let sampled = Sparkline.line((0..<48).map(Double.init), width: 12, unicode: true)
    #expect(sampled.count == 12 && sampled.first == "▁" && sampled.last == "█")
  }

  private func app(_ options: CloudyApp.Options = CloudyApp.Options()) throws -> AppFixture {
    let fixture = AppFixture()
    let richmond = try fixture.withRichmond()
    var weather = Sample.weather()
    for index in weather.hours.indices {
      weather.hours[index].temperature = 50 + Double(index % 24)
    }
    fixture.forecasts.cached[.saved(richmond.id)] = weather
    return fixture
  }

  @Test func theWeatherScreenShowsSymbolsAndTheSparkline() throws {
    let app = try app().app()
    let text = app.screenText()
    let lines = text.split(separator: "\n").map(String.init)
    let spark = try #require(lines.first { $0.hasPrefix(" Next 48 h") }, "\(text)")
    #expect(spark.contains("▁") && spark.contains("█"), "\(spark)")
    #expect(spark.hasSuffix("50° to 73°"))
    #expect(text.contains("Icon         ☀☁  partly-cloudy-day"))
    // Each day of the week starts with its symbol.
    #expect(text.contains("☀  Thursday   January 15"), "\(text)")
    app.press(.character("h"))
    #expect(app.screenText().contains("☁  09:00 AM"), "\(app.screenText())")
  }

  @Test func underASCIITheSymbolsAreWordsAndTheSparklineASCII() throws {
    let app = try app().app(CloudyApp.Options(glyphs: .ascii))
    let text = app.screenText(40, 24)
    #expect(text.utf8.allSatisfy { $0 < 0x80 }, "\(text)")
    let lines = text.split(separator: "\n").map(String.init)
    let spark = try #require(lines.first { $0.hasPrefix(" Next 48 h") }, "\(text)")
    #expect(spark.contains("_") && spark.contains("#"), "\(spark)")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    #expect(text.contains("sun  Thu"), "\(text)")
  }
}

import CloudyModels
import CloudyTerminalUI
import Testing

@Suite("Display width and fitting: CJK, emoji, combining marks, ASCII fallbacks")
struct TextFitTests {
  @Test func widthsFollowUnicode() {
    #expect(DisplayWidth.of("Richmond") == 8)
    #expect(DisplayWidth.of("東京") == 4)
    #expect(DisplayWidth.of("서울") == 4)
    #expect(DisplayWidth.of("🌂") == 2)  // Emoji_Presentation
    #expect(DisplayWidth.of("🌧") == 1)  // text by default (East Asian Width N), as wcwidth says
    // A text-default sun asked as emoji (VS16) is drawn without the selector (see
    // Glyphs.unambiguous), so it counts as wcwidth counts it: 1.
    #expect(DisplayWidth.of("☀️") == 1)
    #expect(DisplayWidth.of("🇳🇿") == 2)
    #expect(DisplayWidth.of("Zu\u{0308}rich") == 6)  // u + combining diaeresis is one column
    #expect(DisplayWidth.of("°") == 1)
  }

  @Test func padCountsColumnsNotCharacters() {
    let padded = TextFit.pad("東京都", to: 10)
    #expect(DisplayWidth.of(padded) == 10)
    #expect(padded == "東京都    ")
  }

  @Test func truncationNeverSplitsAWideCharacter() {
    // 5 columns: two wide characters (4) and then the ellipsis (1); a third would straddle.
    #expect(TextFit.truncate("東京都庁舎", to: 5) == "東京…")
    #expect(TextFit.pad("東京都庁舎", to: 6) == "東京… ")
    #expect(TextFit.truncate("Richmond", to: 8) == "Richmond")
    #expect(TextFit.truncate("Richmond", to: 5, ellipsis: "...") == "Ri...")
  }

  @Test func spreadPutsTheRightSideFlushRight() {
    let line = TextFit.spread("東京", "35.69° N", width: 20)
    #expect(DisplayWidth.of(line) == 20)
    #expect(line.hasSuffix(" 35.69° N"))
    #expect(line.hasPrefix("東京"))
  }

  @Test func tableAlignsByDisplayWidth() {
    let lines = TextFit.table([["東京", "x"], ["Paris", "y"]])
    #expect(lines == ["東京   x", "Paris  y"])
  }

  @Test func asciiGlyphsReplaceWhatALatinTerminalCannotShow() {
    let glyphs = Glyphs.ascii
    #expect(glyphs.shown("67.8 °F · 13 mph") == "67.8 F - 13 mph")
    #expect(glyphs.shown("✓ 24 Hour") == "* 24 Hour")
    // Issue 41: a Latin letter's ASCII spelling, "?" only for another script.
    #expect(glyphs.shown("Zürich") == "Zurich")
    #expect(glyphs.shown("東京") == "??")
    #expect(Glyphs.utf8.shown("✓ Zürich 67.8 °F") == "✓ Zürich 67.8 °F")
    #expect(glyphs.checkmark == "*")
  }

  @Test func noColorKeepsTheCursorAndHeaderVisible() {
    #expect(LineLook.of(.cursor, color: false).reverse)
    #expect(LineLook.of(.header, color: false) == LineLook(reverse: true))
    #expect(LineLook.of(.error, color: false).colorPair == nil)
    #expect(LineLook.of(.error, color: true).colorPair == 2)
    for style in [
      LineStyle.normal, .header, .footer, .sectionTitle, .cursor, .error, .prompt, .dim,
    ] {
      #expect(LineLook.of(style, color: false).colorPair == nil)
    }
  }
}

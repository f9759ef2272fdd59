import Foundation
import Testing

/// The weather at a glance in a real terminal (tmux): a symbol on every day of the week and the
/// next hours as a sparkline, at 40 columns; under `LANG=C` the same in ASCII, nothing drawn as
/// "?".
@Suite(
  "cloudy under tmux: weather symbols and the sparkline",
  .serialized,
  .enabled(
    if: TmuxPane.isAvailable,
    "tmux is not installed: the app's terminal tests need it (.ci/run installs it)"))
struct AppTerminalWeatherGlyphsTests {
  private func database(_ folder: ToolTestFolder) throws -> String {
    try AppTerminalTests.database(
      folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
  }

  @Test func symbolsAndTheSparklineAt40Columns() throws {
    let folder = try ToolTestFolder()
    let db = try database(folder)
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"], columns: 40, rows: 30)
    let screen = try pane.waitFor(" Next 48 h")
    let lines = screen.split(separator: "\n").map(String.init)
    let spark = try #require(lines.first { $0.hasPrefix(" Next 48 h") })
    let drawn = spark.contains { "▁▂▃▄▅▆▇█".contains($0) }
    #expect(drawn, "\(spark)")
    #expect(spark.hasSuffix("°"), "the range ends the line: \(spark)")
    // Every day of the week begins with a symbol (one of the drawn ones, not a word).
    let week = lines.drop { !$0.hasPrefix(" Week") }.dropFirst().prefix(7)
    #expect(week.count == 7, "\(screen)")
    for row in week {
      let symbol = row.dropFirst().first.map { "☀☾☂❄❅≋≡☁".contains($0) } ?? false
      #expect(symbol, "\(row)")
    }
    #expect(lines.allSatisfy { $0.count <= 40 })
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func underLangCTheSymbolsAreWords() throws {
    let folder = try ToolTestFolder()
    let db = try database(folder)
    let pane = try TmuxPane(
      arguments: ["--db", db, "--offline"], environment: ["LANG": "C"], columns: 40, rows: 30)
    let screen = try pane.waitFor(" Next 48 h")
    #expect(
      !screen.replacingOccurrences(of: "? help", with: "").contains("?"),
      "a symbol drawn as ?:\n\(screen)")
    let lines = screen.split(separator: "\n").map(String.init)
    let spark = try #require(lines.first { $0.hasPrefix(" Next 48 h") })
    #expect(spark.utf8.allSatisfy { $0 < 0x80 }, "\(spark)")
    let week = lines.drop { !$0.hasPrefix(" Week") }.dropFirst().prefix(7)
    let words = ["sun", "moon", "rain", "snow", "sleet", "wind", "fog", "cloud"]
    for row in week {
      let named = words.contains { row.dropFirst().hasPrefix($0) }
      #expect(named, "\(row)")
    }
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }
}

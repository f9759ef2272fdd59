import Foundation
import Testing

// End-to-end runs of the built `cloudy-settings` against temporary databases.

private func settings(
  _ folder: ToolTestFolder, _ arguments: String..., db: String = "cloudy.sqlite"
)
  throws -> ToolRunner.Result
{
  try ToolRunner.run("cloudy-settings", arguments + ["--db", folder.file(db)])
}

@Suite("cloudy-settings end to end")
struct SettingsToolTests {
  @Test func setTime24hThenShowMarksIt() throws {
    let folder = try ToolTestFolder()
    let set = try settings(folder, "set", "time", "24h")
    #expect(set.status == 0, "\(set.standardError)")
    #expect(set.standardOutput == "Time Notation: 24 Hour (24h)\n")
    let show = try settings(folder, "show")
    #expect(show.status == 0)
    let lines = show.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.prefix(3) == ["Time Notation (time)", "    12 Hour 12h", "  ✓ 24 Hour 24h"])
    #expect(lines.contains("  ✓ Imperial imperial"))
    #expect(lines.contains("  ✓ Fahrenheit fahrenheit"))
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT time_notation FROM settings") == "24h")
  }

  @Test func showWithoutADatabaseShowsTheDefaultsAndCreatesNothing() throws {
    let folder = try ToolTestFolder()
    let shown = try jsonObject(try settings(folder, "show", "--json", db: "missing/cloudy.sqlite"))
    #expect(
      shown["settings"] as? [String: String] == [
        "time": "12h", "units": "imperial", "temperature": "fahrenheit", "alerts": "moderate",
        "wind": "mph", "pressure": "inhg", "precipitation": "in", "distance": "mi",
        "airquality": "european",
      ])
    let sections = try #require(shown["sections"] as? [[String: Any]])
    #expect(
      sections.map { $0["setting"] as? String } == [
        "time", "units", "temperature", "alerts", "wind", "pressure", "precipitation",
        "distance", "airquality",
      ])
    #expect(
      sections.map { $0["title"] as? String } == [
        "Time Notation", "Units Notation", "Temperature Notation", "Weather Alerts",
        "Wind Speed", "Pressure", "Precipitation", "Distance", "Air Quality Index",
      ])
    let rows = try #require(sections[0]["rows"] as? [[String: Any]])
    #expect(rows.map { $0["value"] as? String } == ["12h", "24h"])
    #expect(rows.map { $0["text"] as? String } == ["12 Hour", "24 Hour"])
    #expect(rows.map { $0["checked"] as? Bool } == [true, false])
    #expect(try settings(folder, db: "missing/cloudy.sqlite").status == 0)  // show is the default
    #expect(try settings(folder, "reset", db: "missing/cloudy.sqlite").status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
  }

  @Test func everySettingAndItsShortFormsThenReset() throws {
    let folder = try ToolTestFolder()
    let units = try jsonObject(try settings(folder, "set", "units", "metric", "--json"))
    #expect(units["changed"] as? String == "units")
    #expect(units["value"] as? String == "metric")
    #expect(units["text"] as? String == "Metric")
    let temperature = try jsonObject(try settings(folder, "set", "TEMPERATURE", "C", "--json"))
    #expect(temperature["value"] as? String == "celsius")
    #expect(
      temperature["settings"] as? [String: String] == [
        "time": "12h", "units": "metric", "temperature": "celsius", "alerts": "moderate",
        "wind": "km/h", "pressure": "hpa", "precipitation": "mm", "distance": "km",
        "airquality": "european",
      ])
    #expect(try settings(folder, "set", "temperature", "f").status == 0)
    #expect(try settings(folder, "set", "temperature", "celsius").status == 0)
    #expect(try settings(folder, "set", "time", "24").status == 0)
    #expect(
      try sqlite3(
        folder.file("cloudy.sqlite"),
        "SELECT time_notation, units_notation, temperature_notation FROM settings")
        == "24h|metric|celsius")
    let reset = try jsonObject(try settings(folder, "reset", "--json"))
    #expect(reset["changed"] as? String == "all")
    #expect(
      try sqlite3(
        folder.file("cloudy.sqlite"),
        "SELECT time_notation, units_notation, temperature_notation FROM settings")
        == "12h|imperial|fahrenheit")
  }

  @Test func theAlertLevelIsSetShownAndReset() throws {
    let folder = try ToolTestFolder()
    let set = try jsonObject(try settings(folder, "set", "alerts", "severe-and-above", "--json"))
    #expect(set["changed"] as? String == "alerts")
    #expect(set["value"] as? String == "severe")
    #expect(set["text"] as? String == "Severe and Above")
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT alert_level FROM settings") == "severe")
    let shown = try settings(folder, "show")
    #expect(shown.standardOutput.contains("Weather Alerts (alerts)"))
    #expect(shown.standardOutput.contains("  ✓ Severe and Above   severe"))
    let refused = try settings(folder, "set", "alerts", "loud")
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("use all or moderate or severe or none"))
    #expect(try settings(folder, "reset").status == 0)
    #expect(
      try sqlite3(folder.file("cloudy.sqlite"), "SELECT alert_level FROM settings") == "moderate")
  }

  static let refusals: [(arguments: [String], status: Int32, message: String)] = [
    (
      ["set", "colour", "red"], 64,
      #"there is no setting "colour"; the settings are time, units, temperature, alerts"#
    ),
    (["set", "time", "25h"], 65, #""25h" is not a valid time setting; use 12h or 24h"#),
    (["set", "units", "furlongs"], 65, "use imperial or metric"),
    (["set", "temperature", "kelvin"], 65, "use fahrenheit or celsius (or f, °f, c, °c)"),
    (["set", "time"], 64, "cloudy-settings: error:"),
    (["set"], 64, "cloudy-settings: error:"),
    (["paint"], 64, "cloudy-settings: error:"),
  ]

  @Test func refusalsChangeNothingAndCreateNothing() throws {
    let folder = try ToolTestFolder()
    for refusal in Self.refusals {
      let result = try ToolRunner.run(
        "cloudy-settings", refusal.arguments + ["--db", folder.file("new/cloudy.sqlite")])
      #expect(result.status == refusal.status, "\(refusal.arguments): \(result.standardError)")
      #expect(
        result.standardError.contains(refusal.message),
        "\(refusal.arguments): \(result.standardError)")
      #expect(
        result.standardError.split(separator: "\n").count == 1, "\(refusal.arguments): one line")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("new")))

    #expect(try settings(folder, "set", "time", "24h").status == 0)
    let before = try #require(folder.bytes("cloudy.sqlite"))
    for refusal in Self.refusals {
      let result = try ToolRunner.run(
        "cloudy-settings", refusal.arguments + ["--db", folder.file("cloudy.sqlite")])
      #expect(result.status == refusal.status, "\(refusal.arguments)")
      #expect(folder.bytes("cloudy.sqlite") == before, "\(refusal.arguments) changed the file")
    }
  }
}

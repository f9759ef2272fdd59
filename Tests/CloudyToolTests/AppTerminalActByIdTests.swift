import Foundation
import Testing

/// The app's remove and rename prompts name a place; another process reorders the list between
/// the key and the answer (`cloudy-locations move`, and the app follows it live), and the answer
/// still acts on the place the prompt named, never on the row that is there now.
@Suite(
  "cloudy under tmux: remove and rename by id across a reorder",
  .serialized,
  .enabled(
    if: TmuxPane.isAvailable,
    "tmux is not installed: the app's terminal tests need it (.ci/run installs it)"))
struct AppTerminalActByIdTests {
  private static let places = [
    AppTerminalTests.richmond, AppTerminalTests.auckland, AppTerminalTests.oslo,
  ]

  /// The app on Locations with the cursor on Auckland (row 2); the prompt `key` opened.
  private func paneWithPromptOnAuckland(_ db: String, key: String, prompt: String) throws
    -> TmuxPane
  {
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("l")
    try pane.waitFor("Saved Locations (3)")
    try pane.press("j", key)
    try pane.waitFor(prompt)
    // Another process puts Oslo where Auckland was; the open app shows the new order.
    let moved = try ToolRunner.run("cloudy-locations", ["move", "Oslo", "2", "--db", db])
    #expect(moved.status == 0, "\(moved.standardError)")
    try pane.waitUntil("Oslo on row 2") { screen in
      guard let o = screen.range(of: "2 Oslo") ?? screen.range(of: "Oslo"),
        let a = screen.range(of: "Auckland", range: o.upperBound..<screen.endIndex)
      else { return false }
      return o.lowerBound < a.lowerBound
    }
    return pane
  }

  @Test func aConfirmedRemovalRemovesThePlaceThePromptNamed() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: Self.places)
    let pane = try paneWithPromptOnAuckland(db, key: "d", prompt: "Remove “Auckland”? y/n")
    try pane.press("y")
    try pane.waitFor("Removed \"Auckland\".")
    #expect(try AppTerminalTests.names(db) == "Richmond|Oslo")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func aRenameLandsOnThePlaceThePromptNamed() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: Self.places)
    let pane = try paneWithPromptOnAuckland(db, key: "r", prompt: "New name: Auckland")
    try pane.press("C-u")
    try pane.type("Home")
    try pane.press("Enter")
    try pane.waitFor("Renamed to \"Home\".")
    #expect(try AppTerminalTests.names(db) == "Richmond|Oslo|Home")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func aRemovalOfAPlaceRemovedMeanwhileSaysItIsGone() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: Self.places)
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("l")
    try pane.waitFor("Saved Locations (3)")
    try pane.press("j", "d")
    try pane.waitFor("Remove “Auckland”? y/n")
    let removed = try ToolRunner.run("cloudy-locations", ["remove", "Auckland", "--db", db])
    #expect(removed.status == 0, "\(removed.standardError)")
    try pane.waitFor("Saved Locations (2)")
    try pane.press("y")
    try pane.waitFor("\"Auckland\" is no longer saved")
    #expect(try AppTerminalTests.names(db) == "Richmond|Oslo")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }
}

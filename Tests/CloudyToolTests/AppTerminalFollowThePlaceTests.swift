import Foundation
import Testing

/// Issue 41 under tmux, with another process editing: the Locations cursor follows its place
/// (its id) when `cloudy-locations` adds, moves or removes a row above it, so `d y` removes the
/// place the cursor was on; a rename prompt whose place another process renamed takes the new
/// name and Enter never renames it back; under `LANG=C` names print in their ASCII spelling.
@Suite(
  "cloudy under tmux: the cursor and the prompts follow the place",
  .serialized,
  .enabled(
    if: TmuxPane.isAvailable,
    "tmux is not installed: the app's terminal tests need it (.ci/run installs it)"))
struct AppTerminalFollowThePlaceTests {
  private static let places = [
    AppTerminalTests.richmond, AppTerminalTests.auckland, AppTerminalTests.oslo,
  ]

  private func locations(_ arguments: String..., db: String) throws {
    let result = try ToolRunner.run("cloudy-locations", arguments + ["--db", db])
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
  }

  @Test func theCursorStaysOnItsPlaceThroughAnotherProcesssAddMoveAndRemove() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: Self.places)
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("l")
    try pane.waitFor("Saved Locations (3)")
    try pane.press("j", "j")
    // Another process adds Quito and puts it first: Oslo is the fourth row now.
    try locations("add", "--name", "Quito", "--lat", "-0.22", "--lon", "-78.51", db: db)
    try locations("move", "Quito", "1", db: db)
    try pane.waitUntil("Quito first") { screen in
      guard let quito = screen.range(of: "Quito"), let richmond = screen.range(of: "Richmond")
      else { return false }
      return screen.contains("Saved Locations (4)") && quito.lowerBound < richmond.lowerBound
    }
    try pane.press("d")
    try pane.waitFor("Remove “Oslo”? y/n")
    try pane.press("n")
    // Another process removes a place above it: the cursor stays on Oslo.
    try locations("remove", "Richmond", db: db)
    try pane.waitFor("Saved Locations (3)")
    try pane.press("d")
    try pane.waitFor("Remove “Oslo”? y/n")
    try pane.press("y")
    try pane.waitFor("Removed \"Oslo\".")
    #expect(try AppTerminalTests.names(db) == "Quito|Auckland")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func aRenamePromptNeverRenamesThePlaceBackToItsOldName() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: Self.places)
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("l")
    try pane.waitFor("Saved Locations (3)")
    try pane.press("j", "j", "r")
    try pane.waitFor("New name: Oslo")
    try locations("rename", "Oslo", "Christiania", db: db)
    try pane.waitFor("New name: Christiania")
    #expect(try pane.screen().contains("another program renamed “Oslo”"))
    try pane.press("Enter")
    try pane.waitFor("Saved Locations (3)")
    #expect(try AppTerminalTests.names(db) == "Richmond|Auckland|Christiania")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func namesPrintInTheirASCIISpellingUnderLANGC() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(
      folder,
      places: [
        ("Poznań", "52.41", "16.93"), ("Móstoles", "40.32", "-3.86"), ("Tromsø", "69.65", "18.96"),
      ])
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"], environment: ["LANG": "C"])
    try pane.waitFor("Cloudy - Poznan")
    try pane.press("l")
    try pane.waitFor("Mostoles")
    let screen = try pane.screen()
    #expect(screen.contains("Poznan") && screen.contains("Tromso"), "\(screen)")
    #expect(!screen.contains("Pozna?") && !screen.contains("M?stoles"), "\(screen)")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }
}

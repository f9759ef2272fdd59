import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-forecast bar` as the status bars run it, each line checked against the format its
/// documentation gives:
/// - waybar: waybar-custom(5), RETURN-TYPE (https://man.archlinux.org/man/waybar-custom.5.en):
///   with `return-type: json` one JSON object a line, `{"text", "tooltip", "class",
///   "percentage"}` (and `alt`), `class` a string or an array of strings;
/// - i3blocks: i3blocks(1) 1.4, COMMAND and `format`/`interval=persist`
///   (/usr/share/man/man1/i3blocks.1.gz, Debian's i3blocks): full text, short text, colour on
///   three lines; exit 33 sets `urgent`; in persist mode with `format=json` each line is one
///   i3bar block (https://i3wm.org/docs/i3bar-protocol.html: full_text, short_text, color,
///   urgent);
/// - polybar: its wiki's Formatting page, "Format tags"
///   (https://github.com/polybar/polybar/wiki/Formatting): `%{F#rrggbb}` … `%{F-}`;
/// - tmux: tmux(1) STYLES, `#[fg=…]` in a status line's `#(command)`, run in a real tmux.
@Suite("cloudy-forecast bar: the status bars' formats, live")
struct BarToolTests {
  static let i3barKeys: Set = ["full_text", "short_text", "color", "urgent"]
  static let waybarKeys: Set = ["text", "alt", "tooltip", "class", "percentage"]

  static func object(_ line: String) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
  }

  /// One waybar line as waybar-custom(5) reads it.
  static func waybar(_ line: String) throws -> [String: Any] {
    let object = try Self.object(line)
    #expect(Set(object.keys).isSubset(of: Self.waybarKeys), "\(object.keys)")
    #expect(object["text"] is String && object["tooltip"] is String)
    #expect(object["class"] is [String], "class: \(String(describing: object["class"]))")
    if let percentage = object["percentage"] {
      let value = try #require(percentage as? Int, "percentage is an integer")
      #expect((0...100).contains(value))
    }
    return object
  }

  /// One i3blocks persist-mode line: an i3bar block.
  static func i3block(_ line: String) throws -> [String: Any] {
    let object = try Self.object(line)
    #expect(Set(object.keys).isSubset(of: Self.i3barKeys), "\(object.keys)")
    #expect(object["full_text"] is String)
    if let color = object["color"] as? String { #expect(Self.isColour(color), "\(color)") }
    return object
  }

  static func isColour(_ text: String) -> Bool {
    text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
  }

  /// A polybar line: plain text, or all of it inside one `%{F#rrggbb}` … `%{F-}`.
  static func polybar(_ line: String) -> (text: String, colour: String?) {
    if line.hasPrefix("%{F#"), line.hasSuffix("%{F-}") {
      let colour = String(line.dropFirst(3).prefix(7))
      #expect(Self.isColour(colour), "\(line)")
      let text = String(line.dropFirst(11).dropLast(5))
      #expect(!text.contains("%{"), "\(line)")
      return (text, colour)
    }
    #expect(!line.contains("%{"), "\(line)")
    return (line, nil)
  }

  // MARK: - --watch, three bars at once

  @Test func watchFollowsAForecastAnAlertItsEndAndStalenessInEachBarsFormat() throws {
    let folder = try ToolTestFolder()
    let db = try Glance.seattle(folder, forecast: false)
    // The clock starts 30 s before 10:00 UTC on December 23, 2018: the forecast is then
    // 50,981 s old; stale after 51,006 s (at +25 s). The alert ends at +15 s.
    let start: Int64 = 1_545_559_170
    let environment = try AlertToolTests.clock(Glance.fakeTime(start))
    let common = ["--watch", "--stale-after", "51006s", "--db", db]
    let waybar = try WatchedProcess(
      "cloudy-forecast", ["bar", "--format", "waybar"] + common, environment: environment)
    let i3blocks = try WatchedProcess(
      "cloudy-forecast", ["bar", "--format", "i3blocks"] + common, environment: environment)
    let polybar = try WatchedProcess(
      "cloudy-forecast", ["bar", "--format", "polybar"] + common, environment: environment)

    // Another process imports the forecast: the first line of each.
    try Glance.importFile(Glance.seattleForecast, db: db)
    let first = try Self.waybar(try waybar.line(0))
    #expect(first["text"] as? String == "☁ 46.2 °F")
    #expect(first["class"] as? [String] == ["cloudy"])
    #expect(first["percentage"] as? Int == 0)
    #expect((first["tooltip"] as? String)?.hasPrefix("Seattle · Overcast · as of 14 h ago") == true)
    let firstBlock = try Self.i3block(try i3blocks.line(0))
    #expect(firstBlock["full_text"] as? String == "☁ 46.2 °F")
    #expect(firstBlock["urgent"] == nil && firstBlock["color"] == nil)
    #expect(Self.polybar(try polybar.line(0)) == ("☁ 46.2 °F", nil))

    // Another process imports a severe alert (for the place, ending at +15 s).
    let alert = try Glance.cap(
      folder, identifier: "wind-1", event: "Wind Warning", severity: "Severe",
      onset: start - 3_600, expires: start + 15, headline: "Wind Warning until 09:59 AM",
      around: "47.6062,-122.3321")
    try Glance.importFile(alert, db: db)
    let alerted = try Self.waybar(try waybar.line(1))
    #expect(alerted["text"] as? String == "☁ 46.2 °F Wind Warning")
    #expect(alerted["class"] as? [String] == ["cloudy", "alert-severe"])
    #expect((alerted["tooltip"] as? String)?.contains("Wind Warning until 09:59 AM") == true)
    let urgentBlock = try Self.i3block(try i3blocks.line(1))
    #expect(urgentBlock["full_text"] as? String == "☁ 46.2 °F Wind Warning")
    #expect(urgentBlock["short_text"] as? String == "☁ 46.2 °F")
    #expect(urgentBlock["color"] as? String == "#FF5555" && urgentBlock["urgent"] as? Bool == true)
    #expect(Self.polybar(try polybar.line(1)) == ("☁ 46.2 °F Wind Warning", "#FF5555"))

    // The alert ends by the clock, with no write.
    let ended = try Self.waybar(try waybar.line(2))
    #expect(ended["text"] as? String == "☁ 46.2 °F")
    #expect(ended["class"] as? [String] == ["cloudy"])
    #expect(try Self.i3block(try i3blocks.line(2))["urgent"] == nil)
    #expect(Self.polybar(try polybar.line(2)) == ("☁ 46.2 °F", nil))

    // The data turns stale, with no write.
    let stale = try Self.waybar(try waybar.line(3))
    #expect(stale["class"] as? [String] == ["cloudy", "stale"])
    let staleBlock = try Self.i3block(try i3blocks.line(3))
    #expect(staleBlock["color"] as? String == "#888888")
    #expect(Self.polybar(try polybar.line(3)) == ("☁ 46.2 °F", "#888888"))

    for watcher in [waybar, i3blocks, polybar] {
      let end = watcher.stop(signal: SIGTERM)
      #expect(end.status == 0, "\(end.standardError)")
      #expect(end.lines.count == 4, "one line per change: \(end.lines)")
    }
  }

  // MARK: - One-shot

  @Test func i3blocksPrintsThreeLinesAndExits33OnASevereAlert() throws {
    let folder = try ToolTestFolder()
    let db = try Glance.seattle(folder)
    let now = Int64(Date().timeIntervalSince1970)
    let alert = try Glance.cap(
      folder, identifier: "storm-1", event: "Storm Warning", severity: "Extreme",
      onset: now - 600, expires: now + 3_600, headline: "Storm Warning",
      around: "47.6062,-122.3321")
    let quiet = try ToolRunner.run("cloudy-forecast", ["bar", "--format", "i3blocks", "--db", db])
    #expect(quiet.status == 0, "\(quiet.standardError)")
    #expect(quiet.standardOutput == "☁ 46.2 °F\n☁ 46.2 °F\n#888888\n")
    try Glance.importFile(alert, db: db)
    let urgent = try ToolRunner.run(
      "cloudy-forecast", ["bar", "--format", "i3blocks", "--db", db])
    #expect(urgent.status == 33, "\(urgent.standardError)")
    #expect(urgent.standardOutput == "☁ 46.2 °F Storm Warning\n☁ 46.2 °F\n#FF5555\n")
    let tmux = try ToolRunner.run(
      "cloudy-forecast",
      ["bar", "--format", "tmux", "--template", "#{place} {temperature} {alert}", "--db", db])
    #expect(tmux.status == 0)
    #expect(tmux.standardOutput == "#[fg=#FF5555]##Seattle 46.2 °F Storm Warning#[default]\n")
  }

  @Test func aTemplateNamingAnUnknownFieldIsRefusedBeforeAnythingIsRead() throws {
    let folder = try ToolTestFolder()
    let refused = try ToolRunner.run(
      "cloudy-forecast",
      ["bar", "--template", "{temprature}", "--db", folder.file("none.sqlite")])
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("{temprature}, which is not a field"))
    #expect(refused.standardError.contains("{temperature}"))
    let nothing = try ToolRunner.run(
      "cloudy-forecast", ["bar", "--db", folder.file("none.sqlite")])
    #expect(nothing.status == 66)
    #expect(!FileManager.default.fileExists(atPath: folder.file("none.sqlite")))
  }

  // MARK: - The real bars

  @Test func i3blocksRunsTheBarOnceAndInPersistModeAndMarksItUrgent() throws {
    let i3blocks = "/usr/bin/i3blocks"
    try #require(
      FileManager.default.isExecutableFile(atPath: i3blocks), "i3blocks is not installed")
    let folder = try ToolTestFolder()
    let db = try Glance.seattle(folder)
    let now = Int64(Date().timeIntervalSince1970)
    try Glance.importFile(
      try Glance.cap(
        folder, identifier: "storm-2", event: "Storm Warning", severity: "Severe",
        onset: now - 600, expires: now + 3_600, headline: "Storm Warning",
        around: "47.6062,-122.3321"), db: db)
    let tool = ToolRunner.executable("cloudy-forecast").path
    let config = folder.file("i3blocks.conf")
    try """
    [once]
    command=\(tool) bar --format i3blocks --db \(db)
    interval=once

    [persist]
    command=\(tool) bar --format i3blocks --watch --db \(db)
    interval=persist
    format=json

    """.write(toFile: config, atomically: true, encoding: .utf8)
    let bar = try WatchedProcess(executableAt: i3blocks, ["-c", config])
    // i3bar's protocol: a header, "[", then one array of blocks per update.
    let header = try Self.object(try bar.line(0))
    #expect(header["version"] as? Int == 1)
    let index = try #require(
      bar.waitForLine { line in
        line.contains("\"once\"") && line.contains("\"persist\"")
          && line.components(separatedBy: "Storm Warning").count == 3
      })
    var update = try bar.line(index)
    if update.hasPrefix(",") { update.removeFirst() }
    let blocks = try #require(
      try JSONSerialization.jsonObject(with: Data(update.utf8)) as? [[String: Any]])
    for name in ["once", "persist"] {
      let block = try #require(blocks.first { $0["name"] as? String == name }, "\(blocks)")
      #expect(block["full_text"] as? String == "☁ 46.2 °F Storm Warning", "\(block)")
      #expect(block["short_text"] as? String == "☁ 46.2 °F", "\(block)")
      #expect(block["color"] as? String == "#FF5555", "\(block)")
    }
    // Exit 33 sets the urgent flag. (A persistent block's JSON `urgent` is a boolean, as the
    // i3bar protocol has it; Debian's i3blocks 1.4 drops JSON booleans, so it is not checked.)
    let once = try #require(blocks.first { $0["name"] as? String == "once" })
    #expect(once["urgent"] as? Bool == true, "\(once)")
    // i3blocks leaves its persistent block running when it ends: end the blocks first.
    Self.killDescendants(of: bar.processIdentifier)
    _ = bar.stop(signal: SIGTERM)
  }

  /// Kills every process below `pid` (read from /proc), deepest first.
  static func killDescendants(of pid: Int32) {
    let children =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    for child in children.split(separator: " ").compactMap({ Int32($0) }) {
      killDescendants(of: child)
      kill(child, SIGKILL)
    }
  }

  @Test func tmuxShowsTheBarInARealStatusLine() throws {
    try #require(TmuxPane.isAvailable, "tmux is not installed")
    let folder = try ToolTestFolder()
    let db = try Glance.seattle(folder)
    let tool = ToolRunner.executable("cloudy-forecast").path
    // An inner tmux, its status line running the bar, drawn in the outer test pane.
    let inner = "cloudy-bar-\(UUID().uuidString.prefix(8))"
    let config = folder.file("tmux.conf")
    try """
    set -g status-interval 1
    set -g status-right-length 60
    set -g status-right "#(\(tool) bar --format tmux --template '{place} {symbol} {temperature}' --db \(db))"

    """.write(toFile: config, atomically: true, encoding: .utf8)
    // The inner server and its pane are killed by pid at the end: the test runner's blocked
    // SIGHUP is inherited, so kill-server alone would leave them running.
    let tmuxURL = URL(fileURLWithPath: TmuxPane.tmuxPath ?? "/usr/bin/tmux")
    defer {
      let pids =
        (try? ToolRunner.run(
          executableAt: tmuxURL, ["-L", inner, "display-message", "-p", "#{pane_pid} #{pid}"]))?
        .standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) } ?? []
      for pid in pids { kill(pid, SIGKILL) }
    }
    let pane = try TmuxPane(
      arguments: ["-L", inner, "-f", config, "new-session", "sleep 600"],
      executable: URL(fileURLWithPath: TmuxPane.tmuxPath ?? "/usr/bin/tmux"))
    let screen = try pane.waitFor("Seattle ☁ 46.2 °F")
    let status = screen.split(separator: "\n", omittingEmptySubsequences: false).last {
      !$0.isEmpty
    }
    #expect(status?.hasSuffix("Seattle ☁ 46.2 °F") == true, "\(screen)")
    #expect(!screen.contains("#["), "tmux read the style: \(screen)")
    // The stale data's grey reached the terminal as a colour (256-colour or RGB).
    let coloured = try pane.tmux(["capture-pane", "-p", "-e"])
    #expect(coloured.contains("\u{1B}[38;"), "\(coloured)")
  }
}

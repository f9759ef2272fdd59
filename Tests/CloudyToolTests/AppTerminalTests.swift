import CloudyTestSupport
import Foundation
import Testing

/// `cloudy`, the full-screen app, end to end under tmux: a real terminal, real keys, a temporary
/// database and, for refreshes, the loopback provider server.
@Suite(
  "cloudy: the app in a terminal (tmux)",
  .enabled(
    if: TmuxPane.isAvailable,
    "tmux is not installed: the app's terminal tests need it (.ci/run installs it)"))
struct AppTerminalTests {
  // MARK: - Support

  /// Saves places by name and coordinate with cloudy-locations; the first is selected.
  static func database(_ folder: ToolTestFolder, places: [(String, String, String)]) throws
    -> String
  {
    let path = folder.file("cloudy.sqlite")
    for (name, lat, lon) in places {
      let added = try ToolRunner.run(
        "cloudy-locations", ["add", "--name", name, "--lat", lat, "--lon", lon, "--db", path])
      #expect(added.status == 0, "\(added.standardError)")
    }
    return path
  }

  /// A database with one place and a recorded response imported for it, as a user would.
  static func database(
    _ folder: ToolTestFolder, importing fixture: String, into place: (String, String, String)
  ) throws -> String {
    let db = try database(folder, places: [place])
    let imported = try ToolRunner.run(
      "cloudy-forecast",
      [
        "import", try ForecastToolTests.fixturePath(fixture), "--place", place.0, "--force",
        "--db", db,
      ])
    #expect(imported.status == 0, "\(imported.standardError)")
    return db
  }

  static let auckland = ("Auckland", "-36.85", "174.76")
  static let richmond = ("Richmond", "37.55", "-77.46")
  static let oslo = ("Oslo", "59.91", "10.75")

  /// Answers every request with the recorded Auckland Open-Meteo response (or `status`), and
  /// counts them.
  static func server(_ counter: RequestCounter, status: Int = 200) throws -> TestHTTPServer {
    let recorded = try ForecastToolTests.fixture("open-meteo-auckland.json")
    return try TestHTTPServer { request in
      // Forecasts only: each Open-Meteo fetch also asks /v1/air-quality here (issue 38).
      if request.path.hasSuffix("/v1/forecast") { counter.increment() }
      return status == 200
        ? .json(try! issuedNow(recorded))
        : .json("{\"error\": true, \"reason\": \"down\"}", status: status)
    }
  }

  /// The recorded response moved in time as a live service would answer now: its current
  /// conditions at this second, every hour and day shifted by the same amount. The
  /// age the app shows counts from the data's issue time, so a recording from January would
  /// otherwise read "10 months old".
  static func issuedNow(_ recorded: [UInt8]) throws -> String {
    var response = try #require(
      try JSONSerialization.jsonObject(with: Data(recorded)) as? [String: Any])
    var current = try #require(response["current"] as? [String: Any])
    let issued = try #require(current["time"] as? Int)
    let now = Int(Date().timeIntervalSince1970)
    let shift = now - issued
    current["time"] = now
    response["current"] = current
    for block in ["hourly", "daily"] {
      guard var values = response[block] as? [String: Any], let times = values["time"] as? [Int]
      else { continue }
      values["time"] = times.map { $0 + shift }
      response[block] = values
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: response), as: UTF8.self)
  }

  static func names(_ db: String) throws -> String {
    try sqlite3(
      db, "SELECT group_concat(name, '|') FROM (SELECT name FROM location ORDER BY position)")
  }

  static func fetch(_ db: String, _ server: TestHTTPServer) throws {
    let fetched = try ToolRunner.run(
      "cloudy-forecast", ["fetch", "--db", db],
      environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString])
    #expect(fetched.status == 0, "\(fetched.standardError)")
  }

  // MARK: - Places

  /// On a new machine the database's folder does not exist yet: the first save must replace the
  /// empty screen at once, not leave "No place yet" above "Saved …" until the watcher's next look.
  @Test func theFirstSaveReplacesTheEmptyScreenAtOnce() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("not/yet/there/cloudy.sqlite")
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("No place yet.")
    try pane.press("a")
    try pane.waitFor("Search:")
    try pane.type("Richmond, VA")
    try pane.waitFor("Richmond, Virginia, US")
    try pane.press("Enter")
    let screen = try pane.waitFor("Saved \"Richmond, Virginia, US\".")
    #expect(!screen.contains("No place yet"), "\(screen)")
    #expect(screen.contains("Cloudy · Richmond, Virginia, US"), "\(screen)")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// Under `LANG=C` the keyboard is still read as UTF-8 (only the display falls back to ASCII):
  /// typing "Zürich" finds and saves Zürich, instead of stopping at the ü; the screen shows its
  /// ASCII spelling.
  @Test func inputIsUTF8UnderTheCLocale() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"], environment: ["LANG": "C"])
    try pane.waitFor("No place yet.")
    try pane.press("a")
    try pane.waitFor("Search:")
    try pane.type("Zürich")
    try pane.waitFor("Zurich, Zurich, CH")  // shown in ASCII under LANG=C (issue 41)
    try pane.press("Enter")
    try pane.waitFor("Saved")
    #expect(try Self.names(db) == "Zürich, Zürich, CH")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// With TERM=xterm-256color inside tmux (the panes here), Home, End, PgUp and PgDn arrive as
  /// sequences that terminfo does not list; they are keys, not an Esc that cancels the search.
  @Test func homeEndAndPagesAreKeysNotEscape() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("No place yet.")
    try pane.press("a")
    try pane.waitFor("Search:")
    try pane.type("Rich")
    try pane.waitFor("Richmond")
    for key in ["Home", "End", "PPage", "NPage"] {
      try pane.press(key)
    }
    try pane.type("mond")
    try pane.waitFor("Search: Richmond")
    // The results follow the field by a frame: wait for them, then check the field still reads
    // what was typed around the four keys.
    let screen = try pane.waitFor("Richmond, Virginia, US")
    #expect(screen.contains("Search: Richmond"))
    try pane.press("Escape")
    try pane.waitFor("No place yet.")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// `cloudy > file`: one line on standard error, exit 64, nothing written to the file; and
  /// `--version` answers without a terminal.
  @Test func withoutATerminalOneLineAndNothingWritten() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try ToolRunner.run("cloudy", ["--db", db])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("cloudy: error: cloudy draws full-screen"))
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: db))
    let version = try ToolRunner.run("cloudy", ["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput.split(separator: ".").count == 3)
  }

  /// 🌧️ (VS16) and 👨‍👩‍👧 (ZWJ) are counted differently by ncurses and by the layout unless
  /// drawn unambiguously: the row shifted and the previous screen's text stayed behind.
  @Test func emojiNamesKeepTheirRowsWhole() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(
      folder, places: [("🌧️🌧️ Rainy 👨‍👩‍👧 family", "37.5538", "-77.4603"), Self.oslo])
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · ")
    try pane.press("s")
    try pane.waitFor("Temperature Notation")
    try pane.press("l")
    let screen = try pane.waitFor("Saved Locations (2)")
    let row = try #require(screen.split(separator: "\n").first { $0.contains("Rainy") })
    #expect(row.hasSuffix("37.5538° N, 77.4603° W"), "\(screen)")
    #expect(!screen.contains("Notation"), "text of the Settings screen left over:\n\(screen)")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// Ctrl-Z (a key in raw mode) gives the terminal back and stops the app as a shell job; when
  /// continued (`fg` sends SIGCONT) it takes the terminal again and draws every line.
  @Test func ctrlZSuspendsAndContinuingRedraws() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.richmond])
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"], jobControl: true)
    try pane.waitFor("Cloudy · Richmond")
    let pid = try #require(try pane.appProcessID())
    try pane.press("C-z")
    var state = ""
    for _ in 0..<100 where state != "T" {
      usleep(20_000)
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      state =
        stat.split(separator: ")").last.map {
          String($0.split(separator: " ").first ?? "")
        } ?? ""
    }
    #expect(state == "T", "the app was not stopped (state \(state))")
    // The terminal is the shell's again: the app's screen is gone.
    try pane.waitUntil("the app's screen left") { !$0.contains("Cloudy · Richmond") }
    kill(pid, SIGCONT)
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("q")
    var gone = false
    for _ in 0..<100 where !gone {
      usleep(20_000)
      gone =
        !FileManager.default.fileExists(atPath: "/proc/\(pid)/stat")
        || ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z")
          ?? true)
    }
    #expect(gone, "the app did not quit after it was continued")
  }

  @Test func addAPlaceByTypingItsNameThenSelectAnother() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("No place yet.")
    #expect(!FileManager.default.fileExists(atPath: db))
    try pane.press("a")
    try pane.waitFor("Search:")
    try pane.type("Richmond, VA")
    try pane.waitFor("Richmond, Virginia, US")
    try pane.press("Enter")
    try pane.waitFor("Cloudy · Richmond, Virginia, US")
    #expect(try Self.names(db) == "Richmond, Virginia, US")
    try pane.press("a")
    try pane.type("Oslo")
    try pane.waitFor("Oslo, Oslo, NO")
    try pane.press("Enter")
    try pane.waitFor("Saved \"Oslo, Oslo, NO\".")
    // The place just saved is the one shown (and selected), not the previous one.
    try pane.waitFor("Cloudy · Oslo, Oslo, NO")
    try pane.press("l")
    try pane.waitFor("Saved Locations (2)")
    #expect(try pane.screen().contains("✓ Oslo, Oslo, NO"))
    try pane.press("Up", "Enter")
    try pane.waitFor("Cloudy · Richmond, Virginia, US")
    #expect(
      try sqlite3(db, "SELECT l.name FROM selection s JOIN location l ON l.id = s.location_id")
        == "Richmond, Virginia, US")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func removeWithConfirmationAndMove() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.richmond, Self.auckland, Self.oslo])
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("l")
    try pane.waitFor("Saved Locations (3)")
    // The cursor starts on Richmond: J moves it down, below Auckland.
    try pane.press("J")
    try pane.waitUntil("Auckland above Richmond") { screen in
      guard let a = screen.range(of: "Auckland"), let r = screen.range(of: "Richmond") else {
        return false
      }
      return a.lowerBound < r.lowerBound
    }
    #expect(try Self.names(db) == "Auckland|Richmond|Oslo")
    try pane.press("K")
    try pane.waitUntil("Richmond back on top") { _ in
      (try? Self.names(db)) == "Richmond|Auckland|Oslo"
    }
    // d asks first; n keeps the place.
    try pane.press("j", "d")
    try pane.waitFor("Remove “Auckland”? y/n")
    try pane.press("n")
    try pane.waitFor("Kept \"Auckland\".")
    #expect(try Self.names(db) == "Richmond|Auckland|Oslo")
    try pane.press("d")
    try pane.waitFor("Remove “Auckland”? y/n")
    try pane.press("y")
    try pane.waitFor("Removed \"Auckland\".")
    #expect(try Self.names(db) == "Richmond|Oslo")
    #expect(try pane.screen().contains("Saved Locations (2)"))
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func changesFromAnotherProcessAppearWithoutAKey() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland])
    let server = try Self.server(RequestCounter())
    defer { server.stop() }
    try Self.fetch(db, server)
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("°F")
    let set = try ToolRunner.run("cloudy-settings", ["set", "temperature", "celsius", "--db", db])
    #expect(set.status == 0, "\(set.standardError)")
    try pane.waitFor("°C")
    try pane.press("l")
    try pane.waitFor("Saved Locations (1)")
    let added = try ToolRunner.run(
      "cloudy-locations", ["add", "--name", "Oslo", "--lat", "59.91", "--lon", "10.75", "--db", db])
    #expect(added.status == 0, "\(added.standardError)")
    try pane.waitFor("Saved Locations (2)")
    try pane.waitFor("Oslo")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  // MARK: - Settings

  @Test func eachSettingChangesTheWeatherScreen() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland])
    let server = try Self.server(RequestCounter())
    defer { server.stop() }
    try Self.fetch(db, server)
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    let before = try pane.waitFor("Temperature")
    #expect(
      before.contains("°F") && before.contains("mph")
        && (before.contains(" AM") || before.contains(" PM")))
    try pane.press("s")
    try pane.waitFor("Time Notation")
    try pane.press("j", "Enter")
    try pane.waitUntil("24-hour time") { _ in
      (try? sqlite3(db, "SELECT time_notation FROM settings")) == "24h"
    }
    try pane.press("Escape")
    try pane.waitUntil("the day's time without AM/PM") { screen in
      screen.contains("Temperature") && !screen.contains(" AM\n") && !screen.contains(" PM\n")
    }
    try pane.press("s", "j", "j", " ")
    try pane.waitUntil("metric") { _ in
      (try? sqlite3(db, "SELECT units_notation FROM settings")) == "metric"
    }
    try pane.press("Escape")
    try pane.waitFor("km/h")
    try pane.press("s", "j", "j", "j", "Enter")  // past Metric and UK to Celsius
    try pane.waitUntil("celsius") { _ in
      (try? sqlite3(db, "SELECT temperature_notation FROM settings")) == "celsius"
    }
    try pane.press("Escape")
    let after = try pane.waitFor("°C")
    #expect(!after.contains("°F"))
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  // MARK: - Terminal manners

  @Test func quitByQAndByCtrlCRestoresTheTerminal() throws {
    for keys in [["q"], ["C-c"]] {
      let folder = try ToolTestFolder()
      let pane = try TmuxPane(arguments: ["--db", folder.file("cloudy.sqlite")])
      try pane.waitFor("No place yet.")
      try pane.tmux(["send-keys"] + keys)
      let ending = try pane.exit()
      #expect(ending.status == 0, "\(keys)")
      #expect(ending.restored, "\(keys)")
      #expect(try pane.tmux(["display-message", "-p", "#{alternate_on}"]).hasPrefix("0"))
    }
  }

  @Test func sigtermAndHangupRestoreTheTerminal() throws {
    for (signal, status) in [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 0)] {
      let folder = try ToolTestFolder()
      let pane = try TmuxPane(arguments: ["--db", folder.file("cloudy.sqlite")])
      try pane.waitFor("No place yet.")
      let pid = try #require(try pane.appProcessID())
      kill(pid, signal)
      let ending = try pane.exit()
      #expect(ending.status == status, "signal \(signal)")
      #expect(ending.restored, "signal \(signal)")
    }
  }

  @Test func resizeRedrawsAndTooSmallSaysSo() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.richmond])
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    try pane.waitFor("Cloudy · Richmond")
    try pane.press("l")
    try pane.waitFor("Saved Locations (1)")
    try pane.resize(columns: 100, rows: 30)
    try pane.waitUntil("a 100x30 frame: the footer at the bottom, coordinates flush right") {
      screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count >= 30 && lines[29].contains("q quit")
        && lines.contains { $0.hasSuffix("77.4600° W") && $0.count == 99 }
    }
    try pane.resize(columns: 30, rows: 8)
    try pane.waitFor("The window is too small")
    // Keys the small screen does not name do nothing: no removal behind a prompt no one sees.
    try pane.press("d")
    try pane.press("y")
    try pane.press("a")
    try pane.resize(columns: 80, rows: 24)
    try pane.waitUntil("the list again at 80 columns") { screen in
      screen.split(separator: "\n").contains { $0.hasSuffix("77.4600° W") && $0.count == 79 }
    }
    #expect(try Self.names(db) == "Richmond")
    #expect(!(try pane.screen()).contains("Remove"))
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func missingDatabaseShowsHowToAddAndCreatesNothingUntilASetting() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("sub/cloudy.sqlite")
    let pane = try TmuxPane(arguments: ["--db", db])
    try pane.waitFor("Press a to add one")
    // Looking at every screen creates nothing.
    try pane.press("l")
    try pane.waitFor("None yet: press a to add a place.")
    try pane.press("s")
    try pane.waitFor("Time Notation")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    // A setting chosen before any place creates the file, as `cloudy-settings set` does.
    try pane.press("j", "Enter")
    try pane.waitUntil("the setting saved") { _ in
      (try? sqlite3(db, "SELECT time_notation FROM settings")) == "24h"
    }
    let screen = try pane.screen()
    #expect(!screen.contains("no database"))
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func damagedDatabaseIsOneLineAndUntouched() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try garbage.write(to: URL(fileURLWithPath: db))
    let pane = try TmuxPane(arguments: ["--db", db])
    let screen = try pane.waitFor("TERMINAL=")
    #expect(screen.contains("cloudy: error:"))
    let ending = try pane.exit()
    #expect(ending.status != 0 && ending.status != nil)
    #expect(ending.restored)
    #expect(folder.bytes("cloudy.sqlite") == garbage)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cloudy.sqlite"])
  }

  // MARK: - Refresh

  @Test func aMissingForecastIsFetchedOnItsOwn() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland])
    let counter = RequestCounter()
    let server = try Self.server(counter)
    defer { server.stop() }
    let pane = try TmuxPane(
      arguments: ["--db", db], environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString]
    )
    let screen = try pane.waitFor("as of just now")
    #expect(screen.contains("Temperature"))
    #expect(counter.value == 1)
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func aStaleForecastIsFetchedOnItsOwnAndRFetchesNow() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland])
    let counter = RequestCounter()
    let server = try Self.server(counter)
    defer { server.stop() }
    try Self.fetch(db, server)
    // Made two hours old: issued (and fetched) two hours earlier.
    try _ = sqlite3(
      db, "UPDATE forecast SET fetched_at = fetched_at - 7200, issued_at = issued_at - 7200")
    let pane = try TmuxPane(
      arguments: ["--db", db, "--refresh-after", "1h"],
      environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString])
    try pane.waitFor("as of just now")
    #expect(counter.value == 2)
    // Fresh now: R fetches anyway.
    try pane.press("R")
    try pane.waitUntil("a third request") { _ in counter.value == 3 }
    try pane.waitFor("as of just now")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// One age in every front-end: a Dark Sky response of February 2018 imported today reads "8
  /// years old" in the app as in `cloudy-forecast show`, and the app refreshes it as stale,
  /// however recently it was imported (the age is the data's, not the fetch's).
  @Test func anImportedOldForecastReadsItsAgeAndIsRefreshed() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(
      folder, importing: "darksky-sf-2018-02-20.json", into: ("San Francisco", "37.77", "-122.42"))
    let shown = try ToolRunner.run("cloudy-forecast", ["show", "--db", db])
    #expect(shown.standardOutput.contains("as of Feb 20, 2018 · 8 years old"))
    let offline = try TmuxPane(arguments: ["--db", db, "--offline"])
    try offline.waitFor("as of Feb 20, 2018 · 8 years old")
    try offline.press("q")
    #expect(try offline.exit().status == 0)

    let counter = RequestCounter()
    let server = try Self.server(counter)
    defer { server.stop() }
    let pane = try TmuxPane(
      arguments: ["--db", db],
      environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString])
    try pane.waitFor("as of just now")
    #expect(counter.value == 1)
    #expect(try sqlite3(db, "SELECT provider FROM forecast") == "open-meteo")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// The app names the place to fetch by its id: another process that reorders the list after
  /// the app read it and before the fetcher starts (here: a fetcher wrapper that moves row 1
  /// down first) does not make it fetch, and save, another place.
  @Test func aReorderBeforeTheFetchStartsFetchesTheRightPlace() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland, Self.oslo])
    let auckland = try sqlite3(db, "SELECT id FROM location WHERE name = 'Auckland'")
    let latitudes = RequestLog()
    let recorded = try ForecastToolTests.fixture("open-meteo-auckland.json")
    let server = try TestHTTPServer { request in
      if request.path.hasSuffix("/v1/forecast") { latitudes.append(request.query) }
      return .json(try! Self.issuedNow(recorded))
    }
    defer { server.stop() }
    // The app and a fetcher beside it that lets "another process" move Auckland down first.
    let bin = URL(fileURLWithPath: folder.file("bin"))
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let app = bin.appendingPathComponent("cloudy")
    do {
      try FileManager.default.linkItem(at: ToolRunner.executable("cloudy"), to: app)
    } catch {
      try FileManager.default.copyItem(at: ToolRunner.executable("cloudy"), to: app)
    }
    let wrapper = bin.appendingPathComponent("cloudy-forecast-fetch")
    let real = ToolRunner.buildFolder.path
    // Written elsewhere, then copied into place by cp: a descriptor of this process's write,
    // inherited by a child another test thread spawned meanwhile, would keep the script "open
    // for writing" and its exec would fail with "Text file busy".
    let script = folder.file("wrapper.sh")
    try Data(
      """
      #!/bin/sh
      '\(real)/cloudy-locations' move 1 2 --db '\(db)' >/dev/null
      exec '\(real)/cloudy-forecast-fetch' "$@"

      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    let copied = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/bin/cp"), [script, wrapper.path])
    #expect(copied.status == 0, "\(copied.standardError)")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    // No alerts fetch: it would run the wrapper too, and its move would swap the places back.
    let pane = try TmuxPane(
      arguments: ["--db", db, "--alerts-every", "0"],
      environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString], executable: app)
    try pane.waitFor("as of just now")
    #expect(try Self.names(db) == "Oslo|Auckland")
    #expect(try sqlite3(db, "SELECT coalesce(location_id, 'current') FROM forecast") == auckland)
    #expect(latitudes.all.count == 1)
    #expect(latitudes.all.first?.contains("latitude=-36.85") == true)
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  /// A genuine daily-only response (no current conditions) shows its days, saying what it
  /// lacks, as `cloudy-forecast show --week` does; not "No forecast … is cached yet".
  @Test func aForecastWithDaysButNoCurrentConditionsIsShown() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(
      folder, importing: "open-meteo-berlin-2023-06-01-daily-only-weathercode.json",
      into: ("Berlin", "52.52", "13.41"))
    let pane = try TmuxPane(arguments: ["--db", db, "--offline"])
    let screen = try pane.waitFor("This forecast has no current conditions")
    #expect(!screen.contains("is cached yet"))
    #expect(screen.contains(" Week"))
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func aFailingServerLeavesTheCacheAndSaysWhy() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland])
    let good = try Self.server(RequestCounter())
    try Self.fetch(db, good)
    good.stop()
    try _ = sqlite3(
      db, "UPDATE forecast SET fetched_at = fetched_at - 7200, issued_at = issued_at - 7200")
    let cached = try sqlite3(db, "SELECT fetched_at, count(*) FROM forecast")
    let counter = RequestCounter()
    let failing = try Self.server(counter, status: 500)
    defer { failing.stop() }
    let pane = try TmuxPane(
      arguments: ["--db", db],
      environment: ["CLOUDY_OPEN_METEO_URL": failing.baseURL.absoluteString])
    let screen = try pane.waitFor("Refresh failed:")
    #expect(screen.contains("refresh failed · as of 2 h ago"))
    #expect(screen.contains("Temperature"))
    #expect(try sqlite3(db, "SELECT fetched_at, count(*) FROM forecast") == cached)
    try pane.press("q")
    #expect(try pane.exit().status == 0)
  }

  @Test func offlineNeverFetches() throws {
    let folder = try ToolTestFolder()
    let db = try Self.database(folder, places: [Self.auckland])
    let counter = RequestCounter()
    let server = try Self.server(counter)
    defer { server.stop() }
    let pane = try TmuxPane(
      arguments: ["--db", db, "--offline", "--refresh-after", "0"],
      environment: ["CLOUDY_OPEN_METEO_URL": server.baseURL.absoluteString])
    try pane.waitFor("Offline (--offline): start cloudy without it")
    try pane.press("R")
    try pane.waitFor("Offline (--offline): not fetching")
    try pane.press("q")
    #expect(try pane.exit().status == 0)
    #expect(counter.value == 0)
  }
}

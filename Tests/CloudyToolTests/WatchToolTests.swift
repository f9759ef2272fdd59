import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--watch` as a user runs it: a watcher process (`--watch --json`) beside writer processes.
/// Every wait has a deadline so a missing line fails the test instead of hanging it; nothing
/// here measures time.
@Suite("--watch: live views across processes")
struct WatchToolTests {
  // MARK: - Each change once, in order

  @Test func locationsListFollowsEveryChangeOnceAndInOrder() throws {
    let folder = try ToolTestFolder()
    // The folder does not exist yet either: the database is created after the watcher started.
    let db = folder.file("later/cloudy.sqlite")
    let watch = try WatchedProcess("cloudy-locations", ["list", "--watch", "--json", "--db", db])
    #expect(try names(watch.line(0)) == [])

    try write("cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], db)
    #expect(try names(watch.line(1)) == ["Alpha"])
    try write("cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], db)
    #expect(try names(watch.line(2)) == ["Alpha", "Beta"])
    try write("cloudy-locations", ["move", "2", "1"], db)
    #expect(try names(watch.line(3)) == ["Beta", "Alpha"])
    try write("cloudy-locations", ["remove", "Beta"], db)
    #expect(try names(watch.line(4)) == ["Alpha"])
    // A settings change commits to the same file but changes nothing this view shows.
    try write("cloudy-settings", ["set", "time", "24h"], db)
    try write("cloudy-locations", ["rename", "1", "Gamma"], db)
    #expect(try names(watch.line(5)) == ["Gamma"])

    let end = watch.stop(signal: SIGINT)
    #expect(end.status == 0)
    #expect(end.standardError == "")
    #expect(end.lines.count == 6, "each change printed once: \(end.lines)")
  }

  @Test func aWriteThatChangesNothingPrintsNothing() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("cloudy-settings", ["set", "time", "12h"], db)
    let watch = try WatchedProcess("cloudy-settings", ["show", "--watch", "--json", "--db", db])
    #expect(try settings(watch.line(0)) == ["12h", "imperial", "fahrenheit"])
    try write("cloudy-settings", ["set", "time", "24h"], db)
    #expect(try settings(watch.line(1)) == ["24h", "imperial", "fahrenheit"])
    // Committed, but the same value: nothing to print. The next line is the next real change.
    try write("cloudy-settings", ["set", "time", "24h"], db)
    try write("cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], db)
    try write("cloudy-settings", ["set", "units", "metric"], db)
    #expect(try settings(watch.line(2)) == ["24h", "metric", "fahrenheit"])

    let end = watch.stop(signal: SIGTERM)
    #expect(end.status == 0)
    #expect(end.standardError == "")
    #expect(end.lines.count == 3, "\(end.lines)")
  }

  // MARK: - A burst from several processes

  @Test func aBurstOfFiftyWritesFromThreeProcessesEndsOnTheLastState() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("cloudy-locations", ["add", "--name", "Seed", "--lat", "0", "--lon", "0"], db)
    let watch = try WatchedProcess("cloudy-locations", ["list", "--watch", "--json", "--db", db])
    #expect(try names(watch.line(0)).count == 1)

    let counts = [17, 17, 16]
    let results = ResultBox()
    DispatchQueue.concurrentPerform(iterations: counts.count) { writer in
      for index in 0..<counts[writer] {
        let result = try? ToolRunner.run(
          "cloudy-locations",
          [
            "add", "--name", "W\(writer)-\(index)", "--lat", "\(writer)", "--lon", "\(index)",
            "--db", db,
          ])
        results.append(result)
      }
    }
    #expect(results.all.count == 50)
    #expect(results.all.allSatisfy { $0?.status == 0 && $0?.standardError == "" })

    // The final state must appear; intermediate ones may be coalesced.
    let last = try #require(watch.waitForLine { (try? names($0).count) == 51 })
    let end = watch.stop(signal: SIGINT)
    #expect(end.status == 0)
    #expect(end.standardError == "")
    let sizes = try end.lines.map { try names($0).count }
    #expect(sizes == sizes.sorted(), "in order: \(sizes)")
    #expect(Set(sizes).count == sizes.count, "no state printed twice: \(sizes)")
    #expect(sizes.last == 51 && last == end.lines.count - 1)
  }

  // MARK: - Forecasts, restore

  @Test func forecastShowFollowsImportSettingsAndRestore() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let watch = try WatchedProcess(
      "cloudy-forecast", ["show", "--week", "--watch", "--json", "--db", db])
    try write(
      "cloudy-locations", ["add", "--name", "Auckland", "--lat", "-36.85", "--lon", "174.76"], db)
    try write("cloudy-forecast", ["import", try fixture("open-meteo-auckland.json")], db)
    #expect(try forecast(watch.line(0)) == ["Auckland", "fahrenheit"])
    try write("cloudy-settings", ["set", "temperature", "c"], db)
    #expect(try forecast(watch.line(1)) == ["Auckland", "celsius"])
    try write("cloudy-db", ["backup", folder.file("celsius.sqlite")], db)
    try write("cloudy-settings", ["set", "temperature", "f"], db)
    #expect(try forecast(watch.line(2)) == ["Auckland", "fahrenheit"])
    try write("cloudy-db", ["restore", folder.file("celsius.sqlite")], db)
    #expect(try forecast(watch.line(3)) == ["Auckland", "celsius"])
    try write("cloudy-locations", ["rename", "1", "Tāmaki Makaurau"], db)
    #expect(try forecast(watch.line(4)) == ["Tāmaki Makaurau", "celsius"])

    let end = watch.stop(signal: SIGTERM)
    #expect(end.status == 0)
    #expect(!end.standardError.contains("error:"), "\(end.standardError)")
    #expect(end.standardError.contains("cloudy-forecast: waiting: "))
    #expect(end.lines.count == 5, "\(end.lines)")
    // One compact document per line.
    #expect(end.lines.allSatisfy { !$0.contains("\n") && $0.hasPrefix("{\"place\":") })
  }

  // MARK: - Files that go away or turn foreign

  @Test func aRemovedDatabaseIsReportedWithStatus66() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("cloudy-settings", ["set", "time", "24h"], db)
    let watch = try WatchedProcess("cloudy-settings", ["show", "--watch", "--db", db])
    #expect(try watch.line(0).contains("Time Notation"))
    for suffix in ["", "-wal", "-shm"] { unlink(db + suffix) }
    let end = watch.waitForExit()
    #expect(end.status == 66)
    #expect(isOneLineError(end.standardError, tool: "cloudy-settings"))
    #expect(end.standardError.contains("was removed"))
  }

  @Test func aForeignFileMovedIntoPlaceIsReportedWithStatus65() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    try write("cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], db)
    let watch = try WatchedProcess("cloudy-locations", ["list", "--watch", "--json", "--db", db])
    #expect(try names(watch.line(0)) == ["Alpha"])
    let foreign = folder.file("other.sqlite")
    _ = try sqlite3(foreign, "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('x');")
    #expect(rename(foreign, db) == 0)
    let end = watch.waitForExit()
    #expect(end.status == 65)
    #expect(isOneLineError(end.standardError, tool: "cloudy-locations"))
    #expect(end.standardError.contains("another application"))
    #expect(end.lines.count == 1)
  }

  @Test func oneShotUseIsUnchanged() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let result = try ToolRunner.run("cloudy-settings", ["show", "--json", "--db", db])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("{\n"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  // MARK: - Helpers

  func write(_ tool: String, _ arguments: [String], _ db: String) throws {
    let result = try ToolRunner.run(tool, arguments + ["--db", db])
    #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
  }

  func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)).path
  }

  func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  /// The saved places' names in a `list --json` line.
  func names(_ line: String) throws -> [String] {
    let sections = try #require(try object(line)["sections"] as? [[String: Any]])
    let saved = try #require(sections.first { $0["kind"] as? String == "saved" })
    return try #require(saved["rows"] as? [[String: Any]]).compactMap { $0["name"] as? String }
  }

  /// time, units, temperature in a `cloudy-settings show --json` line.
  func settings(_ line: String) throws -> [String] {
    let values = try #require(try object(line)["settings"] as? [String: String])
    return [values["time"], values["units"], values["temperature"]].compactMap { $0 }
  }

  /// The place's name and the temperature setting in a `cloudy-forecast show --json` line.
  func forecast(_ line: String) throws -> [String] {
    let json = try object(line)
    let place = try #require(json["place"] as? [String: Any])
    let settings = try #require(json["settings"] as? [String: Any])
    return [place["name"] as? String ?? "?", settings["temperature"] as? String ?? "?"]
  }
}

/// Results gathered from several writer threads.
final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [ToolRunner.Result?] = []
  func append(_ result: ToolRunner.Result?) { lock.withLock { results.append(result) } }
  var all: [ToolRunner.Result?] { lock.withLock { results } }
}

/// A `--watch` process whose output lines are collected as they come.
final class WatchedProcess: @unchecked Sendable {
  struct End {
    let status: Int32
    let lines: [String]
    let standardError: String
  }

  /// How long to wait for an expected line or exit before failing (a safety net, not a
  /// measurement: the watcher normally answers within milliseconds).
  static let deadline: TimeInterval = 30

  private let process: Process
  private let condition = NSCondition()
  private var lines: [String] = []
  private var outputClosed = false
  private let errorData = ReadBox()
  private let readers = DispatchGroup()

  convenience init(_ tool: String, _ arguments: [String], environment: [String: String] = [:])
    throws
  {
    try self.init(
      executableAt: ToolRunner.executable(tool).path, arguments, environment: environment)
  }

  /// Another program (a status bar running the tools).
  init(executableAt path: String, _ arguments: [String], environment: [String: String] = [:])
    throws
  {
    let (process, output, error) = try ToolRunner.launch(
      URL(fileURLWithPath: path), arguments, environment: environment)
    self.process = process
    readers.enter()
    DispatchQueue.global().async { [self] in
      var pending = Data()
      let handle = output.fileHandleForReading
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...newline)
          condition.withLock {
            lines.append(line)
            condition.broadcast()
          }
        }
      }
      condition.withLock {
        outputClosed = true
        condition.broadcast()
      }
      readers.leave()
    }
    readers.enter()
    DispatchQueue.global().async { [self] in
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      readers.leave()
    }
  }

  /// Line `index` (0-based) of standard output, once it was printed.
  func line(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let deadline = Date().addingTimeInterval(Self.deadline)
    return try condition.withLock {
      while lines.count <= index && !outputClosed && condition.wait(until: deadline) {}
      guard lines.count > index else {
        Issue.record("no line \(index) (have \(lines))", sourceLocation: sourceLocation)
        throw WatchTestFailure()
      }
      return lines[index]
    }
  }

  /// The index of the first line that satisfies `predicate`, once printed.
  func waitForLine(_ predicate: (String) -> Bool) -> Int? {
    let deadline = Date().addingTimeInterval(Self.deadline)
    return condition.withLock {
      while true {
        if let index = lines.firstIndex(where: predicate) { return index }
        if outputClosed || !condition.wait(until: deadline) {
          Issue.record("no matching line in \(lines)")
          return nil
        }
      }
    }
  }

  /// The process's id (to end what it started: a status bar's blocks).
  var processIdentifier: Int32 { process.processIdentifier }

  /// Sends `signal` and waits for the process to end.
  func stop(signal: Int32) -> End {
    kill(process.processIdentifier, signal)
    return waitForExit()
  }

  /// Waits for the process to end by itself (it is killed at the deadline).
  func waitForExit() -> End {
    if readers.wait(timeout: .now() + Self.deadline) == .timedOut {
      Issue.record("the watcher did not exit")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    return condition.withLock {
      End(
        status: process.terminationStatus, lines: lines,
        standardError: String(decoding: errorData.get(), as: UTF8.self))
    }
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}

struct WatchTestFailure: Error {}

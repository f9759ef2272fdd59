import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Concurrency: several processes write at once (places, settings, forecasts) while others read
/// and `cloudy-db backup` copies the file. Every reported write must be there, no user may see
/// "database is locked", and every backup must pass integrity_check.
@Suite("Reliability: concurrency", .serialized)
struct ReliabilityConcurrencyTests {
  @Test("4+ writers, readers and backups at once: nothing lost, never busy, every backup sound")
  func concurrentWriters() throws {
    guard RawProcess.built("cloudy-locations", "cloudy-settings", "cloudy-forecast", "cloudy-db")
    else {
      Issue.record("the tools are not built")
      return
    }
    let rounds = Reliability.count(short: 12, long: 90)
    let folder = try ReliabilityFolder("concurrency")
    let db = folder.file("cloudy.sqlite")
    let scratch = folder.path
    @Sendable func run(_ tool: String, _ arguments: [String]) -> RawProcess.Result {
      (try? RawProcess.run(tool, arguments + ["--db", db], scratch: scratch, timeout: 120))
        ?? RawProcess.Result(
          status: -2, signal: 0, standardOutput: "", standardError: "spawn failed", seconds: 0)
    }
    #expect(run("cloudy-db", ["migrate"]).status == 0)
    for name in ["anchor-a", "anchor-b"] {
      #expect(
        run("cloudy-locations", ["add", "--name", name, "--lat", "10", "--lon", "20"]).status == 0)
    }
    // Both recordings are imported into both places in turn, to tell the last import apart by
    // its shape: --force, since this test is about concurrent writers, not about matching a
    // response to its place (RealWorldImportTests covers that refusal).
    let fixtures = ["open-meteo-auckland.json", "darksky-sf-2018-02-20.json"]
    for (place, fixture) in zip(["anchor-a", "anchor-b"], fixtures) {
      let imported = run(
        "cloudy-forecast", ["import", Reliability.fixture(fixture), "--place", place, "--force"])
      #expect(imported.status == 0, "\(imported.standardError)")
    }
    let shapeSQL =
      "SELECT (SELECT count(*) FROM forecast_day d WHERE d.forecast_id = f.id) || '/' || (SELECT count(*) FROM forecast_hour h WHERE h.forecast_id = f.id) FROM forecast f JOIN location l ON l.id = f.location_id WHERE l.name = "
    let shapes = [
      fixtures[0]: try sqlite3(db, shapeSQL + "'anchor-a'"),
      fixtures[1]: try sqlite3(db, shapeSQL + "'anchor-b'"),
    ]

    let tally = Tally()
    let addedNames = Tally()
    let lastSetting = LastValues()
    let lastImport = LastValues()

    /// Counts the outcome; busy or "locked" reaching the user is the failure this test hunts.
    @Sendable func record(_ kind: String, _ result: RawProcess.Result, _ label: String) -> Bool {
      tally.add("\(kind)-attempts")
      let text = result.standardError.lowercased()
      if result.status == 75 || text.contains("locked") || text.contains("busy") {
        tally.add("busy")
        tally.note("\(label): \(result.standardError)")
        return false
      }
      if result.status != 0 {
        tally.add("failures")
        tally.note(
          "\(label) exited \(result.status) (signal \(result.signal)): \(result.standardError)")
        return false
      }
      tally.add("\(kind)-ok")
      return true
    }

    var workers: [@Sendable () -> Void] = []
    for writer in 1...2 {
      workers.append {
        for round in 0..<rounds {
          let name = "w\(writer)-\(String(format: "%04d", round))"
          let result = run(
            "cloudy-locations",
            ["add", "--name", name, "--lat", "\(round % 90)", "--lon", "\(writer)"])
          if record("write", result, "add \(name)") { addedNames.note(name) }
        }
      }
    }
    workers.append {
      let choices = [
        ("time", "24h"), ("units", "metric"), ("temperature", "celsius"), ("time", "12h"),
        ("units", "imperial"), ("temperature", "fahrenheit"),
      ]
      for round in 0..<rounds {
        let (setting, value) = choices[round % choices.count]
        if record(
          "write", run("cloudy-settings", ["set", setting, value]), "set \(setting) \(value)")
        {
          lastSetting.set(setting, value)
        }
      }
    }
    for (index, place) in ["anchor-a", "anchor-b"].enumerated() {
      workers.append {
        for round in 0..<rounds {
          let fixture = fixtures[(round + index) % 2]
          let result = run(
            "cloudy-forecast",
            ["import", Reliability.fixture(fixture), "--place", place, "--force"])
          if record("write", result, "import \(fixture) for \(place)") {
            lastImport.set(place, fixture)
          }
        }
      }
    }
    // Readers: each command only reads, and must never fail or see "locked".
    workers.append {
      let reads: [(String, [String])] = [
        ("cloudy-locations", ["list"]), ("cloudy-settings", ["show"]),
        ("cloudy-forecast", ["show", "anchor-a", "--week"]), ("cloudy-db", ["info"]),
      ]
      for round in 0..<(rounds * 2) {
        let (tool, arguments) = reads[round % reads.count]
        _ = record("read", run(tool, arguments), "\(tool) \(arguments.joined(separator: " "))")
      }
    }
    // Backups while all of this goes on; each must pass integrity_check on its own.
    workers.append {
      for round in 0..<max(3, rounds / 3) {
        let destination = "\(scratch)/backup-\(round).sqlite"
        let result =
          (try? RawProcess.run(
            "cloudy-db", ["backup", destination, "--db", db], scratch: scratch, timeout: 120))
          ?? RawProcess.Result(
            status: -2, signal: 0, standardOutput: "", standardError: "", seconds: 0)
        guard record("backup", result, "backup \(round)") else { continue }
        let check = sqliteReadOnly(destination, "PRAGMA integrity_check; PRAGMA foreign_key_check;")
        if check.output == "ok" {
          tally.add("backups-sound")
        } else {
          tally.note("backup \(round) fails integrity_check: \(check.output)")
        }
        var info = stat()
        if stat(destination, &info) != 0 || info.st_mode & 0o777 != 0o600 {
          tally.note("backup \(round) is not mode 0600: \(String(info.st_mode & 0o777, radix: 8))")
        }
      }
    }

    let started = RawProcess.now()
    let allWorkers = workers
    DispatchQueue.concurrentPerform(iterations: allWorkers.count) { allWorkers[$0]() }
    let seconds = RawProcess.now() - started

    // Every reported write is there.
    let names = Set(
      try sqlite3(db, "SELECT name FROM location").split(separator: "\n").map(String.init))
    var missing = addedNames.allNotes.filter { !names.contains($0) }
    let settings = try sqlite3(
      db, "SELECT time_notation, units_notation, temperature_notation FROM settings"
    )
    .split(separator: "|").map(String.init)
    for (setting, column) in [("time", 0), ("units", 1), ("temperature", 2)] {
      if let value = lastSetting.get(setting), settings.count == 3, settings[column] != value {
        missing.append("setting \(setting)=\(value) (found \(settings[column]))")
      }
    }
    for place in ["anchor-a", "anchor-b"] {
      if let fixture = lastImport.get(place),
        try sqlite3(db, shapeSQL + "'\(place)'") != shapes[fixture]
      {
        missing.append("forecast \(fixture) of \(place)")
      }
    }
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
    #expect(try sqlite3(db, "SELECT count(*) FROM forecast") == "2", "one forecast per place")
    for note in tally.allNotes { Issue.record("\(note)") }
    let checked = addedNames.allNotes.count + lastSetting.count + lastImport.count
    Reliability.report(
      "concurrency",
      [
        "processes": workers.count, "writes-ok": tally["write-ok"],
        "writes-tried": tally["write-attempts"],
        "adds-checked": addedNames.allNotes.count,
        "last-values-checked": lastSetting.count + lastImport.count,
        "reads-ok": tally["read-ok"], "backups-sound": tally["backups-sound"],
        "backups-tried": tally["backup-attempts"], "busy-errors": tally["busy"],
        "other-failures": tally["failures"], "lost": missing.count,
        "seconds": String(format: "%.1f", seconds),
      ])
    _ = checked
    #expect(missing.isEmpty, "reported but missing: \(missing)")
    #expect(tally["busy"] == 0)
    #expect(tally["failures"] == 0)
    #expect(tally["backups-sound"] == tally["backup-ok"])
  }
}

/// The last value that reported success, per key.
final class LastValues: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: String] = [:]
  func set(_ key: String, _ value: String) { lock.withLock { values[key] = value } }
  func get(_ key: String) -> String? { lock.withLock { values[key] } }
  var count: Int { lock.withLock { values.count } }
}

import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-forecast alerts --watch --notify` against a real `dbus-daemon --session` with a
/// notification server stand-in on it (Fixtures/notification-server.py, which logs each call):
/// exactly one Notify per new alert, a replace on Update, a CloseNotification on Cancel, none
/// below the alert level, none twice after the watcher restarts; and exit 69 with no bus.
@Suite("cloudy-forecast alerts --watch --notify: desktop notifications over D-Bus")
struct NotifyToolTests {
  /// A session bus of the test's own and the stand-in server on it.
  final class SessionBus {
    let daemon: WatchedProcess
    let server: WatchedProcess
    let address: String
    let log: String

    init(_ folder: ToolTestFolder) throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"),
        "dbus-daemon is not installed")
      daemon = try WatchedProcess(
        executableAt: "/usr/bin/dbus-daemon",
        [
          "--session", "--nofork", "--print-address=1",
          "--address=unix:path=\(folder.file("bus"))",
        ])
      address = try daemon.line(0)
      log = folder.file("calls.jsonl")
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/notification-server.py").path
      server = try WatchedProcess(
        executableAt: "/usr/bin/python3", [script, log],
        environment: ["DBUS_SESSION_BUS_ADDRESS": address])
      _ = try calls(1)
    }

    /// The calls logged (after the stand-in's "ready"), once there are at least `count`
    /// lines; records an issue at the deadline.
    func calls(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
      -> [[String: Any]]
    {
      let deadline = Date().addingTimeInterval(WatchedProcess.deadline)
      var lines: [Substring] = []
      while Date() < deadline {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n")
        if lines.count >= count { break }
        usleep(20_000)
      }
      #expect(lines.count >= count, "\(lines)", sourceLocation: sourceLocation)
      return try lines.map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    }

    // Killed outright: the test runner's blocked signals are inherited (SIGTERM would wait),
    // and the daemon's output pipe is held by the processes started after it, so waiting for
    // its end would wait for theirs.
    deinit {
      kill(server.processIdentifier, SIGKILL)
      kill(daemon.processIdentifier, SIGKILL)
    }
  }

  static let portland = "45.52,-122.68"

  static func watcher(_ db: String, bus: SessionBus) throws -> WatchedProcess {
    try WatchedProcess(
      "cloudy-forecast", ["alerts", "--watch", "--notify", "--db", db],
      environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
  }

  @Test func oneNotifyPerAlertAReplaceOnUpdateACloseOnCancelNoneBelowTheLevelNoneTwice()
    throws
  {
    let folder = try ToolTestFolder()
    let bus = try SessionBus(folder)
    let db = try AlertToolTests.database(
      folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let now = Int64(Date().timeIntervalSince1970)
    func cap(
      _ identifier: String, _ event: String, _ severity: String, type: String = "Alert",
      references: String? = nil
    ) throws -> String {
      try Glance.cap(
        folder, identifier: identifier, type: type, references: references, event: event,
        severity: severity, onset: now - 600, expires: now + 86_400, headline: "\(event) headline",
        around: Self.portland)
    }
    let sent = Glance.capTime(now - 600)
    var watcher = try Self.watcher(db, bus: bus)

    // A minor alert, below the default level (moderate): no notification. Then a severe one:
    // exactly one, and the first call the server sees.
    try Glance.importFile(try cap("minor-1", "Special Weather Statement", "Minor"), db: db)
    try Glance.importFile(try cap("wind-1", "Wind Warning", "Severe"), db: db)
    let first = try bus.calls(2)
    #expect(first.count == 2, "\(first)")
    #expect(first[1]["call"] as? String == "Notify")
    #expect(first[1]["app_name"] as? String == "Cloudy")
    #expect(first[1]["summary"] as? String == "Wind Warning · Portland")
    #expect((first[1]["body"] as? String)?.hasPrefix("Wind Warning headline\n") == true)
    #expect(first[1]["urgency"] as? Int == 2)
    #expect(first[1]["replaces_id"] as? Int == 0)
    let id = try #require(first[1]["id"] as? Int)

    // An Update of it replaces its notification.
    try Glance.importFile(
      try cap(
        "wind-2", "Wind Warning", "Severe", type: "Update",
        references: "cloudy-tests@example.org,wind-1,\(sent)"), db: db)
    let updated = try bus.calls(3)
    #expect(updated.count == 3, "\(updated)")
    #expect(updated[2]["call"] as? String == "Notify")
    #expect(updated[2]["replaces_id"] as? Int == id)

    // The watcher restarts: nothing is notified again. A new moderate alert is the next call.
    let end = watcher.stop(signal: SIGTERM)
    #expect(end.status == 0, "\(end.standardError)")
    watcher = try Self.watcher(db, bus: bus)
    try Glance.importFile(try cap("flood-1", "Flood Watch", "Moderate"), db: db)
    let restarted = try bus.calls(4)
    #expect(restarted.count == 4, "\(restarted)")
    #expect(restarted[3]["summary"] as? String == "Flood Watch · Portland")
    #expect(restarted[3]["urgency"] as? Int == 1)
    #expect(restarted[3]["replaces_id"] as? Int == 0)

    // A Cancel of the update closes the notification it replaced into.
    try Glance.importFile(
      try cap(
        "wind-3", "Wind Warning", "Severe", type: "Cancel",
        references: "cloudy-tests@example.org,wind-2,\(sent)"), db: db)
    let cancelled = try bus.calls(5)
    #expect(cancelled.count == 5, "\(cancelled)")
    #expect(cancelled[4]["call"] as? String == "CloseNotification")
    #expect(cancelled[4]["id"] as? Int == id)

    _ = watcher.stop(signal: SIGTERM)
    #expect(try bus.calls(5).count == 5)
    // Remembered per device: the table is the device's own, captured by no sync trigger.
    #expect(
      try sqlite3(db, "SELECT identifier, closed_at IS NULL FROM alert_notified ORDER BY 1")
        == "flood-1|1\nwind-1|0\nwind-2|0")
    #expect(
      try sqlite3(
        db,
        "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%alert_notified%'"
      ) == "0")
  }

  @Test func withNoSessionBusItSaysSoAndExits69() throws {
    let folder = try ToolTestFolder()
    let db = try AlertToolTests.database(
      folder, "Portland", "45.52", "-122.68", zone: "America/Los_Angeles")
    let result = try ToolRunner.run(
      "cloudy-forecast", ["alerts", "--watch", "--notify", "--db", db],
      environment: [
        "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.file("no-bus"))", "DISPLAY": "",
      ])
    #expect(result.status == 69)
    #expect(result.standardError.hasPrefix("cloudy-forecast: error: no session D-Bus"))
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(result.standardOutput.isEmpty)
  }
}

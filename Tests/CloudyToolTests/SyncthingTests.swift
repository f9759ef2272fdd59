import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The set-up the README promises: two machines, one Syncthing folder, `cloudy-db sync
/// --folder --watch` on each. Real Syncthing (two instances on 127.0.0.1, see SyncthingPair)
/// carries the change files between two copies of the folder; nothing else connects them.
@Suite("Sync through real Syncthing")
struct SyncthingTests {
  @Test func editsOnOneMachineAppearOnTheOtherThroughSyncthing() throws {
    guard let syncthing = SyncthingPair.executable else {
      Issue.record("syncthing is not installed (.ci/run installs it)")
      return
    }
    let folder = try ToolTestFolder()
    let pair = try SyncthingPair(root: folder.path, executable: syncthing)
    defer { pair.stop() }
    try pair.start(executable: syncthing)
    let (laptop, desktop) = (pair.peers[0], pair.peers[1])
    let (laptopDB, desktopDB) = (folder.file("laptop.sqlite"), folder.file("desktop.sqlite"))

    try run(
      "cloudy-locations", ["add", "--name", "Bergen", "--lat", "60.39", "--lon", "5.32"], laptopDB)
    let watchLaptop = try WatchedProcess(
      "cloudy-db", ["sync", "--folder", laptop.folder, "--watch", "--json", "--db", laptopDB])
    // The laptop makes its copy a Cloudy sync folder; Syncthing brings the marker to the
    // desktop's copy, which is then the same sync folder there.
    #expect(
      waitFor { FileManager.default.fileExists(atPath: "\(desktop.folder)/cloudy-sync.txt") },
      "the folder marker never reached the desktop:\n\(pair.log(of: desktop))")
    // The desktop has no database yet: its first sync makes one and takes the laptop's place.
    let watchDesktop = try WatchedProcess(
      "cloudy-db", ["sync", "--folder", desktop.folder, "--watch", "--json", "--db", desktopDB])
    #expect(waitFor { try names(desktopDB) == ["Bergen"] })

    // A rename on the laptop, a setting on the desktop, a place added on the desktop: each
    // appears on the other machine with no command run there.
    try run("cloudy-locations", ["rename", "Bergen", "Bergen, Vestland"], laptopDB)
    #expect(waitFor { try names(desktopDB) == ["Bergen, Vestland"] })
    try run("cloudy-settings", ["set", "temperature", "celsius"], desktopDB)
    #expect(waitFor { try temperature(laptopDB) == "celsius" })
    try run(
      "cloudy-locations", ["add", "--name", "Tromsø", "--lat", "69.65", "--lon", "18.96"],
      desktopDB)
    #expect(waitFor { try names(laptopDB) == ["Bergen, Vestland", "Tromsø"] })
    #expect(try names(desktopDB) == ["Bergen, Vestland", "Tromsø"])

    let endLaptop = watchLaptop.stop(signal: SIGTERM)
    let endDesktop = watchDesktop.stop(signal: SIGTERM)
    #expect(endLaptop.status == 0 && endDesktop.status == 0)
    #expect(endLaptop.standardError == "" && endDesktop.standardError == "")
    // Each device writes only its own subfolder: Syncthing never had a conflict to keep.
    for copy in [laptop.folder, desktop.folder] {
      let files = try FileManager.default.subpathsOfDirectory(atPath: copy)
      #expect(!files.contains { $0.contains(".sync-conflict-") }, "\(copy): \(files)")
    }
  }

  // MARK: - Helpers

  @discardableResult
  func run(_ tool: String, _ arguments: [String], _ db: String) throws -> ToolRunner.Result {
    let result = try ToolRunner.run(tool, arguments + ["--db", db])
    #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
    return result
  }

  /// The saved places' names, in order, as `cloudy-locations list --json` shows them. Throws
  /// (and records nothing) when they cannot be read yet: it is polled.
  func names(_ db: String) throws -> [String] {
    let list = try shown("cloudy-locations", ["list", "--json", "--db", db])
    let sections = list["sections"] as? [[String: Any]] ?? []
    let saved = sections.first { $0["kind"] as? String == "saved" }
    let rows = saved?["rows"] as? [[String: Any]] ?? []
    return rows.compactMap { $0["name"] as? String }
  }

  func temperature(_ db: String) throws -> String? {
    let settings = try shown("cloudy-settings", ["show", "--json", "--db", db])["settings"]
    return (settings as? [String: Any])?["temperature"] as? String
  }

  private func shown(_ tool: String, _ arguments: [String]) throws -> [String: Any] {
    let result = try ToolRunner.run(tool, arguments)
    guard result.status == 0,
      let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [String: Any]
    else { throw SyncthingError.toolFailed(tool, result.status, result.standardError) }
    return object
  }

  /// Polls `condition` until it holds or 30 s pass (a safety net, not a measurement: Syncthing
  /// carries a file in a second or two here).
  func waitFor(_ condition: () throws -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if (try? condition()) == true { return true }
      Thread.sleep(forTimeInterval: 0.2)
    }
    return false
  }
}

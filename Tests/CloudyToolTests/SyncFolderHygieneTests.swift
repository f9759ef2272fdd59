import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-db sync --folder` with the files a shared folder can carry besides change files:
/// FIFOs, symbolic links, names with huge numbers, headers holding escape sequences. Each is
/// skipped or refused with a line; none hangs, crashes or leads the sync outside the folder.
@Suite("cloudy-db sync: what a folder can carry")
struct SyncFolderHygieneTests {
  /// A folder with one device's genuine first change file, and that device's id.
  private func setUp() throws -> (folder: ToolTestFolder, sync: String, writer: String) {
    let folder = try ToolTestFolder()
    let (laptop, sync) = (folder.file("laptop.sqlite"), folder.file("sync"))
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], laptop)
    let first = try jsonObject(
      try runSucceeding("cloudy-db", ["sync", "--folder", sync, "--json"], laptop))
    return (folder, sync, try #require(first["device"] as? String))
  }

  @Test func aFIFOASymlinkAndAHugeNumberAreSkippedAndTheRestApplies() throws {
    let (folder, sync, writer) = try setUp()
    let desktop = folder.file("desktop.sqlite")
    // A FIFO named like a change file: opening it would wait for a writer for ever.
    #expect(mkfifo("\(sync)/\(writer)/00000002.changes", 0o600) == 0)
    // A link named like one, to a file outside the folder.
    let outside = folder.file("outside.changes")
    try Data(
      try #require(FileManager.default.contents(atPath: "\(sync)/\(writer)/00000001.changes"))
    )
    .write(to: URL(fileURLWithPath: outside))
    try FileManager.default.createSymbolicLink(
      atPath: "\(sync)/\(writer)/00000003.changes", withDestinationPath: outside)
    // The greatest number there is, in the writer's subfolder and in the reader's own.
    try Data("x".utf8).write(
      to: URL(fileURLWithPath: "\(sync)/\(writer)/9223372036854775807.changes"))
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], desktop)
    let own = try #require(
      try jsonObject(try runSucceeding("cloudy-db", ["sync", "--status", "--json"], desktop))[
        "device"] as? String)
    try FileManager.default.createDirectory(
      atPath: "\(sync)/\(own)", withIntermediateDirectories: true)
    try Data("x".utf8).write(
      to: URL(fileURLWithPath: "\(sync)/\(own)/9223372036854775807.changes"))

    let result = try ToolRunner.run(
      "cloudy-db", ["sync", "--folder", sync, "--json", "--db", desktop], timeout: 20)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("FIFO"))
    #expect(result.standardError.contains("symbolic link"))
    let report = try jsonObject(result)
    #expect((report["applied"] as? Int ?? 0) > 0)
    #expect((report["sent"] as? Int ?? 0) > 0)
    let names = try runSucceeding("cloudy-locations", ["list"], desktop).standardOutput
    #expect(names.contains("Alpha") && names.contains("Beta"))
    // Its own file took the next ordinary number.
    #expect(FileManager.default.fileExists(atPath: "\(sync)/\(own)/00000001.changes"))
  }

  @Test func aSubfolderThatIsASymlinkIsNeitherReadNorWrittenThrough() throws {
    let (folder, sync, writer) = try setUp()
    let desktop = folder.file("desktop.sqlite")
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Beta", "--lat", "3", "--lon", "4"], desktop)
    let own = try #require(
      try jsonObject(try runSucceeding("cloudy-db", ["sync", "--status", "--json"], desktop))[
        "device"] as? String)
    let elsewhere = folder.file("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: "\(sync)/\(own)", withDestinationPath: elsewhere)
    // Another "device" whose subfolder is a link to the laptop's: not read a second time.
    try FileManager.default.createSymbolicLink(
      atPath: "\(sync)/00000000000000ab", withDestinationPath: "\(sync)/\(writer)")

    let result = try ToolRunner.run("cloudy-db", ["sync", "--folder", sync, "--db", desktop])
    #expect(result.status == 74, "\(result.standardError)")
    #expect(result.standardError.contains("symbolic link"))
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    // A failed sync changes nothing: the laptop's place is not applied either.
    #expect(
      !(try runSucceeding("cloudy-locations", ["list"], desktop).standardOutput.contains("Alpha")))

    // Once the link is gone the sync goes on, and the linked "device" is not read at all.
    try FileManager.default.removeItem(atPath: "\(sync)/\(own)")
    let again = try ToolRunner.run("cloudy-db", ["sync", "--folder", sync, "--db", desktop])
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardError.isEmpty, "\(again.standardError)")
    #expect(FileManager.default.fileExists(atPath: "\(sync)/\(own)/00000001.changes"))
    #expect(
      try runSucceeding("cloudy-locations", ["list"], desktop).standardOutput.contains("Alpha"))
  }

  @Test func escapeSequencesInAHeaderAreNeverPrintedRaw() throws {
    let (folder, sync, writer) = try setUp()
    let desktop = folder.file("desktop.sqlite")
    let genuine = try #require(
      FileManager.default.contents(atPath: "\(sync)/\(writer)/00000001.changes"))
    let newline = try #require(genuine.firstIndex(of: 0x0A))
    var fields = try #require(String(data: genuine.prefix(upTo: newline), encoding: .utf8))
      .split(separator: " ").map(String.init)
    // The writer's name with a terminal title and colour change in it.
    fields[6] = "\u{1B}]0;owned\u{07}\u{1B}[31mred"
    try (Data(fields.joined(separator: " ").utf8) + genuine.suffix(from: newline)).write(
      to: URL(fileURLWithPath: "\(sync)/\(writer)/00000001.changes"))
    // And a file whose header names another writer with escapes in it.
    fields[2] = "\u{1B}[2J"
    fields[3] = "2"
    try (Data(fields.joined(separator: " ").utf8) + genuine.suffix(from: newline)).write(
      to: URL(fileURLWithPath: "\(sync)/\(writer)/00000002.changes"))

    let result = try ToolRunner.run("cloudy-db", ["sync", "--folder", sync, "--db", desktop])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardError.contains("\u{1B}") && !result.standardOutput.contains("\u{1B}"))
    #expect(result.standardError.contains("damaged header"))
    let status = try runSucceeding("cloudy-db", ["sync", "--status"], desktop)
    #expect(!status.standardOutput.contains("\u{1B}"))
    #expect(status.standardOutput.contains(writer))
  }
}

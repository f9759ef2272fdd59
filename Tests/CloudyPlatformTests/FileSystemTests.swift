import CloudyPlatform
import Foundation
import Testing

/// The file-system primitives every store write goes through, against real files in a
/// temporary folder: what a user would see in the folder afterwards.
@Suite struct FileSystemTests {
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "cloudy-platform-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func placingByCreatingNeverReplacesAnExistingFile() throws {
    let destination = folder + "/places.sqlite"
    try write("theirs", to: destination)
    let temporary = TemporaryFile(for: destination, kind: "creating")
    try temporary.create(writing: Array("mine".utf8))
    #expect(throws: SystemCallError.self) { try temporary.place(.creating) }
    do {
      try temporary.place(.creating)
    } catch {
      #expect(error.isAlreadyExisting)
      #expect(error.path == destination)
    }
    #expect(try read(destination) == "theirs")
    temporary.remove()
    #expect(try names() == ["places.sqlite"])
  }

  @Test func placingByReplacingSwapsTheWholeFileAndKeepsItPrivate() throws {
    let destination = folder + "/export.json"
    try write("old", to: destination)
    let temporary = TemporaryFile(for: destination, kind: "export")
    #expect(PathComponents.name(of: temporary.path).hasPrefix(".export.json.export-"))
    try temporary.create(writing: Array("new".utf8))
    try temporary.place(.replacing)
    #expect(try read(destination) == "new")
    #expect(try names() == ["export.json"])
    let mode = try FileManager.default.attributesOfItem(atPath: destination)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  @Test func aTemporaryOfAKilledWriterIsRemovedByTheNextOne() throws {
    let destination = folder + "/backup.sqlite"
    // No process has id 2^22 + 1 on Linux (pid_max is at most 2^22).
    let abandoned = folder + "/.backup.sqlite.backup-4194305"
    let live = folder + "/.backup.sqlite.backup-1"  // init: alive, so kept
    try write("half", to: abandoned)
    try write("init's", to: live)
    _ = TemporaryFile(for: destination, kind: "backup")
    #expect(try names() == [".backup.sqlite.backup-1"])
  }

  @Test func privateFoldersAreCreatedWithTheirParentsAndRefuseAFileOnTheWay() throws {
    let nested = folder + "/a/b/c"
    try PrivateFolders.create(nested)
    try PrivateFolders.create(nested)  // already there: nothing to do
    let status = try #require(try FileStatus.of(nested))
    #expect(status.kind == .folder)
    let mode = try FileManager.default.attributesOfItem(atPath: folder + "/a")[.posixPermissions]
    #expect(mode as? Int == 0o700)

    try write("x", to: folder + "/file")
    do {
      try PrivateFolders.create(folder + "/file/inner")
      Issue.record("a folder was made under a file")
    } catch {
      #expect(error.isNotAFolder)
      #expect(error.path == folder + "/file")
    }
  }

  @Test func statusTellsKindsSizesAndIdentityWhateverThePathsSpelling() throws {
    let file = folder + "/db.sqlite"
    try write("12345", to: file)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: file)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/dangling", withDestinationPath: folder + "/nothing")

    let status = try #require(try FileStatus.of(file))
    #expect(status.kind == .regular)
    #expect(status.size == 5)
    #expect(try FileStatus.of(folder + "/./link")?.identity == status.identity)
    #expect(try FileStatus.ofEntry(folder + "/link")?.kind == .symbolicLink)
    #expect(try FileStatus.of(folder + "/dangling") == nil)
    #expect(try FileStatus.ofEntry(folder + "/dangling") != nil)
    #expect(FileStatus.isSameFile(folder + "/link", asAnyOf: ["/nothing", file]))
    #expect(!FileStatus.isSameFile(folder + "/dangling", asAnyOf: [file]))
    #expect(FileStatus.size(of: folder + "/nothing") == 0)
    do {
      _ = try FileStatus.of(file + "/inner")
      Issue.record("a path through a file was read")
    } catch {
      #expect(error.isNotAFolder)
    }
  }

  @Test func pathComponentsSplitAsDirnameAndBasenameDo() {
    #expect(PathComponents.folder(of: "/a/b") == "/a")
    #expect(PathComponents.folder(of: "/b") == "/")
    #expect(PathComponents.folder(of: "b") == ".")
    #expect(PathComponents.name(of: "/a/b") == "b")
    #expect(PathComponents.name(of: "b") == "b")
  }

  @Test func aFailedCallSaysWhatWasDoneToWhichFileAndWhy() throws {
    do {
      try TemporaryFile.sync(folder + "/missing")
      Issue.record("a missing file was synced")
    } catch {
      #expect(error.isMissing)
      #expect(error.call == "open")
      #expect(error.description == "open failed: No such file or directory")
      #expect(error.cause == .other("No such file or directory"))
    }
  }
}

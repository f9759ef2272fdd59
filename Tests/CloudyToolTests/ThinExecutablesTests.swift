import Foundation
import Testing

/// Every executable is a `main.swift` of a few lines over its command library (`CloudyAppCLI`,
/// `CloudyFetchCLI`, `CloudyDBCLI`, …): code left in an executable's folder cannot be tested
/// in-process, and what it imports would be linked by that tool alone.
@Suite("Executables: one main.swift each, a few lines over a library")
struct ThinExecutablesTests {
  @Test(
    "an executable's folder holds main.swift alone, of at most six lines of code",
    arguments: LinkageTests.tools)
  func thin(tool: String) throws {
    let folder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources").appendingPathComponent(tool)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files == ["main.swift"], "\(tool): \(files.sorted())")
    let text = try String(
      contentsOf: folder.appendingPathComponent("main.swift"), encoding: .utf8)
    let code = text.split(separator: "\n").filter { line in
      let trimmed = line.drop { $0 == " " }
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
    #expect(code.count <= 6, "\(tool)/main.swift has \(code.count) lines of code")
  }
}

import Foundation
import Testing

/// The JSON API against its own document: schemathesis (PyPI; `.ci/run` installs it) generates
/// requests from `openapi.json` — valid ones, invalid ones, and sequences that create and then
/// change places — and checks every answer: no 5xx, every status and body as the document says,
/// valid requests accepted, invalid ones refused, 405 for methods a path does not have.
@Suite(
  "cloudy-web: the API against openapi.json (schemathesis)",
  .enabled(
    if: Schemathesis.path != nil
      || ProcessInfo.processInfo.environment["CI"] != nil,
    "schemathesis is not installed (.ci/run installs it with pip)"))
struct WebAPIDocumentTests {
  @Test("every generated request answered as the document says, none with a 5xx")
  func conformance() throws {
    let tool = try #require(Schemathesis.path, "schemathesis is not installed")
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(
      folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
    let web = try WebServerProcess(database: db, ["--offline"])
    // A change file (POST /api/sync/changes) is binary: no schema can say which bytes make
    // one, so bytes the document allows may still be refused as not a change file (422).
    try """
    [[operations]]
    include-name = "POST /api/sync/changes"
    checks.positive_data_acceptance.expected-statuses = [200, 422]
    """.write(toFile: folder.file("schemathesis.toml"), atomically: true, encoding: .utf8)
    // Run from the test's folder: schemathesis keeps its example cache (.schemathesis/) in the
    // working directory, and reads its schemathesis.toml there.
    let command = [
      "cd", ToolTestFolder.quoted(folder.path), "&&", "exec", ToolTestFolder.quoted(tool), "run",
      "http://127.0.0.1:\(web.port)/openapi.json", "--checks", "all", "--max-examples", "40",
      "--seed", "20261124",
    ].joined(separator: " ")
    let run = try ToolRunner.run(
      executableAt: URL(fileURLWithPath: "/bin/sh"), ["-c", command], timeout: 300)
    #expect(run.status == 0, "\(run.standardOutput.suffix(4000))\(run.standardError.suffix(2000))")
    #expect(run.standardOutput.contains("passed"))
    #expect(web.stop() == 0)
  }
}

/// Where schemathesis is installed (on PATH), if it is.
enum Schemathesis {
  static let path: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return paths.map { "\($0)/schemathesis" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()
}

import CloudyTestSupport
import Foundation
import Testing

/// Runs a built Cloudy executable as a separate process, as a user would.
///
/// The executables are found beside the test bundle (the same build folder, whatever
/// --scratch-path was used); `swift test` builds them with the rest of the package.
struct ToolRunner {
  struct Result {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  static let buildFolder: URL = {
    // /proc/self/exe is the test runner: .../debug/CloudyPackageTests.xctest
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent()
  }()

  static func executable(_ tool: String) -> URL { buildFolder.appendingPathComponent(tool) }

  /// Where the tools look for the NWS (`CLOUDY_NWS_URL`), and the address every test process
  /// gets unless it names a stand-in: port 9 on loopback, which refuses at once.
  static let nwsVariable = "CLOUDY_NWS_URL"
  static let nowhere = LoopbackServices.closedPort

  /// Runs `tool` with `arguments`; the environment is the test's, minus anything Cloudy reads,
  /// plus `environment`. Standard input is empty. Fails the test if the tool was not built.
  @discardableResult
  static func run(
    _ tool: String, _ arguments: [String], environment: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> Result {
    try run(executableAt: executable(tool), arguments, environment: environment, timeout: timeout)
  }

  /// The same for an executable elsewhere (a copy, a symbolic link).
  ///
  /// Under libfaketime (`AlertToolTests.clock`), Debian's 0.9.10 sometimes fails its own
  /// start-up ("In ft_shm_init(), sem_open failed and recreation attempts failed", exit 1,
  /// before the tool's first instruction); most likely because it makes a semaphore and shared
  /// memory named by the process id and leaves them in /dev/shm at exit, and with `pid_max` at
  /// 32768 a later process of a long run gets an id whose names are taken. Seen twice in a clean clone's
  /// `.ci/run`, in different tests. Such a start is run again (another process id), at most
  /// twice; nothing of the tool ran, so nothing is repeated.
  @discardableResult
  static func run(
    executableAt url: URL, _ arguments: [String], environment: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> Result {
    var result = try runOnce(
      executableAt: url, arguments, environment: environment, timeout: timeout)
    for _ in 0..<2
    where result.status == 1 && result.standardOutput.isEmpty
      && result.standardError.contains("libfaketime: In ft_shm_init()")
    {
      result = try runOnce(
        executableAt: url, arguments, environment: environment, timeout: timeout)
    }
    return result
  }

  private static func runOnce(
    executableAt url: URL, _ arguments: [String], environment: [String: String],
    timeout: TimeInterval
  ) throws -> Result {
    let tool = url.lastPathComponent
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      Issue.record("\(url.path) was not built; run `swift build` before the tests")
      return Result(status: -1, standardOutput: "", standardError: "not built")
    }
    let (process, output, error) = try launch(url, arguments, environment: environment)
    // Read both pipes while the process runs so a large output cannot block it.
    let outputData = ReadBox()
    let errorData = ReadBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outputData.set(output.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    if group.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      Issue.record("\(tool) \(arguments) did not finish within \(timeout) s")
    }
    process.waitUntilExit()
    // Foundation reports a signal's number as the status: say so, or a SIGHUP reads as exit 1.
    let signalled =
      process.terminationReason == .uncaughtSignal
      ? "\n(ToolRunner: \(tool) was ended by signal \(process.terminationStatus))" : ""
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData.get(), as: UTF8.self),
      standardError: String(decoding: errorData.get(), as: UTF8.self) + signalled)
  }
}

extension ToolRunner {
  /// Starts `url` with `arguments`, its output and error on pipes and an empty standard input;
  /// the environment is the test's, minus anything Cloudy reads, plus `environment`.
  static func launch(
    _ url: URL, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (Process, Pipe, Pipe) {
    var base = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("CLOUDY_") && $0.key != "XDG_DATA_HOME"
    }
    base.merge(LoopbackServices.environment) { $1 }
    base.merge(environment) { $1 }
    return try start(attempts: 100) {
      let process = Process()
      process.executableURL = url
      process.arguments = arguments
      process.environment = base
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      process.standardInput = FileHandle.nullDevice
      return (process, output, error)
    }
  }

  /// Starts a process made by `make`, with a new one while the kernel says "text file busy":
  /// an executable a test has just copied can be held open for writing, briefly, by a child
  /// that another test thread forked meanwhile (until that child's exec closes it).
  static func start(attempts: Int, _ make: () -> (Process, Pipe, Pipe)) throws -> (
    Process, Pipe, Pipe
  ) {
    for attempt in 1... {
      let made = make()
      do {
        try made.0.run()
        return made
      } catch let error as NSError
        where attempt < attempts
        && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY)
      {
        usleep(20_000)
      }
    }
    fatalError("unreachable: the last attempt returns or throws")
  }
}

/// A thread-safe holder for pipe contents read on another queue.
final class ReadBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}

/// A fresh folder under /tmp for one test, removed afterwards.
final class ToolTestFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/cloudy-tool-test-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { "\(path)/\(name)" }

  /// `text` quoted for /bin/sh.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The bytes of a file (nil if missing), to prove a refused command changed nothing.
  func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }
}

/// The JSON object a `--json` run printed; records an issue unless the run succeeded.
func jsonObject(_ result: ToolRunner.Result, sourceLocation: SourceLocation = #_sourceLocation)
  throws -> [String: Any]
{
  #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
  let value = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
  return try #require(value as? [String: Any], sourceLocation: sourceLocation)
}

/// Runs SQL with the sqlite3 CLI, as a user inspecting the file would.
func sqlite3(_ path: String, _ sql: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
  process.arguments = [path, sql]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = Pipe()
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

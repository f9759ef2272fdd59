import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Shared machinery of the reliability suite (Reliability*.swift).
///
/// One implementation, two sizes: `CLOUDY_RELIABILITY_SCALE=long` (set by `scripts/reliability`)
/// raises the iteration counts; the default short run keeps `swift test` quick. Every test prints
/// one figure line on standard output, `reliability: NAME key=value …`, which the script
/// collects.
enum Reliability {
  static let isLong = ProcessInfo.processInfo.environment["CLOUDY_RELIABILITY_SCALE"] == "long"

  /// `short` in `swift test`, `long` in the on-demand run.
  static func count(short: Int, long: Int) -> Int { isLong ? long : short }

  /// The seed of the random choices: `CLOUDY_RELIABILITY_SEED`, else the clock. Printed with the
  /// figures so a failing run can be repeated.
  static func seed() -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["CLOUDY_RELIABILITY_SEED"],
      let value = UInt64(text)
    {
      return value
    }
    return UInt64(UInt32(truncatingIfNeeded: time(nil))) &* 2_654_435_761 & 0xFFFF_FFFF
  }

  /// Prints one figure line (unbuffered, so it survives a later crash of the runner).
  static func report(_ name: String, _ figures: KeyValuePairs<String, Any>) {
    let text = figures.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    let line = "reliability: \(name) \(text)\n"
    _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
  }

  /// The test fixtures folder in the source tree.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
}

/// SplitMix64: small, fast and reproducible from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Runs the built tools with `posix_spawn`: raw byte arguments (for invalid UTF-8), a pid to
/// SIGKILL, output into files (nothing to drain), and an optional unprivileged user.
enum RawProcess {
  struct Result {
    /// Exit status, or -1 when killed by a signal.
    var status: Int32
    /// The signal that ended it, or 0.
    var signal: Int32
    var standardOutput: String
    var standardError: String
    var seconds: Double
    var killed: Bool { signal != 0 }
  }

  struct Running {
    let pid: pid_t
    let outputPath: String
    let errorPath: String
    let started: Double
  }

  /// The environment the tools get: the test's, minus anything Cloudy reads, plus `extra`.
  static func environment(_ extra: [String: String]) -> [String: String] {
    var base = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("CLOUDY_") && $0.key != "XDG_DATA_HOME"
    }
    base.merge(LoopbackServices.environment) { $1 }
    base.merge(extra) { $1 }
    return base
  }

  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// A counter for unique output file names across threads.
  private static let sequence = Counter()

  /// Starts `executable` with `arguments` (bytes, no NUL); stdout and stderr go to files in
  /// `scratch`. Throws the spawn error (e.g. E2BIG for an argument over 128 KiB).
  static func start(
    _ executable: String, _ arguments: [[UInt8]], environment extra: [String: String] = [:],
    scratch: String, asUser uid: uid_t? = nil
  ) throws -> Running {
    var argv: [[UInt8]] = []
    if let uid {
      argv = [
        "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--",
      ].map { Array($0.utf8) }
    }
    argv.append(Array(executable.utf8))
    argv += arguments
    let program = uid == nil ? executable : "/usr/bin/setpriv"
    let number = sequence.next()
    let outputPath = "\(scratch)/.out-\(getpid())-\(number)"
    let errorPath = "\(scratch)/.err-\(getpid())-\(number)"

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let cArguments: [UnsafeMutablePointer<CChar>?] =
      argv.map { bytes in
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
      } + [nil]
    let cEnvironment: [UnsafeMutablePointer<CChar>?] =
      environment(extra).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments { pointer?.deallocate() }
      for pointer in cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, program, &actions, nil, cArguments, cEnvironment)
    guard code == 0 else { throw SpawnError(code: code) }
    return Running(pid: pid, outputPath: outputPath, errorPath: errorPath, started: now())
  }

  /// Waits for the process (SIGKILL after `timeout` seconds) and collects its output.
  static func finish(_ running: Running, timeout: Double = 60) -> Result {
    var status: Int32 = 0
    let deadline = now() + timeout
    var timedOut = false
    while true {
      let waited = waitpid(running.pid, &status, WNOHANG)
      if waited == running.pid { break }
      if waited < 0 && errno != EINTR { break }
      if now() > deadline && !timedOut {
        timedOut = true
        kill(running.pid, SIGKILL)
      }
      usleep(500)
    }
    let seconds = now() - running.started
    let output = (try? String(contentsOfFile: running.outputPath, encoding: .utf8)) ?? ""
    let error = (try? String(contentsOfFile: running.errorPath, encoding: .utf8)) ?? ""
    unlink(running.outputPath)
    unlink(running.errorPath)
    let signal = status & 0x7f
    let exitStatus = signal == 0 ? (status >> 8) & 0xff : -1
    if timedOut { Issue.record("a tool did not finish within \(timeout) s and was killed") }
    return Result(
      status: exitStatus, signal: signal, standardOutput: output, standardError: error,
      seconds: seconds)
  }

  /// Runs a tool to completion.
  static func run(
    _ tool: String, _ arguments: [String], environment: [String: String] = [:], scratch: String,
    asUser uid: uid_t? = nil, timeout: Double = 60
  ) throws -> Result {
    try runBytes(
      tool, arguments.map { Array($0.utf8) }, environment: environment, scratch: scratch,
      asUser: uid, timeout: timeout)
  }

  static func runBytes(
    _ tool: String, _ arguments: [[UInt8]], environment: [String: String] = [:], scratch: String,
    asUser uid: uid_t? = nil, timeout: Double = 60
  ) throws -> Result {
    let running = try start(
      ToolRunner.executable(tool).path, arguments, environment: environment, scratch: scratch,
      asUser: uid)
    return finish(running, timeout: timeout)
  }

  /// True when every tool in `tools` has been built beside the tests.
  static func built(_ tools: String...) -> Bool {
    tools.allSatisfy {
      FileManager.default.isExecutableFile(atPath: ToolRunner.executable($0).path)
    }
  }
}

struct SpawnError: Error, CustomStringConvertible {
  let code: Int32
  var description: String { "posix_spawn: \(String(cString: strerror(code)))" }
}

final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}

/// Thread-safe accumulation for the concurrent tests.
final class Tally: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  private var notes: [String] = []
  func add(_ key: String, _ amount: Int = 1) { lock.withLock { counts[key, default: 0] += amount } }
  func note(_ text: String) { lock.withLock { notes.append(text) } }
  subscript(_ key: String) -> Int { lock.withLock { counts[key, default: 0] } }
  var allNotes: [String] { lock.withLock { notes } }
}

/// Files for one reliability test: a fresh folder under /tmp, reachable by `nobody` when the
/// test needs an unprivileged user.
final class ReliabilityFolder {
  let path: String

  init(_ label: String) throws {
    var template = Array("/tmp/cloudy-reliability-\(label)-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
  }

  deinit {
    // Undo any chmod a test left, so the folder can be removed.
    if let enumerator = FileManager.default.enumerator(atPath: path) {
      for case let name as String in enumerator { chmod("\(path)/\(name)", 0o700) }
    }
    chmod(path, 0o700)
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// The unprivileged user the permission cases run as when the suite runs as root.
enum Unprivileged {
  static let nobody: uid_t = 65534

  /// Why the permission cases cannot run, or nil when they can (as `uid`, possibly nil = self).
  static func user() -> (uid: uid_t?, skipReason: String?) {
    if geteuid() != 0 { return (nil, nil) }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
      return (nil, "running as root and /usr/bin/setpriv is missing")
    }
    // The tools must be reachable by nobody: every folder on the way needs o+x.
    var folder = ToolRunner.buildFolder.path
    while folder != "/" && !folder.isEmpty {
      var info = stat()
      if stat(folder, &info) != 0 || info.st_mode & 0o001 == 0 {
        return (nil, "running as root and \(folder) is not reachable by nobody")
      }
      folder = (folder as NSString).deletingLastPathComponent
    }
    return (nobody, nil)
  }
}

/// A database file's bytes with its -wal and -shm, to prove a refused command changed nothing.
struct FileSnapshot: Equatable {
  var main: Data?
  var wal: Data?

  init(_ path: String) {
    main = FileManager.default.contents(atPath: path)
    wal = FileManager.default.contents(atPath: path + "-wal")
  }

  /// FNV-1a of the main file, printed in failure messages.
  var hash: String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in main ?? Data() { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(value, radix: 16)
  }
}

/// Runs sqlite3 read-only (it never checkpoints or recovers into the file), returning stdout.
func sqliteReadOnly(_ path: String, _ sql: String) -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
  process.arguments = ["-readonly", "-batch", path, sql]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  process.standardInput = FileHandle.nullDevice
  do { try process.run() } catch { return (-1, "\(error)") }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus,
    String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  )
}

/// The schema as sqlite3 sees it, to prove it is intact after a crash.
func schemaText(_ path: String) -> String {
  sqliteReadOnly(
    path,
    "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name; SELECT version || ' ' || checksum FROM cloudy_migration ORDER BY version; PRAGMA user_version;"
  ).output
}

/// True when `text` is one line starting with `tool: error: `.
func isOneLineError(_ text: String, tool: String) -> Bool {
  text.hasPrefix("\(tool): error: ") && text.hasSuffix("\n")
    && text.dropLast().firstIndex(of: "\n") == nil
}

import CloudyTestSupport
import Foundation
import Testing

/// `cloudy` in a real terminal: a tmux server of its own (its own socket, no user config), one
/// pane of a fixed size. Keys go in with send-keys, the screen comes out with capture-pane;
/// every wait is for expected text with a deadline, never a fixed sleep.
final class TmuxPane {
  static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var isAvailable: Bool { tmuxPath != nil }

  let socket = "cloudy-test-\(UUID().uuidString.prefix(8))"

  /// Starts `cloudy ARGUMENTS` in an 80×24 (or given) pane. After it exits the pane prints
  /// `EXIT=status` and whether the terminal's settings are the ones it started with.
  /// `jobControl`: the shell runs the app as a job of its own (`set -m`), as an interactive
  /// shell does, so Ctrl-Z can stop it (the kernel discards SIGTSTP in an orphaned group).
  init(
    arguments: [String], environment: [String: String] = [:], columns: Int = 80, rows: Int = 24,
    executable: URL = ToolRunner.executable("cloudy"), jobControl: Bool = false
  ) throws {
    let cloudy = executable.path
    #expect(FileManager.default.isExecutableFile(atPath: cloudy), "cloudy was not built")
    var assignments = ["LANG=C.UTF-8", "TERM=xterm-256color"]
    // Every service on a closed loopback port unless the test names a stand-in.
    let services = LoopbackServices.environment.merging(environment) { $1 }
    assignments += services.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(Self.quoted($0.value))"
    }
    let prefix: [String] = jobControl ? ["set -m"] : []
    let steps: [String] = [
      "BEFORE=$(stty -g)",
      "env -u CLOUDY_DB -u XDG_DATA_HOME -u NO_COLOR \(assignments.joined(separator: " ")) \(Self.quoted(cloudy)) \(arguments.map(Self.quoted).joined(separator: " "))",
      "echo \"EXIT=$?\"",
      "if [ \"$(stty -g)\" = \"$BEFORE\" ]; then echo TERMINAL=RESTORED; else echo TERMINAL=CHANGED; fi",
      "sleep 600",
    ]
    let command = (prefix + steps).joined(separator: "; ")
    try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], capture: false)
  }

  deinit {
    // The pane's processes may have SIGHUP blocked (the test runner's mask is inherited), so
    // kill-server alone would leave them, and the server, running: end them first.
    if let shell = try? tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines), let pid = Int32(shell)
    {
      let children =
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
      for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
      kill(pid, SIGKILL)
    }
    _ = try? tmux(["kill-server"])
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs a tmux command and returns its standard output. posix_spawn and waitpid rather than
  /// Foundation's Process: the client that starts the server forks it, and Process (swift-
  /// corelibs) then never saw the client exit; the output goes through a file for the same
  /// reason (the server would inherit a pipe and hold it open).
  @discardableResult
  func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
    let outputPath = "/tmp/\(socket)-\(UUID().uuidString.prefix(8)).out"
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, capture ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Through bash (dash reads "exec 10>&-" as a command), which closes every descriptor above 2 first: the server tmux forks would
    // otherwise keep other tests' pipes open, and their tools' output would never end.
    // (posix_spawn_file_actions_addclosefrom_np is not in Swift's Glibc module.)
    let path = "/bin/bash"
    let closeOthers =
      "for fd in /proc/$$/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] 2>/dev/null && eval \"exec $n>&-\"; done; exec \"$0\" \"$@\""
    let argv =
      ([path, "-c", closeOthers, Self.tmuxPath ?? "/usr/bin/tmux", "-L", socket, "-f", "/dev/null"]
      + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
      throw CocoaError(.executableLoad)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard capture else { return "" }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// The screen as text.
  func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

  /// Types text literally (no key names).
  func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

  /// Sends keys by tmux's names: Enter, Escape, Down, Up, C-c, q…
  func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

  func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The pid of `cloudy` (the pane shell's child).
  func appProcessID() throws -> Int32? {
    let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return children.split(separator: " ").compactMap { Int32($0) }.first
  }

  /// Waits until the screen contains `text`; records an issue with the screen when the deadline
  /// passes. Returns the screen.
  @discardableResult
  func waitFor(
    _ text: String, seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try waitUntil(seconds: seconds, "\(text)", sourceLocation: sourceLocation) { $0.contains(text) }
  }

  @discardableResult
  func waitUntil(
    seconds: Double = 20, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      usleep(30_000)
    }
    Issue.record(
      "waited \(seconds) s for \(what); the screen was:\n\(last)", sourceLocation: sourceLocation)
    return last
  }

  /// Waits for the app to exit; its status and whether the terminal was restored.
  func exit(sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    status: Int?, restored: Bool
  ) {
    let screen = try waitFor("TERMINAL=", sourceLocation: sourceLocation)
    let status = screen.split(separator: "\n").first { $0.hasPrefix("EXIT=") }.flatMap {
      Int($0.dropFirst(5))
    }
    return (status, screen.contains("TERMINAL=RESTORED"))
  }
}

/// Counts the requests a loopback server answered.
final class RequestCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// What the loopback provider was asked, in order (the query strings).
final class RequestLog: @unchecked Sendable {
  private let lock = NSLock()
  private var queries: [String] = []
  func append(_ query: String) { lock.withLock { queries.append(query) } }
  var all: [String] { lock.withLock { queries } }
}

#if canImport(Glibc)
  public import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A child process whose standard output and error come back through one pipe, read without
/// blocking: the app runs `cloudy-forecast-fetch` this way and keeps answering keys meanwhile.
///
/// The child gets /dev/null as standard input (it must never read the terminal), default signal
/// dispositions and an empty signal mask, and the parent's environment.
public final class ChildProcess {
  public let id: pid_t
  /// The read end of the child's standard output; non-blocking. Poll it.
  public let output: Int32
  /// The read end of its standard error, kept apart so that a `--json` answer on standard
  /// output reads as JSON; non-blocking, drained with the output and when the child exits.
  private let errors: Int32
  private var collected: [UInt8] = []
  private var collectedErrors: [UInt8] = []
  private var finished = false

  /// Starts `path` with `arguments` (argv[0] is `path`).
  public init(path: String, arguments: [String]) throws(SystemCallError) {
    var ends: [Int32] = [-1, -1]
    try SystemCall.run("pipe") { pipe(&ends) }
    var errorEnds: [Int32] = [-1, -1]
    do {
      try SystemCall.run("pipe") { pipe(&errorEnds) }
    } catch {
      close(ends[0])
      close(ends[1])
      throw error
    }
    let (pid, result) = Self.spawn(
      path, arguments: arguments, output: ends, errors: errorEnds)
    close(ends[1])
    close(errorEnds[1])
    guard result == 0 else {
      close(ends[0])
      close(errorEnds[0])
      throw SystemCallError(call: "posix_spawn \(path)", errorNumber: result)
    }
    for end in [ends[0], errorEnds[0]] {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    id = pid
    output = ends[0]
    errors = errorEnds[0]
  }

  /// Starts the child with standard input from /dev/null, standard output and error into the
  /// pipes' write ends, every signal at its default and none blocked (whatever this process
  /// set up for itself); the pid and posix_spawn's result.
  private static func spawn(
    _ path: String, arguments: [String], output: [Int32], errors: [Int32]
  ) -> (pid_t, Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for end in output + errors { posix_spawn_file_actions_addclose(&actions, end) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    var result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    // "Text file busy": the executable is still open for writing somewhere (being installed
    // or copied, or a descriptor inherited by another child); it passes within moments.
    for _ in 0..<50 where result == ETXTBSY {
      usleep(20_000)
      result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    }
    return (pid, result)
  }

  /// Reads what the child wrote since the last call; true once the pipe reached its end (the
  /// child closed it, normally by exiting).
  public func readAvailable() -> Bool {
    guard !finished else { return true }
    drainErrors()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(output, &buffer, buffer.count)
      if count > 0 {
        collected += buffer.prefix(count)
      } else if count == 0 {
        finished = true
        return true
      } else {
        return errno != EAGAIN && errno != EINTR
          ? {
            finished = true
            return true
          }() : false
      }
    }
  }

  /// What the child wrote on standard error since the last call (whatever is there now).
  private func drainErrors() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(errors, &buffer, buffer.count)
      if count > 0 {
        collectedErrors += buffer.prefix(count)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  /// Everything the child wrote on standard output so far.
  public var outputBytes: [UInt8] { collected }

  /// Everything the child wrote on standard error (all of it once it has exited).
  public var errorText: String { String(decoding: collectedErrors, as: UTF8.self) }

  /// Waits for the child to exit and returns its exit status (128 + the signal's number when a
  /// signal ended it). Call after `readAvailable` returned true.
  public func waitForExit() -> Int32 {
    var status: Int32 = 0
    while waitpid(id, &status, 0) == -1 && errno == EINTR {}
    drainErrors()
    close(output)
    close(errors)
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Ends the child (SIGTERM) and reaps it: for quitting while a fetch runs.
  public func terminate() {
    kill(id, SIGTERM)
    _ = waitForExit()
  }
}

import Foundation

/// Busy loops in child processes (one per core here), so a test's steps and the processes it
/// starts run on a loaded machine, where the timing of a race differs (issue 41's losses of a
/// commit mostly showed under load).
public final class CPUHog {
  private var processes: [Process] = []

  public init(count: Int = 2) throws {
    for _ in 0..<count {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "while :; do :; done"]
      try process.run()
      processes.append(process)
    }
  }

  /// Ends the loops; again is a no-op.
  public func stop() {
    for process in processes where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    processes = []
  }

  deinit { stop() }
}

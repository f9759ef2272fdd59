public import Foundation

/// python3 holding a read transaction on the file until stopped: what Litestream does to a
/// database it streams, and what a test needs to show a writer that is not the last one out.
public final class ReaderProcess {
  public let process = Process()

  /// Returns once the read transaction is open.
  public init(_ path: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN'); c.execute('SELECT count(*) FROM location').fetchall(); print('reading', flush=True); time.sleep(30)",
      path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    _ = pipe.fileHandleForReading.availableData  // "reading"
  }

  /// Ends the reader (and its transaction); again is a no-op.
  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit { stop() }
}

import CloudyPlatform
import CloudyTerminalUI

/// `CLOUDY_FRAME_LOG=FILE`: one line per key answered (screen, nanoseconds from the key read to
/// the frame written) and the moment of the first frame, for the benchmark. Off by default.
struct FrameLog {
  private let log: AppendingLog

  init?(path: String) {
    guard let log = AppendingLog(path: path) else { return nil }
    self.log = log
  }

  /// `first-frame MONOTONIC_NS`: the benchmark subtracts its own launch time.
  func firstFrame() {
    log.write("first-frame \(MonotonicClock.nanoseconds())")
  }

  func key(screen: Screen, nanoseconds: UInt64) {
    log.write("key \(screen) \(nanoseconds)")
  }
}

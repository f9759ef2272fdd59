import CloudyPlatform
import Dispatch

/// `poll(2)` on one descriptor, off Swift's cooperative threads (a blocked worker there would
/// stall every request): on a Dispatch thread, resumed when readable or after the timeout.
enum BlockingWait {
  static func readable(_ descriptor: Int32?, milliseconds: Int32) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let ready =
          descriptor.map {
            Readiness.wait([$0], timeoutMilliseconds: milliseconds)[0]
          }
          ?? {
            _ = Readiness.wait([], timeoutMilliseconds: milliseconds)
            return false
          }()
        continuation.resume(returning: ready)
      }
    }
  }
}

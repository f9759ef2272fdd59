import Synchronization

/// What an open page hears on `GET /events`.
enum LiveEvent: Equatable, Sendable {
  /// Something in the file changed (a place, a setting, a forecast; by any process): pages
  /// reload their live parts.
  case change
  /// The file cannot be read now; the message says why.
  case problem(String)
  /// A fetch started or ended: the Weather page shows "Fetching…" or its outcome.
  case refresh
  /// Nothing happened for a while: a comment, so a connection that died is noticed and closed.
  case keepAlive
}

/// The fan-out from the watcher to every open event stream. Each stream has its own buffer of
/// the newest few events (an old one is dropped when a page does not keep up: the next
/// `change` brings it up to date anyway).
final class LiveEvents: Sendable {
  private struct Listeners {
    var next = 0
    var open: [Int: AsyncStream<LiveEvent>.Continuation] = [:]
    /// After `finishAll`: a stream asked for later ends at once.
    var closed = false
    /// How many changes were announced: a page carries the number it was read at, and the
    /// stream's first event says the number now, so a change made while the page was on its
    /// way (before its stream opened) is not missed.
    var version = 0
  }
  private let listeners = Mutex(Listeners())

  /// A new stream of events, ended by `finishAll` or when its reader goes away.
  func subscribe() -> AsyncStream<LiveEvent> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: LiveEvent.self, bufferingPolicy: .bufferingNewest(8))
    let id = listeners.withLock { state -> Int? in
      guard !state.closed else { return nil }
      state.next += 1
      state.open[state.next] = continuation
      return state.next
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.listeners.withLock { $0.open.removeValue(forKey: id) }
    }
    return stream
  }

  func send(_ event: LiveEvent) {
    let open = listeners.withLock { state in
      if event != .keepAlive { state.version += 1 }
      return Array(state.open.values)
    }
    for continuation in open { continuation.yield(event) }
  }

  /// Ends every stream: the server is shutting down.
  func finishAll() {
    let open = listeners.withLock { state in
      defer {
        state.open = [:]
        state.closed = true
      }
      return Array(state.open.values)
    }
    for continuation in open { continuation.finish() }
  }

  var count: Int { listeners.withLock { $0.open.count } }

  /// The number of changes announced so far (see `Listeners.version`).
  var version: Int { listeners.withLock { $0.version } }
}

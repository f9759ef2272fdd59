import Synchronization

/// The one-line notices an action's redirect shows ("Removed Paris."), kept here and named in
/// the address only by a key this run issued (`?notice=n12`). The address cannot carry the text
/// itself: a link to `/?notice=Your+account+is+locked` would show anyone's words as a green
/// confirmation on Cloudy's own origin. An unknown key (made up, or from before a restart)
/// shows nothing. The newest `capacity` notices are kept.
final class NoticeBoard: Sendable {
  private struct State {
    var next = 0
    var texts: [String: HTML] = [:]
    var order: [String] = []
  }
  private let state = Mutex(State())
  let capacity: Int

  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  /// Keeps `text` and gives the key that names it in a redirect's address.
  func post(_ text: HTML) -> String {
    state.withLock { state in
      state.next += 1
      let key = "n\(state.next)"
      state.texts[key] = text
      state.order.append(key)
      if state.order.count > capacity {
        state.texts[state.order.removeFirst()] = nil
      }
      return key
    }
  }

  /// The notice `key` names, or nil when this run issued no such key (or forgot it).
  func text(_ key: String) -> HTML? {
    state.withLock { $0.texts[key] }
  }
}

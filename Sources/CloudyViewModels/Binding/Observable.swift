/// A value that tells its observers when it changes: the Cloudy app's `Box`, grown up.
///
/// - Many observers, called in the order they bound, each time `value` is set (also when it
///   is set to an equal value: a front-end redraws, which is harmless).
/// - `bind` delivers the current value at once, so an observer never waits for a first change.
/// - `bind` returns an `ObservationToken`; the observer stays bound until the token is
///   cancelled or released, so dropping the token is how a front-end stops observing.
/// - No retain cycles from the machinery itself: the token holds the observable weakly, and the
///   observable holds only the closures. A closure that captures its owner strongly (the view
///   model that owns this observable, say) makes a cycle like any stored closure: capture
///   `[weak self]` there.
///
/// Threading: a plain, non-`Sendable` class, like the `Database` the view models read; use it
/// on the one thread (or task) that created it. Observers run synchronously in the setter.
public final class Observable<Value> {
  // MARK: - Properties

  /// Setting it notifies every observer, synchronously, before the setter returns.
  public var value: Value {
    didSet { notify() }
  }

  private var observers: [(id: Int, handler: (Value) -> Void)] = []
  private var nextID = 0

  // MARK: - Initialization

  public init(_ value: Value) {
    self.value = value
  }

  // MARK: - Observing

  /// Calls `observer` now with the current value, then after every change until the returned
  /// token is cancelled or released. Keep the token as long as you want to observe.
  public func bind(_ observer: @escaping (Value) -> Void) -> ObservationToken {
    let id = nextID
    nextID += 1
    observers.append((id, observer))
    let token = ObservationToken { [weak self] in
      self?.observers.removeAll { $0.id == id }
    }
    observer(value)
    return token
  }

  private func notify() {
    // A snapshot: an observer may bind or cancel others while being notified.
    let current = value
    for observer in observers {
      observer.handler(current)
    }
  }
}

/// Keeps an observer bound to an `Observable`; cancelling or releasing it unbinds the observer.
///
/// Not `Sendable`, like the observable it belongs to.
public final class ObservationToken {
  private var cancellation: (() -> Void)?

  init(_ cancellation: @escaping () -> Void) {
    self.cancellation = cancellation
  }

  /// Stops the observation; further calls do nothing.
  public func cancel() {
    cancellation?()
    cancellation = nil
  }

  /// Whether `cancel()` ran.
  public var isCancelled: Bool { cancellation == nil }

  deinit { cancel() }
}

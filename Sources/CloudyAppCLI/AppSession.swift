import CloudyCLI
import CloudyPlatform
import CloudyStore
import CloudyTerminalUI

/// The app's one thread: waits (poll) on the keyboard, the signals, the database watcher and a
/// running fetch at once, hands keys to `CloudyApp` and draws what it renders. Nothing here
/// blocks on the network or the child: a fetch is a descriptor among the others. Changes by
/// other processes reach the view models through the watcher's observers (they are live);
/// this loop only gives the watcher its turn and redraws.
final class AppSession {
  private let app: CloudyApp
  private let watcher: DatabaseWatcher
  private let databasePath: String
  private let color: Bool
  private let signals: SignalPipe
  private var fetch: ForecastFetch?
  /// The running alerts fetch, and when (monotonic nanoseconds) the next one is due.
  private var alertsRefresh: AlertsRefresh?
  private var alertsDue: UInt64 = 0
  private var frameLog: FrameLog?
  /// Wakes in a row on which the keyboard was readable and gave nothing.
  private var emptyWakes = 0

  init(
    app: CloudyApp, watcher: DatabaseWatcher, databasePath: String, color: Bool,
    frameLog: String?
  ) throws {
    self.app = app
    self.watcher = watcher
    self.databasePath = databasePath
    self.color = color
    signals = try SignalPipe.install([
      SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangUp,
      SignalNumber.windowChanged,
    ])
    self.frameLog = frameLog.flatMap(FrameLog.init)
  }

  /// Runs until a way out; the terminal is restored on every one of them, thrown errors too.
  func run() throws -> SessionEnding {
    let terminal = Terminal(color: color)
    defer {
      fetch?.process.terminate()
      alertsRefresh?.process.terminate()
      terminal.stop()
    }
    draw(terminal)
    frameLog?.firstFrame()
    startAutomaticRefresh()
    startAlertsRefreshIfDue()
    while true {
      // The clock ticks for the header's age ("as of 12 min ago"); the watcher says how soon
      // it must look again; the next alerts fetch when it is due.
      let tick: Int32 = fetch == nil && alertsRefresh == nil ? 15_000 : 1_000
      let ready = Wake(
        signals: signals.descriptor, watcher: watcher.waitDescriptor,
        fetch: fetch?.process.output, alerts: alertsRefresh?.process.output,
        timeoutMilliseconds: min(tick, watcher.waitMilliseconds, millisecondsUntilAlertsDue))
      let started = MonotonicClock.nanoseconds()
      if ready.signals, let ending = takeSignals(terminal) { return ending }
      if ready.keyboard {
        switch takeKeys(terminal) {
        case .ended(let ending): return ending
        case .handled:
          startAutomaticRefresh()
          draw(terminal)
          frameLog?.key(screen: app.screen, nanoseconds: MonotonicClock.nanoseconds() - started)
          continue
        case .none: break
        }
      }
      if ready.fetch, let fetch, case .finished(let failure) = fetch.poll() {
        self.fetch = nil
        app.refreshFinished(failure: failure)
      }
      if ready.alerts, let alertsRefresh, case .finished(let failure) = alertsRefresh.poll() {
        self.alertsRefresh = nil
        app.alertsRefreshFinished(failure: failure)
      }
      watcher.noteWake(eventsReadable: ready.watcher)
      // The live view models reload in the watcher's observers.
      try watcher.check()
      startAutomaticRefresh()
      startAlertsRefreshIfDue()
      // Redrawn on every wake: the age in the header moves with the clock.
      app.needsRedraw = true
      draw(terminal)
    }
  }

  /// What one wait found readable: the keyboard (standard input), the signal pipe, the
  /// watcher's events and the running fetches' output, waited on together with `poll`.
  private struct Wake {
    var keyboard = false
    var signals = false
    var watcher = false
    var fetch = false
    var alerts = false

    init(
      signals signalPipe: Int32, watcher: Int32?, fetch: Int32?, alerts: Int32?,
      timeoutMilliseconds: Int32
    ) {
      var descriptors: [Int32] = [0, signalPipe]
      var slots: [Int] = []
      for descriptor in [watcher, fetch, alerts] {
        slots.append(descriptors.count)
        if let descriptor { descriptors.append(descriptor) }
      }
      let ready = Readiness.wait(descriptors, timeoutMilliseconds: timeoutMilliseconds)
      keyboard = ready[0]
      signals = ready[1]
      if watcher != nil { self.watcher = ready[slots[0]] }
      if fetch != nil { self.fetch = ready[slots[1]] }
      if alerts != nil { self.alerts = ready[slots[2]] }
    }
  }

  /// How long the wait may last before the next alerts fetch is due (`Int32.max` when none
  /// will be: `--offline`, `--alerts-every 0`, one running, or no place yet: a place added
  /// later wakes the loop through the watcher or a key, and the fetch starts then).
  private var millisecondsUntilAlertsDue: Int32 {
    guard !app.options.offline, app.options.alertsEvery > 0, alertsRefresh == nil, app.hasPlaces
    else {
      return .max
    }
    let now = MonotonicClock.nanoseconds()
    guard alertsDue > now else { return 0 }
    return Int32(clamping: (alertsDue - now) / 1_000_000 + 1)
  }

  /// Every place's alerts, at start and then every `--alerts-every`, one fetch at a time and
  /// none while there is no place; never with `--offline`. A fetch that cannot start waits for
  /// the next turn like one that failed.
  private func startAlertsRefreshIfDue() {
    let options = app.options
    guard !options.offline, options.alertsEvery > 0, alertsRefresh == nil,
      app.hasPlaces
    else { return }
    let now = MonotonicClock.nanoseconds()
    guard now >= alertsDue else { return }
    alertsDue = now + UInt64(options.alertsEvery) * 1_000_000_000
    do {
      alertsRefresh = try AlertsRefresh(databasePath: databasePath)
    } catch {
      app.alertsRefreshFinished(failure: error.message)
    }
  }

  /// A window change is taken in; an interrupt, a termination or a hang-up ends the session.
  private func takeSignals(_ terminal: Terminal) -> SessionEnding? {
    for signal in signals.drain() {
      switch signal {
      case SignalNumber.windowChanged:
        terminal.adoptWindowSize()
        app.needsRedraw = true
      case SignalNumber.interrupt: return .quit
      default: return .signal(signal)
      }
    }
    return nil
  }

  private enum KeysTaken {
    case ended(SessionEnding)
    /// Keys were handled: the screen is drawn at once, without waiting for anything else.
    case handled
    case none
  }

  /// The keys read together (typed fast, or pasted) are one batch: one search at its end.
  private func takeKeys(_ terminal: Terminal) -> KeysTaken {
    let (keys, resized) = terminal.readKeys()
    if resized { app.needsRedraw = true }
    // A terminal that is gone stays readable and gives nothing (SIGHUP usually comes first).
    emptyWakes = keys.isEmpty && !resized ? emptyWakes + 1 : 0
    if emptyWakes > 100 { return .ended(.signal(SignalNumber.hangUp)) }
    app.beginKeyBatch()
    defer { app.endKeyBatch() }
    for key in keys {
      for effect in app.handle(key) {
        if let ending = perform(effect, terminal) { return .ended(ending) }
      }
    }
    return keys.isEmpty ? .none : .handled
  }

  /// What a key asked of the session (not of the app): quit, redraw, suspend, fetch.
  private func perform(_ effect: AppEffect, _ terminal: Terminal) -> SessionEnding? {
    switch effect {
    case .quit: return .quit
    case .redraw: terminal.redrawAll()
    case .suspend:
      // Ctrl-Z: the shell gets its terminal back while the app is stopped; on `fg` (SIGCONT)
      // the app takes it again and draws every line.
      terminal.stop()
      JobControl.stopSelf()
      terminal.resume()
      terminal.adoptWindowSize()
      app.needsRedraw = true
    case .refresh(let request): startFetch(request)
    }
    return nil
  }

  private func draw(_ terminal: Terminal) {
    guard app.needsRedraw else { return }
    app.needsRedraw = false
    terminal.draw(app.render(terminal.size))
  }

  private func startAutomaticRefresh() {
    guard fetch == nil, let request = app.automaticRefresh() else { return }
    startFetch(request)
  }

  private func startFetch(_ request: ForecastRefreshRequest) {
    guard fetch == nil else { return }
    do {
      fetch = try ForecastFetch(request, databasePath: databasePath)
    } catch {
      app.refreshFinished(failure: error.message)
    }
  }
}

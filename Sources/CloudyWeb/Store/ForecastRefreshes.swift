import CloudyCLI
import CloudyPlatform
import CloudyStoring

/// Where a place's forecast refresh stands, for the Weather page.
enum RefreshStatus: Equatable, Sendable {
  case idle
  case fetching
  /// The last fetch failed: the fetcher's one-line reason.
  case failed(String)
}

/// Fetches run by cloudy-web: each one a `cloudy-forecast-fetch` child (the one executable
/// that links networking) named over the typed wire (`ForecastFetcherTool`), followed off the
/// request path; the new forecast reaches the pages through the watcher like any commit.
///
/// At most one fetch per place at a time. A stale forecast is fetched on its own when a page
/// shows it, at most once per `retryAfter` seconds per place (a failing provider is not asked
/// on every page view); the Refresh button asks at once. `offline` never fetches.
actor ForecastRefreshes {
  private let databasePath: String
  private let offline: Bool
  private let retryAfter: Int64
  private let events: LiveEvents
  private var running: [Place: ChildProcess] = [:]
  private var lastStart: [Place: Int64] = [:]
  private var failures: [Place: String] = [:]
  private var stopped = false

  init(databasePath: String, offline: Bool, retryAfter: Int64, events: LiveEvents) {
    self.databasePath = databasePath
    self.offline = offline
    self.retryAfter = retryAfter
    self.events = events
  }

  func status(of place: Place) -> RefreshStatus {
    if running[place] != nil { return .fetching }
    return failures[place].map(RefreshStatus.failed) ?? .idle
  }

  /// Starts a fetch of `place` unless one runs, cloudy-web is offline or (when `automatic`) one
  /// started within `retryAfter`. Returns why it did not start when that is worth saying.
  @discardableResult
  func start(_ place: Place, automatic: Bool) -> String? {
    guard !stopped, !offline else {
      return offline ? "cloudy-web runs with --offline: nothing is fetched" : nil
    }
    guard running[place] == nil else { return nil }
    let now = WallClock.now()
    if automatic, let last = lastStart[place], now - last < retryAfter { return nil }
    lastStart[place] = now
    let process: ChildProcess
    do {
      process = try ForecastFetcherTool.start(
        ForecastFetcherTool.arguments(for: place, databasePath: databasePath), for: "cloudy-web")
    } catch {
      let reason = error.message
      failures[place] = reason
      events.send(.refresh)
      return reason
    }
    running[place] = process
    failures[place] = nil
    events.send(.refresh)
    let output = process.output
    Task { await self.follow(place, output: output) }
    return nil
  }

  /// Waits for the child's answer without holding a thread of the request pool.
  private func follow(_ place: Place, output: Int32) async {
    while true {
      _ = await BlockingWait.readable(output, milliseconds: 1_000)
      guard let process = running[place] else { return }
      guard process.readAvailable() else { continue }
      let status = process.waitForExit()
      running[place] = nil
      switch ForecastFetcherTool.answer(
        json: process.outputBytes, standardError: process.errorText, exitStatus: status)
      {
      case .cached: failures[place] = nil
      case .failed(let reason, _): failures[place] = reason
      }
      events.send(.refresh)
      return
    }
  }

  /// Ends every running fetch (the server is stopping); a fetch ended so writes nothing half
  /// (the fetcher saves in one transaction).
  func stopAll() {
    stopped = true
    for process in running.values { process.terminate() }
    running = [:]
  }
}

import CloudyCLI
import CloudyPlatform
import CloudyStoring

/// cloudy-web's alerts, fresher than its forecasts: every place's alerts fetched every
/// `--alerts-every` (5 minutes) while the server runs, each time one `cloudy-forecast-fetch
/// --alerts --all` child (the one executable that links networking) followed off the request
/// path. What it stores reaches the open pages through the watcher like any commit, so the
/// banner, the marks and the alerts page change on their own. `--offline` or 0 never fetches.
///
/// Decided here: "while open" is while the server runs, whether or not a page is open at that
/// moment: a phone that opens the page then sees alerts at most 5 minutes old, not ones fetched
/// only after it asked. Each fetch is conditional and the NWS's `Cache-Control` is honoured
/// by the fetcher, so an unchanged answer costs the service one small request per place.
actor AlertsRefreshes {
  private let databasePath: DatabasePath
  private let shared: SharedStore
  private let every: Int64
  private let offline: Bool
  private var lastFailure: String?

  init(databasePath: DatabasePath, shared: SharedStore, every: Int64, offline: Bool) {
    self.databasePath = databasePath
    self.shared = shared
    self.every = every
    self.offline = offline
  }

  /// Fetches at once, then every `every` seconds, until the task is cancelled (the server is
  /// stopping: a running child is ended then; it saves in one transaction, so nothing is half
  /// written).
  func run() async {
    guard !offline, every > 0 else { return }
    while !Task.isCancelled {
      await fetchOnce()
      let due = MonotonicClock.nanoseconds() + UInt64(every) * 1_000_000_000
      // In short steps, so a shutdown is noticed within a quarter of a second.
      while !Task.isCancelled, MonotonicClock.nanoseconds() < due {
        try? await Task.sleep(for: .milliseconds(250))
      }
    }
  }

  private func fetchOnce() async {
    // No place yet (or no file): nothing to fetch, and nothing worth saying.
    guard await hasPlaces() else { return }
    let process: ChildProcess
    do {
      process = try ForecastFetcherTool.start(
        ForecastFetcherTool.alertArguments(databasePath: databasePath.path), for: "cloudy-web")
    } catch {
      report(error.message)
      return
    }
    let output = process.output
    while true {
      _ = await BlockingWait.readable(output, milliseconds: 250)
      if Task.isCancelled {
        process.terminate()
        return
      }
      guard process.readAvailable() else { continue }
      let status = process.waitForExit()
      report(
        ForecastFetcherTool.alertsFailure(
          json: process.outputBytes, standardError: process.errorText, exitStatus: status))
      return
    }
  }

  /// Whether the file holds a saved place or a current location, read through the shared store
  /// (a second connection of this process would share SQLite's -shm mapping with the first and
  /// could miss a -wal replaced by hand); when it cannot be read, the fetch runs and says why.
  private func hasPlaces() async -> Bool {
    do {
      return try await shared.perform { shared in
        try shared.store.count() > 0 || shared.store.currentLocation() != nil
      }
    } catch {
      return true
    }
  }

  /// A failure on standard error once, not every five minutes while it lasts.
  private func report(_ failure: String?) {
    if let failure, failure != lastFailure {
      StandardError.write(ToolMain.line("alerts: \(failure)", tool: "cloudy-web") + "\n")
    }
    lastFailure = failure
  }
}

import CloudyCLI
import CloudyPlatform
import CloudyTerminalUI

/// One run of `cloudy-forecast-fetch` for one place, as a child process: the app links no
/// networking, and the keys keep working while it runs. The place is named by its identity and
/// the answer read from the fetcher's `--json` (`ForecastFetcherTool`, the one wire).
final class ForecastFetch {
  let process: ChildProcess
  let request: ForecastRefreshRequest

  /// Starts the fetch; throws a one-line reason when the helper is missing or cannot start.
  init(_ request: ForecastRefreshRequest, databasePath: String)
    throws(ForecastFetcherTool.StartFailure)
  {
    process = try ForecastFetcherTool.start(
      ForecastFetcherTool.arguments(for: request.place, databasePath: databasePath), for: "cloudy")
    self.request = request
  }

  /// Reads what the helper wrote; when it has finished, its failure in one line (nil when the
  /// forecast was cached), else `.running`.
  func poll() -> FetchProgress {
    guard process.readAvailable() else { return .running }
    let status = process.waitForExit()
    switch ForecastFetcherTool.answer(
      json: process.outputBytes, standardError: process.errorText, exitStatus: status)
    {
    case .cached: return .finished(failure: nil)
    case .failed(let reason, _): return .finished(failure: reason)
    }
  }
}

enum FetchProgress {
  case running
  case finished(failure: String?)
}

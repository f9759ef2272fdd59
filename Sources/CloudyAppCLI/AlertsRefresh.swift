import CloudyCLI
import CloudyPlatform

/// One run of `cloudy-forecast-fetch --alerts --all` as a child process: every place's alerts,
/// fetched while the keys keep working (the app links no networking). What it stores reaches
/// the banner and the marks through the database watcher, like any other process's commit.
final class AlertsRefresh {
  let process: ChildProcess

  /// Starts the fetch; throws a one-line reason when the helper is missing or cannot start.
  init(databasePath: String) throws(ForecastFetcherTool.StartFailure) {
    process = try ForecastFetcherTool.start(
      ForecastFetcherTool.alertArguments(databasePath: databasePath), for: "cloudy")
  }

  /// Reads what the helper wrote; when it has finished, its failure in one line (nil when
  /// every place was fetched or had nothing new), else `.running`.
  func poll() -> FetchProgress {
    guard process.readAvailable() else { return .running }
    let status = process.waitForExit()
    return .finished(
      failure: ForecastFetcherTool.alertsFailure(
        json: process.outputBytes, standardError: process.errorText, exitStatus: status))
  }
}

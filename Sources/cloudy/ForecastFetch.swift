import CloudyPlatform
import CloudyTerminalUI

/// One run of `cloudy-forecast-fetch` for one place, as a child process: the app links no
/// networking, and the keys keep working while it runs.
final class ForecastFetch {
  static let helperName = "cloudy-forecast-fetch"
  let process: ChildProcess
  let request: ForecastRefreshRequest

  /// Starts the fetch; throws a one-line reason when the helper is missing or cannot start.
  init(_ request: ForecastRefreshRequest, databasePath: String) throws(FetchStartFailure) {
    let (helper, found) = Executables.sibling(named: Self.helperName)
    guard found else {
      throw FetchStartFailure(
        message: "fetching needs \(Self.helperName) beside cloudy (looked for \(helper))")
    }
    do {
      process = try ChildProcess(
        path: helper, arguments: [request.argument, "--db", databasePath])
    } catch {
      throw FetchStartFailure(message: "could not start \(helper): \(error.reason)")
    }
    self.request = request
  }

  /// Reads what the helper wrote; when it has finished, its failure in one line (nil when the
  /// forecast was cached), else `.running`.
  func poll() -> FetchProgress {
    guard process.readAvailable() else { return .running }
    let status = process.waitForExit()
    guard status != 0 else { return .finished(failure: nil) }
    // The helper reports `cloudy-forecast: error: …`; the app shows the part after "error: ".
    let lines = process.outputText.split(whereSeparator: \.isNewline).map(String.init)
    let line = lines.last { $0.contains("error: ") } ?? lines.last ?? "exit status \(status)"
    let marker = Array("error: ")
    let characters = Array(line)
    let start = (0...max(0, characters.count - marker.count)).first {
      characters.count >= marker.count && Array(characters[$0..<$0 + marker.count]) == marker
    }
    let reason = start.map { String(characters[($0 + marker.count)...]) } ?? line
    return .finished(failure: reason)
  }
}

enum FetchProgress {
  case running
  case finished(failure: String?)
}

struct FetchStartFailure: Error {
  let message: String
}

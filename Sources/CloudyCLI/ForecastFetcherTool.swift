import CloudyJSON
public import CloudyPlatform
public import CloudyStoring

/// The typed wire to `cloudy-forecast-fetch`, the one executable that links networking: where it
/// is, how a place is named to it, and what it answered. Front-ends that fetch (the app and
/// cloudy-web) and `cloudy-forecast fetch` use this one definition.
///
/// A saved place is named by its id, never by its row number: another process may reorder the
/// list between a front-end's read and the child's start, and a number would then fetch, and
/// save, another place. The answer is read from the fetcher's `--json` (`ok`, `error`,
/// `exitStatus`), not scraped from its standard error.
public enum ForecastFetcherTool {
  /// The executable's name, installed beside every Cloudy tool.
  public static let name = "cloudy-forecast-fetch"

  /// The fetcher beside the running executable, or why fetching cannot start (`tool` names the
  /// front-end in the message).
  public static func locate(for tool: String) throws(CommandError) -> String {
    let (helper, found) = Executables.sibling(named: name)
    guard found else {
      throw CommandError.unavailable(
        "fetching needs \(name) beside \(tool) (looked for \(helper)); install it there, as the README's install step does (in a checkout, `swift build` builds it)"
      )
    }
    return helper
  }

  /// Why the fetcher did not start, in one line for the front-end to show.
  public struct StartFailure: Error, Sendable {
    public let message: String
  }

  /// The one way a front-end (the app, cloudy-web's two refreshers) starts the fetcher child:
  /// found beside the running executable (`tool` names the front-end in the message) and
  /// started with `arguments` (`arguments(for:databasePath:)` or `alertArguments`); a one-line
  /// reason when it is missing or cannot start.
  public static func start(_ arguments: [String], for tool: String) throws(StartFailure)
    -> ChildProcess
  {
    let helper: String
    do {
      helper = try locate(for: tool)
    } catch {
      throw StartFailure(message: FailureMap.failure(for: error, advice: .none).message)
    }
    do {
      return try ChildProcess(path: helper, arguments: arguments)
    } catch {
      throw StartFailure(message: "could not start \(helper): \(error.reason)")
    }
  }

  /// The arguments that fetch `place` into the database at `databasePath` and answer in JSON.
  public static func arguments(for place: Place, databasePath: String) -> [String] {
    let reference: [String] =
      switch place {
      case .current: ["current"]
      case .saved(let id): ["--id", String(id)]
      }
    // The apps fetch alerts on their own schedule (`alertArguments`): a forecast's fetch
    // asking the same service again at the same moment would double the requests.
    return reference + ["--no-alerts", "--json", "--db", databasePath]
  }

  /// What one fetch answered.
  public enum Answer: Equatable, Sendable {
    /// The forecast was fetched and cached.
    case cached
    /// It was not: the fetcher's one-line reason and exit status.
    case failed(reason: String, exitStatus: Int32)
  }

  /// Reads the fetcher's `--json` output for one place, given its exit status. Output that is
  /// not the documented shape (a crash, a usage error printed as text) fails with what the
  /// process printed on standard error, else its status.
  public static func answer(json output: [UInt8], standardError: String, exitStatus: Int32)
    -> Answer
  {
    if let root = try? JSONReader.parse(output), case .array(let results) = root["results"]?.value,
      let first = results.first
    {
      if case .bool(true) = first["ok"]?.value { return .cached }
      let reason: String =
        if case .string(let text) = first["error"]?.value { text } else { "the fetch failed" }
      var status = exitStatus
      if case .number(let number) = first["exitStatus"]?.value, let value = number.integer {
        status = Int32(truncatingIfNeeded: value)
      }
      return .failed(reason: reason, exitStatus: status)
    }
    if exitStatus == 0 { return .failed(reason: "the fetcher gave no answer", exitStatus: 70) }
    let lines = standardError.split(whereSeparator: \.isNewline)
    let last = lines.last.map(String.init) ?? "exit status \(exitStatus)"
    return .failed(reason: Self.withoutPrefix(last), exitStatus: exitStatus)
  }

  /// "cloudy-forecast: error: no such place" → "no such place".
  private static func withoutPrefix(_ line: String) -> String {
    let parts = line.split(separator: "error: ", maxSplits: 1, omittingEmptySubsequences: false)
    return parts.count == 2 ? String(parts[1]) : line
  }
}

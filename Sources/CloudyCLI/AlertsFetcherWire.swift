import CloudyJSON

/// The alerts half of the typed wire to `cloudy-forecast-fetch` (see `ForecastFetcherTool`):
/// the apps refresh every place's alerts with `fetch --alerts --all --json`, a child process
/// off the screen and request path, and read its `--json` answer rather than its text.
extension ForecastFetcherTool {
  /// The arguments that fetch the alerts of every place in the database at `databasePath`.
  public static func alertArguments(databasePath: String) -> [String] {
    ["--alerts", "--all", "--json", "--db", databasePath]
  }

  /// What one alerts fetch answered: nil when every place was fetched, found unchanged, still
  /// fresh or not covered by any source; else the first failure's one-line reason (with how
  /// many places failed) or what the process said when its output was not the documented shape.
  public static func alertsFailure(json output: [UInt8], standardError: String, exitStatus: Int32)
    -> String?
  {
    guard let root = try? JSONReader.parse(output), case .array(let places) = root["alerts"]?.value
    else {
      if exitStatus == 0 { return nil }
      let lines = standardError.split(whereSeparator: \.isNewline)
      return lines.last.map(String.init) ?? "the alerts fetch ended with status \(exitStatus)"
    }
    let reasons = places.compactMap { place -> String? in
      guard case .string("failed") = place["status"]?.value else { return nil }
      if case .string(let text) = place["error"]?.value { return text }
      return "the alerts fetch failed"
    }
    guard let first = reasons.first else { return nil }
    return reasons.count == 1 ? first : "\(first) (\(reasons.count) places failed)"
  }
}

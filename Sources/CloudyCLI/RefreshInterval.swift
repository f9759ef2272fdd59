public import ArgumentParser
import CloudyModels

/// The apps' fetching options, the same in `cloudy` and `cloudy-web`: `--offline`,
/// `--refresh-after` and `--alerts-every`.
public struct FetchingOptions: ParsableArguments {
  @Flag(name: .long, help: "Never fetch: show the cache as it is.")
  public var offline = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Fetch a shown forecast on its own when the cached one is older than this: 90s, 30m, 2h, 1d (0 fetches at once).",
      valueName: "age"))
  public var refreshAfter: RefreshInterval = RefreshInterval(seconds: 30 * 60)

  /// Alerts are fresher than forecasts: every place's are fetched this often while the app is
  /// open (a conditional request each, so an unchanged answer costs the service little).
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Fetch every place's alerts this often while open: 90s, 5m, 1h (0 never).",
      valueName: "interval"))
  public var alertsEvery: RefreshInterval = RefreshInterval(seconds: 5 * 60)

  public init() {}
}

/// `--refresh-after 30m`: seconds, minutes, hours or days.
public struct RefreshInterval: ExpressibleByArgument, Hashable, Sendable {
  public let seconds: Int64

  public init(seconds: Int64) {
    self.seconds = seconds
  }

  /// s, m, h or d, or a bare number of seconds; at most a year (`DurationArgument`).
  public init?(argument: String) {
    guard
      let seconds = DurationArgument.seconds(
        argument, accepted: ["s", "m", "h", "d"], bareIsSeconds: true, limit: 365 * 86_400)
    else { return nil }
    self.seconds = seconds
  }

  public var defaultValueDescription: String {
    seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
  }
}

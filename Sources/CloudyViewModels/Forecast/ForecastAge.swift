/// How old a forecast is, for "as of 2 h ago", and where it came from.
public struct ForecastAge: Hashable, Sendable {
  /// When the forecast was fetched, unix seconds.
  public var fetchedAt: Int64
  /// The moment the age is measured at (injected: the view models never read the clock).
  public var now: Int64
  /// True when the data was read from the database rather than fetched just now.
  public var fromCache: Bool

  public init(fetchedAt: Int64, now: Int64, fromCache: Bool) {
    self.fetchedAt = fetchedAt
    self.now = now
    self.fromCache = fromCache
  }

  /// Whole seconds since the fetch; 0 when the clock says the fetch is in the future.
  public var seconds: Int64 { now >= fetchedAt ? now - fetchedAt : 0 }

  /// "just now" (under a minute), "5 min ago", "2 h ago", "3 d ago" — whole units, rounded down.
  public var text: String {
    let age = seconds
    switch age {
    case ..<60: return "just now"
    case ..<3_600: return "\(age / 60) min ago"
    case ..<86_400: return "\(age / 3_600) h ago"
    default: return "\(age / 86_400) d ago"
    }
  }

  /// "as of 2 h ago".
  public var asOfText: String { "as of \(text)" }
}

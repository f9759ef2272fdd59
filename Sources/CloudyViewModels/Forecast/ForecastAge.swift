import CloudyModels

/// How old a forecast's data is, for "as of 12 min ago" or "as of Feb 20, 2018 · 8 years old".
///
/// The age is the data's: measured from when the provider issued it (`issuedAt`), not from when
/// Cloudy stored it (`fetchedAt`), so a years-old saved response imported today is never called
/// fresh.
public struct ForecastAge: Hashable, Sendable {
  /// When the provider issued the data, unix seconds.
  public var issuedAt: Int64
  /// When the forecast was fetched or imported, unix seconds.
  public var fetchedAt: Int64
  /// The moment the age is measured at (injected: the view models never read the clock).
  public var now: Int64
  /// True when the data was read from the database rather than fetched just now.
  public var fromCache: Bool
  /// The issue date in the place's zone, "Feb 20, 2018"; shown for data a day old or more.
  public var issuedDateText: String?

  public init(
    issuedAt: Int64, fetchedAt: Int64, now: Int64, fromCache: Bool,
    issuedDateText: String? = nil
  ) {
    self.issuedAt = issuedAt
    self.fetchedAt = fetchedAt
    self.now = now
    self.fromCache = fromCache
    self.issuedDateText = issuedDateText
  }

  /// Whole seconds since the data was issued; 0 when the clock says it is in the future.
  public var seconds: Int64 { now >= issuedAt ? now - issuedAt : 0 }

  /// "just now" (under a minute), "5 min ago", "2 h ago" within a day; then "3 days old",
  /// "4 months old", "8 years old" — whole units, rounded down.
  public var text: String {
    let age = seconds
    switch age {
    case ..<60: return "just now"
    case ..<3_600: return "\(age / 60) min ago"
    case ..<86_400: return "\(age / 3_600) h ago"
    default: break
    }
    let days = age / 86_400
    if days < 60 { return MessageText.counted(days, "day") + " old" }
    if days < 730 { return MessageText.counted(Int64(Double(days) / 30.436875), "month") + " old" }
    return MessageText.counted(Int64(Double(days) / 365.2425), "year") + " old"
  }

  /// True when the data is a day old or more.
  public var isOld: Bool { seconds >= 86_400 }

  /// "as of 2 h ago", or for data a day old or more "as of Feb 20, 2018 · 8 years old".
  public var asOfText: String {
    guard isOld, let issuedDateText else { return "as of \(text)" }
    return "as of \(issuedDateText) · \(text)"
  }
}

/// Dates and times of day in one time zone, as the forecast views format them.
///
/// The view models take these protocols instead of a platform type so that they do no I/O
/// (reading zone files is the platform's business: `LocalTime` in CloudyPlatform implements
/// them on the C library) and so a test or another front-end can supply its own zones.
public protocol TimeZoneFormatting: Sendable {
  /// The zone used, e.g. "Pacific/Auckland"; "UTC" when the zone asked for is unknown.
  var identifier: String { get }
  /// Why times are in UTC although another zone was asked for; nil when they are not.
  var fallbackNote: String? { get }
  /// Runs `body` with a reader of local times in this zone. Keep the body short and do not
  /// nest: an implementation may switch process-wide state around it (the C library's `TZ`).
  func reading<Result, Failure: Error>(_ body: (any LocalTimeReading) throws(Failure) -> Result)
    throws(Failure) -> Result
}

/// Local times of instants (unix seconds), valid only inside `TimeZoneFormatting.reading`.
public protocol LocalTimeReading {
  /// `strftime` of the instant in the C locale (English names), e.g. "%a, %B %-d".
  func format(_ seconds: Int64, _ pattern: String) -> String
  /// The local date as one comparable number, e.g. 20261122.
  func dateKey(_ seconds: Int64) -> Int
}

/// Finds time zones by IANA name.
public protocol TimeZoneLookup: Sendable {
  /// The first known zone of `candidates` (e.g. the forecast's, then the saved place's); UTC
  /// when none is, with a `fallbackNote` naming the first non-empty candidate.
  func zone(firstKnownOf candidates: [String?]) -> any TimeZoneFormatting
}

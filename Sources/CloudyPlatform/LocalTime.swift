public import CloudyModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Dates and times of day in a place's IANA time zone, with the C library instead of Foundation.
///
/// Loading Foundation and ICU costs a command more than its work (DESIGN.md), so this formats
/// with `strftime` in the C locale (English names: `%a, %B %-d` is "Sun, November 22") after
/// pointing the C library at the zone: `setenv("TZ", zone)`, `tzset()`, `localtime_r`, and back.
///
/// **The time zone is process-global state.** Everything that runs inside `withZone` holds a
/// process-wide lock, so concurrent users of `LocalTime` (parallel tests, say) never see each
/// other's zone, and `TZ` is restored afterwards. Other code in the process that reads local time
/// (`localtime_r`, `mktime`) while a `withZone` body runs would see the place's zone: Cloudy's
/// tools are single-threaded, so nothing does. Do not call `withZone` (or `format`) from inside
/// a `withZone` body: the lock is not recursive.
///
/// A zone name that is not an installed IANA zone (a typo, an old database without the tzdata
/// package) falls back to UTC; `isFallback` says so, so a front-end can tell the user.
public struct LocalTime: Hashable, Sendable {
  /// The zone actually used: the requested one, or "UTC".
  public let identifier: String
  /// The zone asked for; nil when none was known.
  public let requested: String?

  /// True when the requested zone was missing or unknown and UTC is used instead.
  public var isFallback: Bool { identifier != requested }

  public static let utc = LocalTime(validated: "UTC", requested: "UTC")

  /// The zone `name`, or UTC when it is nil, empty or not an installed IANA zone.
  public init(zone name: String?) {
    if let name, Self.isKnownZone(name) {
      self.init(validated: name, requested: name)
    } else {
      self.init(validated: "UTC", requested: name)
    }
  }

  /// The first known zone of `candidates` (e.g. the forecast's, then the saved place's); UTC
  /// when none is, with `requested` the first non-empty candidate.
  public init(firstKnownOf candidates: [String?]) {
    if let known = candidates.compactMap({ $0 }).first(where: Self.isKnownZone) {
      self.init(validated: known, requested: known)
    } else {
      self.init(
        validated: "UTC", requested: candidates.compactMap({ $0 }).first { !$0.isEmpty })
    }
  }

  private init(validated: String, requested: String?) {
    identifier = validated
    self.requested = requested
  }

  /// A note for the user when the zone fell back to UTC, e.g.
  /// `unknown time zone "Mars/Olympus"; times are in UTC`; nil otherwise.
  public var fallbackNote: String? {
    guard isFallback else { return nil }
    guard let requested, !requested.isEmpty else {
      return "no time zone is known; times are in UTC"
    }
    return "unknown time zone \"\(requested)\"; times are in UTC"
  }

  // MARK: - Formatting

  /// One instant as `strftime` formats it in this zone, e.g. `format(t, "%H:%M")`.
  public func format(_ seconds: Int64, _ pattern: String) -> String {
    withZone { $0.format(seconds, pattern) }
  }

  /// Runs `body` with the C library switched to this zone, holding the process-wide lock; the
  /// previous `TZ` is restored afterwards. Keep the body short and do not nest.
  public func withZone<Result, Failure: Error>(_ body: (Session) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    Self.lock.lock()
    defer { Self.lock.unlock() }
    let previous = getenv("TZ").map { String(cString: $0) }
    // A known zone is a file under the zoneinfo folder; ":" tells glibc to read that file
    // rather than parse the name as a POSIX rule. UTC0 is a valid rule without any file.
    let value = identifier == "UTC" ? "UTC0" : ":" + identifier
    setenv("TZ", value, 1)
    tzset()
    defer {
      if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
      tzset()
    }
    // LC_ALL_MASK is a C macro Swift cannot import; LC_TIME is all strftime_l reads.
    let locale = newlocale(Int32(1) << LC_TIME, "C", nil)
    defer { if let locale { freelocale(locale) } }
    return try body(Session(locale: locale))
  }

  /// Formats inside `withZone`; only meaningful during the body it was given to.
  /// (Outside it, it would format in whatever zone the process has then.)
  public struct Session {
    let locale: locale_t?

    /// The broken-down local time of `seconds` in the zone.
    public func fields(_ seconds: Int64) -> Fields {
      var value = time_t(seconds)
      var parts = tm()
      localtime_r(&value, &parts)
      return Fields(parts)
    }

    /// `strftime` of `seconds` in the zone and the C locale.
    public func format(_ seconds: Int64, _ pattern: String) -> String {
      var value = time_t(seconds)
      var parts = tm()
      guard localtime_r(&value, &parts) != nil else { return "" }
      var buffer = [CChar](repeating: 0, count: 128)
      let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
        guard let base = pointer.baseAddress else { return 0 }
        if let locale {
          return strftime_l(base, pointer.count, pattern, &parts, locale)
        }
        return strftime(base, pointer.count, pattern, &parts)
      }
      return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  /// A local date and time of day.
  public struct Fields: Hashable, Sendable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int
    public var hour: Int
    public var minute: Int
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int
    /// Seconds east of UTC at that instant.
    public var utcOffset: Int

    init(_ parts: tm) {
      year = Int(parts.tm_year) + 1900
      month = Int(parts.tm_mon) + 1
      day = Int(parts.tm_mday)
      hour = Int(parts.tm_hour)
      minute = Int(parts.tm_min)
      weekday = Int(parts.tm_wday)
      utcOffset = Int(parts.tm_gmtoff)
    }

    /// The local date as one comparable number, e.g. 20261122.
    public var dateKey: Int { year * 10_000 + month * 100 + day }
  }

  // MARK: - Known zones

  /// True when `name` looks like an IANA zone name and is installed (a TZif file under
  /// `$TZDIR` or `/usr/share/zoneinfo`). Names that could escape that folder are refused.
  public static func isKnownZone(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 64,
      name.utf8.allSatisfy({ byte in
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || (0x30...0x39).contains(byte) || byte == 0x2F || byte == 0x5F || byte == 0x2B
          || byte == 0x2D
      }),
      let first = name.utf8.first, first != 0x2F,
      !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty)
    else { return false }
    let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    return isTZif("\(folder ?? "/usr/share/zoneinfo")/\(name)")
  }

  private static func isTZif(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return false
    }
    var magic = [UInt8](repeating: 0, count: 4)
    let count = magic.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return read(descriptor, base, 4)
    }
    return count == 4 && magic == Array("TZif".utf8)
  }

  // MARK: - The lock

  private static let lock = ZoneLock()
}

/// A plain pthread mutex: `withZone` may be called from any thread.
private final class ZoneLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
}

// MARK: - The view models' protocols

extension LocalTime: TimeZoneFormatting {
  public func reading<Result, Failure: Error>(
    _ body: (any LocalTimeReading) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withZone { session throws(Failure) in try body(session) }
  }
}

extension LocalTime.Session: LocalTimeReading {
  public func dateKey(_ seconds: Int64) -> Int { fields(seconds).dateKey }
}

/// The installed IANA zones (`$TZDIR` or /usr/share/zoneinfo), as `LocalTime` reads them.
public struct InstalledTimeZones: TimeZoneLookup {
  public init() {}

  public func zone(firstKnownOf candidates: [String?]) -> any TimeZoneFormatting {
    LocalTime(firstKnownOf: candidates)
  }
}

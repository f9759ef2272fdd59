import CloudyModels
import CloudyPlatform
import CloudyServices

/// Turns a response's local times into unix seconds, the way each service means them.
///
/// Open-Meteo writes ISO 8601 local times without an offset ("2026-07-06T17:00") by adding ONE
/// offset to UTC for the whole response: `utc_offset_seconds`, the one in force when it was
/// generated (the maintainer, open-meteo/open-meteo#261). So an hourly series stays one hour
/// apart across a daylight-saving change — no local hour repeats or is skipped — and is read
/// back with that same offset. Dates ("2026-07-06") and daily unix times, which mean a calendar
/// day, are placed at that day's real local midnight in the IANA zone when this system has it,
/// so a week after a DST change still starts each row on its own date.
struct LocalClock {
  /// The zone's C-library session; nil when the zone is unknown here.
  private let session: LocalTime.Session?
  /// The response's single offset (Open-Meteo `utc_offset_seconds`, Dark Sky `offset` × 3600).
  let fixedOffset: Int64

  /// Runs `body` with a clock for the zone. The C library's zone is switched once for the whole
  /// body (see `LocalTime.withZone`), not once per time converted.
  static func with<Result>(
    timeZoneName: String, fixedOffset: Int64,
    _ body: (LocalClock) throws(ForecastError) -> Result
  ) throws(ForecastError) -> Result {
    let zone = LocalTime(zone: timeZoneName)
    guard !zone.isFallback else {
      return try body(LocalClock(session: nil, fixedOffset: fixedOffset))
    }
    return try zone.withZone { (session) throws(ForecastError) in
      try body(LocalClock(session: session, fixedOffset: fixedOffset))
    }
  }

  /// The zone's offset at an instant (the fixed offset when the zone is unknown here).
  func offset(atUnixTime time: Int64) -> Int64 {
    guard let session else { return fixedOffset }
    return Int64(session.fields(time).utcOffset)
  }

  /// Unix seconds of a local wall-clock time in the zone (for dates: their midnight).
  func zoneTime(localSeconds local: Int64) -> Int64 {
    let first = local - offset(atUnixTime: local - fixedOffset)
    return local - offset(atUnixTime: first)
  }

  /// An Open-Meteo ISO time: "YYYY-MM-DDTHH:MM[:SS]" with the response's offset, or a date
  /// "YYYY-MM-DD" at its local midnight.
  func unixTime(iso text: String, path: String) throws(ForecastError) -> Int64 {
    guard let local = Self.localSeconds(iso: text) else {
      throw .invalidResponse("\(path) \"\(text)\" is not a date or a date and time")
    }
    return text.utf8.count == 10 ? zoneTime(localSeconds: local) : local - fixedOffset
  }

  /// A daily unix time written as "local midnight with the response's offset": the same
  /// calendar date at its real local midnight.
  func dayStart(fixedOffsetMidnight time: Int64) -> Int64 {
    let local = time + fixedOffset
    return zoneTime(localSeconds: local - Self.floorModulo(local, 86_400))
  }

  /// The local midnight nearest to `time` (Dark Sky–family daily times, which some services
  /// put an hour off after a DST change: Pirate-Weather/pirateweather#114).
  func nearestMidnight(_ time: Int64) -> Int64 {
    let local = time + offset(atUnixTime: time)
    let start = local - Self.floorModulo(local, 86_400)
    let day = local - start >= 43_200 ? start + 86_400 : start
    return zoneTime(localSeconds: day)
  }

  /// The local midnight that starts the day holding `time` (MET Norway's and the NWS's UTC or
  /// offset times grouped into the place's days).
  func dayStart(containing time: Int64) -> Int64 {
    let local = time + offset(atUnixTime: time)
    return zoneTime(localSeconds: local - Self.floorModulo(local, 86_400))
  }

  /// The local hour 0…23 at a unix time.
  func localHour(atUnixTime time: Int64) -> Int {
    let local = time + offset(atUnixTime: time)
    return Int(Self.floorModulo(local, 86_400) / 3600)
  }

  private static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
    ((value % divisor) + divisor) % divisor
  }

  static func localSeconds(iso text: String) -> Int64? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var seconds: Int64 = 0
    if bytes.count > 10 {
      guard bytes.count == 16 || bytes.count == 19, bytes[10] == UInt8(ascii: "T"),
        bytes[13] == UInt8(ascii: ":"), let hour = number(11..<13), let minute = number(14..<16),
        hour < 24, minute < 60
      else { return nil }
      seconds = hour * 3600 + minute * 60
      if bytes.count == 19 {
        guard bytes[16] == UInt8(ascii: ":"), let second = number(17..<19), second < 60 else {
          return nil
        }
        seconds += second
      }
    }
    return daysFromCivil(year: year, month: month, day: day) * 86_400 + seconds
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthIndex = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

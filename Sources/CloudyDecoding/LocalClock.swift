import CloudyModels
import CloudyPlatform
import CloudyServices

/// Converts a place's local wall-clock times ("2026-07-06T17:00", "2026-07-06") to unix seconds.
///
/// Open-Meteo's default `timeformat=iso8601` gives local times without an offset. The IANA zone
/// is used when this system has it (correct across a daylight-saving change), read through the
/// C library as `LocalTime` does, so decoding needs no Foundation; otherwise the response's
/// single `utc_offset_seconds`.
struct LocalClock {
  /// The zone's C-library session; nil when the zone is unknown here.
  private let session: LocalTime.Session?
  let fallbackOffset: Int64

  /// Runs `body` with a clock for the zone. The C library's zone is switched once for the whole
  /// body (see `LocalTime.withZone`), not once per time converted.
  static func with<Result>(
    timeZoneName: String, fallbackOffset: Int64,
    _ body: (LocalClock) throws(ForecastError) -> Result
  ) throws(ForecastError) -> Result {
    let zone = LocalTime(zone: timeZoneName)
    guard !zone.isFallback else {
      return try body(LocalClock(session: nil, fallbackOffset: fallbackOffset))
    }
    return try zone.withZone { (session) throws(ForecastError) in
      try body(LocalClock(session: session, fallbackOffset: fallbackOffset))
    }
  }

  func offset(atUnixTime time: Int64) -> Int64 {
    guard let session else { return fallbackOffset }
    return Int64(session.fields(time).utcOffset)
  }

  /// Unix seconds of a local wall-clock time.
  func unixTime(localSeconds local: Int64) -> Int64 {
    let first = local - offset(atUnixTime: local - fallbackOffset)
    return local - offset(atUnixTime: first)
  }

  /// Parses "YYYY-MM-DD", "YYYY-MM-DDTHH:MM" or "YYYY-MM-DDTHH:MM:SS" as local time.
  func unixTime(iso text: String, path: String) throws(ForecastError) -> Int64 {
    guard let local = Self.localSeconds(iso: text) else {
      throw .invalidResponse("\(path) \"\(text)\" is not a date or a date and time")
    }
    return unixTime(localSeconds: local)
  }

  /// The local hour 0…23 at a unix time.
  func localHour(atUnixTime time: Int64) -> Int {
    let local = time + offset(atUnixTime: time)
    return Int(((local % 86_400) + 86_400) % 86_400 / 3600)
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

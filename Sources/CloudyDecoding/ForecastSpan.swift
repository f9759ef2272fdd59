import CloudyModels
import CloudyServices

/// Whether a response's times can be a forecast's: Open-Meteo's climate API (years ahead, up to
/// 2050) and its archive answer in the forecast API's shape, and read as one they would be
/// cached as "16 days as of just now". A forecast is made before it is saved and reaches at
/// most 16 days past the time it was issued, so a response is refused when
///
/// - its first time is more than a day after `madeBy` (when it was fetched or imported: it was
///   made no later): a projection of the future, not a forecast; or
/// - its last time is more than 17 days after its issue time (its current time, else its first
///   time): a climate or archive series, not a forecast (a day of slack for a daily series that
///   starts at local midnight).
enum ForecastSpan {
  static let slack: Int64 = 86_400
  static let longestForecast: Int64 = Int64(ForecastDecoder.maximumDays) * 86_400

  static func check(_ decoded: DecodedForecast, madeBy: Int64) throws(ForecastError) {
    let firsts = [decoded.current?.time, decoded.hours.first?.time, decoded.days.first?.time]
    let lasts = [decoded.hours.last?.time, decoded.days.last?.time]
    guard let first = firsts.compactMap({ $0 }).min(), let last = lasts.compactMap({ $0 }).max()
    else { return }
    if first > madeBy + slack {
      throw .invalidResponse(
        "its data run from \(date(first)) to \(date(last)), after the time it was made (\(date(madeBy)) at the latest): a climate projection, not a forecast"
      )
    }
    let issued = decoded.current?.time ?? first
    if last > issued + longestForecast + slack {
      let days = (last - issued) / 86_400
      throw .invalidResponse(
        "its data run \(days) days past \(date(issued)), to \(date(last)), and a forecast reaches at most \(ForecastDecoder.maximumDays): a climate or archive series, not a forecast"
      )
    }
  }

  /// "2050-07-01" (UTC): the date, with no zone to look up.
  static func date(_ unix: Int64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = (unix >= 0 ? unix : unix - 86_399) / 86_400 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day))"
  }
}

// Bulk caching in-process: N forecasts saved with `ForecastRepository.save`, one transaction
// per forecast as the app saves what it fetched, cycling over the saved places (each save
// replaces that place's forecast). The values are those of `cloudy_baseline bulk`
// (Benchmarks/baseline/cloudy_baseline.c): keep the two in step.
//
//   cloudy-bench-bulk DB N
import CloudyModels
import CloudyStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

let icons: [WeatherIcon] = [
  .clearDay, .clearNight, .rain, .snow, .sleet, .wind, .fog, .cloudy, .partlyCloudyDay,
  .partlyCloudyNight,
]
let summaries = [
  "Clear", "Partly cloudy", "Overcast", "Light rain", "Snow", "Fog", "Windy", "Drizzle",
]

/// Writes one line to stderr and exits (Swift 6 refuses the C `stderr` global).
func fail(_ message: String, _ status: Int32) -> Never {
  var line = message + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  exit(status)
}

func seconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

// Written with plain loops and typed locals: the closures' literal arithmetic is more than the
// type checker wants to solve in one expression.
func forecast(_ i: Int) throws -> WeatherData {
  let fetched: Int64 = 1_795_000_000 + Int64(i)
  var days: [WeatherDayData] = []
  days.reserveCapacity(7)
  for d in 0..<7 {
    let k: Int = i + d
    let time: Int64 = fetched + 86_400 * Int64(d)
    let low: Double = 40 + Double(d)
    let high: Double = 60 + Double(d)
    let wind: Double = Double(k % 30)
    let rain: Double = Double(k % 11) / 10
    days.append(
      WeatherDayData(
        time: time, summary: summaries[k % 8], icon: icons[k % 10], temperatureMin: low,
        temperatureMax: high, windSpeed: wind, precipitationProbability: rain))
  }
  var hours: [WeatherHourData] = []
  hours.reserveCapacity(48)
  for h in 0..<48 {
    let k: Int = i + h
    let time: Int64 = fetched + 3_600 * Int64(h)
    let temperature: Double = 45 + Double(h % 24)
    let wind: Double = Double(k % 30)
    let rain: Double = Double(k % 11) / 10
    hours.append(
      WeatherHourData(
        time: time, summary: summaries[k % 8], icon: icons[k % 10], temperature: temperature,
        windSpeed: wind, precipitationProbability: rain))
  }
  let latitude: Double = Double(i % 180) - 89.5
  let longitude: Double = Double(i % 360) - 179.5
  let current = WeatherConditions(
    time: fetched, summary: summaries[i % 8], icon: icons[i % 10],
    temperature: 50 + Double(i % 40), windSpeed: Double(i % 30),
    precipitationProbability: Double(i % 11) / 10)
  return WeatherData(
    provider: .openMeteo, fetchedAt: fetched,
    coordinate: try Coordinate(latitude: latitude, longitude: longitude),
    timeZone: "Europe/Paris", current: current, days: days, hours: hours)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
  fail("usage: cloudy-bench-bulk DB N", 64)
}
do {
  let database = try DatabaseFile.openForWriting(path: arguments[1])
  let ids = try database.query("SELECT id FROM location ORDER BY id") { $0.int64(0) }
  guard !ids.isEmpty else {
    fail("cloudy-bench-bulk: error: no places", 66)
  }
  let repository = ForecastRepository(database: database)
  let start = seconds()
  for i in 0..<count {
    try repository.save(try forecast(i), for: .saved(ids[i % ids.count]))
  }
  let elapsed = seconds() - start
  let rows = count * 56
  print(
    "bulk: \(count) forecasts, \(rows) rows in \(format3(elapsed)) s: \(Int((Double(rows) / elapsed).rounded())) rows/s"
  )
} catch {
  fail("cloudy-bench-bulk: error: \(error)", 74)
}

func format3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

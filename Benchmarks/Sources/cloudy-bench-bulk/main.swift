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

func seconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func forecast(_ i: Int) throws -> WeatherData {
  let fetched: Int64 = 1_795_000_000 + Int64(i)
  let days = (0..<7).map { d in
    WeatherDayData(
      time: fetched + 86_400 * Int64(d), summary: summaries[(i + d) % 8],
      icon: icons[(i + d) % 10], temperatureMin: 40 + Double(d), temperatureMax: 60 + Double(d),
      windSpeed: Double((i + d) % 30), precipitationProbability: Double((i + d) % 11) / 10)
  }
  let hours = (0..<48).map { h in
    WeatherHourData(
      time: fetched + 3_600 * Int64(h), summary: summaries[(i + h) % 8],
      icon: icons[(i + h) % 10], temperature: 45 + Double(h % 24),
      windSpeed: Double((i + h) % 30), precipitationProbability: Double((i + h) % 11) / 10)
  }
  return WeatherData(
    provider: .openMeteo, fetchedAt: fetched,
    coordinate: try Coordinate(
      latitude: Double(i % 180) - 89.5, longitude: Double(i % 360) - 179.5),
    timeZone: "Europe/Paris",
    current: WeatherConditions(
      time: fetched, summary: summaries[i % 8], icon: icons[i % 10],
      temperature: 50 + Double(i % 40), windSpeed: Double(i % 30),
      precipitationProbability: Double(i % 11) / 10),
    days: days, hours: hours)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
  fputs("usage: cloudy-bench-bulk DB N\n", stderr)
  exit(64)
}
do {
  let database = try DatabaseFile.openForWriting(path: arguments[1])
  let ids = try database.query("SELECT id FROM location ORDER BY id") { $0.int64(0) }
  guard !ids.isEmpty else {
    fputs("cloudy-bench-bulk: error: no places\n", stderr)
    exit(66)
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
  fputs("cloudy-bench-bulk: error: \(error)\n", stderr)
  exit(74)
}

func format3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

import CloudyModels
import CloudyPlatform
import CloudyViewModels
import Testing

/// Issue 41 (and 40's rule that a page converts no unit): the chart's view model hands the
/// chart each step at its real time and every value in the shown units.
@Suite("HourlyChartViewModel: steps at their real times, in the shown units")
struct HourlyChartViewModelTests {
  /// MET Norway's shape: 24 hourly steps, then 6-hour steps to the ninth day (UTC midnight on).
  private func metNorwayLike() -> [WeatherHourData] {
    let start: Int64 = 1_768_435_200  // Thu 15 Jan 2026 00:00 UTC
    let hourly: [Int64] = (0..<24).map { start + Int64($0) * 3600 }
    let sixHourly: [Int64] = (0..<32).map { start + 86_400 + Int64($0) * 21_600 }
    let times = hourly + sixHourly
    return times.map {
      WeatherHourData(
        time: $0, summary: "Rain", icon: .rain, temperature: 50, windSpeed: 5,
        precipitationProbability: 0.4, apparentTemperature: 41, precipitation: 0.1)
    }
  }

  @Test func sixHourStepsStandAtTheirTimesAndTheHeadingSaysTheDays() throws {
    let hours = metNorwayLike()
    let chart = try #require(
      HourlyChartViewModel(
        hours: hours, days: [], settings: .defaults,
        timeZone: InstalledTimeZones().zone(firstKnownOf: ["UTC"])))
    let span = Double(hours.last!.time - hours.first!.time)
    for (step, hour) in zip(chart.steps, hours) {
      #expect(abs(step.position - Double(hour.time - hours.first!.time) / span) < 1e-9)
    }
    let last = chart.steps[chart.steps.count - 1].span
    let first = chart.steps[0].span
    #expect(
      abs((last.upperBound - last.lowerBound) / (first.upperBound - first.lowerBound) - 6) < 1e-6)
    #expect(chart.heading == "Next 9 days", "\(chart.heading)")
    // Days as labels, each once, in order.
    let days = chart.labels.filter { $0.kind == .dayStart }.map(\.text)
    #expect(days.first == "Thu 15" && days.count == 9, "\(days)")
  }

  @Test func valuesComeInTheShownUnits() throws {
    let metric = Settings(time: .twentyFourHour, units: .metric, temperature: .celsius)
    let chart = try #require(
      HourlyChartViewModel(
        hours: Array(metNorwayLike().prefix(24)), days: [], settings: metric,
        timeZone: InstalledTimeZones().zone(firstKnownOf: ["UTC"])))
    let step = chart.steps[0]
    #expect(abs(step.temperature! - 10) < 1e-9)
    #expect(abs(step.feelsLike! - 5) < 1e-9)
    #expect(abs(step.precipitation! - 2.54) < 1e-9)
    #expect(step.chanceOfPrecipitation == 40)
    #expect(chart.temperatureUnit == "°C" && chart.precipitationUnit == "mm")
    #expect(chart.labels.contains { $0.text == "12:00" })
  }
}

import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStoring
import CloudyTerminalUI
import CloudyTestFakes
import CloudyViewModels

// A clock and sample data for the app's tests; the stores, the geocoder and the change feed
// come from CloudyTestFakes.

/// A clock the test moves.
final class FakeClock: @unchecked Sendable {
  var now: Int64 = Sample.observed + 12 * 60
}

enum Sample {
  /// Thu, January 15 2026, 09:15 in Richmond (14:15 UTC).
  static let observed: Int64 = 1_768_486_500
  /// Local midnight of that day in New York.
  static let midnight: Int64 = 1_768_453_200

  /// Richmond's forecast as fetched at `fetchedAt`, its data issued at `issuedAt` (by default
  /// the observation time of its current conditions, as providers report it).
  static func weather(
    fetchedAt: Int64 = observed, issuedAt: Int64 = observed, contents: ForecastContents = .all
  ) -> WeatherData {
    WeatherData(
      provider: .openMeteo, fetchedAt: fetchedAt, coordinate: richmondVA.coordinate,
      timeZone: "America/New_York",
      current: WeatherConditions(
        time: observed, summary: "Partly Cloudy", icon: .partlyCloudyDay, temperature: 68,
        windSpeed: 10, precipitationProbability: 0.2),
      days: (0..<7).map { index in
        WeatherDayData(
          time: midnight + Int64(index) * 86_400, summary: "Day \(index)", icon: .clearDay,
          temperatureMin: 32, temperatureMax: 50 + Double(index), windSpeed: 10)
      },
      hours: (0..<48).map { index in
        WeatherConditions(
          time: observed - 900 + Int64(index) * 3_600, summary: "Hour \(index)", icon: .cloudy,
          temperature: 60, windSpeed: 5, precipitationProbability: 0.15)
      }, issuedAt: issuedAt, contents: contents)
  }
}

/// An app on fakes, with what the test needs to poke at.
struct AppFixture {
  let locations = FakeLocationStore()
  let settings = FakeSettingsStore()
  let forecasts = FakeForecastStore()
  let geocoder = FakeGeocoder()
  let clock = FakeClock()
  /// Another process's commits, as the database watcher would report them.
  let changes = FakeChanges()
  /// The places' alerts (set `stored` and commit a change, as another process's import).
  let alerts = FakeAlertStore()

  func app(_ options: CloudyApp.Options = CloudyApp.Options()) throws -> CloudyApp {
    let clock = clock
    return try CloudyApp(
      CloudyApp.Dependencies(
        locationStore: locations, settingsStore: settings, forecastStore: forecasts,
        geocoder: geocoder, zones: InstalledTimeZones(), now: { clock.now }, changes: changes,
        alertStore: alerts),
      options: options)
  }

  /// Richmond saved (and so selected) with a forecast fetched 12 minutes ago.
  @discardableResult
  func withRichmond() throws -> Location {
    let location = try locations.add(richmondVA.newLocation(query: "Richmond, VA"))
    forecasts.cached[.saved(location.id)] = Sample.weather()
    return location
  }
}

extension CloudyApp {
  /// The frame as text, trailing spaces trimmed, one line per row.
  func screenText(_ columns: Int = 80, _ rows: Int = 24) -> String {
    render(TerminalSize(columns: columns, rows: rows)).map { line in
      String(line.text.reversed().drop { $0 == " " }.reversed())
    }.joined(separator: "\n")
  }

  @discardableResult
  func press(_ keys: Key...) -> [AppEffect] {
    keys.flatMap { handle($0) }
  }

  func type(_ text: String) {
    for character in text { _ = handle(.character(character)) }
  }
}

import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Foundation
import Testing

// MARK: - Fakes and data

/// Answers per coordinate latitude: a forecast, or a failure.
struct ForecastFakeProvider: ForecastProvider {
  var kind: ForecastProviderKind { .openMeteo }
  var failures: [Double: ForecastError] = [:]
  var weather: WeatherData

  func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData {
    if let failure = failures[coordinate.latitude] { throw failure }
    var result = weather
    result.coordinate = coordinate
    return result
  }
}

enum ForecastSample {
  /// 2026-01-14 20:15 UTC = Thursday 2026-01-15 09:15 in Auckland (UTC+13 in summer).
  static let observed: Int64 = 1_768_421_700
  /// Local midnight of 2026-01-15 in Auckland.
  static let aucklandMidnight: Int64 = 1_768_388_400

  static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    (try? Coordinate(latitude: latitude, longitude: longitude)) ?? auckland
  }

  static let auckland: Coordinate = {
    do { return try Coordinate(latitude: -36.85, longitude: 174.76) } catch { return auckland }
  }()

  static func weather(
    timeZone: String = "Pacific/Auckland", fetchedAt: Int64 = observed, issuedAt: Int64? = nil
  )
    -> WeatherData
  {
    WeatherData(
      provider: .openMeteo, fetchedAt: fetchedAt, coordinate: auckland, timeZone: timeZone,
      current: WeatherConditions(
        time: observed, summary: "Partly Cloudy", icon: .partlyCloudyDay, temperature: 68,
        windSpeed: 10, precipitationProbability: 0.2),
      days: (0..<7).map { index in
        WeatherDayData(
          time: aucklandMidnight + Int64(index) * 86_400, summary: "Day \(index)",
          icon: index == 0 ? .rain : .clearDay, temperatureMin: 32,
          temperatureMax: 50 + Double(index),
          windSpeed: 10)
      },
      hours: (0..<48).map { index in
        WeatherConditions(
          time: observed - 900 + Int64(index) * 3_600, summary: "Hour \(index)", icon: .cloudy,
          temperature: 60, windSpeed: 5, precipitationProbability: index == 0 ? nil : 0.15)
      }, issuedAt: issuedAt)
  }

  static let aucklandTarget = ForecastTarget(
    place: .saved(1), name: "Auckland", number: 1, coordinate: auckland,
    timeZone: "Pacific/Auckland")
}

// MARK: - Tests

@Suite("Forecast view models: day, week, hourly, age, zones, settings")
struct ForecastViewModelTests {
  @Test func dayViewFormatsInThePlacesZone() {
    let day = DayViewModel(
      conditions: ForecastSample.weather().current, settings: .defaults,
      timeZone: LocalTime(zone: "Pacific/Auckland"))
    // Local date is the 15th although it is still the 14th in UTC.
    #expect(day.date == "Thu, January 15")
    #expect(day.time == "09:15 AM")
    #expect(day.summary == "Partly Cloudy")
    #expect(day.temperature == "68.0 °F")
    #expect(day.windSpeed == "10 mph")
    #expect(day.iconName == "partly-cloudy-day")

    let utc = DayViewModel(
      conditions: ForecastSample.weather().current, settings: .defaults, timeZone: LocalTime.utc)
    #expect(utc.date == "Wed, January 14")
    #expect(utc.time == "08:15 PM")
  }

  @Test func settingsChangeTheRendering() {
    let settings = Settings(time: .twentyFourHour, units: .metric, temperature: .celsius)
    let zone = LocalTime(zone: "Pacific/Auckland")
    let day = DayViewModel(
      conditions: ForecastSample.weather().current, settings: settings, timeZone: zone)
    #expect(day.time == "09:15")
    #expect(day.temperature == "20.0 °C")
    #expect(day.windSpeed == "16 km/h")
    let week = WeekViewModel(
      days: ForecastSample.weather().days, settings: settings, timeZone: zone)
    #expect(week.viewModel(for: 0)?.temperature == "0° to 10°")
    #expect(week.viewModel(for: 0)?.windSpeed == "16 km/h")
  }

  @Test func weekViewHasARowPerDay() throws {
    let week = WeekViewModel(
      days: ForecastSample.weather().days, settings: .defaults,
      timeZone: LocalTime(zone: "Pacific/Auckland"))
    #expect(week.numberOfDays == 7)
    let first = try #require(week.viewModel(for: 0))
    #expect(first.day == "Thursday")
    #expect(first.date == "January 15")
    #expect(first.temperature == "32° to 50°")
    #expect(first.windSpeed == "10 mph")
    #expect(first.iconName == "rain")
    #expect(week.viewModel(for: 6)?.day == "Wednesday")
    #expect(week.viewModel(for: 7) == nil)
    #expect(week.viewModel(for: -1) == nil)
  }

  @Test func hourlyListIsGroupedByLocalDate() {
    let hourly = HourlyViewModel(
      hours: ForecastSample.weather().hours, settings: .defaults,
      timeZone: LocalTime(zone: "Pacific/Auckland"))
    #expect(hourly.numberOfHours == 48)
    #expect(hourly.viewModel(for: 0)?.time == "09:00 AM")
    #expect(hourly.viewModel(for: 0)?.precipitation == nil)
    #expect(hourly.viewModel(for: 1)?.precipitation == "15 %")
    let sections = hourly.sections
    #expect(sections.map(\.date) == ["Thu, January 15", "Fri, January 16", "Sat, January 17"])
    #expect(sections.map(\.hours.count) == [15, 24, 9])
    #expect(hourly.viewModel(for: 48) == nil)
  }

  @Test func ageText() {
    func text(_ seconds: Int64) -> String {
      ForecastAge(
        issuedAt: 1_000_000, fetchedAt: 1_000_000, now: 1_000_000 + seconds, fromCache: true
      ).text
    }
    #expect(text(0) == "just now")
    #expect(text(59) == "just now")
    #expect(text(60) == "1 min ago")
    #expect(text(3_599) == "59 min ago")
    #expect(text(7_200) == "2 h ago")
    #expect(text(86_399) == "23 h ago")
    // A day or more: whole days, months, years, "old" rather than "ago".
    #expect(text(86_400) == "1 day old")
    #expect(text(3 * 86_400) == "3 days old")
    #expect(text(59 * 86_400) == "59 days old")
    #expect(text(90 * 86_400) == "2 months old")
    #expect(text(800 * 86_400) == "2 years old")
    #expect(text(-500) == "just now")
    #expect(
      ForecastAge(issuedAt: 0, fetchedAt: 0, now: 7_300, fromCache: true).asOfText
        == "as of 2 h ago")
    #expect(
      ForecastAge(issuedAt: 0, fetchedAt: 0, now: 720, fromCache: true).asOfText
        == "as of 12 min ago")
    // Old data names its date: the Dark Sky recording of 2018-02-20, read in November 2026.
    let old = ForecastAge(
      issuedAt: 1_519_150_919, fetchedAt: 1_795_000_000, now: 1_795_000_000, fromCache: true,
      issuedDateText: "Feb 20, 2018")
    #expect(old.text == "8 years old")
    #expect(old.isOld)
    #expect(old.asOfText == "as of Feb 20, 2018 · 8 years old")
    // The age counts from the issue, never from the (recent) fetch.
    #expect(old.seconds == 1_795_000_000 - 1_519_150_919)
  }

  @Test func unknownZoneFallsBackToUTCAndSaysSo() {
    let zone = LocalTime(zone: "Mars/Olympus_Mons")
    #expect(zone.identifier == "UTC")
    #expect(zone.isFallback)
    #expect(zone.fallbackNote == "unknown time zone \"Mars/Olympus_Mons\"; times are in UTC")
    for hostile in ["../../etc/passwd", "/etc/localtime", "", "Europe//Paris", "A\nB"] {
      #expect(!LocalTime.isKnownZone(hostile))
    }
    #expect(LocalTime.isKnownZone("Pacific/Auckland"))
    #expect(!LocalTime(zone: "Pacific/Auckland").isFallback)
    #expect(
      LocalTime(firstKnownOf: ["Nowhere/Else", "America/New_York"]).identifier == "America/New_York"
    )
    #expect(
      LocalTime(firstKnownOf: [nil, nil]).fallbackNote == "no time zone is known; times are in UTC")
  }

  @Test func formattingRestoresTheProcessZone() {
    let before = getenv("TZ").map { String(cString: $0) }
    _ = LocalTime(zone: "Asia/Kolkata").format(0, "%H:%M")
    #expect(getenv("TZ").map { String(cString: $0) } == before)
    #expect(LocalTime(zone: "Asia/Kolkata").format(0, "%H:%M") == "05:30")
  }

  @Test func viewModelReadsTheCacheAndReRendersOnSettingsChangeWithoutFetching() throws {
    let store = FakeForecastStore()
    // Issued at `observed`, stored 30 min later: the age counts from the issue.
    let observed = ForecastSample.observed
    store.cached[.saved(1)] = ForecastSample.weather(fetchedAt: observed + 1_800)
    let settings = FakeSettingsStore()
    let model = try ForecastViewModel(
      target: ForecastSample.aucklandTarget, forecasts: store, settings: settings,
      zones: InstalledTimeZones(), now: observed + 7_200)
    let changes = ForecastRecorder(model.change)
    #expect(model.hasForecast)
    #expect(model.age?.seconds == 7_200)
    #expect(model.age?.text == "2 h ago")
    #expect(model.age?.asOfText == "as of 2 h ago")
    #expect(model.age?.fromCache == true)
    #expect(model.day?.temperature == "68.0 °F")
    #expect(model.week?.numberOfDays == 7)
    #expect(model.hourly?.numberOfHours == 48)

    settings.stored = Settings(time: .twentyFourHour, units: .metric, temperature: .celsius)
    #expect(try model.reloadIfChanged(now: observed + 3 * 86_400 + 60))
    // Three days on, the data names its date, in the forecast's zone (the 15th in Auckland).
    #expect(model.age?.asOfText == "as of Jan 15, 2026 · 3 days old")
    #expect(model.day?.temperature == "20.0 °C")
    #expect(model.day?.time == "09:15")
    #expect(model.day?.windSpeed == "16 km/h")
    #expect(store.saves.isEmpty)
    #expect(changes.values == [.loaded, .loaded])
  }

  @Test func nothingCached() throws {
    let model = try ForecastViewModel(
      target: ForecastSample.aucklandTarget, forecasts: FakeForecastStore(),
      settings: FakeSettingsStore(), zones: InstalledTimeZones(), now: 0)
    #expect(!model.hasForecast)
    #expect(model.day == nil)
    #expect(model.week == nil)
    #expect(model.hourly == nil)
    #expect(model.age == nil)
  }

  @Test func forecastZoneIsPreferredThenThePlacesThenUTC() throws {
    let store = FakeForecastStore()
    store.cached[.saved(1)] = ForecastSample.weather(timeZone: "Not/AZone")
    let model = try ForecastViewModel(
      target: ForecastSample.aucklandTarget, forecasts: store, settings: FakeSettingsStore(),
      zones: InstalledTimeZones(), now: 0)
    #expect(model.timeZone.identifier == "Pacific/Auckland")
    var target = ForecastSample.aucklandTarget
    target.timeZone = nil
    let bare = try ForecastViewModel(
      target: target, forecasts: store, settings: FakeSettingsStore(),
      zones: InstalledTimeZones(), now: 0)
    #expect(bare.timeZone.fallbackNote != nil)
    #expect(bare.day?.date == "Wed, January 14")
  }

  @Test func refreshSavesAndIsNotFromCache() async throws {
    let store = FakeForecastStore()
    // The provider issued its data at `observed`; Cloudy fetched it 10 min later.
    let fetched = ForecastSample.observed + 600
    let model = try ForecastViewModel(
      target: ForecastSample.aucklandTarget, forecasts: store, settings: FakeSettingsStore(),
      zones: InstalledTimeZones(), now: fetched - 60)
    let provider = ForecastFakeProvider(weather: ForecastSample.weather(fetchedAt: fetched))
    try await model.refresh(using: provider, now: fetched + 60)
    #expect(store.saves == [.saved(1)])
    #expect(model.age?.fromCache == false)
    #expect(model.age?.text == "11 min ago")

    let failing = ForecastFakeProvider(
      failures: [-36.85: .timedOut(seconds: 5)], weather: ForecastSample.weather())
    await #expect(throws: ForecastError.timedOut(seconds: 5)) {
      try await model.refresh(using: failing, now: fetched + 1_000)
    }
    #expect(store.saves == [.saved(1)])
    #expect(model.weather?.fetchedAt == fetched)
  }
}

@Suite("Forecast refresher and places, against a real database")
struct ForecastRefresherTests {
  /// A migrated database with Auckland (1, selected), Honolulu (2) and no current location.
  private func database(_ folder: ForecastTestFolder) throws -> Database {
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let locations = LocationRepository(database: database)
    try locations.add(
      NewLocation(
        name: "Auckland", coordinate: ForecastSample.auckland, timeZone: "Pacific/Auckland",
        source: .coordinates))
    try locations.add(
      NewLocation(
        name: "Honolulu", coordinate: ForecastSample.coordinate(21.31, -157.86),
        timeZone: "Pacific/Honolulu", source: .coordinates))
    return database
  }

  @Test func placesAreFoundByNameNumberSelectionAndCurrent() throws {
    let folder = try ForecastTestFolder()
    let db = try database(folder)
    let store = LocationRepository(database: db)
    let locations = try LocationsViewModel(store: store)
    #expect(try LocationEditor(store: store).forecastTarget(nil).name == "Auckland")
    #expect(try LocationEditor(store: store).forecastTarget("2").name == "Honolulu")
    #expect(try LocationEditor(store: store).forecastTarget("2").number == 2)
    #expect(
      try LocationEditor(store: store).forecastTarget("HONOLULU").timeZone == "Pacific/Honolulu")
    #expect(try LocationEditor(store: store).forecastTarget("hono").name == "Honolulu")
    #expect(throws: LocationsViewModelError.noCurrentLocation) {
      try LocationEditor(store: store).forecastTarget("current")
    }
    #expect(throws: PlaceReferenceError.rowOutOfRange(9, count: 2)) {
      try LocationEditor(store: store).forecastTarget("9")
    }
    #expect(try locations.forecastTargets().map(\.name) == ["Auckland", "Honolulu"])

    try store.setCurrentLocation(ForecastSample.coordinate(1, 2))
    let withCurrent = try LocationsViewModel(store: store)
    #expect(try LocationEditor(store: store).forecastTarget("current").place == .current)
    #expect(try withCurrent.forecastTargets().map(\.name).count == 3)
  }

  @Test func aFailedPlaceWritesNothingAndTheOthersAreSaved() async throws {
    let folder = try ForecastTestFolder()
    let db = try database(folder)
    let locations = try LocationsViewModel(store: LocationRepository(database: db))
    let targets = try locations.forecastTargets()
    var opened = 0
    let provider = ForecastFakeProvider(
      failures: [21.31: .httpStatus(503, "down")], weather: ForecastSample.weather())
    let refresher = ForecastRefresher(provider: provider) {
      opened += 1
      return ForecastRepository(database: db)
    }
    var events: [String] = []
    let outcomes = await refresher.refresh(targets) { event in
      switch event {
      case .fetching(let target, let index, let count):
        events.append("\(index + 1)/\(count) \(target.name)")
      case .finished(let outcome, _, _): events.append(outcome.succeeded ? "ok" : "failed")
      }
    }
    #expect(events == ["1/2 Auckland", "ok", "2/2 Honolulu", "failed"])
    #expect(outcomes.map(\.succeeded) == [true, false])
    #expect(opened == 1)
    let repository = ForecastRepository(database: db)
    #expect(try repository.latest(for: .saved(1)) != nil)
    #expect(try repository.latest(for: .saved(2)) == nil)
  }

  @Test func whenEveryFetchFailsTheStoreIsNeverOpened() async throws {
    let provider = ForecastFakeProvider(
      failures: [-36.85: .unreachable("refused")], weather: ForecastSample.weather())
    var opened = 0
    let refresher = ForecastRefresher(provider: provider) {
      opened += 1
      return FakeForecastStore()
    }
    let outcomes = await refresher.refresh([ForecastSample.aucklandTarget])
    #expect(opened == 0)
    guard case .fetchFailed(_, let error) = outcomes.first else {
      Issue.record("expected a fetch failure")
      return
    }
    #expect(error == .unreachable("refused"))
  }

  @Test func removingAPlaceRemovesItsForecastAndPruneRemovesOldOnes() throws {
    let folder = try ForecastTestFolder()
    let db = try database(folder)
    let forecasts: any ForecastStoring = ForecastRepository(database: db)
    try forecasts.save(ForecastSample.weather(fetchedAt: 1_000), for: .saved(1))
    try forecasts.save(ForecastSample.weather(fetchedAt: 9_000), for: .saved(2))
    try LocationRepository(database: db).remove(1)
    #expect(try forecasts.latest(for: .saved(1)) == nil)
    #expect(try db.scalarInt("SELECT count(*) FROM forecast_day") == 7)
    try forecasts.save(ForecastSample.weather(fetchedAt: 1_000, issuedAt: 1_000), for: .saved(2))
    #expect(try forecasts.prune(issuedBefore: 5_000) == 1)
    #expect(try forecasts.latest(for: .saved(2)) == nil)
  }
}

/// Collects every value an observable announces.
final class ForecastRecorder<Value> {
  private(set) var values: [Value] = []
  private var token: ObservationToken?

  init(_ observable: Observable<Value>) {
    token = observable.bind { [weak self] in self?.values.append($0) }
  }
}

/// A fresh folder under /tmp, removed afterwards.
final class ForecastTestFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/cloudy-forecast-vm-test-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { "\(path)/\(name)" }
}

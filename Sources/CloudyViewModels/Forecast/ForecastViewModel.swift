public import CloudyModels
public import CloudyServices
public import CloudyStoring

/// What last happened to a `ForecastViewModel`.
public enum ForecastChange: Hashable, Sendable {
  /// Read from the stores; also the value delivered on bind.
  case loaded
  /// A fresh forecast was fetched and saved.
  case refreshed
}

/// The forecast of one place as the day, week and hourly views show it, read from the cache.
///
/// Reads the cached forecast and the settings from the injected stores at init and on
/// `reload`, so a settings change (°C, km/h, 24-hour) re-renders the same cached data without
/// a fetch. `now` (unix seconds) is injected for the age. Times are shown in the forecast's
/// time zone (the one the provider computed its days in), else the saved place's, else UTC
/// (`timeZone.fallbackNote` says so).
///
/// Threading: a plain, non-`Sendable` class, used on the thread (or task) that created it, like
/// the `Database` behind its stores.
public final class ForecastViewModel {
  public let target: ForecastTarget
  public let change = Observable<ForecastChange>(.loaded)

  /// The cached forecast; nil when none is cached yet.
  public private(set) var weather: WeatherData? {
    didSet { formatted = Formatted() }
  }
  public private(set) var settings: Settings {
    didSet { formatted = Formatted() }
  }
  /// The moment `age` is measured at.
  public private(set) var now: Int64
  /// False right after `refresh`, true when the forecast was read from the database.
  public private(set) var fromCache = true

  private let forecasts: any ForecastStoring
  /// The parts read (see `init`): all of them unless a one-view command asked for fewer.
  private let parts: ForecastContents
  private let settingsStore: any SettingsStoring
  private let zones: any TimeZoneLookup
  private var liveObservation: StoreChangeObservation?
  /// The zone and the views as formatted for the current forecast and settings: a front-end
  /// that redraws every frame (the app) reads them many times, finding a zone reads its file
  /// and formatting a 384-hour list costs one `strftime` per hour. Cleared whenever the
  /// forecast or the settings change.
  private var formatted = Formatted()

  private struct Formatted {
    var timeZone: (any TimeZoneFormatting)?
    var day: DayViewModel??
    var week: WeekViewModel??
    var hourly: HourlyViewModel??
  }

  /// `zones` finds the time zones times are shown in (CloudyPlatform's `InstalledTimeZones`
  /// in the tools). `parts`: the current conditions, days and hours read
  /// (`ForecastStoring.latest(for:reading:)`);
  /// a command that prints one view reads its part only, and the others' views are then empty.
  public init(
    target: ForecastTarget, forecasts: any ForecastStoring, settings: any SettingsStoring,
    zones: any TimeZoneLookup, now: Int64, reading parts: ForecastContents = .all
  ) throws {
    self.target = target
    self.zones = zones
    self.forecasts = forecasts
    settingsStore = settings
    self.now = now
    self.parts = parts
    self.settings = try settings.settings()
    weather = try forecasts.latest(for: target.place, reading: parts)
  }

  // MARK: - Live updates

  /// A live forecast: reads the stores now, then again each time `changes` reports a change
  /// (made by any process), and announces `.loaded` only when the cached forecast or the
  /// settings differ; `clock` (unix seconds) gives `now` at each reload. Stays live until it is
  /// released. One-shot use takes the other initializer, which watches nothing.
  public convenience init(
    target: ForecastTarget, forecasts: any ForecastStoring, settings: any SettingsStoring,
    zones: any TimeZoneLookup, changes: any StoreChanges, clock: @escaping () -> Int64
  ) throws {
    try self.init(
      target: target, forecasts: forecasts, settings: settings, zones: zones, now: clock())
    liveObservation = changes.observeChanges { [weak self] _ in
      try self?.reloadIfChanged(now: clock())
    }
  }

  /// Re-reads the forecast and the settings; announces `.loaded` (with `now` as the moment of
  /// the age) and returns true only when either differs from what it showed, or what it showed
  /// had just been fetched rather than read from the cache.
  @discardableResult
  public func reloadIfChanged(now: Int64) throws -> Bool {
    let shown = fromCache ? Shown(settings: settings, weather: weather) : nil
    return try Rereading.applyIfChanged(
      shown: shown,
      reread: {
        Shown(
          settings: try settingsStore.settings(),
          weather: try forecasts.latest(for: target.place, reading: parts))
      },
      apply: { fresh in
        guard let fresh else { return }
        settings = fresh.settings
        weather = fresh.weather
        self.now = now
        fromCache = true
        change.value = .loaded
      })
  }

  /// What the forecast shows that the store holds.
  private struct Shown: Equatable {
    var settings: Settings
    var weather: WeatherData?
  }

  // MARK: - State

  /// Whether anything is cached for the place.
  public var hasForecast: Bool { weather != nil }

  /// How old the forecast is at `now`; nil when nothing is cached.
  public var age: ForecastAge? { age(at: now) }

  /// How old the data is at `moment`, measured from when the provider issued it: the one age
  /// every front-end shows (an app asks at its own clock, so the age grows between reads).
  public func age(at moment: Int64) -> ForecastAge? {
    weather.map { weather in
      let issuedAt = weather.issuedAt
      return ForecastAge(
        issuedAt: issuedAt, fetchedAt: weather.fetchedAt, now: moment, fromCache: fromCache,
        issuedDateText: timeZone.reading { $0.format(issuedAt, "%b %-d, %Y") })
    }
  }

  /// Whether a front-end that refreshes on its own should fetch this forecast at `moment`:
  /// nothing is cached, or the data is `refreshAfter` seconds old or more. By the data's issue
  /// time, as the age shown: an eight-year-old response imported today is stale.
  public func needsRefresh(at moment: Int64, after refreshAfter: Int64) -> Bool {
    guard let age = age(at: moment) else { return true }
    return age.seconds >= refreshAfter
  }

  /// The zone times are shown in (looked up once per forecast: finding a zone reads its file).
  public var timeZone: any TimeZoneFormatting {
    if let zone = formatted.timeZone { return zone }
    let zone = zones.zone(firstKnownOf: [weather?.timeZone, target.timeZone])
    formatted.timeZone = zone
    return zone
  }

  // MARK: - Views

  /// The conditions now; nil when nothing is cached or the forecast had no current conditions
  /// (`missingText(for: .current)` says so).
  public var day: DayViewModel? {
    view(\.day, part: .current) {
      DayViewModel(conditions: $0.current, settings: settings, timeZone: timeZone)
    }
  }

  /// Days in the week view: the book's seven.
  public static let weekDays = 7
  /// Hours in the hourly view unless more are asked for.
  public static let defaultHours = 48

  /// The first seven cached days; nil when nothing is cached or the forecast had no daily data.
  public var week: WeekViewModel? {
    view(\.week, part: .daily) {
      WeekViewModel(
        days: Array($0.days.prefix(Self.weekDays)), settings: settings, timeZone: timeZone)
    }
  }

  /// The first `count` cached days (all of them when fewer are cached: up to 16); nil as `week`.
  public func days(_ count: Int) -> WeekViewModel? {
    if count == Self.weekDays { return week }
    guard let weather, weather.contents.contains(.daily) else { return nil }
    return WeekViewModel(
      days: Array(weather.days.prefix(max(0, count))), settings: settings, timeZone: timeZone)
  }

  /// The first 48 cached hours; nil when nothing is cached or the forecast had no hourly data.
  public var hourly: HourlyViewModel? {
    view(\.hourly, part: .hourly) {
      HourlyViewModel(
        hours: Array($0.hours.prefix(Self.defaultHours)), settings: settings, timeZone: timeZone)
    }
  }

  /// The first `count` cached hours (all of them when fewer are cached: up to 384); nil as
  /// `hourly`.
  public func hourly(hours count: Int) -> HourlyViewModel? {
    if count == Self.defaultHours { return hourly }
    guard let weather, weather.contents.contains(.hourly) else { return nil }
    return HourlyViewModel(
      hours: Array(weather.hours.prefix(max(0, count))), settings: settings, timeZone: timeZone)
  }

  /// The chart of the first `count` cached hours, at their real times and in the shown units
  /// (`HourlyChartViewModel`); nil as `hourly`, or when fewer than two have a temperature.
  public func hourlyChart(hours count: Int) -> HourlyChartViewModel? {
    guard let weather, weather.contents.contains(.hourly) else { return nil }
    return HourlyChartViewModel(
      hours: Array(weather.hours.prefix(max(0, count))), days: weather.days, settings: settings,
      timeZone: timeZone)
  }

  /// How many days and hours the cache holds (a view shows at most what it holds).
  public var cachedDays: Int { weather?.days.count ?? 0 }
  public var cachedHours: Int { weather?.hours.count ?? 0 }

  /// The view in `slot`, made by `make` on first use after the forecast or the settings
  /// changed; nil when nothing is cached or the forecast lacks `part`.
  private func view<View>(
    _ slot: WritableKeyPath<Formatted, View??>, part: ForecastContents,
    make: (WeatherData) -> View
  ) -> View? {
    if let made = formatted[keyPath: slot] { return made }
    let made = weather.flatMap { $0.contents.contains(part) ? make($0) : nil }
    formatted[keyPath: slot] = .some(made)
    return made
  }

  /// What a view says when the cached forecast lacks its part, e.g. "This forecast has no
  /// hourly data."; nil when the part is there (or nothing is cached).
  public func missingText(for part: ForecastContents) -> String? {
    guard let weather, !weather.contents.isSuperset(of: part) else { return nil }
    let has = [
      (ForecastContents.current, "current conditions"), (.hourly, "hourly data"),
      (.daily, "daily data"),
    ].filter { weather.contents.contains($0.0) }.map(\.1)
    let lacks =
      part == .current ? "current conditions" : part == .hourly ? "hourly data" : "daily data"
    let rest = has.isEmpty ? "" : " (it has \(has.joined(separator: " and ")))"
    return "This forecast has no \(lacks)\(rest)."
  }

  /// What a view says about values the response lacked: "The response has no weather code
  /// or wind speed for these hours." (values no row of the view has); nil when it lacks none.
  public static func lackingText(_ missing: [WeatherValue], part: ForecastContents) -> String? {
    guard !missing.isEmpty else { return nil }
    let rows = part == .current ? "now" : part == .hourly ? "for these hours" : "for these days"
    return "The response has no \(MissingValue.list(missing)) \(rows)."
  }

  // MARK: - Actions

  /// Fetches a fresh forecast and saves it; on failure the cache and this view model are as
  /// they were, and the error is thrown (`ForecastError` from the provider, or the store's).
  public func refresh(using provider: any ForecastProvider, now: Int64) async throws {
    let fresh = try await provider.forecast(for: target.coordinate)
    try forecasts.save(fresh, for: target.place)
    weather = fresh
    self.now = now
    fromCache = false
    change.value = .refreshed
  }
}

public import CloudyModels
public import CloudyServices
public import CloudyStoring
public import CloudyViewModels

/// The `cloudy` app without a terminal: the view models, which screen is shown and where its
/// cursor is. Keys go in (`handle`), lines come out (`render`); the terminal layer only reads
/// keys, draws lines and runs what `AppEffect` asks for.
///
/// Everything shown comes from the view models (the same ones the command-line tools use);
/// this type formats nothing itself but the layout. It observes the view models' `change`
/// bindings, so a change made through one (a new place, a setting) re-renders the others.
///
/// Threading: a plain, non-`Sendable` class, used on the thread that created it, like the
/// view models and the database behind them.
public final class CloudyApp {
  /// What the app reads and writes through, injected so tests use fakes.
  public struct Dependencies {
    public var locationStore: any LocationStoring
    public var settingsStore: any SettingsStoring
    public var forecastStore: any ForecastStoring
    public var geocoder: any Geocoder
    public var zones: any TimeZoneLookup
    /// Unix seconds now, for the forecast's age.
    public var now: () -> Int64
    /// An error as one line for the user (the tools' failure map in the app).
    public var describe: (any Error) -> String
    /// Changes by any process (the database watcher; a fake in tests): the view models are
    /// live and reload themselves, so the app has one way of learning what changed.
    public var changes: any StoreChanges
    /// The places' alerts (the banner, the alerts list, the Locations marks); nil shows none.
    public var alertStore: (any AlertStoring)?

    public init(
      locationStore: any LocationStoring, settingsStore: any SettingsStoring,
      forecastStore: any ForecastStoring, geocoder: any Geocoder, zones: any TimeZoneLookup,
      now: @escaping () -> Int64, describe: @escaping (any Error) -> String = { "\($0)" },
      changes: any StoreChanges, alertStore: (any AlertStoring)? = nil
    ) {
      self.changes = changes
      self.alertStore = alertStore
      self.locationStore = locationStore
      self.settingsStore = settingsStore
      self.forecastStore = forecastStore
      self.geocoder = geocoder
      self.zones = zones
      self.now = now
      self.describe = describe
    }
  }

  /// How the app was started.
  public struct Options: Hashable, Sendable {
    /// A cached forecast older than this (seconds) is fetched on its own.
    public var refreshAfter: Int64
    /// Never fetch (`--offline`).
    public var offline: Bool
    public var glyphs: Glyphs
    /// Every place's alerts are fetched this often (seconds) while the app is open; 0 never.
    public var alertsEvery: Int64

    public init(
      refreshAfter: Int64 = 30 * 60, offline: Bool = false, glyphs: Glyphs = .utf8,
      alertsEvery: Int64 = 5 * 60
    ) {
      self.refreshAfter = refreshAfter
      self.offline = offline
      self.glyphs = glyphs
      self.alertsEvery = alertsEvery
    }
  }

  /// A question or text the Locations screen is waiting for, about the place it names by id:
  /// another process may reorder or shorten the list before the answer, and the answer must
  /// still act on that place (or say it is gone), never on whatever row is there then.
  /// `name` is the place's name as the prompt shows it: when another process renames the place
  /// while the prompt is open, the prompt takes the new name and says so (`renamedFrom`), so
  /// neither answer acts on a name the place no longer has.
  enum LocationsPrompt {
    case confirmRemoval(Location.ID, name: String, renamedFrom: String? = nil)
    case renaming(Location.ID, name: String, TextField, renamedFrom: String? = nil)

    var id: Location.ID {
      switch self {
      case .confirmRemoval(let id, _, _), .renaming(let id, _, _, _): id
      }
    }

    var name: String {
      switch self {
      case .confirmRemoval(_, let name, _), .renaming(_, let name, _, _): name
      }
    }
  }

  // MARK: - Properties

  public internal(set) var screen = Screen.weather
  /// Where Esc returns from Help and Add Location.
  var returnScreen = Screen.weather
  public let options: Options
  /// The header's fetch state.
  public internal(set) var refreshStatus = RefreshStatus.idle
  /// Set whenever what `render` would draw may have changed; the terminal layer clears it.
  public var needsRedraw = true

  public internal(set) var locations: LocationsViewModel
  public internal(set) var settings: SettingsViewModel
  /// The selected place's forecast; nil when no place is selected.
  public internal(set) var forecast: ForecastViewModel?
  /// Alive while the Add Location screen is.
  public internal(set) var addLocation: AddLocationViewModel?
  /// The selected place's alerts (the banner and the alerts list); nil without a place or an
  /// alert store.
  public internal(set) var alerts: AlertsViewModel?
  /// Which places Locations marks; nil without an alert store.
  public internal(set) var alertMarks: LiveAlertMarks?
  /// Why the last alerts fetch failed, for the alerts list; nil when it did not.
  public internal(set) var alertsRefreshFailure: String?

  let dependencies: Dependencies
  var showsHourly = false
  /// The body's height in the last frame, for page keys.
  var lastBodyHeight = 10
  /// True while the last frame was the "window is too small" screen: then only the keys it
  /// names act (q, and Ctrl-C), so nothing happens that the user cannot see.
  var showsTooSmall = false
  var weatherScroll = 0
  var helpScroll = 0
  var alertsScroll = 0
  var locationsViewport = ListViewport()
  /// The place the Locations cursor is on: after a change by any process the cursor goes to
  /// that place's row, wherever the change put it (`followLocationsCursor`), never staying on a
  /// row number that is another place now.
  var locationsCursorPlace: Place?
  var settingsViewport = ListViewport()
  var candidatesViewport = ListViewport()
  var locationsPrompt: LocationsPrompt?
  var searchField = TextField()
  /// Between `beginKeyBatch` and `endKeyBatch`; a search is then `searchPending` until the end.
  var keyBatchOpen = false
  var searchPending = false
  /// One line under the screen: an error, or what just happened; cleared by the next key.
  var message: ScreenLine?
  /// Places fetched on their own already (or tried): a failure is not retried on its own.
  var automaticallyRefreshed: Set<Place> = []

  private var locationsToken: ObservationToken?
  private var settingsToken: ObservationToken?
  private var addLocationTokens: [ObservationToken] = []
  private var alertsToken: ObservationToken?
  private var marksToken: ObservationToken?

  // MARK: - Initialization

  /// Reads the places, the settings and the selected place's cached forecast.
  public init(_ dependencies: Dependencies, options: Options = Options()) throws {
    self.dependencies = dependencies
    self.options = options
    locations = try LocationsViewModel(
      store: dependencies.locationStore, changes: dependencies.changes)
    settings = try SettingsViewModel(
      store: dependencies.settingsStore, changes: dependencies.changes)
    if let alertStore = dependencies.alertStore {
      let marks = try LiveAlertMarks(
        alerts: alertStore, settings: dependencies.settingsStore, changes: dependencies.changes)
      marksToken = marks.change.bind { [weak self] in self?.needsRedraw = true }
      alertMarks = marks
    }
    try showSelectedPlace()
    bindLocations()
    bindSettings()
  }

  // MARK: - Bindings

  private func bindLocations() {
    // Any change to the list (a selection, a removal, a rename) may change the place shown.
    locationsToken = locations.change.bind { [weak self] change in
      guard let self, change != .loaded || forecast != nil || locations.savedCount > 0
      else { return }
      do { try showSelectedPlace() } catch { show(error) }
      followLocationsCursor()
      revisePromptAfterChange()
      needsRedraw = true
    }
  }

  private func bindSettings() {
    // A new notation re-renders the same cached forecast at once: no fetch.
    settingsToken = settings.change.bind { [weak self] change in
      guard let self, change != .loaded else { return }
      do { try forecast?.reloadIfChanged(now: dependencies.now()) } catch { show(error) }
      needsRedraw = true
    }
  }

  /// Makes the forecast view model of the selected place, unless it is the one shown.
  func showSelectedPlace() throws {
    let target: ForecastTarget
    do {
      target = try LocationEditor(store: dependencies.locationStore).forecastTarget(nil)
    } catch LocationsViewModelError.nothingSelected {
      forecast = nil
      showAlerts(of: nil)
      return
    }
    if let forecast, forecast.target == target { return }
    if forecast?.target.place != target.place {
      weatherScroll = 0
      alertsScroll = 0
    }
    forecast = try ForecastViewModel(
      target: target, forecasts: dependencies.forecastStore,
      settings: dependencies.settingsStore, zones: dependencies.zones,
      changes: dependencies.changes, clock: dependencies.now)
    showAlerts(of: target)
  }

  /// Makes the live alerts view model of `target` (times in its zone); none without a place.
  private func showAlerts(of target: ForecastTarget?) {
    alertsToken = nil
    alerts = nil
    guard let target, let alertStore = dependencies.alertStore else { return }
    do {
      let model = try AlertsViewModel(
        place: target.place, timeZone: [forecast?.weather?.timeZone, target.timeZone],
        alerts: alertStore, settings: dependencies.settingsStore, zones: dependencies.zones,
        changes: dependencies.changes, clock: dependencies.now)
      alertsToken = model.change.bind { [weak self] in self?.needsRedraw = true }
      alerts = model
    } catch { show(error) }
  }

  /// Whether there is any place (saved, or the current location) whose alerts can be fetched.
  public var hasPlaces: Bool { locationsRowCount > 0 }

  /// The alerts fetch (every `alertsEvery` seconds) ended: a failure is kept for the alerts
  /// list, where a user looks on purpose, rather than said on every screen every five minutes;
  /// what was fetched reaches the view models through the watcher like any other commit.
  public func alertsRefreshFinished(failure: String?) {
    alertsRefreshFailure = failure
    needsRedraw = true
  }

  // MARK: - Refresh

  /// The fetch to start on its own: the shown place's forecast is missing or its data older than
  /// `refreshAfter` (by issue time, the age the header shows), nothing is being fetched, the app is online, and this place was not
  /// already fetched on its own (a failure is not retried in a loop; `R` retries).
  public func automaticRefresh() -> ForecastRefreshRequest? {
    guard !options.offline, refreshStatus != .refreshing, let forecast,
      !automaticallyRefreshed.contains(forecast.target.place)
    else { return nil }
    guard forecast.needsRefresh(at: dependencies.now(), after: options.refreshAfter) else {
      return nil
    }
    automaticallyRefreshed.insert(forecast.target.place)
    refreshStatus = .refreshing
    needsRedraw = true
    return request(for: forecast.target)
  }

  func request(for target: ForecastTarget) -> ForecastRefreshRequest {
    ForecastRefreshRequest(name: target.name, place: target.place)
  }

  /// The fetch ended: on success the new forecast is read from the cache; on failure the
  /// reason is shown in one line and the cache (which the fetch left alone) is shown as it was.
  public func refreshFinished(failure: String?) {
    if let failure {
      refreshStatus = .failed(failure)
    } else {
      refreshStatus = .idle
      do { try forecast?.reloadIfChanged(now: dependencies.now()) } catch { show(error) }
    }
    if let place = forecast?.target.place, failure == nil {
      automaticallyRefreshed.insert(place)
    }
    needsRedraw = true
  }

  // MARK: - Messages

  func show(_ error: any Error) {
    message = ScreenLine(dependencies.describe(error), .error)
    needsRedraw = true
  }

  func say(_ text: String) {
    message = ScreenLine(text, .dim)
    needsRedraw = true
  }

  // MARK: - Navigation

  func go(to next: Screen) {
    if next == .help || next == .addLocation {
      returnScreen = screen == .help || screen == .addLocation ? returnScreen : screen
    }
    if next == .addLocation { openAddLocation() }
    if screen == .addLocation, next != .addLocation { closeAddLocation() }
    if next == .help, screen != .help { helpScroll = 0 }
    if next == .locations, let selected = locations.selectedIndexPath {
      locationsViewport.cursor = locationsRow(of: selected)
    }
    screen = next
    if next == .locations { noteLocationsCursor() }
    needsRedraw = true
  }

  private func openAddLocation() {
    let model = AddLocationViewModel(
      geocoder: dependencies.geocoder, limit: 50, store: dependencies.locationStore)
    searchField = TextField()
    candidatesViewport = ListViewport()
    addLocationTokens = [
      model.state.bind { [weak self] _ in
        self?.candidatesViewport = ListViewport()
        self?.needsRedraw = true
      }

    ]
    addLocation = model
  }

  /// The saved place whose name is `name` (an index lookup, whatever the list's length); nil
  /// when none is.
  func savedLocation(named name: String) -> Location? {
    (try? dependencies.locationStore.find(name: name)) ?? nil
  }

  private func closeAddLocation() {
    addLocationTokens = []
    addLocation = nil
  }
}

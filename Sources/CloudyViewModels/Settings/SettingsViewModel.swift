public import CloudyModels
public import CloudyStoring

/// The settings screen's sections, in order.
public enum SettingsSection: Int, Hashable, Sendable, CaseIterable {
  case time
  case units
  case temperature
  /// Which alerts are shown unasked (issue 31).
  case alerts
  /// The unit of each quantity (issue 38); `units` above sets the first four at once.
  case wind
  case pressure
  case precipitation
  case distance
  case airQuality

  /// "Time Notation", "Units Notation", "Temperature Notation", "Weather Alerts".
  public var title: String {
    switch self {
    case .time: TimeNotation.title
    case .units: UnitsNotation.title
    case .temperature: TemperatureNotation.title
    case .alerts: AlertLevel.title
    case .wind: WindUnit.title
    case .pressure: PressureUnit.title
    case .precipitation: PrecipitationUnit.title
    case .distance: DistanceUnit.title
    case .airQuality: AirQualityScale.title
    }
  }

  /// What the command line calls it: `time`, `units`, `temperature`, `alerts`.
  public var settingName: String {
    switch self {
    case .time: TimeNotation.settingName
    case .units: UnitsNotation.settingName
    case .temperature: TemperatureNotation.settingName
    case .alerts: AlertLevel.settingName
    case .wind: WindUnit.settingName
    case .pressure: PressureUnit.settingName
    case .precipitation: PrecipitationUnit.settingName
    case .distance: DistanceUnit.settingName
    case .airQuality: AirQualityScale.settingName
    }
  }
}

/// What last happened to the settings; `SettingsViewModel.change` carries it so the views that
/// format times, speeds and temperatures know what to redraw.
public enum SettingsChange: Hashable, Sendable {
  /// Read from the store; also the value delivered on bind.
  case loaded
  /// One setting was given a value (which may be the one it had).
  case chosen(SettingsChoice)
  /// Back to the defaults.
  case reset

  /// The section that changed; nil when all may have.
  public var section: SettingsSection? {
    if case .chosen(let choice) = self { return choice.section }
    return nil
  }
}

/// Why a settings action was refused; nothing was written.
public enum SettingsViewModelError: Error, Equatable, Sendable, CustomStringConvertible {
  case noSuchRow(IndexPath)

  public var description: String {
    switch self {
    case .noSuchRow(let indexPath):
      "there is no row \(indexPath.row + 1) in section \(indexPath.section + 1) of the settings"
    }
  }
}

/// The settings list: one section per setting (time, units, temperature, alerts, wind,
/// pressure, precipitation, distance, air quality), one row per value, a checkmark on each
/// section's chosen row. The units section's rows are presets: none is checked when the four
/// unit settings match no preset ("custom").
///
/// Selecting a row writes it through the injected store first and announces on `change` only
/// once the store accepted it; a refused write throws and leaves everything as it was.
///
/// Threading: a plain, non-`Sendable` class, used on the thread (or task) that created it.
public final class SettingsViewModel {
  // MARK: - Properties

  /// What last changed; delivers `.loaded` on bind.
  public let change = Observable(SettingsChange.loaded)
  /// The settings as last read or written.
  public private(set) var settings: Settings

  private let store: any SettingsStoring
  private var liveObservation: StoreChangeObservation?

  // MARK: - Initialization

  /// Reads the settings from `store`; throws what the store throws.
  public init(store: any SettingsStoring) throws {
    self.store = store
    settings = try store.settings()
  }

  // MARK: - Live updates

  /// Live settings: reads `store` now, then again each time `changes` reports a change (made
  /// by any process), and announces `.loaded` only when a setting differs. Stays live until it
  /// is released. One-shot use takes `init(store:)`, which watches nothing.
  public convenience init(store: any SettingsStoring, changes: any StoreChanges) throws {
    try self.init(store: store)
    liveObservation = changes.observeChanges { [weak self] _ in try self?.reloadIfChanged() }
  }

  /// Re-reads the store; announces `.loaded` and returns true only when a setting differs.
  @discardableResult
  public func reloadIfChanged() throws -> Bool {
    try Rereading.applyIfChanged(
      shown: settings, reread: store.settings,
      apply: { fresh in
        settings = fresh
        change.value = .loaded
      })
  }

  // MARK: - Sections and rows

  public var numberOfSections: Int { SettingsSection.allCases.count }

  /// nil for a section that does not exist.
  public func title(forSection section: Int) -> String? {
    SettingsSection(rawValue: section)?.title
  }

  /// 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    switch SettingsSection(rawValue: section) {
    case .time: TimeNotation.allCases.count
    case .units: UnitsNotation.allCases.count
    case .temperature: TemperatureNotation.allCases.count
    case .alerts: AlertLevel.allCases.count
    case .wind: WindUnit.allCases.count
    case .pressure: PressureUnit.allCases.count
    case .precipitation: PrecipitationUnit.allCases.count
    case .distance: DistanceUnit.allCases.count
    case .airQuality: AirQualityScale.allCases.count
    case nil: 0
    }
  }

  /// The rows of one section, in order: what a front-end that lists every row at once (the
  /// tools' text and JSON, a web page) shows.
  public func rows(in section: SettingsSection) -> [any SettingsRepresentable] {
    (0..<numberOfRows(inSection: section.rawValue)).compactMap {
      viewModel(at: IndexPath(row: $0, section: section.rawValue))
    }
  }

  /// The row's view model; nil for an index path outside the list.
  public func viewModel(at indexPath: IndexPath) -> (any SettingsRepresentable)? {
    switch SettingsSection(rawValue: indexPath.section) {
    case .time: Self.row(TimeNotation.self, indexPath.row, chosen: settings.time)
    case .units: Self.row(UnitsNotation.self, indexPath.row, chosen: settings.units)
    case .temperature:
      Self.row(TemperatureNotation.self, indexPath.row, chosen: settings.temperature)
    case .alerts: Self.row(AlertLevel.self, indexPath.row, chosen: settings.alerts)
    case .wind: Self.row(WindUnit.self, indexPath.row, chosen: settings.wind)
    case .pressure: Self.row(PressureUnit.self, indexPath.row, chosen: settings.pressure)
    case .precipitation:
      Self.row(PrecipitationUnit.self, indexPath.row, chosen: settings.precipitation)
    case .distance: Self.row(DistanceUnit.self, indexPath.row, chosen: settings.distance)
    case .airQuality: Self.row(AirQualityScale.self, indexPath.row, chosen: settings.airQuality)
    case nil: nil
    }
  }

  private static func row<Value: Notation>(_: Value.Type, _ row: Int, chosen: Value?)
    -> NotationRowViewModel<Value>?
  {
    let all = Array(Value.allCases)
    guard all.indices.contains(row) else { return nil }
    return NotationRowViewModel(all[row], chosen: chosen)
  }

  // MARK: - Actions

  /// Chooses the row's value for its section.
  public func select(at indexPath: IndexPath) throws {
    let choice: SettingsChoice? =
      switch SettingsSection(rawValue: indexPath.section) {
      case .time: Self.value(TimeNotation.self, indexPath.row).map { .time($0) }
      case .units: Self.value(UnitsNotation.self, indexPath.row).map { .units($0) }
      case .temperature:
        Self.value(TemperatureNotation.self, indexPath.row).map { .temperature($0) }
      case .alerts: Self.value(AlertLevel.self, indexPath.row).map { .alerts($0) }
      case .wind: Self.value(WindUnit.self, indexPath.row).map { .wind($0) }
      case .pressure: Self.value(PressureUnit.self, indexPath.row).map { .pressure($0) }
      case .precipitation:
        Self.value(PrecipitationUnit.self, indexPath.row).map { .precipitation($0) }
      case .distance: Self.value(DistanceUnit.self, indexPath.row).map { .distance($0) }
      case .airQuality: Self.value(AirQualityScale.self, indexPath.row).map { .airQuality($0) }
      case nil: nil
      }
    guard let choice else { throw SettingsViewModelError.noSuchRow(indexPath) }
    try apply(choice)
  }

  private static func value<Value: Notation>(_: Value.Type, _ row: Int) -> Value? {
    let all = Array(Value.allCases)
    return all.indices.contains(row) ? all[row] : nil
  }

  /// Persists one setting, then announces `.chosen(choice)`.
  public func apply(_ choice: SettingsChoice) throws {
    switch choice {
    case .time(let value): try store.set(value)
    case .units(let value): try store.set(value)
    case .temperature(let value): try store.set(value)
    case .alerts(let value): try store.set(value)
    case .wind(let value): try store.set(value)
    case .pressure(let value): try store.set(value)
    case .precipitation(let value): try store.set(value)
    case .distance(let value): try store.set(value)
    case .airQuality(let value): try store.set(value)
    }
    settings = try store.settings()
    change.value = .chosen(choice)
  }

  /// Back to the Cloudy defaults, then announces `.reset`.
  public func reset() throws {
    try store.reset()
    settings = try store.settings()
    change.value = .reset
  }
}

public import CloudyModels
import CloudyStoring

/// The store's side of `cloudy-db export` and `import`: the whole place list read in one
/// snapshot, and a checked `PlacesDocument` written in one transaction.
///
/// The formats (CloudyExchange) never see SQL and this never sees a file format: both speak
/// `PlacesDocument`.
public struct PlacesTransferRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  // MARK: - Export

  /// The saved places, the selection, the current location and the settings — and, with
  /// `forecasts`, each one's cached forecast — read in one read transaction, so the document
  /// is what the file held at one instant even while other processes write (WAL readers see
  /// the last commit before their first read and are never blocked by writers).
  public func snapshot(includingForecasts forecasts: Bool) throws -> PlacesDocument {
    try database.read { db in
      let locations = LocationRepository(database: db)
      let cache = ForecastRepository(database: db)
      let selection = try locations.selection()
      var places: [PlacesDocument.Place] = []
      for location in try locations.all() {
        places.append(
          PlacesDocument.Place(
            details: location.details, selected: selection == .saved(location.id),
            forecast: forecasts ? try cache.latest(for: .saved(location.id)) : nil))
      }
      let current = try locations.currentLocation().map { coordinate in
        PlacesDocument.CurrentLocation(
          coordinate: coordinate, selected: selection == .current,
          forecast: forecasts ? try cache.latest(for: .current) : nil)
      }
      return PlacesDocument(
        places: places, currentLocation: current,
        settings: try SettingsRepository(database: db).settings(), carriesCurrentLocation: true,
        carriesAlertLevel: true)
    }
  }

  // MARK: - Import

  /// What an import does to the places already saved (`cloudy-db import` without or with
  /// `--replace`).
  public enum Mode: String, Sendable {
    /// Adds the places whose names are not saved yet, after the saved ones; changes nothing else.
    case merge
    /// Replaces every saved place (and, when the document carries them, the current location
    /// and the settings) with the document's.
    case replace
  }

  /// What an import did.
  public struct Outcome: Sendable, Equatable {
    /// A place of the document left out because a saved place has its name: the report says
    /// which, so the user can rename one and import again.
    public struct Skipped: Sendable, Equatable {
      public let place: PlacesDocument.Place
      /// The saved place with the same name (ignoring case, as the schema does).
      public let savedName: String
    }

    public var added: [PlacesDocument.Place] = []
    public var skipped: [Skipped] = []
    /// Saved places that `replace` removed.
    public var removed = 0
    public var settingsReplaced = false
    public var currentLocationChanged = false
    /// Cached forecasts written with the places.
    public var forecasts = 0
  }

  /// Applies `document` in one `BEGIN IMMEDIATE` transaction: every place is added (or
  /// skipped, in `merge`, when its name is already saved) or nothing is. The document must
  /// come from `PlacesExchange.read` (or a snapshot): names, coordinates and the single
  /// selection are already checked; a constraint the schema still refuses rolls everything back.
  @discardableResult
  public func apply(_ document: PlacesDocument, mode: Mode) throws -> Outcome {
    try database.write { db in
      var outcome = Outcome()
      if mode == .replace {
        outcome.removed = try LocationRepository(database: db).count()
        // ON DELETE CASCADE takes their forecasts and a selection that pointed at one.
        try db.execute("DELETE FROM location")
      }
      let added = try addPlaces(of: document, mode: mode, in: db, outcome: &outcome)
      let previousSelection = try LocationRepository(database: db).selection()
      if mode == .replace, document.carriesCurrentLocation {
        try replaceCurrentLocation(with: document, in: db, outcome: &outcome)
      }
      if mode == .replace, var settings = document.settings {
        // Only Cloudy's JSON carries the alert level, and an older export lacks it: then it stays.
        if !document.carriesAlertLevel {
          settings.alerts = try SettingsRepository(database: db).settings().alerts
        }
        try SettingsRepository(database: db).write(settings)
        outcome.settingsReplaced = true
      }
      try select(
        in: db, mode: mode, document: document, previous: previousSelection,
        selectedID: added.selectedID, firstAddedID: added.firstID)
      return outcome
    }
  }

  /// The document's places after the saved ones (in `merge`, those whose name is not saved
  /// yet), with their forecasts; which of them the file selected, and the first one added.
  private func addPlaces(
    of document: PlacesDocument, mode: Mode, in db: Database, outcome: inout Outcome
  ) throws -> (selectedID: Location.ID?, firstID: Location.ID?) {
    let locations = LocationRepository(database: db)
    let cache = ForecastRepository(database: db)
    var position = try locations.nextKey()
    var selectedID: Location.ID?
    var firstID: Location.ID?
    for place in document.places {
      if mode == .merge, let saved = try locations.find(name: place.name) {
        outcome.skipped.append(Outcome.Skipped(place: place, savedName: saved.name))
        continue
      }
      let id = try locations.insert(place.details, at: position)
      position += 1
      firstID = firstID ?? id
      if place.selected { selectedID = id }
      if let forecast = place.forecast {
        try cache.save(forecast, for: .saved(id))
        outcome.forecasts += 1
      }
      outcome.added.append(place)
    }
    return (selectedID, firstID)
  }

  /// `replace` with a document that carries the current location: the saved one (and its
  /// forecast) goes, the document's (and its forecast) takes its place, or none.
  private func replaceCurrentLocation(
    with document: PlacesDocument, in db: Database, outcome: inout Outcome
  ) throws {
    let locations = LocationRepository(database: db)
    try db.execute("DELETE FROM forecast WHERE location_id IS NULL")
    let hadCurrent = try locations.currentLocation() != nil
    try db.execute("DELETE FROM current_location")
    if let current = document.currentLocation {
      try locations.writeCurrentLocation(current.coordinate)
      if let forecast = current.forecast {
        try ForecastRepository(database: db).save(forecast, for: .current)
        outcome.forecasts += 1
      }
    }
    outcome.currentLocationChanged = hadCurrent || document.currentLocation != nil
  }

  /// The selection after an import. `replace`: the document's choice; without one, the current
  /// location if it stays selected, else the first place. `merge` keeps the user's selection and
  /// only fills an empty one (the file's selected place, else the first added), as `add` does.
  /// The README's merge paragraph states this rule: change both together.
  private func select(
    in db: Database, mode: Mode, document: PlacesDocument, previous: Place?,
    selectedID: Location.ID?, firstAddedID: Location.ID?
  ) throws {
    let hasCurrent = try LocationRepository(database: db).currentLocation() != nil
    var selection: Place?
    switch mode {
    case .merge:
      guard previous == nil else { return }
      selection = (selectedID ?? firstAddedID).map { .saved($0) }
    case .replace:
      if let selectedID {
        selection = .saved(selectedID)
      } else if hasCurrent,
        document.currentLocation?.selected == true
          || (!document.carriesCurrentLocation && previous == .current)
      {
        selection = .current
      } else if let first = try LocationRepository(database: db).firstID() {
        selection = .saved(first)
      } else if hasCurrent {
        selection = .current
      }
    }
    try LocationRepository(database: db).writeSelection(selection)
  }
}

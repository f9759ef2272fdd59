public import CloudyModels
public import CloudyServices
public import CloudyStoring

/// The locations list: "Current Location" (when the device position is set) and
/// "Saved Locations" (in the user's order), one place selected.
///
/// Reads from the injected store at init and after each action, so what it shows is what the
/// store holds — including the store's own rules, such as which place becomes selected when the
/// selected one is removed. Every action persists first and notifies `change` only once the
/// store accepted it; a refused action throws and leaves the list and the store as they were.
/// Nothing traps on an index path or a name: bad ones are thrown errors.
///
/// A window, not the whole list: it keeps the count, the selection and the current location,
/// and reads rows a page at a time as they are asked for (`viewModel(at:)`), so with 100,000
/// saved places an action, or a look after another process's commit, reads a page rather than
/// the list, and memory holds what is shown. `rows` reads everything, for front-ends that print
/// the whole list.
///
/// Threading: a plain, non-`Sendable` class, used on the thread (or task) that created it, like
/// the `Database` behind its store.
public final class LocationsViewModel {
  /// The list's sections, in order. Saved Locations is always there, empty or not.
  public enum Section: Hashable, Sendable, CaseIterable {
    case current
    case saved

    public var title: String {
      switch self {
      case .current: "Current Location"
      case .saved: "Saved Locations"
      }
    }
  }

  // MARK: - Properties

  /// What last changed; delivers `.loaded` on bind, then each action's change.
  public let change = Observable<LocationsChange>(.loaded)

  /// How many places are saved, what is selected and the device position, as last read.
  public private(set) var savedCount: Int
  public private(set) var selection: Place?
  public private(set) var currentLocation: Coordinate?

  private let store: any LocationStoring
  private var liveObservation: StoreChangeObservation?
  /// The rows read so far: one page, by 0-based row.
  private var page: (first: Int, locations: [Location]) = (0, [])
  private static let pageSize = 200

  // MARK: - Initialization

  /// Reads the list's count, selection and current location from `store`; throws what the
  /// store throws.
  public init(store: any LocationStoring) throws {
    self.store = store
    savedCount = try store.count()
    selection = try store.selection()
    currentLocation = try store.currentLocation()
  }

  // MARK: - Sections and rows

  /// The sections shown, in order.
  public var sections: [Section] {
    currentLocation == nil ? [.saved] : [.current, .saved]
  }

  public var numberOfSections: Int { sections.count }

  /// nil for a section that does not exist.
  public func title(forSection section: Int) -> String? {
    self.section(at: section)?.title
  }

  /// 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    switch self.section(at: section) {
    case .current: 1
    case .saved: savedCount
    case nil: 0
    }
  }

  /// The row's view model; nil for an index path outside the list.
  public func viewModel(at indexPath: IndexPath) -> LocationRowViewModel? {
    switch section(at: indexPath.section) {
    case .current:
      guard indexPath.row == 0, let coordinate = currentLocation else { return nil }
      return LocationRowViewModel(current: coordinate, isSelected: selection == .current)
    case .saved:
      guard let location = savedLocation(row: indexPath.row) else { return nil }
      return LocationRowViewModel(
        saved: location, number: indexPath.row + 1,
        isSelected: selection == .saved(location.id))
    case nil:
      return nil
    }
  }

  /// Every row, section by section; what a front-end that prints the whole list iterates
  /// (read from the store page by page).
  public var rows: [(section: Section, rows: [LocationRowViewModel])] {
    sections.enumerated().map { index, section in
      (
        section,
        (0..<numberOfRows(inSection: index)).compactMap {
          viewModel(at: IndexPath(row: $0, section: index))
        }
      )
    }
  }

  /// The saved place at 0-based `row`, from the page read, reading the page around it first
  /// when it is elsewhere; nil past the end or when the store cannot be read.
  private func savedLocation(row: Int) -> Location? {
    guard row >= 0, row < savedCount else { return nil }
    if row < page.first || row >= page.first + page.locations.count {
      let first = max(0, row - Self.pageSize / 4)
      guard let read = try? store.locations(in: first..<(first + Self.pageSize)) else {
        return nil
      }
      page = (first, read)
    }
    let index = row - page.first
    return page.locations.indices.contains(index) ? page.locations[index] : nil
  }

  /// The index of a section kind; nil when it is not shown (Current Location with no position).
  public func index(of section: Section) -> Int? {
    sections.firstIndex(of: section)
  }

  /// Where a saved place is listed (a lookup by id: its position is its row).
  public func indexPath(of id: Location.ID) -> IndexPath? {
    guard let location = try? store.find(id: id), let section = index(of: .saved) else {
      return nil
    }
    return IndexPath(row: location.position, section: section)
  }

  /// The index path of the row selected, if any.
  public var selectedIndexPath: IndexPath? {
    switch selection {
    case .current: index(of: .current).map { IndexPath(row: 0, section: $0) }
    case .saved(let id): indexPath(of: id)
    case nil: nil
    }
  }

  /// Finds the saved place a user means, by number or name (see `PlaceReference`).
  public func indexPath(of reference: PlaceReference) throws -> IndexPath {
    IndexPath(row: try store.locate(reference).position, section: index(of: .saved) ?? 0)
  }

  // MARK: - Actions

  /// Selects the row's place for the day and week views.
  public func select(at indexPath: IndexPath) throws {
    let selection: Place =
      switch try row(at: indexPath).kind {
      case .current: .current
      case .saved(let location, _): .saved(location.id)
      }
    try store.select(selection)
    try reload(announcing: .selected(selection))
  }

  /// Deletes a saved place (and its cached forecasts).
  public func delete(at indexPath: IndexPath) throws {
    let location = try savedLocation(at: indexPath)
    try store.remove(location.id)
    try reload(announcing: .removed(location))
  }

  /// Moves a saved place, as drag and drop does; both index paths are in Saved Locations, and
  /// the destination is where the place ends up.
  public func move(from source: IndexPath, to destination: IndexPath) throws {
    let location = try savedLocation(at: source)
    guard destination.section == source.section, (0..<savedCount).contains(destination.row)
    else { throw LocationsViewModelError.noSuchRow(destination) }
    try store.move(location.id, to: destination.row)
    try reload(announcing: .moved(location, from: source.row, to: destination.row))
  }

  /// Gives a saved place a new name (trimmed; the store refuses empty, over-long, control
  /// characters and duplicates).
  @discardableResult
  public func rename(at indexPath: IndexPath, to name: String) throws -> Location {
    let location = try savedLocation(at: indexPath)
    let renamed = try store.rename(location.id, to: name)
    try reload(announcing: .renamed(renamed, previousName: location.name))
    return renamed
  }

  /// Saves a place at the end of Saved Locations.
  @discardableResult
  public func add(_ new: NewLocation) throws -> Location {
    let location = try store.add(new)
    try reload(announcing: .added(location))
    return location
  }

  /// Saves a geocoding candidate, remembering what the user typed.
  @discardableResult
  public func add(_ candidate: PlaceCandidate, query: String) throws -> Location {
    try add(candidate.newLocation(query: query.trimmingWhitespace()))
  }

  /// Sets or, with nil, clears the device position (the Current Location row).
  public func setCurrentLocation(_ coordinate: Coordinate?) throws {
    try store.setCurrentLocation(coordinate)
    try reload(announcing: .currentLocationChanged(coordinate))
  }

  /// Re-reads the store (another process may have changed it) and announces `.loaded`.
  public func reload() throws {
    try reload(announcing: .loaded)
  }

  // MARK: - Live updates

  /// A live list: reads `store` now, then again each time `changes` reports a change (made by
  /// any process), and announces `.loaded` only when what it shows differs. Stays live until
  /// it is released. One-shot use takes `init(store:)`, which watches nothing.
  public convenience init(store: any LocationStoring, changes: any StoreChanges) throws {
    try self.init(store: store)
    liveObservation = changes.observeChanges { [weak self] _ in try self?.reloadIfChanged() }
  }

  /// Re-reads the store; announces `.loaded` and returns true only when the list (the count,
  /// the current location, the selection, the rows read so far) differs from what it showed.
  /// A page and three lookups, whatever the list's length.
  @discardableResult
  public func reloadIfChanged() throws -> Bool {
    let rows = page.first..<(page.first + page.locations.count)
    return try Rereading.applyIfChanged(
      shown: Shown(head: head, rows: page.locations),
      reread: {
        Shown(head: try Head(store), rows: rows.isEmpty ? [] : try store.locations(in: rows))
      },
      apply: { fresh in
        apply(fresh.head)
        page = (rows.lowerBound, fresh.rows)
        change.value = .loaded
      })
  }

  /// What the list shows: its head and the rows read so far.
  private struct Shown: Equatable {
    var head: Head
    var rows: [Location]
  }

  // MARK: - Private

  private func section(at index: Int) -> Section? {
    let sections = sections
    return sections.indices.contains(index) ? sections[index] : nil
  }

  private func row(at indexPath: IndexPath) throws(LocationsViewModelError) -> LocationRowViewModel
  {
    guard let row = viewModel(at: indexPath) else { throw .noSuchRow(indexPath) }
    return row
  }

  private func savedLocation(at indexPath: IndexPath) throws(LocationsViewModelError) -> Location {
    guard let location = try row(at: indexPath).location else { throw .currentLocationNotEditable }
    return location
  }

  private func reload(announcing change: LocationsChange) throws {
    apply(try Head(store))
    page = (0, [])
    self.change.value = change
  }

  /// What the list shows besides its rows.
  private struct Head: Equatable {
    var count: Int
    var selection: Place?
    var currentLocation: Coordinate?

    init(_ store: any LocationStoring) throws {
      count = try store.count()
      selection = try store.selection()
      currentLocation = try store.currentLocation()
    }

    init(count: Int, selection: Place?, currentLocation: Coordinate?) {
      self.count = count
      self.selection = selection
      self.currentLocation = currentLocation
    }
  }

  private var head: Head {
    Head(count: savedCount, selection: selection, currentLocation: currentLocation)
  }

  private func apply(_ head: Head) {
    savedCount = head.count
    selection = head.selection
    currentLocation = head.currentLocation
  }
}

// MARK: - Forecast targets

extension LocationsViewModel {
  /// Every place the list shows: the current location (when set), then the saved places in
  /// order.
  public func forecastTargets() throws(LocationsViewModelError) -> [ForecastTarget] {
    let targets = rows.flatMap { $0.rows.map(ForecastTarget.init) }
    guard !targets.isEmpty else { throw .noPlaces }
    return targets
  }
}

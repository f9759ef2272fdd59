public import CloudyModels
public import CloudyStoring

/// Acts on one saved place at a time, for a front-end that shows one place rather than the
/// list: a command line, a detail screen. Each action is a few index lookups and the write, so
/// it costs the same with 100,000 saved places as with 10; `LocationsViewModel`, which reads
/// the whole list, is for showing the list. Both apply the store's rules (which place becomes
/// selected, how positions shift), and every row returned is read back after the write.
public struct LocationEditor {
  private let store: any LocationStoring

  public init(store: any LocationStoring) {
    self.store = store
  }

  // MARK: - Reading

  /// The saved place a user means, as its list row (number, selected or not).
  public func row(_ reference: PlaceReference) throws -> LocationRowViewModel {
    .saved(try store.locate(reference), selection: try store.selection())
  }

  /// The Current Location row; nil when no device position is set.
  public func currentRow() throws -> LocationRowViewModel? {
    try store.currentLocation().map {
      LocationRowViewModel(current: $0, isSelected: try store.selection() == .current)
    }
  }

  /// The row the day and week views show; nil when nothing is selected.
  public func selectedRow() throws -> LocationRowViewModel? {
    switch try store.selection() {
    case .current: try currentRow()
    case .saved(let id): try store.find(id: id).map { .saved($0, selection: .saved(id)) }
    case nil: nil
    }
  }

  // MARK: - Actions

  /// Removes the place (and its cached forecasts); returns its row as it was, and the row
  /// selected afterwards (the store picks the next one when the removed place was selected).
  public func remove(_ reference: PlaceReference) throws -> (
    removed: LocationRowViewModel, selected: LocationRowViewModel?
  ) {
    let location = try store.locate(reference)
    let removed = LocationRowViewModel.saved(location, selection: try store.selection())
    try store.remove(location.id)
    return (removed, try selectedRow())
  }

  /// Selects the place for the day and week views.
  public func select(_ reference: PlaceReference) throws -> LocationRowViewModel {
    let location = try store.locate(reference)
    try store.select(.saved(location.id))
    return try rowAfterChange(of: location.id)
  }

  /// Selects the Current Location; throws `LocationError.noCurrentLocation` when none is set.
  public func selectCurrent() throws -> LocationRowViewModel {
    guard try store.currentLocation() != nil else { throw LocationError.noCurrentLocation }
    try store.select(.current)
    guard let row = try currentRow() else { throw LocationError.noCurrentLocation }
    return row
  }

  /// Gives the place a new name (the store refuses empty, over-long, control characters and
  /// names already saved); returns the renamed row and the name it had.
  public func rename(_ reference: PlaceReference, to name: String) throws -> (
    renamed: LocationRowViewModel, previousName: String
  ) {
    let location = try store.locate(reference)
    let renamed = try store.rename(location.id, to: name)
    return (.saved(renamed, selection: try store.selection()), location.name)
  }

  /// Moves the place to 1-based row `number`, shifting the places between; returns the moved
  /// row and the number it had.
  public func move(_ reference: PlaceReference, toRow number: Int) throws -> (
    moved: LocationRowViewModel, fromRow: Int
  ) {
    let location = try store.locate(reference)
    try store.move(location.id, to: number - 1)
    return (try rowAfterChange(of: location.id), location.position + 1)
  }

  // MARK: - Private

  private func rowAfterChange(of id: Location.ID) throws -> LocationRowViewModel {
    guard let location = try store.find(id: id) else {
      throw LocationError.notFound("with id \(id)")
    }
    return .saved(location, selection: try store.selection())
  }
}

// MARK: - Forecast targets

extension LocationEditor {
  /// The place a command line names: `current` for the current location, a saved place's
  /// 1-based row number or its name (see `PlaceReference`), or nil for the selected place.
  /// Index lookups in the store, never the whole list.
  public func forecastTarget(_ typed: String?) throws -> ForecastTarget {
    guard let typed else {
      guard let row = try selectedRow() else { throw LocationsViewModelError.nothingSelected }
      return ForecastTarget(row)
    }
    if typed.trimmingWhitespace().lowercased() == "current" {
      guard let row = try currentRow() else { throw LocationsViewModelError.noCurrentLocation }
      return ForecastTarget(row)
    }
    return ForecastTarget(try row(PlaceReference(typed)))
  }

  /// The saved place with this id: what a front-end hands to a fetch in another process, so
  /// that a reorder between its read and the fetch cannot change which place is fetched.
  public func forecastTarget(id: Location.ID) throws -> ForecastTarget {
    ForecastTarget(try row(.id(id)))
  }
}

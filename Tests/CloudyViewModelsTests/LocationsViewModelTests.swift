import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Testing

/// Three saved places, Richmond selected, no current location.
private func threePlaces() throws -> FakeLocationStore {
  let store = FakeLocationStore()
  _ = try store.add(place("Richmond, Virginia, US", 37.5538, -77.4603))
  _ = try store.add(place("Paris, Île-de-France, FR", 48.8534, 2.3488))
  _ = try store.add(place("Sydney, New South Wales, AU", -33.8678, 151.2073))
  return store
}

@Suite("LocationsViewModel with a fake store")
struct LocationsViewModelTests {
  @Test func emptyListHasOnlySavedLocations() throws {
    let model = try LocationsViewModel(store: FakeLocationStore())
    #expect(model.numberOfSections == 1)
    #expect(model.title(forSection: 0) == "Saved Locations")
    #expect(model.numberOfRows(inSection: 0) == 0)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(model.selectedIndexPath == nil)
  }

  @Test func sectionsRowsAndSelectionMarks() throws {
    let store = try threePlaces()
    store.current = coordinate(40.7128, -74.006)
    let model = try LocationsViewModel(store: store)
    #expect(model.numberOfSections == 2)
    #expect(model.title(forSection: 0) == "Current Location")
    #expect(model.title(forSection: 1) == "Saved Locations")
    #expect(model.title(forSection: 2) == nil)
    #expect(model.numberOfRows(inSection: 0) == 1)
    #expect(model.numberOfRows(inSection: 1) == 3)
    #expect(model.numberOfRows(inSection: 7) == 0)

    let current = try #require(model.viewModel(at: IndexPath(row: 0, section: 0)))
    #expect(current.text == "Current Location")
    #expect(current.detailText == "40.7128° N, 74.0060° W")
    #expect(!current.isSelected)
    #expect(current.kind == .current)

    let richmond = try #require(model.viewModel(at: IndexPath(row: 0, section: 1)))
    #expect(richmond.text == "Richmond, Virginia, US")
    #expect(richmond.detailText == "37.5538° N, 77.4603° W")
    #expect(richmond.isSelected)
    let sydney = try #require(model.viewModel(at: IndexPath(row: 2, section: 1)))
    #expect(sydney.detailText == "33.8678° S, 151.2073° E")
    #expect(!sydney.isSelected)
    #expect(model.viewModel(at: IndexPath(row: 3, section: 1)) == nil)
    #expect(model.viewModel(at: IndexPath(row: 1, section: 0)) == nil)
    #expect(model.viewModel(at: IndexPath(row: -1, section: -1)) == nil)
    #expect(model.selectedIndexPath == IndexPath(row: 0, section: 1))
    #expect(model.rows.map(\.rows.count) == [1, 3])
  }

  @Test func selectPersistsAndNotifies() throws {
    let store = try threePlaces()
    let model = try LocationsViewModel(store: store)
    let changes = Recorder(model.change)
    try model.select(at: IndexPath(row: 2, section: 0))
    let sydney = store.locations[2]
    #expect(store.selection == .saved(sydney.id))
    #expect(model.viewModel(at: IndexPath(row: 2, section: 0))?.isSelected == true)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.isSelected == false)
    #expect(changes.values == [.loaded, .selected(.saved(sydney.id))])
  }

  @Test func selectTheCurrentLocation() throws {
    let store = try threePlaces()
    store.current = coordinate(1, 2)
    let model = try LocationsViewModel(store: store)
    try model.select(at: IndexPath(row: 0, section: 0))
    #expect(store.selection == .current)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.isSelected == true)
  }

  @Test func deletePersistsMovesTheSelectionAndNotifies() throws {
    let store = try threePlaces()
    let model = try LocationsViewModel(store: store)
    let richmond = store.locations[0]
    let changes = Recorder(model.change)
    try model.delete(at: IndexPath(row: 0, section: 0))
    #expect(
      store.locations.map(\.name) == ["Paris, Île-de-France, FR", "Sydney, New South Wales, AU"])
    #expect(model.numberOfRows(inSection: 0) == 2)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.isSelected == true)
    #expect(changes.values == [.loaded, .removed(richmond)])
  }

  @Test func movePersistsAndNotifies() throws {
    let store = try threePlaces()
    let model = try LocationsViewModel(store: store)
    let sydney = store.locations[2]
    let changes = Recorder(model.change)
    try model.move(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
    #expect(
      model.viewModel(at: IndexPath(row: 0, section: 0))?.text == "Sydney, New South Wales, AU")
    #expect(store.locations.map(\.position) == [0, 1, 2])
    #expect(changes.values == [.loaded, .moved(sydney, from: 2, to: 0)])
  }

  @Test func renamePersistsAndNotifies() throws {
    let store = try threePlaces()
    let model = try LocationsViewModel(store: store)
    let changes = Recorder(model.change)
    let renamed = try model.rename(at: IndexPath(row: 1, section: 0), to: "  Home  ")
    #expect(renamed.name == "Home")
    #expect(model.viewModel(at: IndexPath(row: 1, section: 0))?.text == "Home")
    #expect(
      changes.values == [.loaded, .renamed(renamed, previousName: "Paris, Île-de-France, FR")])
  }

  @Test func addCandidateAndNewLocation() throws {
    let store = FakeLocationStore()
    let model = try LocationsViewModel(store: store)
    let changes = Recorder(model.change)
    let added = try model.add(richmondVA, query: " Richmond, VA ")
    #expect(added.name == "Richmond, Virginia, US")
    #expect(added.query == "Richmond, VA")
    #expect(added.source == .gazetteer)
    #expect(added.timeZone == "America/New_York")
    let home = try model.add(place("Home", 1, 2))
    #expect(model.numberOfRows(inSection: 0) == 2)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.isSelected == true)  // first added
    #expect(changes.values == [.loaded, .added(added), .added(home)])
  }

  @Test func setAndClearTheCurrentLocation() throws {
    let store = try threePlaces()
    let model = try LocationsViewModel(store: store)
    let changes = Recorder(model.change)
    let position = coordinate(51.5, -0.12)
    try model.setCurrentLocation(position)
    #expect(model.numberOfSections == 2)
    #expect(model.index(of: .saved) == 1)
    try model.setCurrentLocation(nil)
    #expect(model.numberOfSections == 1)
    #expect(
      changes.values == [.loaded, .currentLocationChanged(position), .currentLocationChanged(nil)])
  }

  @Test func refusedActionsThrowAndChangeNothing() throws {
    let store = try threePlaces()
    store.current = coordinate(1, 2)
    let model = try LocationsViewModel(store: store)
    let changes = Recorder(model.change)
    let before = try store.snapshot()

    #expect(throws: LocationsViewModelError.noSuchRow(IndexPath(row: 9, section: 1))) {
      try model.select(at: IndexPath(row: 9, section: 1))
    }
    #expect(throws: LocationsViewModelError.currentLocationNotEditable) {
      try model.delete(at: IndexPath(row: 0, section: 0))
    }
    #expect(throws: LocationsViewModelError.currentLocationNotEditable) {
      try model.rename(at: IndexPath(row: 0, section: 0), to: "x")
    }
    #expect(throws: LocationsViewModelError.noSuchRow(IndexPath(row: 3, section: 1))) {
      try model.move(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 3, section: 1))
    }
    #expect(throws: LocationError.duplicateName("Richmond, Virginia, US")) {
      try model.add(place("RICHMOND, virginia, us"))
    }
    #expect(throws: LocationError.self) {
      try model.rename(at: IndexPath(row: 0, section: 1), to: "bad\u{1B}[31m")
    }
    store.failWrites = true
    #expect(throws: FakeStoreFailure.self) { try model.delete(at: IndexPath(row: 0, section: 1)) }
    #expect(throws: FakeStoreFailure.self) { try model.setCurrentLocation(nil) }

    #expect(try store.snapshot() == before)
    #expect(model.savedCount == before.locations.count)
    #expect(model.selection == before.selection)
    #expect(model.currentLocation == before.currentLocation)
    #expect(model.rows.last?.rows.compactMap(\.location) == before.locations)
    #expect(changes.values == [.loaded])
  }

  @Test func placeReferences() throws {
    let model = try LocationsViewModel(store: try threePlaces())
    #expect(PlaceReference("2") == .number(2))
    #expect(PlaceReference(" 2 ") == .number(2))
    #expect(PlaceReference("2", asName: true) == .name("2"))
    #expect(PlaceReference("99999999999999999999999") == .number(Int.max))
    #expect(PlaceReference("٣") == .name("٣"))  // Arabic-Indic digit: a name
    #expect(try model.indexPath(of: .number(3)) == IndexPath(row: 2, section: 0))
    #expect(
      try model.indexPath(of: .name("paris, île-de-france, fr")) == IndexPath(row: 1, section: 0))
    #expect(try model.indexPath(of: .name("syd")) == IndexPath(row: 2, section: 0))
    #expect(throws: PlaceReferenceError.rowOutOfRange(4, count: 3)) {
      try model.indexPath(of: .number(4))
    }
    #expect(throws: PlaceReferenceError.rowOutOfRange(0, count: 3)) {
      try model.indexPath(of: .number(0))
    }
    #expect(throws: PlaceReferenceError.self) { try model.indexPath(of: .name("Xyzzy")) }
    #expect(throws: PlaceReferenceError.self) { try model.indexPath(of: .name("")) }
  }

  @Test func ambiguousNamesListTheCandidates() throws {
    let store = FakeLocationStore()
    _ = try store.add(place("Richmond, Virginia, US"))
    _ = try store.add(place("Richmond, London, GB"))
    let model = try LocationsViewModel(store: store)
    do {
      _ = try model.indexPath(of: .name("rich"))
      Issue.record("expected an ambiguity")
    } catch let error as PlaceReferenceError {
      #expect(
        error
          == .ambiguousName(
            "rich", matches: ["1 Richmond, Virginia, US", "2 Richmond, London, GB"],
            matchCount: 2))
      #expect(error.description.contains("give the row number"))
    }
  }

  @Test func errorMessagesEscapeControlCharacters() {
    let error = PlaceReferenceError.noPlaceNamed("a\u{1B}[31mb\n", saved: [], savedCount: 0)
    #expect(
      error.description
        == #"no saved place is named "a\u{1B}[31mb\n"; there are no saved places yet"#)
  }
}

@Suite("LocationsViewModel with a real store")
struct LocationsViewModelStoreTests {
  @Test func everyActionReachesTheDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do {
      let model = try LocationsViewModel(
        store: LocationRepository(database: try DatabaseFile.openForWriting(path: path)))
      try model.add(richmondVA, query: "Richmond, VA")
      try model.add(paris, query: "Paris")
      try model.add(place("Robert'); DROP TABLE location;-- 🌧 مرحبا", 10, 20))
      try model.setCurrentLocation(coordinate(40.7128, -74.006))
      try model.move(from: IndexPath(row: 2, section: 1), to: IndexPath(row: 0, section: 1))
      try model.select(at: IndexPath(row: 2, section: 1))
      try model.rename(at: IndexPath(row: 1, section: 1), to: "Home")
      #expect(throws: LocationError.duplicateName("Home")) {
        try model.add(place("home"))
      }
    }
    // A fresh connection and view model read back what was written.
    let database = try DatabaseFile.openForWriting(path: path)
    let model = try LocationsViewModel(store: LocationRepository(database: database))
    #expect(model.numberOfSections == 2)
    let names = (0..<3).compactMap { model.viewModel(at: IndexPath(row: $0, section: 1))?.text }
    #expect(
      names == ["Robert'); DROP TABLE location;-- 🌧 مرحبا", "Home", "Paris, Île-de-France, FR"])
    #expect(model.viewModel(at: IndexPath(row: 2, section: 1))?.isSelected == true)
    #expect(
      model.viewModel(at: IndexPath(row: 1, section: 1))?.detailText == "37.5538° N, 77.4603° W")

    try model.delete(at: IndexPath(row: 2, section: 1))
    #expect(model.numberOfRows(inSection: 1) == 2)
    // The store moved the selection to the row above.
    #expect(model.viewModel(at: IndexPath(row: 1, section: 1))?.isSelected == true)
    #expect(try LocationRepository(database: database).count() == 2)
  }
}

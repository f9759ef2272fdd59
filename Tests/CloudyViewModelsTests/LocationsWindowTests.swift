import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyViewModels
import Testing

/// The locations list with many places reads a window, not the list: what the app needs at
/// 100,000 places (an action or another process's commit used to re-read every row).
@Suite("Locations view model: a window on a long list")
struct LocationsWindowTests {
  /// The SQLite store, counting what is read through it.
  final class CountingStore: LocationStoring {
    let base: LocationRepository
    var snapshots = 0
    var rowsRead = 0

    init(_ base: LocationRepository) { self.base = base }

    func snapshot() throws -> LocationsSnapshot {
      snapshots += 1
      return try base.snapshot()
    }
    func locations(in rows: Range<Int>) throws -> [Location] {
      let read = try base.locations(in: rows)
      rowsRead += read.count
      return read
    }
    func count() throws -> Int { try base.count() }
    func add(_ new: NewLocation) throws -> Location { try base.add(new) }
    func rename(_ id: Location.ID, to newName: String) throws -> Location {
      try base.rename(id, to: newName)
    }
    func move(_ id: Location.ID, to position: Int) throws { try base.move(id, to: position) }
    func remove(_ id: Location.ID) throws { try base.remove(id) }
    func select(_ place: Place) throws { try base.select(place) }
    func setCurrentLocation(_ coordinate: Coordinate?) throws {
      try base.setCurrentLocation(coordinate)
    }
    func selection() throws -> Place? { try base.selection() }
    func locate(_ reference: PlaceReference) throws -> Location { try base.locate(reference) }
    func find(id: Location.ID) throws -> Location? { try base.find(id: id) }
    func currentLocation() throws -> Coordinate? { try base.currentLocation() }
  }

  static let places = 5_000

  func store(_ folder: TemporaryFolder) throws -> CountingStore {
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    try database.write { db in
      for index in 0..<Self.places {
        try db.execute(
          "INSERT INTO location (name, latitude, longitude, source, position) VALUES (?, 1, 2, 'coordinates', ?)",
          ["Place \(index)", index])
      }
    }
    return CountingStore(LocationRepository(database: database))
  }

  @Test("showing, selecting, moving, removing and noticing a commit read pages, never the list")
  func actionsReadAWindow() throws {
    let folder = try TemporaryFolder()
    let store = try store(folder)
    let model = try LocationsViewModel(store: store)
    #expect(model.numberOfRows(inSection: 0) == Self.places)
    #expect(model.viewModel(at: IndexPath(row: 4_321, section: 0))?.text == "Place 4321")
    try model.select(at: IndexPath(row: 4_321, section: 0))
    #expect(model.selectedIndexPath == IndexPath(row: 4_321, section: 0))
    try model.move(from: IndexPath(row: 4_321, section: 0), to: IndexPath(row: 4_320, section: 0))
    #expect(model.viewModel(at: IndexPath(row: 4_320, section: 0))?.text == "Place 4321")
    #expect(model.viewModel(at: IndexPath(row: 4_320, section: 0))?.isSelected == true)
    try model.delete(at: IndexPath(row: 0, section: 0))
    #expect(model.numberOfRows(inSection: 0) == Self.places - 1)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.text == "Place 1")
    // Another connection's commit: seen by a look that reads the page shown.
    _ = try LocationRepository(database: store.base.database).rename(2, to: "Renamed")
    #expect(try model.reloadIfChanged())
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.text == "Renamed")
    #expect(try !model.reloadIfChanged())
    #expect(store.snapshots == 0)
    #expect(store.rowsRead < 2_000, "read \(store.rowsRead) rows of \(Self.places)")
  }

  @Test("rows still lists every place, in order, for front-ends that print the whole list")
  func rowsListEverything() throws {
    let folder = try TemporaryFolder()
    let model = try LocationsViewModel(store: try store(folder))
    let rows = try #require(model.rows.last?.rows)
    #expect(rows.count == Self.places)
    #expect(rows.map(\.text) == (0..<Self.places).map { "Place \($0)" })
    #expect(
      rows.enumerated().allSatisfy { index, row in
        if case .saved(_, let number) = row.kind { number == index + 1 } else { false }
      })
  }
}

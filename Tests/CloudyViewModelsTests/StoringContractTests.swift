import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import Testing

/// The storing interfaces' contract, run against the SQLite store, the app's watched store and
/// the fakes the view-model tests use, so the two cannot drift: positions, selection after a removal, the
/// name rule of the schema's `UNIQUE … COLLATE NOCASE` (ASCII case only), refusals that change
/// nothing, and how a typed place is found.
@Suite("Storing contract: SQLite store and fakes alike")
struct StoringContractTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    /// `watched`: the app's store (a WatchedStore over a DatabaseWatcher), starting, as on a
    /// new machine, with no file: its first write creates it.
    case sqlite, watched, fake
    var testDescription: String { rawValue }
  }

  /// A store of `kind`, with whatever must stay alive as long as it (the temporary folder: a
  /// test keeps its subject, since a write into files removed under it is refused).
  final class Subject {
    let locations: any LocationStoring
    let settings: any SettingsStoring
    let forecasts: any ForecastStoring
    private let folder: TemporaryFolder?

    init(_ kind: Kind) throws {
      switch kind {
      case .sqlite:
        let folder = try TemporaryFolder()
        let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
        self.folder = folder
        locations = LocationRepository(database: database)
        settings = SettingsRepository(database: database)
        forecasts = ForecastRepository(database: database)
      case .watched:
        let folder = try TemporaryFolder()
        let store = WatchedStore(watcher: try DatabaseWatcher(path: folder.file("cloudy.sqlite")))
        self.folder = folder
        locations = store
        settings = store
        forecasts = store
      case .fake:
        folder = nil
        locations = FakeLocationStore()
        settings = FakeSettingsStore()
        forecasts = FakeForecastStore()
      }
    }
  }

  private func names(_ store: any LocationStoring) throws -> [String] {
    try store.snapshot().locations.map(\.name)
  }

  /// Runs `change`, which must throw `expected`, and checks that the store did not change.
  private func refused<E: Error & Equatable>(
    _ store: any LocationStoring, _ expected: E, _ change: () throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try store.snapshot()
    #expect(throws: expected, sourceLocation: sourceLocation) { try change() }
    #expect(try store.snapshot() == before, sourceLocation: sourceLocation)
  }

  @Test(arguments: Kind.allCases)
  func addingKeepsOrderAndSelectsTheFirstPlace(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    let a = try store.add(place("Richmond, Virginia, US"))
    let b = try store.add(place("Paris"))
    #expect(a.position == 0)
    #expect(b.position == 1)
    #expect(try store.selection() == .saved(a.id))
    #expect(try names(store) == ["Richmond, Virginia, US", "Paris"])
    #expect(try store.add(place("  Lyon  ")).name == "Lyon")
  }

  @Test(arguments: Kind.allCases)
  func namesAreUniqueIgnoringASCIICaseOnly(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    try store.add(place("Paris"))
    try refused(store, LocationError.duplicateName("Paris")) { _ = try store.add(place("PARIS")) }
    // Letters beyond ASCII compare exactly, as SQLite's NOCASE does: two different places.
    try store.add(place("Zürich"))
    #expect(try store.add(place("ZÜRICH")).name == "ZÜRICH")
    let lyon = try store.add(place("Lyon"))
    try refused(store, LocationError.duplicateName("Paris")) {
      _ = try store.rename(lyon.id, to: "paris")
    }
    #expect(try store.rename(lyon.id, to: "LYON").name == "LYON")
  }

  @Test(arguments: Kind.allCases)
  func invalidNamesAndMissingPlacesAreRefusedUnchanged(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    let paris = try store.add(place("Paris"))
    try refused(store, LocationError.invalidName(.empty)) { _ = try store.add(place("   ")) }
    try refused(store, LocationError.invalidName(.controlCharacter(0x0A))) {
      _ = try store.rename(paris.id, to: "Pa\nris")
    }
    try refused(store, LocationError.notFound("with id 999")) { try store.remove(999) }
    try refused(store, LocationError.notFound("with id 999")) { try store.select(.saved(999)) }
    try refused(store, LocationError.noCurrentLocation) { try store.select(.current) }
    try refused(store, LocationError.positionOutOfRange(2, count: 1)) {
      try store.move(paris.id, to: 1)
    }
  }

  @Test(arguments: Kind.allCases)
  func movingShiftsThePlacesBetween(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    let ids = try ["A", "B", "C", "D"].map { try store.add(place($0)).id }
    try store.move(ids[3], to: 0)
    #expect(try names(store) == ["D", "A", "B", "C"])
    try store.move(ids[3], to: 2)
    #expect(try names(store) == ["A", "B", "D", "C"])
    #expect(try store.snapshot().locations.map(\.position) == [0, 1, 2, 3])
  }

  @Test(arguments: Kind.allCases)
  func removingTheSelectionSelectsTheNextThenTheOneAboveThenCurrent(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    let ids = try ["A", "B", "C"].map { try store.add(place($0)).id }
    try store.setCurrentLocation(coordinate(1, 2))
    try store.select(.saved(ids[1]))
    try store.remove(ids[1])
    #expect(try store.selection() == .saved(ids[2]))
    try store.remove(ids[2])
    #expect(try store.selection() == .saved(ids[0]))
    try store.remove(ids[0])
    #expect(try store.selection() == .current)
    try store.setCurrentLocation(nil)
    #expect(try store.selection() == nil)
    #expect(try store.snapshot() == .empty)
  }

  @Test(arguments: Kind.allCases)
  func clearingTheSelectedCurrentLocationSelectsTheFirstPlace(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    let first = try store.add(place("A"))
    try store.add(place("B"))
    try store.setCurrentLocation(coordinate(10, 20))
    try store.select(.current)
    #expect(try store.currentLocation() == coordinate(10, 20))
    try store.setCurrentLocation(nil)
    #expect(try store.selection() == .saved(first.id))
    #expect(try store.currentLocation() == nil)
  }

  @Test(arguments: Kind.allCases)
  func placesAreLocatedByNumberNameAndUniqueBeginning(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.locations
    for name in ["Richmond, Virginia, US", "Richmond, California, US", "Paris", "Zürich", "3"] {
      try store.add(place(name))
    }
    #expect(try store.locate(.number(3)).name == "Paris")
    #expect(try store.locate(PlaceReference("3", asName: true)).name == "3")
    #expect(try store.locate(.name("PARIS")).name == "Paris")
    #expect(try store.locate(.name("par")).name == "Paris")
    #expect(try store.locate(.name("zürich")).name == "Zürich")
    #expect(try store.locate(.name("ZÜR")).name == "Zürich")
    #expect(throws: PlaceReferenceError.rowOutOfRange(9, count: 5)) {
      try store.locate(.number(9))
    }
    #expect(
      throws: PlaceReferenceError.ambiguousName(
        "rich", matches: ["1 Richmond, Virginia, US", "2 Richmond, California, US"], matchCount: 2)
    ) { try store.locate(.name("rich")) }
    #expect(throws: PlaceReferenceError.self) { try store.locate(.name("Lyon")) }
    let paris = try store.locate(.name("Paris"))
    #expect(try store.find(id: paris.id) == paris)
    #expect(try store.find(id: 999) == nil)
  }

  @Test(arguments: Kind.allCases)
  func settingsAreSetAndReset(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.settings
    #expect(try store.settings() == .defaults)
    try store.set(TimeNotation.twentyFourHour)
    try store.set(UnitsNotation.metric)
    try store.set(TemperatureNotation.celsius)
    #expect(
      try store.settings()
        == Settings(time: .twentyFourHour, units: .metric, temperature: .celsius))
    try store.reset()
    #expect(try store.settings() == .defaults)
  }

  @Test(arguments: Kind.allCases)
  func aForecastIsReplacedWholeAndPrunedByAge(kind: Kind) throws {
    let subject = try Subject(kind)
    let id = try subject.locations.add(place("Auckland")).id
    let store = subject.forecasts
    #expect(try store.latest(for: .saved(id)) == nil)
    let old = ForecastSample.weather(fetchedAt: 1_000_000, issuedAt: 1_000_000)
    // Fetched later, but its data was issued long before it was fetched (an imported response).
    let new = ForecastSample.weather(fetchedAt: 3_000_000, issuedAt: 2_000_000)
    try store.save(old, for: .saved(id))
    try store.save(new, for: .saved(id))
    #expect(try store.latest(for: .saved(id))?.fetchedAt == 3_000_000)
    #expect(try store.latest(for: .saved(id))?.issuedAt == 2_000_000)
    // By the data's age: a cutoff after the issue time and before the fetch removes it.
    #expect(try store.prune(issuedBefore: 1_500_000) == 0)
    #expect(try store.prune(issuedBefore: 2_500_000) == 1)
    #expect(try store.latest(for: .saved(id)) == nil)
  }

  /// A one-view command reads one part (`show --week` no hours): the part asked for is whole,
  /// the others are left out, and `contents` still names every part the forecast holds, so
  /// "this forecast has no hourly data" is said only when it has none.
  @Test(arguments: Kind.allCases)
  func aForecastIsReadPartByPartWithItsContentsWhole(kind: Kind) throws {
    let subject = try Subject(kind)
    let id = try subject.locations.add(place("Auckland")).id
    let store = subject.forecasts
    #expect(try store.latest(for: .saved(id), reading: .daily) == nil)
    var weather = ForecastSample.weather()
    weather.contents = .all
    try store.save(weather, for: .saved(id))
    let whole = try #require(try store.latest(for: .saved(id)))
    #expect(try store.latest(for: .saved(id), reading: .all) == whole)

    let days = try #require(try store.latest(for: .saved(id), reading: .daily))
    #expect(days.days == whole.days && days.days.count == 7)
    #expect(days.hours.isEmpty)
    #expect(days.contents == .all)
    // The current conditions are not read either: their time alone.
    #expect(
      days.current
        == WeatherConditions(
          time: whole.current.time, summary: nil, icon: nil, temperature: nil, windSpeed: nil))
    #expect(whole.current.temperature != nil)

    let hours = try #require(try store.latest(for: .saved(id), reading: .hourly))
    #expect(hours.hours == whole.hours && hours.hours.count == 48)
    #expect(hours.days.isEmpty)
    #expect(hours.contents == .all)

    let now = try #require(try store.latest(for: .saved(id), reading: .current))
    #expect(now.days.isEmpty && now.hours.isEmpty)
    #expect(now.current == whole.current)
    #expect(now.contents == .all)

    // Without hours, reading the days says so.
    weather.hours = []
    weather.contents = [.current, .daily]
    try store.save(weather, for: .saved(id))
    #expect(try store.latest(for: .saved(id), reading: .daily)?.contents == [.current, .daily])
  }
}

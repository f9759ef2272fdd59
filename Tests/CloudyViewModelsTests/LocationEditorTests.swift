import CloudyModels
import CloudyStoring
import CloudyTestFakes
import Testing

@testable import CloudyStore
@testable import CloudyViewModels

@Suite("Finding a place by index lookups")
struct PlaceLookupTests {
  /// Names chosen to sit on the edges of the NOCASE range search: "@" sorts just below "A",
  /// "[" and "_" between the upper and lower case letters, shared beginnings, a name that is
  /// the beginning of another, letters beyond ASCII in both cases, digits, and a "%" that
  /// would be a wildcard to LIKE.
  static let names = [
    "Richmond, Virginia, US", "Richmond, London, GB", "Rich", "Paris, Île-de-France, FR",
    "paris, Texas, US", "Zürich, ZH, CH", "ÉCOLE", "école du Nord", "@home", "A@", "Ab", "[lab]",
    "_under", "Zz", "z{", "100% Wolf", "12", "Øst", "øster", "İzmir", "Kelvin",
  ]

  static let references: [PlaceReference] =
    names.map { .name($0) } + names.map { .name($0.uppercased()) }
    + names.map { .name($0.lowercased()) } + names.map { .name(String($0.prefix(2))) }
    + names.map { .name(String($0.prefix(1))) } + names.map { .name(" \($0) ") }
    + [
      .name("rich"), .name("RICHMOND"), .name("richmond, v"), .name("par"), .name("zü"),
      .name("ZÜ"), .name("éc"), .name("ÉC"), .name("@"), .name("a"), .name("["), .name("_"),
      .name("z"), .name("100%"), .name("1"), .name("%"), .name("nowhere"), .name(""),
      .name("ø"), .name("Ø"), .name("\u{10FFFF}"),
    ] + (-1...23).map { .number($0) } + [.number(Int.max)]

  /// The repository answers from its indexes; the rules are written once over a plain list
  /// (`PlaceReference.index(in:)`). Wherever the typed text folds the same way under both
  /// (ASCII, or exact non-ASCII), they must agree on the place or on the error.
  @Test func theIndexedLookupAgreesWithTheListRules() throws {
    let folder = try TemporaryFolder()
    let store = LocationRepository(
      database: try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite")))
    for name in Self.names { try store.add(place(name)) }
    let locations = try store.all()
    var compared = 0
    for reference in Self.references {
      let expected = Result { () throws(PlaceReferenceError) in
        locations[try reference.index(in: locations)]
      }
      let actual = Result { try store.locate(reference) }
      switch (expected, actual) {
      case (.success(let want), .success(let got)):
        #expect(want == got, "\(reference)")
      case (.failure(let want), .failure(let got)):
        #expect(got as? PlaceReferenceError == want, "\(reference)")
      default:
        Issue.record("\(reference): the list says \(expected), the index says \(actual)")
      }
      compared += 1
    }
    #expect(compared == Self.references.count)
  }

  @Test func anAmbiguousBeginningNamesTheFirstFiveAndCountsTheRest() throws {
    let folder = try TemporaryFolder()
    let store = LocationRepository(
      database: try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite")))
    for index in 1...40 { try store.add(place("Springfield \(index)")) }
    try store.add(place("Paris"))
    #expect(throws: Never.self) { try store.move(try store.locate(.name("Paris")).id, to: 0) }
    do {
      _ = try store.locate(.name("spring"))
      Issue.record("expected an ambiguity")
    } catch let error as PlaceReferenceError {
      guard case .ambiguousName(_, let matches, let count) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(count == 40)
      #expect(matches == (1...5).map { "\($0 + 1) Springfield \($0)" })
      #expect(error.description.contains("and 35 more"))
    }
    do {
      _ = try store.locate(.name("Shelbyville"))
      Issue.record("expected no match")
    } catch let error as PlaceReferenceError {
      #expect(error.description.hasSuffix("Springfield 4; and 36 more"))
    }
  }

  @Test("a name's beginning is a range search on the name index, not a scan")
  func beginningsUseTheNameIndex() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let plan = try database.query(
      "EXPLAIN QUERY PLAN SELECT id FROM location WHERE name >= ? COLLATE NOCASE AND name < ? COLLATE NOCASE ORDER BY position, id LIMIT ?",
      ["ric", "rid", 5]
    ) { $0.string(3) }
    #expect(plan.contains { $0.contains("USING") && $0.contains("INDEX") })
    #expect(!plan.contains { $0.hasPrefix("SCAN") })
    let byRow = try database.query(
      "EXPLAIN QUERY PLAN SELECT id FROM location ORDER BY position, id LIMIT 1 OFFSET ?", [3]
    ) { $0.string(3) }
    #expect(byRow.contains { $0.contains("INDEX location_by_position") })
    #expect(!byRow.contains { $0.contains("TEMP B-TREE") })
  }

  @Test func upperBoundsSkipWhatNocaseFolds() {
    #expect(LocationRepository.upperBound(ofNamesBeginningWith: "ric") == "rid")
    #expect(LocationRepository.upperBound(ofNamesBeginningWith: "a@") == "a[")
    #expect(LocationRepository.upperBound(ofNamesBeginningWith: "zü") == "zý")
    #expect(LocationRepository.upperBound(ofNamesBeginningWith: "a\u{D7FF}") == "a\u{E000}")
    #expect(LocationRepository.upperBound(ofNamesBeginningWith: "a\u{10FFFF}") == "b")
    #expect(LocationRepository.upperBound(ofNamesBeginningWith: "\u{10FFFF}") == nil)
  }

  @Test func aHandEditedGapFallsBackToTheListOrder() throws {
    let folder = try TemporaryFolder()
    let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
    let store = LocationRepository(database: database)
    for name in ["One", "Two", "Three"] { try store.add(place(name)) }
    // As someone might in the sqlite3 shell: positions 0, 5, 5.
    try database.execute("UPDATE location SET position = 5 WHERE name IN ('Two', 'Three')")
    #expect(try store.locate(.number(2)).name == "Two")
    #expect(try store.locate(.number(3)).name == "Three")
    #expect(throws: PlaceReferenceError.rowOutOfRange(4, count: 3)) {
      try store.locate(.number(4))
    }
  }
}

@Suite("LocationEditor")
struct LocationEditorTests {
  private func store(_ names: [String]) throws -> FakeLocationStore {
    let store = FakeLocationStore()
    for name in names { _ = try store.add(place(name)) }
    return store
  }

  @Test func removingTheSelectedPlaceSelectsTheOneTakingItsRow() throws {
    let store = try store(["Richmond", "Paris", "Oslo"])
    let editor = LocationEditor(store: store)
    _ = try editor.select(.name("paris"))
    let (removed, selected) = try editor.remove(.number(2))
    #expect(removed.text == "Paris")
    #expect(removed.isSelected)
    #expect(selected?.text == "Oslo")
    #expect(selected?.kind == .saved(store.locations[1], number: 2))
    #expect(store.locations.map(\.name) == ["Richmond", "Oslo"])
  }

  @Test func removingAnotherPlaceKeepsTheSelection() throws {
    let store = try store(["Richmond", "Paris"])
    let (removed, selected) = try LocationEditor(store: store).remove(.name("Paris"))
    #expect(!removed.isSelected)
    #expect(selected?.text == "Richmond")
  }

  @Test func renameAndMoveReportTheRowAfterTheChange() throws {
    let store = try store(["Richmond", "Paris", "Oslo"])
    let editor = LocationEditor(store: store)
    let (renamed, previous) = try editor.rename(.name("par"), to: "Home")
    #expect(previous == "Paris")
    #expect(renamed.text == "Home")
    let (moved, from) = try editor.move(.name("Oslo"), toRow: 1)
    #expect(from == 3)
    #expect(moved.kind == .saved(store.locations[0], number: 1))
    #expect(store.locations.map(\.name) == ["Oslo", "Richmond", "Home"])
    #expect(throws: LocationError.positionOutOfRange(4, count: 3)) {
      try editor.move(.name("Oslo"), toRow: 4)
    }
    #expect(store.locations.map(\.name) == ["Oslo", "Richmond", "Home"])
  }

  @Test func theCurrentLocationIsSelectedOnlyWhenSet() throws {
    let store = try store(["Richmond"])
    let editor = LocationEditor(store: store)
    #expect(try editor.currentRow() == nil)
    #expect(throws: LocationError.noCurrentLocation) { try editor.selectCurrent() }
    try store.setCurrentLocation(coordinate(40.7128, -74.006))
    let row = try editor.selectCurrent()
    #expect(row.kind == .current)
    #expect(row.isSelected)
    #expect(try editor.selectedRow() == row)
  }

  @Test func aRefusedLookupChangesNothing() throws {
    let store = try store(["Richmond, Virginia, US", "Richmond, London, GB"])
    let editor = LocationEditor(store: store)
    #expect(throws: PlaceReferenceError.self) { try editor.remove(.name("rich")) }
    #expect(throws: PlaceReferenceError.rowOutOfRange(3, count: 2)) {
      try editor.remove(.number(3))
    }
    #expect(store.writes == ["add", "add"])
  }
}

import CloudyGazetteer
import CloudyModels
import CloudyServices
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Testing

private let vienna = candidate(
  "Vienna", "Wien", "AT", 48.2085, 16.3721, population: 1_691_468, match: .alternateName("Wien"))
private let springfieldMO = candidate(
  "Springfield", "Missouri", "US", 37.2153, -93.2982, population: 166_810,
  match: .prefix(alternateName: nil))
private let richmondNear = candidate(
  "Richmond", "Virginia", "US", 37.5538, -77.4603, population: 226_610, match: .near)

private func geocoder() -> FakeGeocoder {
  let geocoder = FakeGeocoder()
  geocoder.results["Richmond"] = [richmondVA, richmondCA]
  geocoder.results["Paris"] = [paris]
  geocoder.results["Wien"] = [vienna]
  geocoder.results["Springf"] = [springfieldMO]
  geocoder.nearMatches = [richmondNear]
  return geocoder
}

@Suite("AddLocationViewModel")
struct AddLocationViewModelTests {
  @Test func startsIdle() {
    let model = AddLocationViewModel(geocoder: geocoder(), store: FakeLocationStore())
    #expect(model.state.value == .idle)
    #expect(model.numberOfRows == 0)
    #expect(model.viewModel(at: 0) == nil)
  }

  @Test func typingSearchesAndAnnouncesResults() throws {
    let model = AddLocationViewModel(geocoder: geocoder(), store: FakeLocationStore())
    var seen: [(AddLocationViewModel.State, Int)] = []
    let token = model.state.bind { [weak model] state in
      seen.append((state, model?.numberOfRows ?? -1))
    }
    model.query.value = "Richmond"
    #expect(seen.map(\.0) == [.idle, .searching, .results])
    #expect(seen.last?.1 == 2)  // rows are ready when the state says so
    let row = try #require(model.viewModel(at: 1))
    #expect(row.text == "Richmond, California, US")
    #expect(row.detailText == "37.9358° N, 122.3477° W")
    #expect(row.number == 2)
    model.query.value = "   "
    #expect(model.state.value == .idle)
    #expect(model.numberOfRows == 0)
    token.cancel()
  }

  @Test func aMisspellingOffersNearMatchesAsCloseMatches() throws {
    let model = AddLocationViewModel(geocoder: geocoder(), store: FakeLocationStore())
    model.query.value = "Richmnd"
    #expect(model.state.value == .closeMatches)
    #expect(model.candidates == [richmondNear])
    #expect(model.bestNamedCandidate == nil)
    let row = try #require(model.viewModel(at: 0))
    #expect(row.isWholeName == false)
    #expect(row.matchText == "spelled like \u{201C}Richmnd\u{201D}")
  }

  @Test func nothingAtAllIsNoResults() {
    let empty = geocoder()
    empty.nearMatches = []
    let model = AddLocationViewModel(geocoder: empty, store: FakeLocationStore())
    model.query.value = "Xyzzy"
    #expect(model.state.value == .noResults)
    #expect(model.numberOfRows == 0)
    #expect(model.bestNamedCandidate == nil)
  }

  @Test func aWholeNameIsTheBestNamedCandidate() throws {
    let model = AddLocationViewModel(geocoder: geocoder(), store: FakeLocationStore())
    model.query.value = "Richmond"
    #expect(model.state.value == .results)
    #expect(model.bestNamedCandidate == 0)
    let row = try #require(model.viewModel(at: 0))
    #expect(row.isWholeName)
    #expect(row.match == .name)
    #expect(row.matchText == nil)
    #expect(row.textWithMatch == "Richmond, Virginia, US")
  }

  @Test func anotherNameIsWholeAndSaysWhichNameMatched() throws {
    let store = FakeLocationStore()
    let model = AddLocationViewModel(geocoder: geocoder(), store: store)
    model.query.value = "Wien"
    #expect(model.state.value == .results)
    #expect(model.bestNamedCandidate == 0)
    let row = try #require(model.viewModel(at: 0))
    #expect(row.isWholeName)
    #expect(row.textWithMatch == "Vienna, Wien, AT \u{2014} matched \u{201C}Wien\u{201D}")
    let saved = try model.choose(at: 0)
    #expect(saved.name == "Vienna, Wien, AT")
    #expect(saved.query == "Wien")
  }

  @Test func aPrefixAloneIsOfferedNotNamed() throws {
    let store = FakeLocationStore()
    let model = AddLocationViewModel(geocoder: geocoder(), store: store)
    model.query.value = "Springf"
    #expect(model.state.value == .closeMatches)
    #expect(model.bestNamedCandidate == nil)
    #expect(store.locations.isEmpty)
    let row = try #require(model.viewModel(at: 0))
    #expect(!row.isWholeName)
    #expect(row.matchText == "begins with \u{201C}Springf\u{201D}")
    // Chosen on purpose, it is saved.
    let saved = try model.choose(at: 0)
    #expect(saved.name == "Springfield, Missouri, US")
    #expect(store.locations == [saved])
  }

  @Test func geocodingFailuresAreAState() {
    let failing = geocoder()
    failing.error = .missingPlaceName
    let model = AddLocationViewModel(geocoder: failing, store: FakeLocationStore())
    model.query.value = ", France"
    #expect(model.state.value == .failed(.missingPlaceName))
    #expect(model.numberOfRows == 0)
  }

  @Test func choosingSavesAndAnnounces() throws {
    let store = FakeLocationStore()
    let model = AddLocationViewModel(geocoder: geocoder(), store: store)
    let chosen = Recorder(model.chosen)
    model.query.value = " Richmond "
    let location = try model.choose(at: 1)
    #expect(location.name == "Richmond, California, US")
    #expect(location.query == "Richmond")
    #expect(store.locations == [location])
    #expect(chosen.values == [nil, location])
  }

  @Test func theStoreIsOpenedOnlyWhenChoosing() throws {
    var opened = 0
    let store = FakeLocationStore()
    let model = AddLocationViewModel(geocoder: geocoder(), limit: 1) {
      opened += 1
      return store
    }
    model.query.value = "Richmond"
    model.query.value = "Paris"
    #expect(opened == 0)
    #expect(model.numberOfRows == 1)
    try model.choose(at: 0)
    #expect(opened == 1)
  }

  @Test func refusedChoicesSaveNothing() throws {
    let store = FakeLocationStore()
    let model = AddLocationViewModel(geocoder: geocoder(), store: store)
    let chosen = Recorder(model.chosen)
    model.query.value = "Richmond"
    #expect(throws: AddLocationError.noSuchCandidate(3, count: 2)) { try model.choose(at: 2) }
    #expect(throws: AddLocationError.noSuchCandidate(0, count: 2)) { try model.choose(at: -1) }
    try model.choose(at: 0)
    #expect(throws: LocationError.duplicateName("Richmond, Virginia, US")) {
      try model.choose(at: 0)
    }
    store.failWrites = true
    #expect(throws: FakeStoreFailure.self) { try model.choose(at: 1) }
    #expect(store.locations.count == 1)
    #expect(chosen.values.count == 2)
  }

  @Test func withTheGazetteerAPrefixSavesNothingUntilChosen() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let model = AddLocationViewModel(geocoder: GazetteerGeocoder()) {
      LocationRepository(database: try DatabaseFile.openForWriting(path: path))
    }
    model.query.value = "Springf"
    #expect(model.state.value == .closeMatches)
    #expect(model.bestNamedCandidate == nil)
    #expect(model.candidates.allSatisfy { !$0.match.isWholeName })
    #expect(try DatabaseFile.checkExisting(path: path) == false)
    let first = try #require(model.viewModel(at: 0))
    #expect(first.text == "Springfield, Missouri, US")
    model.query.value = "Wien"
    #expect(model.state.value == .results)
    let best = try #require(model.bestNamedCandidate)
    let vienna = try #require(model.viewModel(at: best))
    #expect(vienna.textWithMatch == "Vienna, Wien, AT \u{2014} matched \u{201C}Wien\u{201D}")
    let saved = try model.choose(at: 0)
    #expect(saved.countryCode == "AT")
    #expect(abs(saved.coordinate.latitude - 48.2085) < 0.05)
    #expect(abs(saved.coordinate.longitude - 16.3721) < 0.05)
  }

  @Test func withTheGazetteerAndARealStore() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let model = AddLocationViewModel(geocoder: GazetteerGeocoder()) {
      LocationRepository(database: try DatabaseFile.openForWriting(path: path))
    }
    model.query.value = "Richmond, VA"
    #expect(model.state.value == .results)
    #expect(try DatabaseFile.checkExisting(path: path) == false)  // searching created nothing
    let saved = try model.choose(at: 0)
    #expect(saved.name == "Richmond, Virginia, US")
    #expect(abs(saved.coordinate.latitude - 37.55) < 0.01)
    #expect(abs(saved.coordinate.longitude - -77.46) < 0.01)
    let list = try LocationsViewModel(
      store: LocationRepository(database: try DatabaseFile.openForWriting(path: path)))
    #expect(list.viewModel(at: IndexPath(row: 0, section: 0))?.text == "Richmond, Virginia, US")
    #expect(list.viewModel(at: IndexPath(row: 0, section: 0))?.isSelected == true)
  }
}

import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

@Suite("Export snapshot and import transaction")
struct PlacesTransferRepositoryTests {
  private func documentPlace(_ name: String, selected: Bool = false) -> PlacesDocument.Place {
    PlacesDocument.Place(
      name: name, coordinate: coordinate(10, 20), countryCode: "FR", source: .coordinates,
      selected: selected)
  }

  @Test("the snapshot holds places in order, the selection, current location, settings, forecasts")
  func snapshot() throws {
    let folder = try TemporaryFolder()
    let db = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: db)
    let richmond = try locations.add(place("Richmond, Virginia, US"))
    let paris = try locations.add(place("Paris", 48.85, 2.35))
    try locations.select(.saved(paris.id))
    try locations.setCurrentLocation(coordinate(51.5, -0.12))
    try SettingsRepository(database: db).set(TemperatureNotation.celsius)
    try ForecastRepository(database: db).save(sampleWeather(), for: .saved(richmond.id))

    let document = try PlacesTransferRepository(database: db).snapshot(includingForecasts: true)
    #expect(document.places.map(\.name) == ["Richmond, Virginia, US", "Paris"])
    #expect(document.places.map(\.selected) == [false, true])
    #expect(document.places[0].forecast == sampleWeather())
    #expect(document.places[1].forecast == nil)
    #expect(document.currentLocation?.coordinate == coordinate(51.5, -0.12))
    #expect(document.settings?.temperature == .celsius)
    let without = try PlacesTransferRepository(database: db).snapshot(includingForecasts: false)
    #expect(without.places[0].forecast == nil)
  }

  @Test("merge skips names already saved (ignoring ASCII case), appends the rest, keeps selection")
  func merge() throws {
    let folder = try TemporaryFolder()
    let db = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: db)
    let home = try locations.add(place("Home"))
    let transfer = PlacesTransferRepository(database: db)
    let document = PlacesDocument(places: [
      documentPlace("HOME"), documentPlace("Lyon", selected: true), documentPlace("Nice"),
    ])
    let outcome = try transfer.apply(document, mode: .merge)
    #expect(outcome.added.map(\.name) == ["Lyon", "Nice"])
    #expect(outcome.skipped.map(\.savedName) == ["Home"])
    #expect(try locations.all().map(\.name) == ["Home", "Lyon", "Nice"])
    #expect(try locations.all().map(\.position) == [0, 1, 2])
    #expect(try locations.selection() == .saved(home.id))
    // Again: nothing changes.
    let again = try transfer.apply(document, mode: .merge)
    #expect(again.added.isEmpty)
    #expect(again.skipped.count == 3)
    #expect(try locations.count() == 3)
  }

  @Test("merge into an empty list selects the file's selected place, as add would the first")
  func mergeSelects() throws {
    let folder = try TemporaryFolder()
    let db = try migratedDatabase(in: folder)
    let document = PlacesDocument(places: [documentPlace("A"), documentPlace("B", selected: true)])
    try PlacesTransferRepository(database: db).apply(document, mode: .merge)
    let locations = LocationRepository(database: db)
    let selectedB = try #require(try locations.find(name: "B"))
    #expect(try locations.selection() == .saved(selectedB.id))
  }

  @Test(
    "replace swaps places, current location and settings; CSV-like documents keep the current location"
  )
  func replace() throws {
    let folder = try TemporaryFolder()
    let db = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: db)
    let old = try locations.add(place("Old"))
    try ForecastRepository(database: db).save(sampleWeather(), for: .saved(old.id))
    try locations.setCurrentLocation(coordinate(1, 1))
    try locations.select(.current)
    let transfer = PlacesTransferRepository(database: db)

    let csvLike = PlacesDocument(places: [documentPlace("New")])
    var outcome = try transfer.apply(csvLike, mode: .replace)
    #expect(outcome.removed == 1)
    #expect(try locations.all().map(\.name) == ["New"])
    #expect(try locations.currentLocation() == coordinate(1, 1))
    #expect(try locations.selection() == .current)
    #expect(try ForecastRepository(database: db).count() == 0)

    let full = PlacesDocument(
      places: [documentPlace("X"), documentPlace("Y", selected: true)],
      currentLocation: nil,
      settings: Settings(time: .twentyFourHour, units: .metric, temperature: .celsius),
      carriesCurrentLocation: true)
    try SettingsRepository(database: db).set(AlertLevel.severe)
    outcome = try transfer.apply(full, mode: .replace)
    #expect(outcome.settingsReplaced)
    // A document without the alert level (CSV-like, or an export from before alerts) keeps it.
    #expect(try SettingsRepository(database: db).settings().alerts == .severe)
    #expect(outcome.currentLocationChanged)
    #expect(try locations.currentLocation() == nil)
    let selectedY = try #require(try locations.find(name: "Y"))
    #expect(try locations.selection() == .saved(selectedY.id))
    #expect(try SettingsRepository(database: db).settings().units == .metric)

    // Cloudy's own export carries it: then it is replaced with the rest.
    var carrying = full
    carrying.settings?.alerts = .none
    carrying.carriesAlertLevel = true
    _ = try transfer.apply(carrying, mode: .replace)
    #expect(try SettingsRepository(database: db).settings().alerts == AlertLevel.none)
  }

  @Test("a document the schema refuses rolls back whole: the file is byte-identical")
  func rollsBack() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    do {
      let db = try migratedDatabase(in: folder)
      try LocationRepository(database: db).add(place("Keep"))
      try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let before = contents(path)
    let db = try DatabaseFile.openForWriting(path: path)
    // Two names the UNIQUE constraint folds together: the second insert fails after the first
    // and the removal of "Keep" have run.
    let document = PlacesDocument(places: [documentPlace("Twin"), documentPlace("TWIN")])
    #expect(throws: DatabaseError.self) {
      try PlacesTransferRepository(database: db).apply(document, mode: .replace)
    }
    #expect(try LocationRepository(database: db).all().map(\.name) == ["Keep"])
    try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    #expect(contents(path) == before)
  }
}

import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

@Suite("Locations")
struct LocationRepositoryTests {
  @Test("places are kept in the order added, with 0-based positions; the first becomes selected")
  func addKeepsOrder() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let richmond = try locations.add(place("Richmond, Virginia, US"))
    try locations.add(place("Paris, Île-de-France, FR", 48.8534, 2.3488))
    try locations.add(place("Zürich, ZH, CH", 47.3667, 8.55))
    #expect(
      try locations.all().map(\.name) == [
        "Richmond, Virginia, US", "Paris, Île-de-France, FR", "Zürich, ZH, CH",
      ])
    #expect(try locations.all().map(\.position) == [0, 1, 2])
    #expect(try locations.selection() == .saved(richmond.id))
    #expect(try locations.find(name: "richmond, virginia, us")?.id == richmond.id)
    #expect(try locations.find(id: richmond.id)?.coordinate.latitude == 37.5538)
  }

  @Test("a duplicate name (ignoring case) is refused and nothing changes")
  func duplicateRefused() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    try locations.add(place("Home"))
    #expect(throws: LocationError.duplicateName("Home")) { try locations.add(place("HOME")) }
    #expect(try locations.count() == 1)
  }

  @Test("names are stored exactly: quotes, SQL, emoji, right-to-left; control characters refused")
  func namesStoredExactly() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let names = [
      "O'Brien \"Town\"", "x'); DROP TABLE location; --", "🌧️ Rainy 🌧️", "תל אביב", "%s%n%x",
    ]
    for name in names { try locations.add(place(name)) }
    #expect(try locations.all().map(\.name) == names)
    #expect(throws: LocationError.invalidName(.controlCharacter(0))) {
      try locations.add(place("bad\u{0}name"))
    }
    #expect(throws: LocationError.invalidName(.controlCharacter(0x1B))) {
      try locations.add(place("\u{1B}[31mred"))
    }
    #expect(throws: LocationError.invalidName(.empty)) { try locations.add(place("   ")) }
    #expect(throws: LocationError.self) {
      try locations.add(place(String(repeating: "a", count: 201)))
    }
    #expect(try locations.count() == names.count)
  }

  @Test("rename changes the name, refuses duplicates and bad names")
  func rename() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let home = try locations.add(place("Home"))
    try locations.add(place("Work"))
    #expect(try locations.rename(home.id, to: "Cottage").name == "Cottage")
    #expect(throws: LocationError.duplicateName("Work")) {
      try locations.rename(home.id, to: "work")
    }
    #expect(throws: LocationError.notFound("with id 999")) { try locations.rename(999, to: "X") }
    // Its own name, in a new case.
    #expect(try locations.rename(home.id, to: "COTTAGE").name == "COTTAGE")
  }

  @Test("move reorders like drag and drop and keeps positions contiguous")
  func move() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let a = try locations.add(place("A"))
    try locations.add(place("B"))
    try locations.add(place("C"))
    try locations.move(a.id, to: 2)
    #expect(try locations.all().map(\.name) == ["B", "C", "A"])
    try locations.move(a.id, to: 0)
    #expect(try locations.all().map(\.name) == ["A", "B", "C"])
    #expect(try locations.all().map(\.position) == [0, 1, 2])
    #expect(throws: LocationError.positionOutOfRange(4, count: 3)) {
      try locations.move(a.id, to: 3)
    }
  }

  @Test("a removal writes one row: the places after keep their stored keys and move up a row")
  func removalLeavesAGap() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    let names = (1...6).map { "Place \($0)" }
    let saved = try names.map { try locations.add(place($0)) }
    try locations.remove(saved[1].id)
    let keys = try database.query("SELECT position FROM location ORDER BY position") { $0.int(0) }
    #expect(keys == [0, 2, 3, 4, 5])
    #expect(try locations.all().map(\.position) == [0, 1, 2, 3, 4])
    #expect(try locations.find(id: saved[5].id)?.position == 4)
    #expect(try locations.find(name: "place 3")?.position == 1)
    #expect(try locations.find(position: 1)?.name == "Place 3")
    #expect(try locations.locations(in: 1..<3).map(\.name) == ["Place 3", "Place 4"])
    #expect(try locations.locations(in: 1..<3).map(\.position) == [1, 2])
    #expect(
      try locations.find(namesBeginningWith: "place 6", limit: 5).locations.map(\.position) == [4])
    // Moves over the gap keep drag-and-drop order, and a new place goes last.
    try locations.move(saved[0].id, to: 2)
    #expect(
      try locations.all().map(\.name) == ["Place 3", "Place 4", "Place 1", "Place 5", "Place 6"])
    try locations.move(saved[5].id, to: 0)
    #expect(
      try locations.all().map(\.name) == ["Place 6", "Place 3", "Place 4", "Place 1", "Place 5"])
    try locations.add(place("Place 7"))
    #expect(try locations.find(name: "Place 7")?.position == 5)
    let distinct = try database.scalarInt(
      "SELECT count(DISTINCT position) = count(*) FROM location")
    #expect(distinct == 1)
  }

  @Test("a move across keys two places share (a hand edit in sqlite3) keeps drag-and-drop order")
  func moveAcrossTies() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    let a = try locations.add(place("A"))
    for name in ["B", "C", "D"] { try locations.add(place(name)) }
    try database.execute("UPDATE location SET position = 5 WHERE name IN ('B', 'C')")
    #expect(try locations.all().map(\.name) == ["A", "D", "B", "C"])
    try locations.move(a.id, to: 2)
    #expect(try locations.all().map(\.name) == ["D", "B", "A", "C"])
    try locations.move(a.id, to: 0)
    #expect(try locations.all().map(\.name) == ["A", "D", "B", "C"])
  }

  @Test(
    "removing the selected place selects the one that takes its row, then the one above, then nothing"
  )
  func removeSelectionFallback() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let a = try locations.add(place("A"))
    let b = try locations.add(place("B"))
    let c = try locations.add(place("C"))
    try locations.select(.saved(b.id))
    try locations.remove(b.id)
    #expect(try locations.selection() == .saved(c.id))
    #expect(try locations.all().map(\.position) == [0, 1])
    try locations.remove(c.id)
    #expect(try locations.selection() == .saved(a.id))
    try locations.remove(a.id)
    #expect(try locations.selection() == nil)
    #expect(throws: LocationError.notFound("with id \(a.id)")) { try locations.remove(a.id) }
  }

  @Test("removing the last place falls back to the current location when one is set")
  func removeFallsBackToCurrent() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let a = try locations.add(place("A"))
    try locations.setCurrentLocation(coordinate(51.5, -0.12))
    try locations.remove(a.id)
    #expect(try locations.selection() == .current)
  }

  @Test("removing an unselected place keeps the selection")
  func removeUnselected() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    let a = try locations.add(place("A"))
    let b = try locations.add(place("B"))
    try locations.remove(b.id)
    #expect(try locations.selection() == .saved(a.id))
  }

  @Test("current location: set, select, clear moves the selection to the first place")
  func currentLocation() throws {
    let folder = try TemporaryFolder()
    let locations = LocationRepository(database: try migratedDatabase(in: folder))
    #expect(throws: LocationError.noCurrentLocation) { try locations.select(.current) }
    try locations.setCurrentLocation(coordinate(51.5072, -0.1276))
    #expect(try locations.currentLocation() == coordinate(51.5072, -0.1276))
    #expect(try locations.selection() == .current)  // nothing was selected
    let a = try locations.add(place("A"))
    #expect(try locations.selection() == .current)
    try locations.setCurrentLocation(nil)
    #expect(try locations.currentLocation() == nil)
    #expect(try locations.selection() == .saved(a.id))
  }

  @Test("the schema refuses what the model would: out-of-range coordinates, unknown notations")
  func schemaConstraints() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    #expect(throws: DatabaseError.self) {
      try database.execute(
        "INSERT INTO location (name, latitude, longitude, source, position) VALUES ('x', 91, 0, 'coordinates', 0)"
      )
    }
    #expect(throws: DatabaseError.self) {
      try database.execute(
        "INSERT INTO location (name, latitude, longitude, source, position) VALUES ('x', 0, 181, 'coordinates', 0)"
      )
    }
    #expect(throws: DatabaseError.self) {
      try database.execute(
        "INSERT INTO location (name, latitude, longitude, source, position) VALUES ('  ', 0, 0, 'coordinates', 0)"
      )
    }
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE settings SET time_notation = '13h'")
    }
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE settings SET units_notation = 'nautical'")
    }
    #expect(throws: DatabaseError.self) {
      try database.execute(
        "INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', 424242)")
    }
  }
}

@Suite("Settings")
struct SettingsRepositoryTests {
  @Test(
    "a change writes the settings whole, reading inside its transaction: another connection's notation is kept"
  )
  func wholeSettingsKeepAnotherConnectionsChange() throws {
    let folder = try TemporaryFolder()
    let first = SettingsRepository(database: try migratedDatabase(in: folder))
    let second = SettingsRepository(
      database: try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite")))
    try first.set(TimeNotation.twentyFourHour)
    try second.set(UnitsNotation.metric)
    let written = try first.update { $0.temperature = .celsius }
    #expect(written == Settings(time: .twentyFourHour, units: .metric, temperature: .celsius))
    #expect(try second.settings() == written)
    try second.reset()
    #expect(try first.settings() == .defaults)
  }

  @Test("defaults are 12h / imperial / fahrenheit; each notation is stored as readable text")
  func setAndReset() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let settings = SettingsRepository(database: database)
    #expect(try settings.settings() == .defaults)
    #expect(
      Settings.defaults == Settings(time: .twelveHour, units: .imperial, temperature: .fahrenheit))
    try settings.set(TimeNotation.twentyFourHour)
    try settings.set(UnitsNotation.metric)
    try settings.set(TemperatureNotation.celsius)
    #expect(
      try settings.settings()
        == Settings(time: .twentyFourHour, units: .metric, temperature: .celsius))
    let raw = try database.queryFirst(
      "SELECT time_notation, units_notation, temperature_notation FROM settings"
    ) {
      [$0.string(0), $0.string(1), $0.string(2)]
    }
    #expect(raw == ["24h", "metric", "celsius"])
    try settings.reset()
    #expect(try settings.settings() == .defaults)
  }
}

@Suite("Forecasts")
struct ForecastRepositoryTests {
  @Test("save then latest returns the same forecast, days and hours in order")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let location = try LocationRepository(database: database).add(place("Richmond"))
    let forecasts = ForecastRepository(database: database)
    let weather = sampleWeather()
    try forecasts.save(weather, for: .saved(location.id))
    #expect(try forecasts.latest(for: .saved(location.id)) == weather)
    #expect(try forecasts.latest(for: .current) == nil)
  }

  @Test("saving again replaces the previous forecast whole")
  func replaces() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let location = try LocationRepository(database: database).add(place("Richmond"))
    let forecasts = ForecastRepository(database: database)
    try forecasts.save(sampleWeather(fetchedAt: 1_700_000_000), for: .saved(location.id))
    let newer = sampleWeather(fetchedAt: 1_700_003_600, temperature: 61)
    try forecasts.save(newer, for: .saved(location.id))
    #expect(try forecasts.latest(for: .saved(location.id)) == newer)
    #expect(try forecasts.count() == 1)
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_hour") == 48)
  }

  @Test("a forecast the schema refuses leaves the previous one in place")
  func failedSaveKeepsOld() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let location = try LocationRepository(database: database).add(place("Richmond"))
    let forecasts = ForecastRepository(database: database)
    let old = sampleWeather()
    try forecasts.save(old, for: .saved(location.id))
    var bad = sampleWeather(fetchedAt: 1_800_000_000)
    bad.days[3].temperatureMin = 99  // above its max: CHECK fails mid-way
    #expect(throws: DatabaseError.self) { try forecasts.save(bad, for: .saved(location.id)) }
    #expect(try forecasts.latest(for: .saved(location.id)) == old)
  }

  @Test("removing a place removes its forecasts (ON DELETE CASCADE)")
  func cascade() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    let location = try locations.add(place("Richmond"))
    try ForecastRepository(database: database).save(sampleWeather(), for: .saved(location.id))
    try locations.remove(location.id)
    for table in ["forecast", "forecast_day", "forecast_hour"] {
      #expect(try database.scalarInt("SELECT count(*) FROM \(table)") == 0)
    }
  }

  @Test("prune removes only forecasts whose data was issued before the cutoff")
  func prune() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    let old = try locations.add(place("Old"))
    let fresh = try locations.add(place("Fresh"))
    let forecasts = ForecastRepository(database: database)
    try forecasts.save(sampleWeather(fetchedAt: 1_000), for: .saved(old.id))
    try forecasts.save(sampleWeather(fetchedAt: 5_000), for: .saved(fresh.id))
    #expect(try forecasts.prune(issuedBefore: 2_000) == 1)
    #expect(try forecasts.latest(for: .saved(old.id)) == nil)
    #expect(try forecasts.latest(for: .saved(fresh.id)) != nil)
  }

  @Test("the current location's forecast is kept apart and dropped when the position changes")
  func currentLocationForecast() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let locations = LocationRepository(database: database)
    try locations.setCurrentLocation(coordinate(10, 10))
    let forecasts = ForecastRepository(database: database)
    try forecasts.save(sampleWeather(), for: .current)
    #expect(try forecasts.latest(for: .current) != nil)
    try locations.setCurrentLocation(coordinate(20, 20))
    #expect(try forecasts.latest(for: .current) == nil)
  }

  @Test("saving for a place that does not exist is refused")
  func unknownPlace() throws {
    let folder = try TemporaryFolder()
    let forecasts = ForecastRepository(database: try migratedDatabase(in: folder))
    #expect(throws: LocationError.notFound("with id 77")) {
      try forecasts.save(sampleWeather(), for: .saved(77))
    }
  }

  @Test("the latest forecast of a place is an index lookup, not a scan")
  func latestUsesIndex() throws {
    let folder = try TemporaryFolder()
    let database = try migratedDatabase(in: folder)
    let plan = try database.query(
      "EXPLAIN QUERY PLAN SELECT id FROM forecast WHERE location_id IS ? ORDER BY fetched_at DESC LIMIT 1",
      [1]
    ) { $0.string(3) }
    #expect(plan.contains { $0.contains("USING") && $0.contains("INDEX forecast_latest") })
    #expect(!plan.contains { $0.hasPrefix("SCAN") })
  }
}

import CloudyCLI
import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

/// The storing contract for the store read-only commands use when no database exists yet
/// (`MissingDatabaseStore`): it reads exactly as a new, empty SQLite file reads — same list,
/// same settings, same refusals for a place named — and refuses every write with "no database
/// yet" without creating anything, so a read never makes a file and a write never pretends.
@Suite("Storing contract: the missing-database store reads as an empty file")
struct MissingDatabaseContractTests {
  final class Pair {
    let folder: URL
    let missing: MissingDatabaseStore
    let empty: LocationRepository
    let emptySettings: SettingsRepository

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cloudy-missing-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      missing = MissingDatabaseStore(path: folder.appendingPathComponent("absent.sqlite").path)
      let database = try DatabaseFile.openForWriting(
        path: folder.appendingPathComponent("empty.sqlite").path)
      empty = LocationRepository(database: database)
      emptySettings = SettingsRepository(database: database)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
  }

  @Test("reads: the list, the selection, the current location and the settings")
  func reads() throws {
    let pair = try Pair()
    #expect(try pair.missing.snapshot() == pair.empty.snapshot())
    #expect(try pair.missing.selection() == pair.empty.selection())
    #expect(try pair.missing.currentLocation() == pair.empty.currentLocation())
    #expect(try pair.missing.settings() == pair.emptySettings.settings())
    #expect(try pair.missing.find(id: 1) == pair.empty.find(id: 1))
  }

  @Test(
    "a place named is refused with the same error",
    arguments: [PlaceReference.number(1), .id(7), .name("Richmond")])
  func locate(reference: PlaceReference) throws {
    let pair = try Pair()
    let expected = #expect(throws: (any Error).self) { try pair.empty.locate(reference) }
    let got = #expect(throws: (any Error).self) { try pair.missing.locate(reference) }
    #expect(
      got.map { FailureMap.failure(for: $0) } == expected.map { FailureMap.failure(for: $0) })
  }

  @Test("every write is refused as no database yet, and nothing is created")
  func writes() throws {
    let pair = try Pair()
    let store = pair.missing
    let place = NewLocation(
      name: "Oslo", coordinate: try Coordinate(latitude: 59.9, longitude: 10.7),
      source: .coordinates)
    let writes: [() throws -> Void] = [
      { _ = try store.add(place) }, { _ = try store.rename(1, to: "X") },
      { try store.move(1, to: 0) }, { try store.remove(1) }, { try store.select(.current) },
      { try store.setCurrentLocation(nil) }, { try store.set(TimeNotation.twentyFourHour) },
      { try store.set(UnitsNotation.metric) }, { try store.set(TemperatureNotation.celsius) },
      { try store.reset() },
    ]
    for write in writes {
      #expect(throws: StoreError.missingFile(path: store.path)) { try write() }
    }
    #expect(!FileManager.default.fileExists(atPath: store.path))
    #expect(FailureMap.failure(for: StoreError.missingFile(path: store.path)).status == .notFound)
  }
}

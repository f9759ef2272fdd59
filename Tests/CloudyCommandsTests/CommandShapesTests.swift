import ArgumentParser
import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyServices
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Foundation
import Testing

@testable import CloudyDBCLI
@testable import CloudyLocationsCLI
@testable import CloudySettingsCLI

/// The tools' JSON shapes and exit statuses, in-process: the command trees are libraries, so
/// what `--json` prints and which status a failure gets are checked without starting a process
/// (the process tests keep kills, concurrency, signals and tmux).
@Suite("command libraries: JSON shapes and statuses in-process")
struct CommandShapesTests {
  @Test("the settings object every --json carries, keys in the documented order")
  func settingsJSON() {
    #expect(
      Settings.defaults.jsonObject.compact()
        == #"{"time":"12h","units":"imperial","temperature":"fahrenheit","alerts":"moderate","wind":"mph","pressure":"inhg","precipitation":"in","distance":"mi","airquality":"european"}"#
    )
    let changed = Settings(
      time: .twentyFourHour, units: .metric, temperature: .celsius, alerts: .severe)
    #expect(
      changed.jsonObject.compact()
        == #"{"time":"24h","units":"metric","temperature":"celsius","alerts":"severe","wind":"km/h","pressure":"hpa","precipitation":"mm","distance":"km","airquality":"european"}"#
    )
    var custom = changed
    custom.wind = .beaufort
    #expect(custom.jsonObject.compact().contains(#""units":"custom""#))
  }

  @Test("cloudy-db: migrate and check, keys in the documented order (DatabaseJSON)")
  func databaseJSON() throws {
    #expect(
      DatabaseJSON.migrated(path: "/data/cloudy.sqlite", schemaVersion: 7).compact()
        == #"{"path":"/data/cloudy.sqlite","schemaVersion":7}"#)
    let folder = NSTemporaryDirectory() + "cloudy-shapes-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = try DatabaseFile.openForWriting(path: folder + "/cloudy.sqlite")
    let report = try Maintenance.check(database)
    #expect(
      DatabaseJSON.check(report, path: database.path).compact()
        == #"{"path":"\#(database.path)","ok":true,"integrity":["ok"],"foreignKeyViolations":[],"sync":[]}"#
    )
  }

  @Test("cloudy-locations list: selection first, then the sections with their rows")
  func locationsJSON() throws {
    let store = FakeLocationStore()
    let added = try store.add(richmondVA.newLocation(query: "Richmond, VA"))
    let model = try LocationsViewModel(store: store)
    let text = LocationsJSON.list(model).compact()
    #expect(text.hasPrefix(#"{"selection":"#))
    #expect(text.contains(#""sections":[{"kind":"saved","title":"Saved Locations""#))
    #expect(text.contains(#""id":\#(added.id),"name":"Richmond, Virginia, US""#))
  }

  @Test("the store states the fact; the failure map adds the command line's advice, the web none")
  func advice() {
    let error = StoreError.emptyFile(path: "db.sqlite")
    #expect(!error.description.contains("--db"))
    let tool = FailureMap.failure(for: error)
    #expect(tool.message.hasPrefix(error.description))
    #expect(tool.message.contains("--db"))
    let page = FailureMap.failure(for: error, advice: .none)
    #expect(page.message == error.description)
    #expect(page.status == tool.status)
    #expect(
      FailureMap.failure(for: LocationsViewModelError.noPlaces).message.contains(
        "cloudy-locations add"))
    #expect(!LocationsViewModelError.noPlaces.description.contains("cloudy-locations"))
  }

  @Test("statuses come from the failure map: usage 64, not found 66, busy-free refusals")
  func statuses() throws {
    #expect(
      CommandFailure(describing: MaintenanceError.sameFile("db.sqlite")).status == .usage)
    #expect(
      CommandFailure(describing: MaintenanceError.restoreFromItself("db.sqlite")).status
        == .usage)
    #expect(CommandFailure(describing: PlaceReferenceError.noPlaceWithID(7)).status == .notFound)
    // Arguments the parser refuses are usage errors (64), before anything is opened.
    #expect(throws: (any Error).self) { try CloudyDB.parseAsRoot(["backup"]) }
    do {
      _ = try CloudyDB.parseAsRoot(["import", "places.csv", "--format", "shapefile"])
      Issue.record("an unknown format was accepted")
    } catch {
      #expect(CloudyDB.exitCode(for: error).rawValue == 64)
    }
    let parsed = try CloudyDB.parseAsRoot(["import", "waypoints.gpx", "--skip-invalid"])
    let command = try #require(parsed as? CloudyDB.Import)
    #expect(command.skipInvalid)
    #expect(command.format == nil)
  }
}

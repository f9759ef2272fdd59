import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

/// One device in a sync test: its own database file, synced through folders like a user's.
final class SyncTestDevice {
  let path: String
  private(set) var database: Database

  init(_ folder: TemporaryFolder, _ name: String) throws {
    path = folder.file("\(name).sqlite")
    database = try DatabaseFile.openForWriting(path: path)
  }

  var locations: LocationRepository { LocationRepository(database: database) }
  var settings: SettingsRepository { SettingsRepository(database: database) }

  @discardableResult
  func sync(_ folder: String) throws -> SyncReport {
    try DeviceSync(database: database).syncFolder(try SyncFolder.open(folder))
  }

  /// Opens the file again (a new process, as the next command would).
  func reopen() throws {
    database = try DatabaseFile.openForWriting(path: path)
  }

  func names() throws -> [String] { try locations.all().map(\.name) }

  /// What must be the same on every device: each place's fields in list order, and the settings.
  func syncedState() throws -> String {
    let places = try locations.all().map {
      "\($0.name)|\($0.coordinate.latitude)|\($0.coordinate.longitude)|\($0.countryCode ?? "-")|\($0.timeZone ?? "-")"
    }
    let notations = try settings.settings()
    let units = [
      notations.wind.rawValue, notations.pressure.rawValue, notations.precipitation.rawValue,
      notations.distance.rawValue, notations.airQuality.rawValue,
    ]
    return (places + ["\(notations.time)|\(notations.temperature)|\(units)"])
      .joined(separator: "\n")
  }

  func id(_ name: String) throws -> Location.ID {
    guard let location = try locations.find(name: name) else {
      Issue.record("no place named \(name)")
      return -1
    }
    return location.id
  }
}

/// Syncs every device through `folder` until a round changes nothing (at most `rounds`).
func syncAll(_ devices: [SyncTestDevice], through folder: String, rounds: Int = 4) throws {
  for _ in 0..<rounds {
    var moved = 0
    for device in devices {
      let report = try device.sync(folder)
      moved += report.sent + report.applied
    }
    if moved == 0 { return }
  }
}

func expectConverged(_ devices: [SyncTestDevice], sourceLocation: SourceLocation = #_sourceLocation)
  throws
{
  let states = try devices.map { try $0.syncedState() }
  #expect(
    Set(states).count == 1, "devices differ:\n\(states.joined(separator: "\n---\n"))",
    sourceLocation: sourceLocation)
}

import CloudyServices
import CloudyStore
import CloudyViewModels

/// What to do about a failure, in the command line's terms (`--db`, another tool to run). The
/// errors of the store, the view models and the services state only the fact, since the app and
/// the web pages show them too; the failure map adds this to the tools' one-line message.
enum CommandLineAdvice {
  static func advice(for error: any Error) -> String? {
    switch error {
    case let error as StoreError: advice(for: error)
    case let error as LocationsViewModelError: advice(for: error)
    case WatchError.removed:
      "restore a backup with `cloudy-db restore`, or start again to wait for a new one"
    case MaintenanceError.destinationExists: "pass --force to replace it"
    case MaintenanceError.restoredButNotMigrated: "run `cloudy-db migrate` once the disk works"
    case SyncError.noSyncTables: "run `cloudy-db migrate`"
    case GeocodingError.gazetteerUnavailable:
      "give the position with --lat and --lon"
    default: nil
    }
  }

  private static func advice(for error: StoreError) -> String? {
    switch error {
    case .notCloudyDatabase: "choose another path with --db"
    case .notADatabase: "if it is a damaged copy, restore a backup with `cloudy-db restore`"
    case .emptyFile: "remove it to start a new one, or choose another path with --db"
    case .notARegularFile: "choose a file path with --db"
    case .missingFile: "add a place or change a setting to create it"
    case .impossibleSize: "restore a backup with `cloudy-db restore`"
    case .outcomeUnknown:
      "when the disk works again, run `cloudy-db check` and look before trying again"
    case .savedButNotReopened: "run `cloudy-db check`"
    case .companionsReplaced: "run the command again"
    default: nil
    }
  }

  private static func advice(for error: LocationsViewModelError) -> String? {
    switch error {
    case .nothingSelected:
      "add one with `cloudy-locations add` or select one with `cloudy-locations select`"
    case .noCurrentLocation: "set it with `cloudy-locations current`"
    case .noPlaces: "add one with `cloudy-locations add`"
    default: nil
    }
  }
}

public import CloudyModels
import CloudyPlatform
public import CloudyServices
import CloudyStore
import CloudyStoring
import CloudyViewModels

/// Every error a Cloudy command can meet, mapped to its exit status and one-line message — the
/// one place that decides, so the same failure exits the same way in every tool. The README's
/// exit-status table is this map; `FailureMapTests` run it across the tools.
///
/// The rule of thumb: what the user typed or gave is wrong → 65 (bad data) or 64 (usage); what
/// they named is not there → 66; the world refused (provider, operating system, lock) → 69, 74,
/// 75; a newer Cloudy's file → 78.
public enum FailureMap {
  /// Whose terms a failure's message is in: the command line's (`--db`, the tool to run next,
  /// added to the fact) or none (the fact alone, for a front-end that says what to do its own
  /// way, such as the web pages).
  public enum Advice: Sendable {
    case commandLine
    case none
  }

  /// The exit status and the one-line message for `error`.
  public static func failure(for error: any Error, advice: Advice = .commandLine)
    -> CommandFailure
  {
    let fact = self.fact(for: error)
    guard advice == .commandLine, let next = CommandLineAdvice.advice(for: error) else {
      return fact
    }
    return CommandFailure(fact.status, fact.message + "; " + next)
  }

  private static func fact(for error: any Error) -> CommandFailure {
    switch error {
    case let failure as CommandFailure: failure
    case let error as CommandError: failure(for: error)
    case let error as StoreError: CommandFailure(status(of: error), error.description)
    case let error as DatabaseError: CommandFailure(status(of: error), message(for: error))
    case let error as MaintenanceError: CommandFailure(status(of: error), error.description)
    case let error as LocationError: CommandFailure(status(of: error), error.description)
    case let error as PlaceReferenceError: CommandFailure(status(of: error), error.description)
    case let error as LocationsViewModelError:
      CommandFailure(status(of: error), error.description)
    case let error as AddLocationError: CommandFailure(.badData, error.description)
    case let error as SettingsInputError: CommandFailure(status(of: error), error.description)
    case let error as SettingsViewModelError: CommandFailure(.badData, error.description)
    case let error as GeocodingError: CommandFailure(status(of: error), error.description)
    case let error as ForecastError: CommandFailure(status(of: error), error.description)
    case let error as PlaceNameError: CommandFailure(.badData, error.description)
    case let error as WatchError: CommandFailure(status(of: error), error.description)
    case let error as SystemCallError: CommandFailure(.ioError, error.description)
    case let error as SyncError: CommandFailure(status(of: error), error.description)
    case let error as CoordinateError: CommandFailure(.badData, error.description)
    default: CommandFailure(.badData, "\(error)")
    }
  }

  /// A provider's failure with the message naming the service, and a prefix (e.g. the place).
  public static func failure(
    for error: ForecastError, provider: ForecastProviderKind, prefix: String = ""
  )
    -> CommandFailure
  {
    CommandFailure(status(of: error), prefix + error.description(for: provider))
  }

  static func failure(for error: CommandError) -> CommandFailure {
    switch error {
    case .invalidRequest(let message): CommandFailure(.usage, message)
    case .unusableInput(let message): CommandFailure(.badData, message)
    case .notFound(let message): CommandFailure(.notFound, message)
    case .unavailable(let message): CommandFailure(.unavailable, message)
    case .cannotCreate(let message): CommandFailure(.cannotCreate, message)
    case .problemsFound(let message): CommandFailure(.problemsFound, message)
    case .reportedUnusableInput: CommandFailure(.badData, "")
    case .unreadableFile(let path, let cause, let purpose):
      switch cause {
      case .missing(let reason): CommandFailure(.notFound, "cannot read \(path): \(reason)")
      case .folder: CommandFailure(.ioError, "cannot read \(path): it is a folder")
      case .unreadable(let reason): CommandFailure(.ioError, "cannot read \(path): \(reason)")
      case .tooLarge(let limit):
        CommandFailure(
          .badData,
          "\(path) is larger than \(limit / 1_048_576) MiB, the limit for \(purpose); nothing was changed"
        )
      }
    case .unusableResponse(let file, let service, let error):
      CommandFailure(
        status(of: error),
        "\(file) is not a usable \(service) response: \(responseDetail(error)); nothing was changed"
      )
    case .unwritableFile(let path, let cause):
      switch cause {
      case .noFolder: CommandFailure(.ioError, "cannot write \(path): no such folder")
      case .full: CommandFailure(.ioError, "cannot write \(path): the disk is full")
      case .refused(let reason): CommandFailure(.ioError, "cannot write \(path): \(reason)")
      }
    }
  }

  /// What the decoder found wrong with a response: its own words for an invalid one, else the
  /// error's line.
  private static func responseDetail(_ error: ForecastError) -> String {
    switch error {
    case .invalidResponse(let detail): detail
    default: error.description
    }
  }

  // MARK: - Statuses

  static func status(of error: StoreError) -> ExitStatus {
    switch error {
    case .newerSchema: .newerSchema
    case .missingFile: .notFound
    case .notARegularFile, .fileSystem, .notSaved, .outcomeUnknown, .savedButNotReopened: .ioError
    case .companionsReplaced: .busy
    case .checksumMismatch, .notCloudyDatabase, .notADatabase, .emptyFile, .migrationFailed,
      .foreignKeyViolations, .impossibleSize:
      .badData
    }
  }

  static func status(of error: DatabaseError) -> ExitStatus {
    if error.isBusy { return .busy }
    if error.isCorrupt || error.isConstraintViolation { return .badData }
    if error.isFileAccess { return .ioError }
    return .badData
  }

  /// A file without sync's tables is one no migration brought up to this Cloudy: the same
  /// family as a newer one (78, the file's version is not the tool's), not bad data.
  static func status(of error: SyncError) -> ExitStatus {
    switch error {
    case .newerFormat, .newerFolder, .noSyncTables: .newerSchema
    case .fileSystem, .notAFolder: .ioError
    case .badChangeset, .incompleteFile, .tooLarge, .refusedChanges, .notASyncFolder,
      .notAChangeFile:
      .badData
    }
  }

  /// A watched database that was removed is "not found", as one that never existed is.
  static func status(of error: WatchError) -> ExitStatus {
    switch error {
    case .removed: .notFound
    }
  }

  static func status(of error: MaintenanceError) -> ExitStatus {
    switch error {
    case .destinationExists: .cannotCreate
    case .sameFile, .restoreFromItself: .usage
    case .copyFailedCheck, .restoredButNotMigrated: .ioError
    case .sourceFailedCheck: .badData
    }
  }

  static func status(of error: LocationError) -> ExitStatus {
    switch error {
    case .notFound, .noCurrentLocation: .notFound
    case .duplicateName, .invalidName, .positionOutOfRange: .badData
    }
  }

  /// A place that is not there is "not found"; a name that fits several is bad input — in
  /// every tool (cloudy-forecast once said 64 for the second).
  static func status(of error: PlaceReferenceError) -> ExitStatus {
    switch error {
    case .noPlaceNamed, .rowOutOfRange, .noPlaceWithID: .notFound
    case .ambiguousName: .badData
    }
  }

  static func status(of error: LocationsViewModelError) -> ExitStatus {
    switch error {
    case .nothingSelected, .noCurrentLocation, .noPlaces: .notFound
    case .currentLocationNotEditable, .noSuchRow: .badData
    }
  }

  /// An unknown setting is like an unknown command (64); a bad value is bad data (65).
  static func status(of error: SettingsInputError) -> ExitStatus {
    switch error {
    case .unknownSetting: .usage
    case .invalidValue: .badData
    }
  }

  /// A query that cannot be looked up is bad input (65); a missing or damaged place list is a
  /// service that is unavailable (69).
  static func status(of error: GeocodingError) -> ExitStatus {
    switch error {
    case .gazetteerUnavailable: .unavailable
    case .emptyQuery, .queryTooLong, .missingPlaceName: .badData
    }
  }

  /// Unreachable, timed out, an HTTP error or a redirect → 69; a bad or too large body → 65;
  /// a missing key or bad configuration → 64.
  public static func status(of error: ForecastError) -> ExitStatus {
    switch error {
    case .unreachable, .timedOut, .httpStatus, .redirected: .unavailable
    case .invalidResponse, .tooLarge: .badData
    case .missingAPIKey, .invalidConfiguration: .usage
    }
  }

  // MARK: - Messages

  /// SQLite's message with advice for the cases users meet.
  static func message(for error: DatabaseError) -> String {
    if error.isBusy {
      return
        "the database is busy: another Cloudy process kept it locked for over \(Database.busyTimeoutMilliseconds / 1000) s; try again"
    }
    switch (error.code, error.fileSystemCause) {
    case (_, .diskFull):
      return "the disk is full (\(error.detail)); nothing was changed"
    case (.cannotOpen, .permissionDenied), (.permission, _), (.ioError, .permissionDenied):
      return
        "permission denied: cannot open the database (\(error.detail)); check the owner and permissions of the file and its folder — SQLite also needs to create the -wal and -shm files beside it"
    case (.readOnly, _), (.cannotOpen, _):
      return
        "cannot write the database (\(error.detail)); check the file's and its folder's permissions — SQLite also needs to create the -wal and -shm files beside it"
    case (.ioError, .some(let cause)) where cause != .diskFailed:
      return "\(cause.words) (\(error.detail))"
    default:
      break
    }
    if error.isCorrupt {
      return
        "the database file is damaged (\(error.detail)); run `cloudy-db check`, or restore a backup with `cloudy-db restore`"
    }
    return error.detail
  }
}

import CSQLite
import CloudyModels
import CloudyStore

/// A failure as the user sees it: one line and an exit status.
public struct CommandFailure: Error, Equatable, Sendable {
  public let status: ExitStatus
  public let message: String

  public init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }
}

/// Errors from the layers below that know their own exit status and message.
public protocol UserFacingError: Error {
  var failure: CommandFailure { get }
}

extension CommandFailure: UserFacingError {
  public var failure: CommandFailure { self }
}

extension CommandFailure {
  /// Classifies any error from Cloudy's layers into the exit-code table.
  public init(describing error: any Error) {
    switch error {
    case let error as UserFacingError:
      self = error.failure
    case let error as StoreError:
      self.init(Self.status(of: error), error.description)
    case let error as DatabaseError:
      self.init(Self.status(of: error), Self.message(for: error))
    case let error as LocationError:
      switch error {
      case .notFound, .noCurrentLocation: self.init(.notFound, error.description)
      default: self.init(.badData, error.description)
      }
    case let error as MaintenanceError:
      switch error {
      case .destinationExists: self.init(.cannotCreate, error.description)
      case .sameFile: self.init(.usage, error.description)
      case .copyFailedCheck: self.init(.ioError, error.description)
      case .sourceFailedCheck: self.init(.badData, error.description)
      }
    case let error as PlaceNameError:
      self.init(.badData, error.description)
    case let error as CoordinateError:
      self.init(.badData, error.description)
    default:
      self.init(.badData, "\(error)")
    }
  }

  static func status(of error: StoreError) -> ExitStatus {
    switch error {
    case .newerSchema: .newerSchema
    case .missingFile: .notFound
    case .notARegularFile, .fileSystem: .ioError
    case .checksumMismatch, .notCloudyDatabase, .notADatabase, .emptyFile, .migrationFailed,
      .foreignKeyViolations:
      .badData
    }
  }

  static func status(of error: DatabaseError) -> ExitStatus {
    if error.isBusy { return .busy }
    if error.isCorrupt || error.isConstraintViolation { return .badData }
    if error.isFileAccess { return .ioError }
    return .badData
  }

  /// SQLite's message with advice for the cases users meet.
  static func message(for error: DatabaseError) -> String {
    if error.isBusy {
      return
        "the database is busy: another Cloudy process kept it locked for over \(Database.busyTimeoutMilliseconds / 1000) s; try again"
    }
    if error.resultCode == SQLITE_READONLY || error.resultCode == SQLITE_CANTOPEN
      || error.resultCode == SQLITE_PERM
    {
      return
        "cannot write the database (\(error.message)); check the file's and its folder's permissions — SQLite also needs to create the -wal and -shm files beside it"
    }
    if error.resultCode == SQLITE_FULL {
      return "the disk is full (\(error.message)); nothing was changed"
    }
    if error.isCorrupt {
      return
        "the database file is damaged (\(error.message)); run `cloudy-db check`, or restore a backup with `cloudy-db restore`"
    }
    return error.message
  }
}

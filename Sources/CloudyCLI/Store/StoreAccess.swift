import CloudyStore
import CloudyStoring

/// How commands open the database: readers never create or write, writers create on first use.
public enum StoreAccess {
  /// For commands that only read: nil when there is no database yet (nothing is created).
  public static func reading(_ location: DatabasePath) throws -> Database? {
    switch try DatabaseFile.openForReading(path: location.path) {
    case .missing: nil
    case .opened(let database): database
    }
  }

  /// For commands that need an existing database (`info`, `check`, `backup`): missing is an error.
  public static func existing(_ location: DatabasePath) throws -> Database {
    guard let database = try reading(location) else {
      throw StoreError.missingFile(path: location.path)
    }
    return database
  }

  /// For commands that write: creates (0600, folder 0700) and migrates as needed.
  public static func writing(_ location: DatabasePath) throws -> Database {
    try DatabaseFile.openForWriting(path: location.path)
  }
}

extension StoreAccess {
  /// For commands that only read the locations list: never creates the file.
  public static func locationStore(reading location: DatabasePath) throws -> any LocationStoring {
    guard let database = try reading(location) else {
      return MissingDatabaseStore(path: location.path)
    }
    return LocationRepository(database: database)
  }

  /// For commands that change places that must already exist (remove, select, rename, move,
  /// clearing the current location): writable when the file exists; when it does not, the
  /// stand-in, so the command fails on "no saved place" without creating the file.
  public static func locationStore(changingExisting location: DatabasePath) throws
    -> any LocationStoring
  {
    guard try DatabaseFile.checkExisting(path: location.path) else {
      return MissingDatabaseStore(path: location.path)
    }
    return LocationRepository(database: try writing(location))
  }

  /// For commands that add: creates the file on first use. Validate input before calling.
  public static func locationStore(writing location: DatabasePath) throws -> any LocationStoring {
    LocationRepository(database: try writing(location))
  }

  /// For commands that only read the settings: the defaults when there is no file.
  public static func settingsStore(reading location: DatabasePath) throws -> any SettingsStoring {
    guard let database = try reading(location) else {
      return MissingDatabaseStore(path: location.path)
    }
    return SettingsRepository(database: database)
  }

  /// For commands that change a setting: creates the file on first use.
  public static func settingsStore(writing location: DatabasePath) throws -> any SettingsStoring {
    SettingsRepository(database: try writing(location))
  }
}

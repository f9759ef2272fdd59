public import CloudyStore
public import CloudyStoring

/// How commands open the database: readers never create or write, writers create on first use.
public enum StoreAccess {
  /// For commands that only read: nil when there is no database yet (nothing is created).
  public static func reading(_ databasePath: DatabasePath) throws -> Database? {
    switch try DatabaseFile.openForReading(path: databasePath.path) {
    case .missing: nil
    case .opened(let database): database
    }
  }

  /// True when a database file is at `path` (a backup to restore, say), false when nothing is;
  /// throws for what cannot be one (a folder, an empty file, a dangling link).
  public static func exists(_ path: String) throws -> Bool {
    try DatabaseFile.checkExisting(path: path)
  }

  /// For commands that need an existing database (`info`, `check`, `backup`): missing is an error.
  public static func existing(_ databasePath: DatabasePath) throws -> Database {
    guard let database = try reading(databasePath) else {
      throw StoreError.missingFile(path: databasePath.path)
    }
    return database
  }

  /// For commands that write: creates (0600, folder 0700) and migrates as needed. A new
  /// database appears only with the command's first write: one that fails leaves no file.
  public static func writing(_ databasePath: DatabasePath) throws -> Database {
    try DatabaseFile.openForWriting(path: databasePath.path, creatingOnFirstWrite: true)
  }

  /// For `cloudy-db migrate` and `restore`: creates the (empty, migrated) database at once when
  /// missing (`restore` copies pages in without a write transaction).
  public static func creating(_ databasePath: DatabasePath) throws -> Database {
    try DatabaseFile.openForWriting(path: databasePath.path)
  }
}

extension StoreAccess {
  /// For commands that only read the locations list: never creates the file.
  public static func locationStore(reading databasePath: DatabasePath) throws -> any LocationStoring
  {
    guard let database = try reading(databasePath) else {
      return MissingDatabaseStore(path: databasePath.path)
    }
    return LocationRepository(database: database)
  }

  /// For commands that change places that must already exist (remove, select, rename, move,
  /// clearing the current location): writable when the file exists; when it does not, the
  /// stand-in, so the command fails on "no saved place" without creating the file.
  public static func locationStore(changingExisting databasePath: DatabasePath) throws
    -> any LocationStoring
  {
    guard try DatabaseFile.checkExisting(path: databasePath.path) else {
      return MissingDatabaseStore(path: databasePath.path)
    }
    return LocationRepository(database: try writing(databasePath))
  }

  /// For commands that add: creates the file on first use. Validate input before calling.
  public static func locationStore(writing databasePath: DatabasePath) throws -> any LocationStoring
  {
    LocationRepository(database: try writing(databasePath))
  }

  /// For commands that only read the settings: the defaults when there is no file.
  public static func settingsStore(reading databasePath: DatabasePath) throws -> any SettingsStoring
  {
    guard let database = try reading(databasePath) else {
      return MissingDatabaseStore(path: databasePath.path)
    }
    return SettingsRepository(database: database)
  }

  /// For commands that change a setting: creates the file on first use.
  public static func settingsStore(writing databasePath: DatabasePath) throws -> any SettingsStoring
  {
    SettingsRepository(database: try writing(databasePath))
  }

  /// Places, forecasts and settings over one read-only connection, for a command that shows a
  /// forecast: all three read from the same file, and nothing is created.
  public struct ReadingStores {
    public let locations: any LocationStoring
    public let forecasts: any ForecastStoring
    public let settings: any SettingsStoring
  }

  /// For commands that read places, forecasts and settings together: nil when there is no
  /// database yet (nothing is created).
  public static func stores(reading databasePath: DatabasePath) throws -> ReadingStores? {
    guard let database = try reading(databasePath) else { return nil }
    return ReadingStores(
      locations: LocationRepository(database: database),
      forecasts: ForecastRepository(database: database),
      settings: SettingsRepository(database: database))
  }

  /// For commands that save forecasts: creates the file on first use.
  public static func forecastStore(writing databasePath: DatabasePath) throws -> any ForecastStoring
  {
    ForecastRepository(database: try writing(databasePath))
  }

  /// For `cloudy-db export`: the places, settings and forecasts of an existing database, read in
  /// one transaction; missing is an error.
  public static func transfer(existing databasePath: DatabasePath) throws
    -> PlacesTransferRepository
  {
    PlacesTransferRepository(database: try existing(databasePath))
  }

  /// For `cloudy-db import`: creates the file with the import's first write.
  public static func transfer(writing databasePath: DatabasePath) throws
    -> PlacesTransferRepository
  {
    PlacesTransferRepository(database: try writing(databasePath))
  }

  /// For commands that change cached forecasts of an existing file (prune): nil when there is
  /// no file, which then has no forecast to change (nothing is created).
  public static func forecastStore(changingExisting databasePath: DatabasePath) throws
    -> (any ForecastStoring)?
  {
    guard try reading(databasePath) != nil else { return nil }
    return ForecastRepository(database: try writing(databasePath))
  }
}

import CloudyStore
public import CloudyStoring

extension StoreAccess {
  /// For commands that list alerts: nil when there is no database yet (nothing is created).
  public static func alertStore(reading databasePath: DatabasePath) throws -> (any AlertStoring)? {
    guard let database = try reading(databasePath) else { return nil }
    return AlertRepository(database: database)
  }

  /// For commands that save alerts (import, fetch): creates the file on first use.
  public static func alertStore(writing databasePath: DatabasePath) throws -> any AlertStoring {
    AlertRepository(database: try writing(databasePath))
  }

  /// For `fetch --alerts`: what each place's last answer from a source allows; creates the
  /// file on first use.
  public static func alertFetchStore(writing databasePath: DatabasePath) throws
    -> any AlertFetchStateStoring
  {
    AlertFetchRepository(database: try writing(databasePath))
  }
}

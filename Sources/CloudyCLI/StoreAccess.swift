import CloudyStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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

/// Wall-clock helpers without Foundation.
public enum Clock {
  /// Now, in unix seconds.
  public static func now() -> Int64 { Int64(time(nil)) }

  /// A compact UTC timestamp for file names, e.g. `20261122T153045Z`.
  public static func fileStamp(_ seconds: Int64 = now()) -> String {
    var value = time_t(seconds)
    var parts = tm()
    gmtime_r(&value, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

import CSQLite
import CloudyModels

/// The columns of `location` that hold a place's details (`PlaceDetails`, the one place record),
/// in one order for writing and reading: the repository's INSERT and sync's writes of the
/// winning values are made from this list, so a field added to places is added here once (and to
/// the capture triggers, in its migration). Sync's changes name their field by its column, so
/// the same names key the winners it reads.
enum PlaceColumns {
  /// The columns, in the order `values(of:)` gives them.
  static let names = [
    "name", "query", "latitude", "longitude", "country_code", "region", "time_zone", "source",
  ]

  /// The lists the statements interpolate: constants, never a user's value (the SQL
  /// interpolation review in `ReliabilitySecurityTests` lists them).
  /// `name, query, …`
  static let list = names.joined(separator: ", ")
  /// `?, ?, …`, one per column.
  static let placeholders = names.map { _ in "?" }.joined(separator: ", ")
  /// `name = ?, query = ?, …`, for an UPDATE.
  static let assignments = names.map { "\($0) = ?" }.joined(separator: ", ")

  /// The values of `details`, in the order of `names`.
  static func values(of details: PlaceDetails) -> [any DatabaseValueConvertible] {
    [
      details.name, details.query, details.coordinate.latitude, details.coordinate.longitude,
      details.countryCode, details.region, details.timeZone, details.source.rawValue,
    ]
  }

  /// The details held in `values`, keyed by column (the winning values of a place's fields);
  /// nil until it has a name, coordinates and a source. Coordinates the schema's CHECKs refuse
  /// (only a hand edit of `sync_change` makes them: received ones are checked) fail as writing
  /// them would, a CHECK constraint failure, so the change file is refused as before.
  static func details(from values: [String: DatabaseValue]) throws -> PlaceDetails? {
    guard case .text(let name)? = values["name"], let latitude = values["latitude"]?.number,
      let longitude = values["longitude"]?.number, case .text(let source)? = values["source"]
    else { return nil }
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      throw DatabaseError(
        // SQLITE_CONSTRAINT_CHECK (a macro Swift does not import).
        resultCode: SQLITE_CONSTRAINT, extendedCode: SQLITE_CONSTRAINT | (1 << 8),
        message: "CHECK constraint failed: \(error.description)")
    }
    return PlaceDetails(
      name: name, query: values["query"]?.text, coordinate: coordinate,
      countryCode: values["country_code"]?.text, region: values["region"]?.text,
      timeZone: values["time_zone"]?.text,
      source: LocationSource(rawValue: source) ?? .coordinates)
  }
}

extension DatabaseValue {
  fileprivate var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    case .text(let text): Double(text)  // a hand edit in the sqlite3 shell
    default: nil
    }
  }

  fileprivate var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }
}

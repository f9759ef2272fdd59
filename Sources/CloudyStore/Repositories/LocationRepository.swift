public import CloudyModels
public import CloudyStoring

/// The saved places, the current location and the selection: everything the locations list shows.
///
/// Every change runs in one write transaction, so a place is either fully added, moved or
/// removed, with positions kept 0…n-1 and the selection valid, or not at all.
public struct LocationRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  private static let columns =
    "id, name, query, latitude, longitude, country_code, region, time_zone, source, position"

  // MARK: - Reading

  /// All saved places in the user's order.
  public func all() throws -> [Location] {
    try database.query(
      "SELECT \(Self.columns) FROM location ORDER BY position, id", row: Self.location)
  }

  public func count() throws -> Int {
    Int(try database.scalarInt("SELECT count(*) FROM location"))
  }

  public func find(id: Location.ID) throws -> Location? {
    try database.queryFirst(
      "SELECT \(Self.columns) FROM location WHERE id = ?", [id], row: Self.location)
  }

  /// The place with this name, ignoring ASCII case as the schema's UNIQUE constraint does.
  public func find(name: String) throws -> Location? {
    try database.queryFirst(
      "SELECT \(Self.columns) FROM location WHERE name = ? COLLATE NOCASE",
      [name.trimmingWhitespace()],
      row: Self.location)
  }

  /// The place listed at 0-based `position`: one lookup on the position index. Every write
  /// keeps positions 0…n-1, so this is the place at row `position + 1`. Where no single place
  /// has that position (a hand edit in the sqlite3 shell left a gap or a tie), the list's own
  /// order (position, then id) decides instead, at the cost of a walk along the index.
  public func find(position: Int) throws -> Location? {
    guard position >= 0 else { return nil }
    let candidates = try database.query(
      "SELECT \(Self.columns) FROM location WHERE position = ? LIMIT 2", [position],
      row: Self.location)
    if candidates.count == 1 { return candidates[0] }
    return try database.queryFirst(
      "SELECT \(Self.columns) FROM location ORDER BY position, id LIMIT 1 OFFSET ?", [position],
      row: Self.location)
  }

  /// The places listed at rows `rows`: a range on the position index (every write keeps
  /// positions 0…n-1), falling back to the list's own order where a hand edit left a gap.
  public func locations(in rows: Range<Int>) throws -> [Location] {
    guard !rows.isEmpty, rows.lowerBound >= 0 else { return [] }
    let found = try database.query(
      "SELECT \(Self.columns) FROM location WHERE position >= ? AND position < ? ORDER BY position, id",
      [rows.lowerBound, rows.upperBound], row: Self.location)
    if found.count == rows.count { return found }
    if found.count < rows.count, try rows.lowerBound + found.count == count() { return found }
    return try database.query(
      "SELECT \(Self.columns) FROM location ORDER BY position, id LIMIT ? OFFSET ?",
      [rows.count, rows.lowerBound], row: Self.location)
  }

  /// The places whose name begins with `prefix`, ignoring ASCII case as the name's NOCASE
  /// collation does: the first `limit` in list order, and how many there are. A range search
  /// on the name's index, so it costs what the matches cost, not what the list does.
  public func find(namesBeginningWith prefix: String, limit: Int) throws -> (
    locations: [Location], count: Int
  ) {
    let lower = String(decoding: prefix.utf8.map(Self.asciiLowercased), as: UTF8.self)
    guard !lower.isEmpty else { return ([], 0) }
    let upper = Self.upperBound(ofNamesBeginningWith: lower)
    let arguments: [any DatabaseValueConvertible] = [lower] + (upper.map { [$0] } ?? [])
    let (select, count) =
      upper == nil
      ? (
        "SELECT \(Self.columns) FROM location WHERE name >= ? COLLATE NOCASE ORDER BY position, id LIMIT ?",
        "SELECT count(*) FROM location WHERE name >= ? COLLATE NOCASE"
      )
      : (
        "SELECT \(Self.columns) FROM location WHERE name >= ? COLLATE NOCASE AND name < ? COLLATE NOCASE ORDER BY position, id LIMIT ?",
        "SELECT count(*) FROM location WHERE name >= ? COLLATE NOCASE AND name < ? COLLATE NOCASE"
      )
    return try database.read { db in
      let locations = try db.query(select, arguments + [limit], row: Self.location)
      let total =
        locations.count < limit ? locations.count : Int(try db.scalarInt(count, arguments))
      return (locations, total)
    }
  }

  /// The least text above every name beginning with `lower` (ASCII-lowercased), in NOCASE
  /// order; nil when nothing sorts above them. Names are valid UTF-8, whose byte order is code
  /// point order, and NOCASE folds only A-Z, so it is `lower` with its last scalar replaced by
  /// the next one that can appear folded ("@" is followed by "[": A-Z never do); a last
  /// U+10FFFF has no next one, so the scalar before it is the one replaced.
  static func upperBound(ofNamesBeginningWith lower: String) -> String? {
    var scalars = Array(lower.unicodeScalars)
    while let last = scalars.popLast() {
      var value = last.value + 1
      if (0x41...0x5A).contains(value) { value = 0x5B }
      if (0xD800...0xDFFF).contains(value) { value = 0xE000 }
      guard let next = Unicode.Scalar(value) else { continue }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      text.unicodeScalars.append(next)
      return text
    }
    return nil
  }

  /// The first `limit` saved names, in list order: what "no place is named …" lists.
  public func names(limit: Int) throws -> [String] {
    try database.query("SELECT name FROM location ORDER BY position, id LIMIT ?", [limit]) {
      $0.string(0)
    }
  }

  private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }

  static func location(_ row: Statement) throws -> Location {
    let source = LocationSource(rawValue: row.string(8)) ?? .coordinates
    return Location(
      id: row.int64(0), name: row.string(1), query: row.optionalString(2),
      coordinate: try Coordinate(latitude: row.double(3), longitude: row.double(4)),
      countryCode: row.optionalString(5), region: row.optionalString(6),
      timeZone: row.optionalString(7),
      source: source, position: row.int(9))
  }

  // MARK: - Adding, renaming, moving, removing

  /// Saves a place at the end of the list. The first place saved becomes the selection when
  /// nothing is selected, so the day view has something to show.
  @discardableResult
  public func add(_ new: NewLocation) throws -> Location {
    let name: String
    do { name = try PlaceName.validated(new.name) } catch { throw LocationError.invalidName(error) }
    return try database.write { db in
      if let existing = try find(name: name) { throw LocationError.duplicateName(existing.name) }
      let position = Int(try db.scalarInt("SELECT coalesce(max(position) + 1, 0) FROM location"))
      try db.execute(
        """
        INSERT INTO location (name, query, latitude, longitude, country_code, region, time_zone, source, position)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          name, new.query, new.coordinate.latitude, new.coordinate.longitude, new.countryCode,
          new.region,
          new.timeZone, new.source.rawValue, position,
        ])
      let id = db.lastInsertedRowID
      if try selection() == nil {
        try writeSelection(.saved(id))
      }
      guard let location = try find(id: id) else { throw LocationError.notFound("with id \(id)") }
      return location
    }
  }

  public func rename(_ id: Location.ID, to newName: String) throws -> Location {
    let name: String
    do { name = try PlaceName.validated(newName) } catch { throw LocationError.invalidName(error) }
    return try database.write { db in
      guard let location = try find(id: id) else { throw LocationError.notFound("with id \(id)") }
      if let other = try find(name: name), other.id != id {
        throw LocationError.duplicateName(other.name)
      }
      try db.execute(
        "UPDATE location SET name = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
        [name, location.id])
      guard let renamed = try find(id: id) else { throw LocationError.notFound("with id \(id)") }
      return renamed
    }
  }

  /// Moves a place to `position` (0-based) and shifts the places between, as a list
  /// front-end's drag-and-drop does. Two range updates on the position index: the cost does not
  /// grow with the length of the list beyond the rows that actually move.
  public func move(_ id: Location.ID, to position: Int) throws {
    try database.write { db in
      guard let location = try find(id: id) else { throw LocationError.notFound("with id \(id)") }
      let count = try self.count()
      guard (0..<count).contains(position) else {
        throw LocationError.positionOutOfRange(position + 1, count: count)
      }
      let from = location.position
      guard from != position else { return }
      if from < position {
        try db.execute(
          "UPDATE location SET position = position - 1 WHERE position > ? AND position <= ?",
          [from, position])
      } else {
        try db.execute(
          "UPDATE location SET position = position + 1 WHERE position >= ? AND position < ?",
          [position, from])
      }
      try db.execute("UPDATE location SET position = ? WHERE id = ?", [position, id])
    }
  }

  /// Removes a place and its cached forecasts (ON DELETE CASCADE). If it was selected, the
  /// place that takes its row (or the one above, or the current location) becomes selected.
  public func remove(_ id: Location.ID) throws {
    try database.write { db in
      guard let location = try find(id: id) else { throw LocationError.notFound("with id \(id)") }
      let wasSelected = try selection() == .saved(id)
      try db.execute("DELETE FROM location WHERE id = ?", [id])
      // Close the gap with one range update on the position index.
      try db.execute(
        "UPDATE location SET position = position - 1 WHERE position > ?", [location.position])
      if wasSelected {
        let below = try db.queryFirst(
          "SELECT id FROM location WHERE position >= ? ORDER BY position LIMIT 1",
          [location.position]
        ) { $0.int64(0) }
        let above = try db.queryFirst(
          "SELECT id FROM location WHERE position < ? ORDER BY position DESC LIMIT 1",
          [location.position]
        ) { $0.int64(0) }
        if let next = below ?? above {
          try writeSelection(.saved(next))
        } else if try currentLocation() != nil {
          try writeSelection(.current)
        } else {
          try writeSelection(nil)
        }
      }
    }
  }

  // MARK: - Place

  /// What the day and week views show; nil when nothing is selected.
  public func selection() throws -> Place? {
    try database.queryFirst("SELECT kind, location_id FROM selection WHERE id = 1") { row in
      row.string(0) == "current" ? Place.current : Place.saved(row.int64(1))
    }
  }

  /// The selected saved place, if the selection is one.
  public func selectedLocation() throws -> Location? {
    guard case .saved(let id) = try selection() else { return nil }
    return try find(id: id)
  }

  public func select(_ selection: Place) throws {
    try database.write { _ in
      switch selection {
      case .current:
        guard try currentLocation() != nil else { throw LocationError.noCurrentLocation }
      case .saved(let id):
        guard try find(id: id) != nil else { throw LocationError.notFound("with id \(id)") }
      }
      try writeSelection(selection)
    }
  }

  /// Records what is selected (nil: nothing), inside the caller's write transaction.
  func writeSelection(_ selection: Place?) throws {
    switch selection {
    case nil:
      try database.execute("DELETE FROM selection")
    case .current:
      try database.execute(
        "INSERT OR REPLACE INTO selection (id, kind, location_id) VALUES (1, 'current', NULL)")
    case .saved(let id):
      try database.execute(
        "INSERT OR REPLACE INTO selection (id, kind, location_id) VALUES (1, 'saved', ?)", [id])
    }
  }

  // MARK: - Current location

  /// The device's position, when one was set.
  public func currentLocation() throws -> Coordinate? {
    try database.queryFirst("SELECT latitude, longitude FROM current_location WHERE id = 1") {
      try Coordinate(latitude: $0.double(0), longitude: $0.double(1))
    }
  }

  /// Sets (or, with nil, clears) the device's position. Its cached forecast is for the old
  /// position, so it goes; clearing it while selected moves the selection to the first place.
  public func setCurrentLocation(_ coordinate: Coordinate?) throws {
    try database.write { db in
      try db.execute("DELETE FROM forecast WHERE location_id IS NULL")
      guard let coordinate else {
        try db.execute("DELETE FROM current_location")
        if try selection() == .current {
          let first = try db.queryFirst("SELECT id FROM location ORDER BY position, id LIMIT 1") {
            $0.int64(0)
          }
          try writeSelection(first.map { .saved($0) })
        }
        return
      }
      try db.execute(
        """
        INSERT OR REPLACE INTO current_location (id, latitude, longitude, updated_at)
        VALUES (1, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        """, [coordinate.latitude, coordinate.longitude])
      if try selection() == nil { try writeSelection(.current) }
    }
  }
}

public import CloudyModels
public import CloudyStoring

/// The saved places, the current location and the selection: everything the locations list shows.
///
/// Every change runs in one write transaction, so a place is either fully added, moved or
/// removed, with the selection valid, or not at all.
///
/// The `position` column is the list's order key, not its row number: places are listed by
/// (position, id), and a removal leaves a gap instead of renumbering every place after it, so
/// removing the first of 100,000 places writes one row, not 100,000. `Location.position` is
/// always the row (0-based), counted on the position index when a place is read on its own.
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
      "SELECT \(Self.columns) FROM location ORDER BY position, id", row: Self.location
    ).enumerated().map { row, location in location.atRow(row) }
  }

  public func count() throws -> Int {
    Int(try database.scalarInt("SELECT count(*) FROM location"))
  }

  public func find(id: Location.ID) throws -> Location? {
    try placed(
      database.queryFirst(
        "SELECT \(Self.columns) FROM location WHERE id = ?", [id], row: Self.location))
  }

  /// The place with this name, ignoring ASCII case as the schema's UNIQUE constraint does.
  public func find(name: String) throws -> Location? {
    try placed(
      database.queryFirst(
        "SELECT \(Self.columns) FROM location WHERE name = ? COLLATE NOCASE",
        [name.trimmingWhitespace()],
        row: Self.location))
  }

  /// The place listed at 0-based row `position`: a walk along the position index (about 2 ms
  /// to the end of 100,000 places), since removals leave gaps in the order keys.
  public func find(position: Int) throws -> Location? {
    guard position >= 0 else { return nil }
    return try database.queryFirst(
      "SELECT \(Self.columns) FROM location ORDER BY position, id LIMIT 1 OFFSET ?", [position],
      row: Self.location
    )?.atRow(position)
  }

  /// The places listed at rows `rows`: one walk along the position index.
  public func locations(in rows: Range<Int>) throws -> [Location] {
    guard !rows.isEmpty, rows.lowerBound >= 0 else { return [] }
    return try database.query(
      "SELECT \(Self.columns) FROM location ORDER BY position, id LIMIT ? OFFSET ?",
      [rows.count, rows.lowerBound], row: Self.location
    ).enumerated().map { offset, location in location.atRow(rows.lowerBound + offset) }
  }

  /// The row (0-based) of the place stored with order key `key`: how many places come before
  /// it in (position, id) order, counted on the position index.
  private func row(key: Int, id: Location.ID) throws -> Int {
    Int(
      try database.scalarInt(
        """
        SELECT (SELECT count(*) FROM location WHERE position < ?1)
             + (SELECT count(*) FROM location WHERE position = ?1 AND id < ?2)
        """, [key, id]))
  }

  /// A place read with its order key, given its row instead.
  private func placed(_ stored: Location?) throws -> Location? {
    guard let stored else { return nil }
    return stored.atRow(try row(key: stored.position, id: stored.id))
  }

  /// The order key stored for a place; nil when there is no such place.
  private func key(of id: Location.ID) throws -> Int? {
    try database.queryFirst("SELECT position FROM location WHERE id = ?", [id]) { $0.int(0) }
  }

  /// The id and order key of the place at 0-based `row`.
  private func key(atRow row: Int) throws -> (id: Location.ID, key: Int)? {
    try database.queryFirst(
      "SELECT id, position FROM location ORDER BY position, id LIMIT 1 OFFSET ?", [row]
    ) { ($0.int64(0), $0.int(1)) }
  }

  /// The places whose name begins with `prefix`, ignoring ASCII case as the name's NOCASE
  /// collation does: the first `limit` in list order, and how many there are. A range search
  /// on the name's index, so it costs what the matches cost, not what the list does.
  public func find(namesBeginningWith prefix: String, limit: Int) throws -> (
    locations: [Location], count: Int
  ) {
    let lower = PlaceName.uniquenessKey(prefix)
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
      let locations = try db.query(select, arguments + [limit], row: Self.location).compactMap {
        try placed($0)
      }
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
      var named = new
      named.name = name
      let id = try insert(named, at: try nextKey())
      if try selection() == nil {
        try writeSelection(.saved(id))
      }
      guard let location = try find(id: id) else { throw LocationError.notFound("with id \(id)") }
      return location
    }
  }

  /// The order key after every place's: where a new place goes.
  func nextKey() throws -> Int {
    Int(try database.scalarInt("SELECT coalesce(max(position) + 1, 0) FROM location"))
  }

  /// Writes a place's row with order key `key`, inside the caller's write transaction; the
  /// name is stored as given (validated by the caller).
  func insert(_ new: NewLocation, at key: Int) throws -> Location.ID {
    try database.execute(
      "INSERT INTO location (\(PlaceColumns.list), position) VALUES (\(PlaceColumns.placeholders), ?)",
      PlaceColumns.values(of: new) + [key])
    return database.lastInsertedRowID
  }

  /// Gives a saved place a new name, checked as a typed one is and refused when another place
  /// has it (ignoring ASCII case, as the schema's NOCASE does); the place as saved.
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

  /// Moves a place to row `position` (0-based) and shifts the places between, as a list
  /// front-end's drag-and-drop does: it takes the order key of the place now at that row, and
  /// the keys between shift by one (a gap absorbs the shift). One range update on the position
  /// index, so moving a place one row (`J`/`K`) writes two rows whatever the list's length.
  public func move(_ id: Location.ID, to position: Int) throws {
    try database.write { db in
      guard var from = try key(of: id) else { throw LocationError.notFound("with id \(id)") }
      let count = try self.count()
      guard (0..<count).contains(position) else {
        throw LocationError.positionOutOfRange(position + 1, count: count)
      }
      guard var target = try key(atRow: position), target.id != id else { return }
      if try hasTies(between: min(from, target.key), and: max(from, target.key)) {
        // Only a hand edit in the sqlite3 shell makes two places share a key; shifting by one
        // cannot keep their order, so the list is numbered 0…n-1 again first.
        try renumber()
        guard let renumbered = try key(of: id), let now = try key(atRow: position) else { return }
        (from, target) = (renumbered, now)
      }
      if from < target.key {
        try db.execute(
          "UPDATE location SET position = position - 1 WHERE position > ? AND position <= ?",
          [from, target.key])
      } else {
        try db.execute(
          "UPDATE location SET position = position + 1 WHERE position >= ? AND position < ?",
          [target.key, from])
      }
      try db.execute("UPDATE location SET position = ? WHERE id = ?", [target.key, id])
    }
  }

  /// Whether two places share an order key from `low` to `high`: a walk of that range only.
  private func hasTies(between low: Int, and high: Int) throws -> Bool {
    try database.scalarInt(
      "SELECT count(*) - count(DISTINCT position) FROM location WHERE position BETWEEN ? AND ?",
      [low, high]) > 0
  }

  /// Numbers the order keys 0…n-1 in list order.
  private func renumber() throws {
    try database.execute(
      """
      UPDATE location SET position = ordered.row
      FROM (SELECT id, row_number() OVER (ORDER BY position, id) - 1 AS row FROM location) AS ordered
      WHERE location.id = ordered.id
      """)
  }

  /// Removes a place and its cached forecasts (ON DELETE CASCADE). If it was selected, the
  /// place that takes its row (or the one above, or the current location) becomes selected.
  public func remove(_ id: Location.ID) throws {
    try database.write { db in
      guard let key = try key(of: id) else { throw LocationError.notFound("with id \(id)") }
      let wasSelected = try selection() == .saved(id)
      // The gap stays: the places after keep their keys, so their order and rows follow.
      try db.execute("DELETE FROM location WHERE id = ?", [id])
      if wasSelected {
        let below = try db.queryFirst(
          "SELECT id FROM location WHERE (position, id) > (?, ?) ORDER BY position, id LIMIT 1",
          [key, id]
        ) { $0.int64(0) }
        let above = try db.queryFirst(
          "SELECT id FROM location WHERE (position, id) < (?, ?) ORDER BY position DESC, id DESC LIMIT 1",
          [key, id]
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

  /// Makes `selection` the place the day and week views show; one that is not there (a removed
  /// place, an unset current location) is refused rather than left dangling.
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
          try writeSelection(try firstID().map { .saved($0) })
        }
        return
      }
      try writeCurrentLocation(coordinate)
      if try selection() == nil { try writeSelection(.current) }
    }
  }

  /// Records the device's position, inside the caller's write transaction.
  func writeCurrentLocation(_ coordinate: Coordinate) throws {
    try database.execute(
      """
      INSERT OR REPLACE INTO current_location (id, latitude, longitude, updated_at)
      VALUES (1, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      """, [coordinate.latitude, coordinate.longitude])
  }

  /// The id of the first place in the list; nil when none is saved.
  func firstID() throws -> Location.ID? {
    try database.queryFirst("SELECT id FROM location ORDER BY position, id LIMIT 1") { $0.int64(0) }
  }
}

extension Location {
  /// The place with `position` set to its row instead of the order key it was stored with.
  fileprivate func atRow(_ row: Int) -> Location {
    var placed = self
    placed.position = row
    return placed
  }
}

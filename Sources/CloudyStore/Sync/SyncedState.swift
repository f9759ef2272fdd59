import CloudyModels
import CloudyPlatform

/// Writes the winning value of every field that changed into the tables the rest of Cloudy
/// reads (`location`, `settings`): what a place or setting is on this device after a sync.
///
/// Runs inside the apply transaction, with the capture triggers standing aside; the few
/// changes it must make of its own (below) are recorded as this device's, so they travel on and
/// every device comes to the same list:
/// - a place is shown once it has a name and coordinates, and goes when its `removed` wins;
/// - the same place saved on two devices (the same name, ignoring ASCII case, within 1 km) is
///   one place: the one with the smaller global id stays, the other is recorded as merged into
///   it (and comes back only if that one is removed without it);
/// - two different places with one name stay two: the one with the greater global id is given
///   a number, "Name (2)", as `cloudy-db import` does;
/// - places that end up sharing an order key are numbered again in (key, global id) order,
///   which every device computes alike.
struct SyncedState {
  let database: Database

  /// The settings columns that sync; one added later joins here and in its trigger.
  private enum SettingColumn: String {
    case time = "time_notation"
    case units = "units_notation"
    case temperature = "temperature_notation"
    case alerts = "alert_level"
    case wind = "wind_unit"
    case pressure = "pressure_unit"
    case precipitation = "precipitation_unit"
    case distance = "distance_unit"
    case airQuality = "air_quality_scale"
  }

  /// Makes the tables show the winners for `placeKeys` and the settings fields in
  /// `settingFields`. With `settlingOrder` false, places may be left sharing an order key:
  /// the caller applies more files first and calls `settleOrder()` once they are all in.
  func update(placeKeys: Set<String>, settingFields: Set<String>, settlingOrder: Bool = true)
    throws
  {
    var pending = placeKeys
    // Places merged into a place whose fate changed follow it.
    for key in placeKeys { pending.formUnion(try mergedPlaces(into: key)) }
    for key in pending.sorted() { try updatePlace(key) }
    for field in settingFields.sorted() { try updateSetting(field) }
    try SyncDevice.setApplying(database, false)
    if settlingOrder { try orderWithoutTies() }
    try keepSelectionValid()
    try SyncDevice.setApplying(database, true)
  }

  /// Whether two places share an order key.
  static func hasTies(_ database: Database) throws -> Bool {
    try database.scalarInt("SELECT count(*) - count(DISTINCT position) FROM location") > 0
  }

  /// Numbers again the places that share an order key, recording it (inside the caller's
  /// write transaction). A sync runs this once, after every file it found is applied: the
  /// renumbering is recorded as this device's moves, with a clock past every one received, so
  /// done between two files it would win over the moves in the files still to come, and a
  /// device catching up would reorder everyone's list by a state that never was.
  func settleOrder() throws {
    try orderWithoutTies()
  }

  /// The same in a write transaction of its own, when two places share an order key: what a
  /// sync does once every change it received is in. Writes nothing when there are none.
  static func settleOrder(_ database: Database) throws {
    guard try hasTies(database) else { return }
    try database.write { db in try SyncedState(database: db).settleOrder() }
  }

  // MARK: - Winners

  /// The winning value of each field of one place or of the settings: read from the
  /// `sync_value` view, where the rule (the greatest `(wall, counter, origin)` wins) is written
  /// once, in SQL anyone can read in the sqlite3 shell (`migrations/0004_sync.sql`).
  private func winners(_ entity: String, _ key: String) throws -> [String: DatabaseValue] {
    var values: [String: DatabaseValue] = [:]
    let rows = try database.query(
      "SELECT field, value FROM sync_value WHERE entity = ? AND key = ?", [entity, key]
    ) { ($0.string(0), $0.value(1)) }
    for (field, value) in rows { values[field] = value }
    return values
  }

  /// The places recorded as merged into `key`. Without DISTINCT: with it SQLite read the
  /// places' changes through the index that yields keys in order, every change of every place
  /// for every place applied, and an apply held the write lock for seconds once a device had
  /// some thousands of changes (other commands failed with "busy"). This way it uses
  /// `sync_change_merged`; the caller puts the keys in a set.
  private func mergedPlaces(into key: String) throws -> [String] {
    try database.query(
      "SELECT key FROM sync_change WHERE field = 'merged_into' AND entity = 'place' AND value = ?",
      [key]
    ) { $0.string(0) }
  }

  // MARK: - Places

  /// A place as its winning values make it: the one place record, and its order key when
  /// one was received.
  private struct Fields {
    var details: PlaceDetails
    var position: Int64?

    init?(_ values: [String: DatabaseValue]) throws {
      guard let details = try PlaceColumns.details(from: values) else { return nil }
      self.details = details
      if case .integer(let position)? = values["position"] { self.position = position }
    }
  }

  private func localID(of key: String) throws -> Int64? {
    try database.queryFirst("SELECT location_id FROM sync_place WHERE uid = ?", [key]) {
      $0.int64(0)
    }
  }

  private func updatePlace(_ key: String) throws {
    let values = try winners("place", key)
    let local = try localID(of: key)
    guard try isShown(values), let fields = try Fields(values) else {
      if let local { try removeLocal(local) }
      return
    }
    if let local {
      try write(fields, key: key, id: local)
      return
    }
    if let same = try samePlace(as: fields, key: key) {
      if key < same.key {
        // This one stays; the one saved here is recorded as merged into it and takes its id.
        try SyncDevice.record(
          database, entity: "place", key: same.key, field: "merged_into", value: .text(key))
        try database.execute("UPDATE sync_place SET uid = ? WHERE location_id = ?", [key, same.id])
        try write(fields, key: key, id: same.id)
      } else {
        try SyncDevice.record(
          database, entity: "place", key: key, field: "merged_into", value: .text(same.key))
      }
      return
    }
    try insert(fields, key: key)
  }

  /// Whether a place with these winners is shown: not removed, and not merged into a place
  /// that is shown here.
  private func isShown(_ values: [String: DatabaseValue]) throws -> Bool {
    if case .integer(1)? = values["removed"] { return false }
    if case .text(let target)? = values["merged_into"] {
      let targetValues = try winners("place", target)
      if case .integer(1)? = targetValues["removed"] { return true }
      return try localID(of: target) == nil
    }
    return true
  }

  /// A place saved here under another global id with the same name within 1 km.
  private func samePlace(as fields: Fields, key: String) throws -> (id: Int64, key: String)? {
    guard
      let row = try database.queryFirst(
        """
        SELECT l.id, p.uid, l.latitude, l.longitude FROM location AS l
        JOIN sync_place AS p ON p.location_id = l.id
        WHERE l.name = ? COLLATE NOCASE AND p.uid <> ?
        """, [fields.details.name, key],
        row: { ($0.int64(0), $0.string(1), $0.double(2), $0.double(3)) })
    else { return nil }
    let kilometres = GreatCircle.kilometres(
      latitude1: row.2, longitude1: row.3, latitude2: fields.details.coordinate.latitude,
      longitude2: fields.details.coordinate.longitude)
    return kilometres <= 1 ? (row.0, row.1) : nil
  }

  private func insert(_ fields: Fields, key: String) throws {
    var details = fields.details
    details.name = try distinctName(details.name, key: key, excluding: nil)
    let next = try database.scalarInt("SELECT coalesce(max(position) + 1, 0) FROM location")
    try database.execute(
      """
      INSERT INTO location (\(PlaceColumns.list), position)
      VALUES (\(PlaceColumns.placeholders), ?)
      """, PlaceColumns.values(of: details) + [fields.position ?? next])
    try database.execute(
      "INSERT OR REPLACE INTO sync_place (location_id, uid) VALUES (?, ?)",
      [database.lastInsertedRowID, key])
  }

  private func write(_ fields: Fields, key: String, id: Int64) throws {
    var details = fields.details
    details.name = try distinctName(details.name, key: key, excluding: id)
    try database.execute(
      """
      UPDATE location SET \(PlaceColumns.assignments), position = coalesce(?, position),
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE id = ?
      """, PlaceColumns.values(of: details) + [fields.position, id])
  }

  /// `name`, or, when another place here has it (ignoring ASCII case), the name the place with
  /// the greater global id of the two takes: "Name (2)", "Name (3)", …
  private func distinctName(_ name: String, key: String, excluding id: Int64?) throws -> String {
    guard
      let other = try database.queryFirst(
        """
        SELECT l.id, p.uid FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
        WHERE l.name = ? COLLATE NOCASE AND l.id IS NOT ?
        """, [name, id], row: { ($0.int64(0), $0.string(1)) })
    else { return name }
    let numbered = try freeName(after: name)
    if key > other.1 {
      try SyncDevice.record(
        database, entity: "place", key: key, field: "name", value: .text(numbered))
      return numbered
    }
    try SyncDevice.record(
      database, entity: "place", key: other.1, field: "name", value: .text(numbered))
    try database.execute("UPDATE location SET name = ? WHERE id = ?", [numbered, other.0])
    return name
  }

  /// The first of "Name (2)", "Name (3)", … no place here has. A name near the limit is
  /// shortened to make room for the number (its end goes, spaces before the number too), so
  /// the result always fits `location.name`'s 200 characters: over it, the write would fail
  /// and every later sync with it.
  private func freeName(after name: String) throws -> String {
    var number = 2
    while true {
      let suffix = " (\(number))"
      let room = ChangeCheck.longestName - suffix.unicodeScalars.count
      var stem = String(String.UnicodeScalarView(name.unicodeScalars.prefix(room)))
      while stem.hasSuffix(" ") { stem.removeLast() }
      let candidate = stem + suffix
      if try database.scalarInt(
        "SELECT count(*) FROM location WHERE name = ? COLLATE NOCASE", [candidate]) == 0
      {
        return candidate
      }
      number += 1
    }
  }

  private func removeLocal(_ id: Int64) throws {
    try database.execute("DELETE FROM location WHERE id = ?", [id])
    try database.execute("DELETE FROM sync_place WHERE location_id = ?", [id])
  }

  /// Order keys shared by two places are numbered again in (key, global id) order: the order
  /// every device computes from the same winners. Recorded, as the triggers record any move.
  private func orderWithoutTies() throws {
    guard try Self.hasTies(database) else { return }
    try database.execute(
      """
      UPDATE location SET position = ordered.row
      FROM (
        SELECT l.id, row_number() OVER (ORDER BY l.position, p.uid) - 1 AS row
        FROM location AS l LEFT JOIN sync_place AS p ON p.location_id = l.id
      ) AS ordered
      WHERE location.id = ordered.id AND location.position <> ordered.row
      """)
  }

  /// A place removed by another device may have been the selection here: the first place (or
  /// the current location) takes its place, as after a removal here.
  private func keepSelectionValid() throws {
    guard try database.scalarInt("SELECT count(*) FROM selection") == 0 else { return }
    if let first = try database.queryFirst(
      "SELECT id FROM location ORDER BY position, id LIMIT 1", row: { $0.int64(0) })
    {
      try database.execute(
        "INSERT INTO selection (id, kind, location_id) VALUES (1, 'saved', ?)", [first])
    } else if try database.scalarInt("SELECT count(*) FROM current_location") > 0 {
      try database.execute(
        "INSERT INTO selection (id, kind, location_id) VALUES (1, 'current', NULL)")
    }
  }

  // MARK: - Settings

  private func updateSetting(_ field: String) throws {
    // The column name comes from the closed set above, never from the file.
    guard let known = SettingColumn(rawValue: field), let value = try settingWinner(field)
    else { return }
    let column = known.rawValue
    try database.execute(
      "UPDATE settings SET \(column) = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1",
      [value])
  }

  /// The winning value of one setting, from `sync_value`, its changes read newest first
  /// (the order of `sync_change_by_field`), so the first is the winner and the look costs the
  /// same however often the setting changed. Every setting shares one key: reading the winners
  /// of all of them read every setting change ever received, for each file applied (6.5 ms a
  /// file once 4,000 had come; a sync of 20,000 files took minutes).
  private func settingWinner(_ field: String) throws -> DatabaseValue? {
    try database.queryFirst(
      """
      SELECT value FROM sync_value WHERE entity = 'setting' AND key = 'settings' AND field = ?
      ORDER BY wall DESC, counter DESC, origin DESC LIMIT 1
      """, [field]
    ) { $0.value(0) }
  }
}

extension SyncedState {
  /// Shows the winners again where an edit made here lost to a value already here: one taken
  /// with `--accept-held`, stamped further ahead than this device's clock may go. The edit is
  /// recorded and sent (it loses on every device alike); without this, this device alone
  /// would go on showing it. Called as its own changes are noted sent, to a folder or a hub.
  static func undoLostEdits(_ own: [SyncChange], in db: Database) throws {
    var placeKeys: Set<String> = []
    var settingFields: Set<String> = []
    for change in own
    where try db.scalarInt(
      """
      SELECT count(*) FROM sync_value
      WHERE entity = ? AND key = ? AND field = ? AND origin = ? AND wall = ? AND counter = ?
      """, [change.entity, change.key, change.field, change.origin, change.wall, change.counter])
      == 0
    {
      if change.entity == "place" { placeKeys.insert(change.key) }
      if change.entity == "setting" { settingFields.insert(change.field) }
    }
    guard !placeKeys.isEmpty || !settingFields.isEmpty else { return }
    try SyncDevice.setApplying(db, true)
    try SyncedState(database: db).update(
      placeKeys: placeKeys, settingFields: settingFields, settlingOrder: false)
    try SyncDevice.setApplying(db, false)
  }
}

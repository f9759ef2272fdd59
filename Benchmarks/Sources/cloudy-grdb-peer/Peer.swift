import ArgumentParser
import Foundation
import GRDB

/// Cloudy's measured commands written on GRDB 7.10, on the same Cloudy file: the peer the
/// issue compares Cloudy's writes with (Benchmarks/README.md, "A GRDB peer").
///
/// Written the way a GRDB user would write these tools: one `DatabaseQueue` per process (a
/// short-lived command needs no pool), records with explicit `init(row:)` / `encode(to:)`,
/// the query interface where it reads naturally, SQL where the schema needs it. The schema is
/// Cloudy's (its migrations made the file), so there is no `DatabaseMigrator`: the peer only
/// checks `user_version`, as the C baseline does. Its sync triggers run on every write, as they
/// do under Cloudy.
///
/// Connection settings, against CloudyStore's:
/// - journal mode: the file is WAL already (WAL is persistent in the file), so the queue keeps
///   GRDB's default `journalMode` (no change). `journalMode = .wal` (and `DatabasePool`) would
///   also set `synchronous = NORMAL` and, whenever the `-wal` is missing or empty — after every
///   Cloudy command and after this peer's own close — commit a CREATE/DROP TABLE to make one;
/// - `synchronous`: not set, so this SQLite's default, FULL: every commit is durable when
///   `write` returns, the promise Cloudy's writes make. `CLOUDY_GRDB_SYNCHRONOUS=NORMAL` runs
///   the peer at GRDB's WAL level instead (durable only at the next checkpoint);
/// - foreign keys ON (GRDB's default, Cloudy's); a 5 s busy timeout (Cloudy's);
/// - writes in `BEGIN IMMEDIATE` (GRDB 7's `write`), reads in one `BEGIN DEFERRED` snapshot;
///   `list` opens the file read-only, as Cloudy's readers do.
@main
struct Peer: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cloudy-grdb-peer",
    abstract: "Cloudy's write commands (and list) on GRDB, for the benchmark.",
    subcommands: [Set.self, Add.self, Remove.self, List.self])

  /// The schema version this peer reads and writes (migrations/0011: 0007–0011 added tables and
  /// defaulted columns that its statements leave to their defaults and triggers, and moved an
  /// hour's air quality, which it never writes, to a table of its own).
  static let schemaVersion = 11

  struct DatabaseOptions: ParsableArguments {
    @Option(help: "The Cloudy database (default: $CLOUDY_DB).")
    var db: String?

    func open(readonly: Bool) throws -> DatabaseQueue {
      guard let path = db ?? ProcessInfo.processInfo.environment["CLOUDY_DB"] else {
        throw ValidationError("name the database with --db or CLOUDY_DB")
      }
      var config = Configuration()
      config.readonly = readonly
      config.busyMode = .timeout(5)
      if let level = ProcessInfo.processInfo.environment["CLOUDY_GRDB_SYNCHRONOUS"] {
        guard ["OFF", "NORMAL", "FULL"].contains(level) else {
          throw ValidationError("CLOUDY_GRDB_SYNCHRONOUS is OFF, NORMAL or FULL")
        }
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = \(level)") }
      }
      return try DatabaseQueue(path: path, configuration: config)
    }
  }
}

// MARK: - Records

struct Location: FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "location"
  static var databaseSelection: [any SQLSelectable] {
    [
      Column("id"), Column("name"), Column("query"), Column("latitude"), Column("longitude"),
      Column("country_code"), Column("region"), Column("time_zone"), Column("source"),
      Column("position"),
    ]
  }

  var id: Int64?
  var name: String
  var query: String?
  var latitude: Double
  var longitude: Double
  var countryCode: String?
  var region: String?
  var timeZone: String?
  var source: String
  var position: Int

  init(
    name: String, latitude: Double, longitude: Double, source: String, position: Int
  ) {
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.source = source
    self.position = position
  }

  init(row: Row) throws {
    id = row["id"]
    name = row["name"]
    query = row["query"]
    latitude = row["latitude"]
    longitude = row["longitude"]
    countryCode = row["country_code"]
    region = row["region"]
    timeZone = row["time_zone"]
    source = row["source"]
    position = row["position"]
  }

  func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    container["name"] = name
    container["query"] = query
    container["latitude"] = latitude
    container["longitude"] = longitude
    container["country_code"] = countryCode
    container["region"] = region
    container["time_zone"] = timeZone
    container["source"] = source
    container["position"] = position
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  /// Its 1-based row in the list (places are listed by position, then id).
  func row(_ db: Database) throws -> Int {
    try Location.filter(
      Column("position") < position || (Column("position") == position && Column("id") < id)
    ).fetchCount(db) + 1
  }

  /// "37.5538° N, 77.4603° W", as Cloudy shows coordinates.
  var coordinateText: String {
    func part(_ value: Double, _ positive: String, _ negative: String) -> String {
      let digits = String(format: "%.4f", abs(value))
      let isZero = digits.allSatisfy { $0 == "0" || $0 == "." }
      return "\(digits)° \(value < 0 && !isZero ? negative : positive)"
    }
    return "\(part(latitude, "N", "S")), \(part(longitude, "E", "W"))"
  }
}

/// What the day and week views show: one row or none.
struct Selection: FetchableRecord, PersistableRecord {
  static let databaseTableName = "selection"
  var kind: String
  var locationID: Int64?

  init(kind: String, locationID: Int64?) {
    self.kind = kind
    self.locationID = locationID
  }

  init(row: Row) throws {
    kind = row["kind"]
    locationID = row["location_id"]
  }

  func encode(to container: inout PersistenceContainer) throws {
    container["id"] = 1
    container["kind"] = kind
    container["location_id"] = locationID
  }

  static func current(_ db: Database) throws -> Selection? {
    try Selection.fetchOne(db, key: 1)
  }
}

func checkSchema(_ db: Database) throws {
  let version = try Int.fetchOne(db, sql: "PRAGMA user_version")
  guard version == Peer.schemaVersion else {
    throw Failure(status: 65, "not a Cloudy version-\(Peer.schemaVersion) database")
  }
}

/// A refusal: the message on stderr and the tools' exit status.
struct Failure: Error {
  let status: Int32
  let message: String
  init(status: Int32, _ message: String) {
    self.status = status
    self.message = message
  }
}

func reporting(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch let failure as Failure {
    FileHandle.standardError.write(Data("cloudy-grdb-peer: error: \(failure.message)\n".utf8))
    throw ExitCode(failure.status)
  }
}

// MARK: - Commands

extension Peer {
  /// `set time 24h`: the one settings row, as `cloudy-settings set`.
  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set")
    @OptionGroup var database: DatabaseOptions
    @Argument var setting: String
    @Argument var value: String

    func run() throws {
      let choices: [String: (column: String, title: String, values: [String: String])] = [
        "time": ("time_notation", "Time Notation", ["12h": "12 Hour", "24h": "24 Hour"]),
        "units": (
          "units_notation", "Units Notation", ["imperial": "Imperial", "metric": "Metric"]
        ),
        "temperature": (
          "temperature_notation", "Temperature Notation",
          ["fahrenheit": "Fahrenheit", "celsius": "Celsius"]
        ),
      ]
      try reporting {
        guard let choice = choices[setting.lowercased()] else {
          throw Failure(status: 64, "no setting is called \"\(setting)\"")
        }
        let value = value.lowercased()
        guard let text = choice.values[value] else {
          throw Failure(
            status: 65, "\(setting) is \(choice.values.keys.sorted().joined(separator: " or "))")
        }
        let dbQueue = try database.open(readonly: false)
        try dbQueue.write { db in
          try checkSchema(db)
          let changed = try Table("settings").filter(key: 1).updateAll(
            db, Column(choice.column).set(to: value),
            Column("updated_at").set(to: SQL(sql: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")))
          if changed == 0 {  // a file whose row was deleted by hand: the defaults, and this one
            try db.execute(
              sql: "INSERT INTO settings (id, \(choice.column)) VALUES (1, ?)", arguments: [value])
          }
        }
        print("\(choice.title): \(text) (\(value))")
      }
    }
  }

  /// `add --name N --lat X --lon Y`: a place at the end of the list, selected when nothing is,
  /// as `cloudy-locations add --name … --lat … --lon …`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add")
    @OptionGroup var database: DatabaseOptions
    @Option var name: String
    // .unconditional, as Cloudy's: "-77.4" is a value, not an option.
    @Option(parsing: .unconditional) var lat: Double
    @Option(parsing: .unconditional) var lon: Double

    func run() throws {
      try reporting {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 200 else {
          throw Failure(status: 65, "a name has 1 to 200 characters")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else {
          throw Failure(status: 65, "latitude is -90…90 and longitude -180…180")
        }
        let dbQueue = try database.open(readonly: false)
        let (location, row, selected) = try dbQueue.write { db in
          try checkSchema(db)
          if let existing = try Location.filter(Column("name").collating(.nocase) == name)
            .fetchOne(db)
          {
            throw Failure(status: 65, "a place named \"\(existing.name)\" is already saved")
          }
          let next =
            try Int.fetchOne(db, sql: "SELECT coalesce(max(position) + 1, 0) FROM location") ?? 0
          var location = Location(
            name: name, latitude: lat, longitude: lon, source: "coordinates", position: next)
          try location.insert(db)
          var selected = false
          if try Selection.current(db) == nil {
            try Selection(kind: "saved", locationID: location.id).insert(db)
            selected = true
          }
          return (location, try location.row(db), selected)
        }
        print(
          "added \"\(location.name)\" (row \(row), \(location.coordinateText))\(selected ? ", selected" : "")"
        )
      }
    }
  }

  /// `remove NAME`: the place and its forecasts (ON DELETE CASCADE); when it was selected, the
  /// place that takes its row (or the one above, or the current location) is selected, as
  /// `cloudy-locations remove`. Positions keep their gap, as Cloudy's do.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove")
    @OptionGroup var database: DatabaseOptions
    @Argument var name: String

    func run() throws {
      try reporting {
        let dbQueue = try database.open(readonly: false)
        let (location, row, selected) = try dbQueue.write { db -> (Location, Int, String?) in
          try checkSchema(db)
          guard
            let location = try Location.filter(Column("name").collating(.nocase) == name)
              .fetchOne(db), let id = location.id
          else {
            throw Failure(status: 66, "no saved place is named \"\(name)\"")
          }
          let row = try location.row(db)
          let wasSelected = try Selection.current(db)?.locationID == id
          try location.delete(db)
          var selected: String?  // what Cloudy prints when the selection moved
          if wasSelected {
            let key = location.position
            let below = try Location.filter(
              Column("position") > key || (Column("position") == key && Column("id") > id)
            ).order(Column("position"), Column("id")).fetchOne(db)
            let above = try Location.filter(
              Column("position") < key || (Column("position") == key && Column("id") < id)
            ).order(Column("position").desc, Column("id").desc).fetchOne(db)
            if let next = below ?? above {
              try Selection(kind: "saved", locationID: next.id).insert(db, onConflict: .replace)
              selected = "\"\(next.name)\" (row \(try next.row(db)), \(next.coordinateText))"
            } else if try Table("current_location").fetchCount(db) > 0 {
              try Selection(kind: "current", locationID: nil).insert(db, onConflict: .replace)
              selected = "Current Location"
            } else {
              _ = try Selection.deleteAll(db)
            }
          }
          return (location, row, selected)
        }
        print("removed \"\(location.name)\" (row \(row), \(location.coordinateText))")
        if let selected { print("selected: \(selected)") }
      }
    }
  }

  /// `list`: the saved places in order, the selected one marked, as `cloudy-locations list`'s
  /// text (the name column padded by characters, not by terminal columns).
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try reporting {
        let dbQueue = try database.open(readonly: true)
        let (selection, current, locations) = try dbQueue.read { db in
          try checkSchema(db)
          let current = try Row.fetchOne(
            db, sql: "SELECT latitude, longitude FROM current_location WHERE id = 1")
          return (
            try Selection.current(db), current,
            try Location.order(Column("position"), Column("id")).fetchAll(db)
          )
        }
        // (mark, number, name, coordinates) per row; the current location first, unnumbered.
        var rows: [(String, String, String, String)] = []
        if let current {
          var here = Location(
            name: "Current Location", latitude: current["latitude"],
            longitude: current["longitude"], source: "coordinates", position: -1)
          here.id = nil
          rows.append(
            (selection?.kind == "current" ? "  *" : "   ", "", here.name, here.coordinateText))
        }
        for (index, location) in locations.enumerated() {
          let mark =
            selection?.kind == "saved" && selection?.locationID == location.id ? "  *" : "   "
          rows.append((mark, "\(index + 1)", location.name, location.coordinateText))
        }
        let numberWidth = rows.map(\.1.count).max() ?? 0
        let nameWidth = rows.map(\.2.count).max() ?? 0
        var text = ""
        for (index, row) in rows.enumerated() {
          if index == 0 && current != nil { text += "Current Location\n" }
          if index == (current == nil ? 0 : 1) { text += "Saved Locations\n" }
          text += row.0 + "  " + row.1 + String(repeating: " ", count: numberWidth - row.1.count)
          text += "  " + row.2 + String(repeating: " ", count: nameWidth - row.2.count)
          text += "  " + row.3 + "\n"
        }
        if locations.isEmpty {
          text += "Saved Locations\n  (none yet: add one with `cloudy-locations add NAME`)\n"
        }
        print(text, terminator: "")
      }
    }
  }
}

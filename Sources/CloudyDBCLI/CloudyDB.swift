public import ArgumentParser
import CloudyCLI
import CloudyJSON
import CloudyPlatform
import CloudyStore

/// `cloudy-db`: look after the database file itself.
public struct CloudyDB: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "cloudy-db",
    abstract:
      "Inspect, check, back up and restore Cloudy's SQLite database; export and import places.",
    discussion: """
      The database is one SQLite file (WAL mode) holding saved places, settings and cached \
      forecasts. It is yours: open it with `sqlite3`, but back it up with `cloudy-db backup`, \
      which is consistent while other commands write; copying the file alone can lose the \
      latest changes held in its -wal file.

      Exit status: 0 ok, 1 check found problems, 64 usage, 65 bad data or not a Cloudy \
      database, 66 not found, 69 a sync hub could not be reached or refused, 73 destination \
      exists, 74 I/O or permission, 75 busy (try again), 78 written by a newer Cloudy.
      """,
    version: CloudyVersion.string,
    subcommands: [
      Path.self, Info.self, Migrate.self, Check.self, Backup.self, Restore.self, Vacuum.self,
      Export.self, Import.self, Sync.self,
    ]
  )

  /// The name errors are reported under.
  public static let tool = "cloudy-db"

  public init() {}
}

extension CloudyDB {
  struct Path: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "path",
      abstract: "Print which database file is used, and why (--db, CLOUDY_DB or the default).")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        let exists = try StoreAccess.exists(databasePath.path)
        if output.json {
          Output.json(DatabaseJSON.path(databasePath, exists: exists))
        } else {
          Output.line(databasePath.path)
          Output.line("(\(databasePath.explanation)\(exists ? "" : "; it does not exist yet"))")
        }
      }
    }
  }

  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "info",
      abstract: "Show the schema version, counts, file size and journal mode. Changes nothing.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        let info = try Maintenance.info(try StoreAccess.existing(databasePath))
        if output.json {
          Output.json(DatabaseJSON.info(info, path: databasePath.path))
        } else {
          Output.line("path:           \(databasePath.path)")
          Output.line(
            "schema version: \(info.schemaVersion) (this Cloudy knows up to \(info.latestKnownVersion))"
          )
          Output.line("locations:      \(info.locations)")
          Output.line("forecasts:      \(info.forecasts)")
          Output.line(
            "file size:      \(info.fileSize) bytes (\(info.pageCount) pages of \(info.pageSize))")
          Output.line("journal mode:   \(info.journalMode)")
          Output.line("SQLite:         \(info.sqliteVersion)")
        }
      }
    }
  }

  struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "migrate",
      abstract: "Create the database if needed and apply pending migrations.",
      discussion: "Every tool migrates on its first write anyway; this does it explicitly.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        let migrator = Migrator()
        let db = try StoreAccess.creating(databasePath)
        let version = try migrator.currentVersion(of: db)
        if output.json {
          Output.json(DatabaseJSON.migrated(path: databasePath.path, schemaVersion: version))
        } else {
          Output.line(
            "\(databasePath.path) is at schema version \(version), the latest this Cloudy knows.")
        }
      }
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract:
        "Run SQLite's integrity and foreign-key checks and sync's own. Exits 1 if anything is wrong.",
      discussion: """
        Sync's checks find what would stop this device's edits reaching the others: a place \
        without its global id (sync_place), a device sequence behind its own changes, the \
        applying flag left on (each a hand edit or a tool that knows nothing of sync).
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        let report = try Maintenance.check(try StoreAccess.existing(databasePath))
        if output.json {
          Output.json(DatabaseJSON.check(report, path: databasePath.path))
        } else if report.isOK {
          Output.line(
            "ok: \(databasePath.path) passed integrity_check, foreign_key_check and sync's checks")
        } else {
          for line in report.integrity where line != "ok" { Output.line("integrity: \(line)") }
          for line in report.foreignKeyViolations { Output.line("foreign key: \(line)") }
          for line in report.syncProblems { Output.line("sync: \(line)") }
        }
        if !report.isOK {
          throw CommandError.problemsFound(
            "the database has problems (listed above); restore a backup with `cloudy-db restore`")
        }
      }
    }
  }

  struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "backup",
      abstract: "Write a consistent copy of the database to DEST, even while others write.",
      discussion:
        "Uses SQLite's online backup API; the copy is checked and synced before it appears at DEST."
    )
    @OptionGroup var database: DatabaseOptions
    @Argument(
      help: ArgumentHelp("Where to write the copy.", valueName: "dest"), completion: .file())
    var destination: String
    @Flag(help: "Replace DEST if it exists.") var force = false

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        try Maintenance.backup(
          try StoreAccess.existing(databasePath), to: destination, overwrite: force)
        Output.line("backed up \(databasePath.path) to \(destination)")
      }
    }
  }

  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore",
      abstract: "Replace the database with a backup, keeping the current one beside it.",
      discussion: """
        SRC must be a Cloudy database that passes its integrity check and is not newer than \
        this Cloudy. The current database is first saved as PATH.before-restore-TIMESTAMP.
        """)
    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "src"), completion: .file())
    var source: String

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        guard try StoreAccess.exists(source) else {
          throw StoreError.missingFile(path: source)
        }
        let keep = "\(databasePath.path).before-restore-\(WallClock.fileStamp())"
        // Created at once when missing: restore copies pages in, not through a write transaction.
        try Maintenance.restore(
          try StoreAccess.creating(databasePath), from: source, keepCurrentAs: keep)
        Output.line(
          "restored \(databasePath.path) from \(source); the previous database is kept as \(keep)")
      }
    }
  }

  struct Vacuum: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "vacuum",
      abstract: "Rebuild the file to reclaim unused space.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        guard try StoreAccess.exists(databasePath.path) else {
          throw StoreError.missingFile(path: databasePath.path)
        }
        let sizes = try Maintenance.vacuum(try StoreAccess.writing(databasePath))
        Output.line("vacuumed \(databasePath.path): \(sizes.before) → \(sizes.after) bytes")
      }
    }
  }
}

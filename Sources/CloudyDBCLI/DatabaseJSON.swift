import CloudyCLI
import CloudyExchange
import CloudyJSON
import CloudyModels
import CloudyStore
import CloudyStoring

/// `cloudy-db`'s `--json` shapes, all in one place (stable; keys in this order). `export` writes
/// the places document itself (Cloudy JSON, GeoJSON or CSV: `CloudyExchange/README.md`).
///
/// `path`: `{"path", "source": "--db" | "CLOUDY_DB" | "XDG_DATA_HOME" | "default", "exists"}`
///
/// `info`: `{"path", "schemaVersion", "latestKnownVersion", "locations", "forecasts",
/// "fileSize", "pageSize", "pageCount", "journalMode", "sqliteVersion"}` (`fileSize` counts the
/// -wal too)
///
/// `migrate`: `{"path", "schemaVersion"}`
///
/// `check`: `{"path", "ok", "integrity": [..], "foreignKeyViolations": [..]}`
///
/// `import` (`DatabaseJSON.imported`, `refusedImport`, `partialImport`):
///
///     {"ok": true, "file", "format", "mode": "merge" | "replace",
///      "added": [{"name", "line", "item"}],
///      "skipped": [{"name", "line", "item", "reason": "already saved", "savedName"}],
///      "removed", "settingsReplaced", "currentLocationChanged", "forecasts",
///      "ignoredFields": [..], "foreign",
///      "omitted": [{"reason", "count", "first": problem}],
///      "invalid": [problem], "renamed": [{"from", "to", "where"}], "outlines",
///      "repeated": [{"name", "where", "first"}], "notes": [..]}
///
///     {"ok": false, "file", "format", "problems": [problem], "unlisted",
///      "reasons": [{"reason", "count", "first": problem}]}
///
///     {"ok": false, "file", "format", "problems", "unlisted", "reasons",
///      "partial": true, "importable", "invalidRecords",
///      "omitted": [{"reason", "count", "first": problem}]}
///
/// `repeated` lists the records that repeat a place already in the file (the same name within
/// 25 m), imported once; `notes` what was decided about the file's columns.
///
/// `sync`: `{"device", "sent", "applied", "conflicts", "devices": [{"device", "name",
/// "lastSeen"}], "skipped": [{"file", "reason"}]}` (`lastSeen` in unix seconds: when that
/// device last wrote changes that reached this one); `sync --status`: `{"device", "name",
/// "waiting", "devices": [..], "lastError"}`
///
/// A problem is `{"line", "item", "field", "message"}`. `omitted` counts records that are not
/// places (no position, a line or track, no name); `invalid` lists the problems of records
/// that could not be stored (imported around only with `--skip-invalid`, else the third
/// shape, whose `problems` are those records'; a foreign file with no place at all also gives
/// it, its problems then being the records that are not places). `reason` is the message
/// without what differs from record to record.
///
/// `line` is 1-based; `item` is the 1-based feature (GeoJSON) or place (JSON) number, null for
/// CSV.
enum DatabaseJSON {
  static func path(_ databasePath: DatabasePath, exists: Bool) -> JSON {
    .object([
      ("path", .string(databasePath.path)),
      ("source", .string(databasePath.reason.rawValue)),
      ("exists", .bool(exists)),
    ])
  }

  static func info(_ info: DatabaseInfo, path: String) -> JSON {
    .object([
      ("path", .string(path)),
      ("schemaVersion", .int(Int64(info.schemaVersion))),
      ("latestKnownVersion", .int(Int64(info.latestKnownVersion))),
      ("locations", .int(Int64(info.locations))),
      ("forecasts", .int(Int64(info.forecasts))),
      ("fileSize", .int(info.fileSize)),
      ("pageSize", .int(Int64(info.pageSize))),
      ("pageCount", .int(Int64(info.pageCount))),
      ("journalMode", .string(info.journalMode)),
      ("sqliteVersion", .string(info.sqliteVersion)),
    ])
  }

  static func sync(_ report: SyncReport) -> JSON {
    .object([
      ("device", .string(report.device)), ("sent", .int(Int64(report.sent))),
      ("applied", .int(Int64(report.applied))), ("conflicts", .int(Int64(report.conflicts))),
      ("held", .int(Int64(report.held))), ("devices", peers(report.devices)),
      (
        "skipped",
        .array(
          report.skipped.map {
            .object([("file", .string($0.file)), ("reason", .string($0.reason))])
          })
      ),
    ])
  }

  /// `sync --accept-held --json`: how many held changes were new here.
  static func acceptedHeld(applied: Int) -> JSON {
    .object([("applied", .int(Int64(applied)))])
  }

  static func syncStatus(_ status: SyncStatus) -> JSON {
    .object([
      ("device", .string(status.device)), ("name", status.name.map { .string($0) } ?? .null),
      ("waiting", .int(Int64(status.waiting))), ("devices", peers(status.devices)),
      ("lastError", status.lastError.map { .string($0) } ?? .null),
      (
        "held",
        .array(
          status.held.map {
            .object([
              ("device", .string($0.device)), ("changes", .int(Int64($0.changes))),
              ("wall", .int($0.wall)),
            ])
          })
      ),
    ])
  }

  private static func peers(_ peers: [SyncReport.Peer]) -> JSON {
    .array(
      peers.map {
        .object([
          ("device", .string($0.device)), ("name", $0.name.map { .string($0) } ?? .null),
          ("lastSeen", .int($0.lastSeen)),
        ])
      })
  }

  static func migrated(path: String, schemaVersion: Int) -> JSON {
    .object([("path", .string(path)), ("schemaVersion", .int(Int64(schemaVersion)))])
  }

  static func check(_ report: CheckReport, path: String) -> JSON {
    .object([
      ("path", .string(path)), ("ok", .bool(report.isOK)),
      ("integrity", .array(report.integrity.map { .string($0) })),
      ("foreignKeyViolations", .array(report.foreignKeyViolations.map { .string($0) })),
      ("sync", .array(report.syncProblems.map { .string($0) })),
    ])
  }

  /// `import`: what was added, skipped, removed and replaced, and what the file held besides.
  static func imported(
    _ outcome: PlacesTransferRepository.Outcome, read: PlacesExchange.ReadResult, file: String,
    mode: PlacesTransferRepository.Mode
  ) -> JSON {
    func origin(_ place: PlacesDocument.Place) -> [(String, JSON)] {
      [
        ("line", place.origin.map { .int(Int64($0.line)) } ?? .null),
        ("item", place.origin?.item.map { .int(Int64($0)) } ?? .null),
      ]
    }
    return
      .object([
        ("ok", .bool(true)), ("file", .string(file)), ("format", .string(read.format.rawValue)),
        ("mode", .string(mode.rawValue)),
        (
          "added",
          .array(outcome.added.map { .object([("name", .string($0.name))] + origin($0)) })
        ),
        (
          "skipped",
          .array(
            outcome.skipped.map {
              .object(
                [("name", .string($0.place.name))] + origin($0.place) + [
                  ("reason", .string("already saved")), ("savedName", .string($0.savedName)),
                ])
            })
        ),
        ("removed", .int(Int64(outcome.removed))),
        ("settingsReplaced", .bool(outcome.settingsReplaced)),
        ("currentLocationChanged", .bool(outcome.currentLocationChanged)),
        ("forecasts", .int(Int64(outcome.forecasts))),
        ("ignoredFields", .array(read.ignoredFields.map { .string($0) })),
        ("foreign", .bool(read.foreign)),
        ("omitted", reasons(LeftOut.byReason(read.leftOut.omitted))),
        ("invalid", .array(read.leftOut.invalid.map(problem))),
        (
          "renamed",
          .array(
            read.leftOut.renamed.map {
              .object([
                ("from", .string($0.original)), ("to", .string($0.name)),
                ("where", .string($0.origin)),
              ])
            })
        ),
        ("outlines", .int(Int64(read.leftOut.outlines))),
        (
          "repeated",
          .array(
            read.leftOut.repeated.map {
              .object([
                ("name", .string($0.name)), ("where", .string($0.origin)),
                ("first", .string($0.first)),
              ])
            })
        ),
        ("notes", .array(read.leftOut.notes.map { .string($0) })),
      ])
  }

  static func refusedImport(_ refusal: ImportRefusal, file: String, format: ExchangeFormat)
    -> JSON
  {
    .object(refusalFields(refusal, file: file, format: format))
  }

  /// A partial import that was not done: the refusal, and what `--skip-invalid` would import.
  static func partialImport(_ refusal: ImportRefusal, read: PlacesExchange.ReadResult, file: String)
    -> JSON
  {
    .object(
      refusalFields(refusal, file: file, format: read.format) + [
        ("partial", .bool(true)), ("importable", .int(Int64(read.document.places.count))),
        ("invalidRecords", .int(Int64(read.leftOut.invalidRecords))),
        ("omitted", reasons(LeftOut.byReason(read.leftOut.omitted))),
      ])
  }

  private static func refusalFields(
    _ refusal: ImportRefusal, file: String, format: ExchangeFormat
  ) -> [(String, JSON)] {
    [
      ("ok", .bool(false)), ("file", .string(file)), ("format", .string(format.rawValue)),
      ("problems", .array(refusal.problems.map(problem))),
      ("unlisted", .int(Int64(refusal.unlisted))),
      ("reasons", reasons(refusal.reasons.map { ($0.reason, $0.count, $0.first) })),
    ]
  }

  private static func problem(_ problem: ExchangeProblem) -> JSON {
    .object([
      ("line", problem.line.map { .int(Int64($0)) } ?? .null),
      ("item", .optional(problem.item)), ("field", .optional(problem.field)),
      ("message", .string(problem.message)),
    ])
  }

  private static func reasons(
    _ groups: [(reason: String, count: Int, first: ExchangeProblem)]
  ) -> JSON {
    .array(
      groups.map {
        .object([
          ("reason", .string($0.reason)), ("count", .int(Int64($0.count))),
          ("first", problem($0.first)),
        ])
      })
  }
}

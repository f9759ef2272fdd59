import CloudyCLI
import CloudyExchange
import CloudyModels
import CloudyStore

/// What `cloudy-db import` prints: what was added and skipped and why, or every problem that
/// kept the file out.
///
/// `--json` shapes (stable; keys in this order):
///
///     {"ok": true, "file", "format", "mode": "merge" | "replace",
///      "added": [{"name", "line", "item"}],
///      "skipped": [{"name", "line", "item", "reason": "already saved", "savedName"}],
///      "removed", "settingsReplaced", "currentLocationChanged", "forecasts",
///      "ignoredFields": [..]}
///
///     {"ok": false, "file", "format", "problems": [{"line", "item", "field", "message"}],
///      "unlisted"}
///
/// `line` is 1-based; `item` is the 1-based feature (GeoJSON) or place (JSON) number, null for
/// CSV. A refusal also prints the one-line error on stderr and exits 65.
enum ImportReport {
  /// Added places listed by name in text; the rest are counted (`--json` lists them all).
  static let addedListed = 50

  static func success(
    _ outcome: PlacesTransferRepository.Outcome, read: PlacesExchange.ReadResult, file: String,
    mode: PlacesTransferRepository.Mode, json: Bool
  ) {
    if json {
      func origin(_ place: PlacesDocument.Place) -> [(String, JSON)] {
        [
          ("line", place.origin.map { .int(Int64($0.line)) } ?? .null),
          ("item", place.origin?.item.map { .int(Int64($0)) } ?? .null),
        ]
      }
      Output.json(
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
        ]))
      return
    }
    let added = outcome.added.count
    var summary =
      mode == .replace
      ? "removed \(plural(outcome.removed, "saved place")), added \(added) from \(file)"
      : "added \(plural(added, "place")) from \(file)"
    summary += " (\(read.format.rawValue))"
    if !outcome.skipped.isEmpty { summary += "; skipped \(outcome.skipped.count)" }
    Output.line(summary)
    for place in outcome.added.prefix(addedListed) {
      Output.line("  + \(place.name)\(location(of: place))")
    }
    if added > addedListed { Output.line("  … and \(added - addedListed) more") }
    for skipped in outcome.skipped {
      let saved =
        skipped.savedName == skipped.place.name ? "" : " as \"\(skipped.savedName)\""
      Output.line("  - \(skipped.place.name)\(location(of: skipped.place)): already saved\(saved)")
    }
    var extras: [String] = []
    if outcome.forecasts > 0 { extras.append("\(plural(outcome.forecasts, "cached forecast"))") }
    if outcome.currentLocationChanged { extras.append("current location replaced") }
    if outcome.settingsReplaced { extras.append("settings replaced") }
    if !extras.isEmpty { Output.line(extras.joined(separator: "; ")) }
    if !read.ignoredFields.isEmpty {
      let kind = read.format == .csv ? "columns" : "properties"
      Output.line("ignored \(kind): \(read.ignoredFields.joined(separator: ", "))")
    }
  }

  static func refusal(_ refusal: ImportRefusal, file: String, format: ExchangeFormat, json: Bool) {
    if json {
      Output.json(
        .object([
          ("ok", .bool(false)), ("file", .string(file)), ("format", .string(format.rawValue)),
          (
            "problems",
            .array(
              refusal.problems.map { problem in
                .object([
                  ("line", problem.line.map { .int(Int64($0)) } ?? .null),
                  ("item", .optional(problem.item)), ("field", .optional(problem.field)),
                  ("message", .string(problem.message)),
                ])
              })
          ),
          ("unlisted", .int(Int64(refusal.unlisted))),
        ]))
    }
    if refusal.count == 1, let problem = refusal.problems.first {
      Output.error("cloudy-db: error: \(file): \(problem); nothing was imported")
      return
    }
    for problem in refusal.problems { Output.error("cloudy-db: \(file): \(problem)") }
    if refusal.unlisted > 0 { Output.error("cloudy-db: \(file): … and \(refusal.unlisted) more") }
    Output.error(
      "cloudy-db: error: \(file) has \(refusal.count) problems (listed above); nothing was imported"
    )
  }

  private static func location(of place: PlacesDocument.Place) -> String {
    guard let origin = place.origin else { return "" }
    return "  (line \(origin.line))"
  }

  private static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

import CloudyCLI
import CloudyExchange
import CloudyJSON
import CloudyModels
import CloudyStore

/// What `cloudy-db import` prints: what was added and skipped and why, or every problem that
/// kept the file out. The `--json` objects are `DatabaseJSON`'s (documented there); the text
/// is this file's. A refusal also prints the one-line error on stderr and exits 65.
enum ImportReport {
  /// Added places listed by name in text; the rest are counted (`--json` lists them all).
  static let addedListed = 50

  static func success(
    _ outcome: PlacesTransferRepository.Outcome, read: PlacesExchange.ReadResult, file: String,
    mode: PlacesTransferRepository.Mode, json: Bool
  ) {
    if json {
      Output.json(DatabaseJSON.imported(outcome, read: read, file: file, mode: mode))
    } else {
      successLines(outcome, read: read, file: file, mode: mode)
    }
  }

  /// The summary line, the places added (the first few) and skipped, and what else changed.
  private static func successLines(
    _ outcome: PlacesTransferRepository.Outcome, read: PlacesExchange.ReadResult, file: String,
    mode: PlacesTransferRepository.Mode
  ) {
    let added = outcome.added.count
    var summary =
      mode == .replace
      ? "removed \(MessageText.counted(outcome.removed, "saved place")), added \(added) from \(file)"
      : "added \(MessageText.counted(added, "place")) from \(file)"
    summary += " (\(read.format.rawValue))"
    if !outcome.skipped.isEmpty { summary += "; skipped \(outcome.skipped.count)" }
    Output.line(summary)
    for place in outcome.added.prefix(addedListed) {
      Output.line("  + \(place.name)\(sourceLine(of: place))")
    }
    if added > addedListed { Output.line("  … and \(added - addedListed) more") }
    for skipped in outcome.skipped {
      let saved =
        skipped.savedName == skipped.place.name ? "" : " as \"\(skipped.savedName)\""
      Output.line(
        "  - \(skipped.place.name)\(sourceLine(of: skipped.place)): already saved\(saved)")
    }
    var extras: [String] = []
    if outcome.forecasts > 0 {
      extras.append("\(MessageText.counted(outcome.forecasts, "cached forecast"))")
    }
    if outcome.currentLocationChanged { extras.append("current location replaced") }
    if outcome.settingsReplaced { extras.append("settings replaced") }
    if !extras.isEmpty { Output.line(extras.joined(separator: "; ")) }
    if !read.ignoredFields.isEmpty {
      let kind = read.format == .csv ? "columns" : "properties"
      Output.line("ignored \(kind): \(read.ignoredFields.joined(separator: ", "))")
    }
    leftOutLines(read.leftOut, file: file)
  }

  /// What a foreign file held besides the places imported: outlines, renamed names, records
  /// that are not places and (with --skip-invalid) records that could not be stored.
  private static func leftOutLines(_ leftOut: LeftOut, file: String) {
    for note in leftOut.notes { Output.line("note: \(note)") }
    if let first = leftOut.repeated.first {
      let count = leftOut.repeated.count
      Output.line(
        "\(MessageText.counted(count, "record")) \(count == 1 ? "repeats" : "repeat") a place already in the file (the same name within \(Int(LeftOut.repeatedWithinMetres)) m), imported once: \"\(first.name)\" (\(first.origin)) as at \(first.first)\(count > 1 ? ", …" : "")"
      )
    }
    if leftOut.outlines > 0 {
      Output.line(
        "\(MessageText.counted(leftOut.outlines, "outline")) imported as the place at its centre")
    }
    for renamed in leftOut.renamed {
      Output.line(
        "  ~ \(renamed.original) (\(renamed.origin)) is in the file more than once: imported as \"\(renamed.name)\""
      )
    }
    if !leftOut.omitted.isEmpty {
      let count = leftOut.omitted.count
      Output.line(
        "skipped \(MessageText.counted(count, "record")) that \(count == 1 ? "is not a place" : "are not places"):"
      )
      for group in LeftOut.byReason(leftOut.omitted) {
        Output.line("  \(group.count) × \(group.first)")
      }
    }
    if !leftOut.invalid.isEmpty {
      Output.line(
        "skipped \(MessageText.counted(leftOut.invalidRecords, "record")) that could not be stored (--skip-invalid):"
      )
      for problem in leftOut.invalid { Output.line("  - \(problem)") }
    }
  }

  /// A foreign file some of whose records cannot be stored, imported without --skip-invalid,
  /// or one with no place at all: every problem as a refusal names it, what would be skipped
  /// anyway, and (when some places could be imported) how to import them. Nothing was written.
  static func partial(_ read: PlacesExchange.ReadResult, file: String, json: Bool) {
    let leftOut = read.leftOut
    let importable = read.document.places.count
    // No place and nothing invalid: the records that are not places are the problem.
    let problems = leftOut.invalid.isEmpty ? leftOut.omitted : leftOut.invalid
    let refusal = ImportRefusal(all: problems)
    if json {
      Output.json(DatabaseJSON.partialImport(refusal, read: read, file: file))
    }
    refusalLines(refusal, file: file)
    if !leftOut.invalid.isEmpty, !leftOut.omitted.isEmpty {
      let count = leftOut.omitted.count
      Output.error(
        "cloudy-db: \(file): \(MessageText.counted(count, "record")) that \(count == 1 ? "is not a place" : "are not places") would be skipped too"
      )
    }
    if importable > 0 {
      Output.error(
        "cloudy-db: \(MessageText.counted(importable, "place")) can be imported: run again with --skip-invalid to import \(importable == 1 ? "it" : "them") and skip the rest"
      )
    }
  }

  static func refusal(_ refusal: ImportRefusal, file: String, format: ExchangeFormat, json: Bool) {
    if json { Output.json(DatabaseJSON.refusedImport(refusal, file: file, format: format)) }
    refusalLines(refusal, file: file)
  }

  /// One line for one problem; else the reasons counted (when one repeats, so that a reason met
  /// once is never hidden behind thousands of another), the problems listed, and one error line.
  private static func refusalLines(_ refusal: ImportRefusal, file: String) {
    if refusal.count == 1, let problem = refusal.problems.first {
      Output.error("cloudy-db: error: \(file): \(problem); nothing was imported")
      if let choice = refusal.nameColumnChoice {
        Output.error(
          "cloudy-db: choose with --name-column \(ShellWord.quoted(choice.candidate)) (or --name-column \(ShellWord.quoted(choice.repeating)) to keep that column)"
        )
      }
      if problem.field == "format", problem.message.hasPrefix("this JSON is not a Cloudy") {
        Output.error("cloudy-db: if it is GeoJSON, pass --format geojson")
      }
      if problem.message.hasPrefix("the header has no") {
        Output.error(
          "cloudy-db: name the columns with --name-column, --lat-column and --lon-column")
      }
      return
    }
    if refusal.reasons.count < refusal.count {
      Output.error("cloudy-db: \(file): problems by reason:")
      for group in refusal.reasons {
        Output.error("cloudy-db:   \(group.count) × \(group.first)")
      }
    }
    for problem in refusal.problems { Output.error("cloudy-db: \(file): \(problem)") }
    if refusal.unlisted > 0 { Output.error("cloudy-db: \(file): … and \(refusal.unlisted) more") }
    Output.error(
      "cloudy-db: error: \(file) has \(refusal.count) problems (listed above); nothing was imported"
    )
  }

  /// "  (line 12)": where in the imported file the place was read.
  private static func sourceLine(of place: PlacesDocument.Place) -> String {
    guard let origin = place.origin else { return "" }
    return "  (line \(origin.line))"
  }
}

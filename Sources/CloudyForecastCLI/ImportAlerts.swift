import CloudyCLI
import CloudyDecoding
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStoring
import CloudyViewModels

/// What `import` does with alerts: a saved alerts document (a CAP 1.2 file, an NWS
/// `alerts/active` answer) becomes the place's alerts; the `alerts` of an imported Dark Sky or
/// Pirate Weather forecast are kept beside it.
enum ImportAlerts {
  /// The reader's languages for CAP documents written in several: `LC_ALL`, `LC_MESSAGES`,
  /// `LANG`, `LANGUAGE` (its colon list), as the C library reads them; English follows.
  static var languages: [String] {
    var found: [String] = []
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = Environment.value(name), !value.isEmpty, value != "C", value != "POSIX" {
        found.append(value)
        break
      }
    }
    if let list = Environment.value("LANGUAGE") {
      found += list.split(separator: ":").map(String.init)
    }
    return found
  }

  /// Imports an alerts document for `target`: decoded and checked whole before anything is
  /// written; then one transaction. Prints what was kept and left out.
  static func run(
    file: String, body: [UInt8], target: ForecastTarget, databasePath: DatabasePath, json: Bool
  ) throws {
    let decoded: AlertDecoder.Decoded
    do {
      decoded = try AlertDecoder.decode(body, for: target.coordinate, languages: languages)
    } catch {
      if case .invalidResponse(let what) = error {
        throw CommandError.unusableInput("\(file) is \(what); nothing was changed")
      }
      throw error
    }
    try StoreAccess.alertStore(writing: databasePath).record(
      decoded.alerts, for: target.place, fetchedAt: WallClock.now(),
      endingOthersOf: decoded.wholeListOf)
    if json {
      Output.json(
        .object([
          ("place", AlertsJSON.place(target)), ("file", .string(file)),
          ("format", .string(decoded.kind.rawValue)),
          ("alerts", .int(Int64(decoded.alerts.count))),
          ("notes", .array(decoded.notes.map { .string($0) })),
        ]))
      return
    }
    Output.line(
      "Imported \(file) (\(decoded.kind.rawValue)): \(MessageText.counted(decoded.alerts.count, "alert message")) for \(target.name); `cloudy-forecast alerts` lists the active ones."
    )
    for note in decoded.notes { Output.line("Note: \(note).") }
  }

  /// The alerts of a Dark Sky–family forecast just imported for `target`, stored; a note saying
  /// how many, or nil when the response had none.
  static func keepForecastAlerts(body: [UInt8], target: ForecastTarget, databasePath: DatabasePath)
    throws -> String?
  {
    guard let decoded = try? AlertDecoder.decode(body, for: target.coordinate, languages: []),
      !decoded.alerts.isEmpty || decoded.wholeListOf != nil
    else { return nil }
    try StoreAccess.alertStore(writing: databasePath).record(
      decoded.alerts, for: target.place, fetchedAt: WallClock.now(),
      endingOthersOf: decoded.wholeListOf)
    guard !decoded.alerts.isEmpty else { return nil }
    return "kept the response's \(MessageText.counted(decoded.alerts.count, "alert"))"
  }
}

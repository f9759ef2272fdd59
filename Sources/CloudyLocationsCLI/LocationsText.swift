import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyViewModels

/// The text renderings: for people; scripts use `--json`.
enum LocationsText {
  /// Section headers, then one line per row: the selection mark, the row number (saved places
  /// only), the name and where it is.
  ///
  /// ```
  /// Current Location
  ///         Current Location          40.7128° N, 74.0060° W
  /// Saved Locations
  ///   *  1  Richmond, Virginia, US    37.5538° N, 77.4603° W
  ///      2  Paris, Île-de-France, FR  48.8534° N, 2.3488° E
  /// ```
  static func list(_ model: LocationsViewModel) -> [String] {
    var cells: [[String]] = []
    var headers: [Int: String] = [:]
    var emptyNote: String?
    for (section, rows) in model.rows {
      headers[cells.count] = section.title
      if section == .saved && rows.isEmpty {
        emptyNote = "  (none yet: add one with `cloudy-locations add NAME`)"
      }
      cells += rows.map(Self.cells)
    }
    let lines = TextColumns.lines(cells)
    var output: [String] = []
    for (index, line) in lines.enumerated() {
      if let header = headers[index] { output.append(header) }
      output.append(line)
    }
    if let header = headers[lines.count] { output.append(header) }
    if let emptyNote { output.append(emptyNote) }
    return output
  }

  static func cells(_ row: LocationRowViewModel) -> [String] {
    let number =
      if case .saved(_, let number) = row.kind { "\(number)" } else { "" }
    // Escaped before measuring, so a name from a hand-made file lines up as it is shown.
    return [
      row.isSelected ? "  *" : "   ", number, MessageText.visible(row.text),
      MessageText.visible(row.detailText),
    ]
  }

  /// One row in a sentence, e.g. `"Paris, Île-de-France, FR" (row 2, 48.8534° N, 2.3488° E)`;
  /// `note` goes after the name (" — matched “Wien”").
  static func describe(_ row: LocationRowViewModel, note: String = "") -> String {
    let quoted = MessageText.quoted(row.text) + note
    return if case .saved(_, let number) = row.kind {
      "\(quoted) (row \(number), \(row.detailText))"
    } else {
      "Current Location (\(row.detailText))"
    }
  }

  /// The selection after a change, e.g. `selected: "Paris, Île-de-France, FR" (row 1, …)`.
  static func selection(_ row: LocationRowViewModel?) -> String {
    row.map { "selected: \(describe($0))" } ?? "nothing is selected"
  }
}

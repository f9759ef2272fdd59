import CloudyModels
import CloudyServices
import CloudyViewModels

extension CloudyApp {
  /// The search field bound to `AddLocationViewModel.query`, the view model's state, and the
  /// candidates with the cursor.
  func addLocationBody(width: Int, height: Int) -> [ScreenLine] {
    guard let model = addLocation else { return [] }
    var lines = [
      ScreenLine(" Search: \(searchField.text)\(options.glyphs.cursor)", .prompt), ScreenLine(""),
    ]
    switch model.state.value {
    case .idle:
      lines += paragraph(
        "Type a place name: \(quoted("Richmond, VA")), \(quoted("Zürich")).", .dim, width: width)
      return lines
    case .searching:
      lines.append(ScreenLine(" Searching\(options.glyphs.ellipsis)", .dim))
      return lines
    case .failed(let error):
      lines += paragraph("Cannot search: \(error)", .error, width: width)
      return lines
    case .noResults:
      lines += paragraph(
        "No place matches \(quoted(searchField.text.trimmingWhitespace())).", .prompt,
        width: width)
      return lines
    case .closeMatches:
      lines += paragraph(
        "No place is named \(quoted(searchField.text.trimmingWhitespace())); the closest:",
        .prompt, width: width)
    case .results:
      let count = model.numberOfRows
      lines.append(ScreenLine(" \(count == 1 ? "1 place" : "\(count) places")", .dim))
    }
    let listHeight = height - lines.count
    let count = model.numberOfRows
    candidatesViewport.clamp(count: count)
    candidatesViewport.reveal(line: candidatesViewport.cursor, height: listHeight, lineCount: count)
    let top = candidatesViewport.top
    for index in top..<min(count, top + max(0, listHeight)) {
      guard let row = model.viewModel(at: index) else { continue }
      // Places saved already are marked; Enter on one selects it.
      let saved = savedLocation(named: row.text) != nil
      let detail =
        (saved ? "saved" + (width >= 60 ? "  " : " ") : "")
        + (width >= 60 ? row.detailText + " " : "")
      lines.append(
        ScreenLine(
          TextFit.spread(
            " \(saved ? options.glyphs.checkmark : " ") \(row.text)", detail, width: width,
            minimumLeft: 20, ellipsis: options.glyphs.ellipsis),
          index == candidatesViewport.cursor ? .cursor : .normal))
    }
    return lines
  }
}

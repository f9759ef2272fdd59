import CloudyModels
import CloudyStoring
import CloudyViewModels

extension CloudyApp {
  /// "Current Location" (when set) and "Saved Locations", the selected place marked, the
  /// cursor's row in reverse. Lines are computed from the row numbers, never by walking the
  /// list: only the rows on screen are read from the view model.
  func locationsBody(width: Int, height: Int) -> [ScreenLine] {
    let hasCurrent = locations.index(of: .current) != nil
    let savedCount = locations.savedCount
    // Lines: [Current Location title, its row, blank] then Saved Locations title, its rows
    // (or one line saying there are none).
    let savedTitleLine = hasCurrent ? 3 : 0
    let firstSavedLine = savedTitleLine + 1
    let none = paragraph("None yet: press a to add a place.", .dim, width: width, indent: 3)
    let lineCount = firstSavedLine + max(savedCount, none.count)
    locationsViewport.clamp(count: locationsRowCount)
    let cursor = locationsViewport.cursor
    let cursorLine = hasCurrent && cursor == 0 ? 1 : firstSavedLine + cursor - (hasCurrent ? 1 : 0)
    locationsViewport.reveal(line: cursorLine, height: height, lineCount: lineCount)
    let top = locationsViewport.top
    var lines: [ScreenLine] = []
    for line in top..<min(lineCount, top + height) {
      if hasCurrent, line == 0 {
        lines.append(ScreenLine(" " + LocationsViewModel.Section.current.title, .sectionTitle))
      } else if hasCurrent, line == 1 {
        lines.append(
          row(locations.viewModel(at: IndexPath(row: 0, section: 0)), cursor == 0, width))
      } else if hasCurrent, line == 2 {
        lines.append(ScreenLine(""))
      } else if line == savedTitleLine {
        let count = savedCount == 0 ? "" : " (\(savedCount))"
        lines.append(
          ScreenLine(" " + LocationsViewModel.Section.saved.title + count, .sectionTitle))
      } else if savedCount == 0 {
        lines.append(none[line - firstSavedLine])
      } else {
        let savedRow = line - firstSavedLine
        let rowIndex = savedRow + (hasCurrent ? 1 : 0)
        let section = hasCurrent ? 1 : 0
        lines.append(
          row(
            locations.viewModel(at: IndexPath(row: savedRow, section: section)),
            rowIndex == cursor, width))
      }
    }
    return lines
  }

  private func row(_ model: LocationRowViewModel?, _ isCursor: Bool, _ width: Int) -> ScreenLine {
    guard let model else { return ScreenLine("") }
    let mark = model.isSelected ? options.glyphs.checkmark : " "
    // A place with a shown alert: the alert glyph before its name at every width, and the
    // severity in words where the detail fits.
    let place: Place =
      switch model.kind {
      case .current: .current
      case .saved(let location, _): .saved(location.id)
      }
    let severity = alertMarks?.severity(of: place, at: dependencies.now())
    let alert = severity == nil ? "" : options.glyphs.alert + " "
    let words = severity.map { "\($0.text) alert\(options.glyphs.separator)" } ?? ""
    let detail = width >= 60 ? words + model.detailText + " " : ""
    return ScreenLine(
      TextFit.spread(
        " \(mark) \(alert)\(options.glyphs.isolated(model.text))", detail, width: width,
        minimumLeft: 20, ellipsis: options.glyphs.ellipsis),
      isCursor ? .cursor : .normal)
  }
}

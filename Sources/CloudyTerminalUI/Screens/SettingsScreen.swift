import CloudyViewModels

extension CloudyApp {
  /// The three sections, one checkmark each (from each row's `SettingsRepresentable`
  /// accessory), the cursor's row in reverse.
  func settingsBody(width: Int, height: Int) -> [ScreenLine] {
    var lines: [ScreenLine] = []
    var rowIndex = 0
    for section in 0..<settings.numberOfSections {
      if section > 0 { lines.append(ScreenLine("")) }
      lines.append(ScreenLine(" " + (settings.title(forSection: section) ?? ""), .sectionTitle))
      for row in 0..<settings.numberOfRows(inSection: section) {
        guard let model = settings.viewModel(at: IndexPath(row: row, section: section)) else {
          continue
        }
        let mark = model.accessory == .checkmark ? options.glyphs.checkmark : " "
        lines.append(
          ScreenLine(
            TextFit.spread(" \(mark) \(model.text)", model.value + " ", width: width),
            rowIndex == settingsViewport.cursor ? .cursor : .normal))
        rowIndex += 1
      }
    }
    if let day = forecast?.day {
      lines.append(ScreenLine(""))
      let sep = options.glyphs.separator
      lines.append(
        ScreenLine(" Now: \(day.time)\(sep)\(day.temperature)\(sep)\(day.windSpeed)", .dim))
    }
    // Short windows scroll to keep the cursor in view.
    let cursorLine = settingsCursorLine
    settingsViewport.reveal(line: cursorLine, height: height, lineCount: lines.count)
    return Array(lines.dropFirst(settingsViewport.top))
  }

  private var settingsCursorLine: Int {
    let indexPath = settingsIndexPath(settingsViewport.cursor)
    var line = 0
    for section in 0..<indexPath.section {
      line += 2 + settings.numberOfRows(inSection: section)
    }
    return line + 1 + indexPath.row
  }
}

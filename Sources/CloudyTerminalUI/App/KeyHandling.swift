import CloudyModels
import CloudyStoring
import CloudyViewModels

extension CloudyApp {
  /// Applies one key to the screen shown; returns what the terminal layer must do.
  public func handle(_ key: Key) -> [AppEffect] {
    let effects = apply(key)
    if screen == .locations { noteLocationsCursor() }
    return effects
  }

  private func apply(_ key: Key) -> [AppEffect] {
    needsRedraw = true
    if key == .interrupt { return [.quit] }
    if key == .redraw { return [.redraw] }
    if key == .suspend { return [.suspend] }
    // Behind "the window is too small" only what that screen names acts; the state stays as
    // it was, so resizing back shows the screen the user left.
    if showsTooSmall { return key == .character("q") ? [.quit] : [] }
    // A pending question or text takes the key before the screen does.
    if screen == .locations, let prompt = locationsPrompt {
      handlePrompt(prompt, key)
      return []
    }
    if screen == .addLocation { return handleAddLocation(key) }
    message = nil
    switch key {
    case .character("q"): return [.quit]
    case .character("?"):
      if screen != .help { go(to: .help) }
      return []
    case .escape:
      go(to: screen == .help ? returnScreen : .weather)
      return []
    default: break
    }
    switch screen {
    case .weather: return handleWeather(key)
    case .locations: handleLocations(key)
    case .settings: handleSettings(key)
    case .help: handleHelp(key)
    case .alerts: handleAlerts(key)
    case .addLocation: break
    }
    return []
  }

  // MARK: - Batches

  /// The keys read together from the terminal (typed fast, or pasted) are one batch: what they
  /// change is searched once, at `endKeyBatch`.
  public func beginKeyBatch() {
    keyBatchOpen = true
  }

  public func endKeyBatch() {
    keyBatchOpen = false
    guard searchPending else { return }
    searchPending = false
    if let model = addLocation, model.query.value != searchField.text {
      model.query.value = searchField.text
    }
  }

  // MARK: - Help

  /// The list of keys scrolls when it does not fit (40×12 shows a third of it).
  private func handleHelp(_ key: Key) {
    switch key {
    case .up, .character("k"): helpScroll = max(0, helpScroll - 1)
    case .down, .character("j"): helpScroll += 1
    case .pageUp: helpScroll = max(0, helpScroll - pageRows)
    case .pageDown: helpScroll += pageRows
    case .home: helpScroll = 0
    case .end: helpScroll = Int.max / 2
    default: break
    }
  }

  // MARK: - Alerts

  /// The alerts list scrolls like the list of keys; l and s go on as from Weather.
  private func handleAlerts(_ key: Key) {
    switch key {
    case .up, .character("k"): alertsScroll = max(0, alertsScroll - 1)
    case .down, .character("j"): alertsScroll += 1
    case .pageUp: alertsScroll = max(0, alertsScroll - pageRows)
    case .pageDown, .character(" "): alertsScroll += pageRows
    case .home: alertsScroll = 0
    case .end: alertsScroll = Int.max / 2
    case .character("!"): go(to: .weather)
    case .character("l"): go(to: .locations)
    case .character("s"): go(to: .settings)
    default: break
    }
  }

  // MARK: - Weather

  private func handleWeather(_ key: Key) -> [AppEffect] {
    switch key {
    case .character("l"): go(to: .locations)
    case .character("s"): go(to: .settings)
    case .character("a"): go(to: .addLocation)
    case .character("!"):
      alertsScroll = 0
      go(to: .alerts)
    case .character("h"):
      showsHourly.toggle()
      weatherScroll = 0
    case .up, .character("k"): weatherScroll = max(0, weatherScroll - 1)
    case .down, .character("j"): weatherScroll += 1
    case .pageUp: weatherScroll = max(0, weatherScroll - 10)
    case .pageDown: weatherScroll += 10
    case .home: weatherScroll = 0
    case .character("R"):
      guard let forecast else {
        say("Nothing to refresh: add a place with a.")
        return []
      }
      guard !options.offline else {
        say("Offline (--offline): not fetching; the cache is shown as it is.")
        return []
      }
      guard refreshStatus != .refreshing else { return [] }
      refreshStatus = .refreshing
      return [.refresh(request(for: forecast.target))]
    default: break
    }
    return []
  }

  // MARK: - Locations

  /// Rows the cursor can be on: the current location (when set), then every saved place.
  var locationsRowCount: Int {
    (locations.index(of: .current) == nil ? 0 : 1) + locations.savedCount
  }

  /// The index path of the cursor's row `row`.
  func locationsIndexPath(_ row: Int) -> IndexPath {
    guard let current = locations.index(of: .current) else {
      return IndexPath(row: row, section: 0)
    }
    return row == 0 ? IndexPath(row: 0, section: current) : IndexPath(row: row - 1, section: 1)
  }

  func locationsRow(of indexPath: IndexPath) -> Int {
    locations.index(of: .current) == nil
      ? indexPath.row : (indexPath.section == 0 ? 0 : indexPath.row + 1)
  }

  /// The cursor's row of `place` now (one lookup by id); nil when it is no longer listed.
  func locationsRow(of place: Place) -> Int? {
    switch place {
    case .current:
      return locations.index(of: .current) == nil ? nil : 0
    case .saved(let id):
      return locations.indexPath(of: id).map(locationsRow(of:))
    }
  }

  /// Remembers which place the cursor is on (after a key, or on arriving at Locations).
  func noteLocationsCursor() {
    guard locationsRowCount > 0,
      let row = locations.viewModel(at: locationsIndexPath(locationsViewport.cursor))
    else {
      locationsCursorPlace = nil
      return
    }
    switch row.kind {
    case .current: locationsCursorPlace = .current
    case .saved(let location, _): locationsCursorPlace = .saved(location.id)
    }
  }

  /// After a change by any process: the cursor moves with its place (a row added, removed or
  /// moved above it); when its place is gone it stays on its row, kept inside the list, and
  /// takes the place that is there now.
  func followLocationsCursor() {
    if let place = locationsCursorPlace, let row = locationsRow(of: place) {
      locationsViewport.cursor = row
    }
    locationsViewport.clamp(count: locationsRowCount)
    noteLocationsCursor()
  }

  /// After a change by any process, a prompt still open asks about its place as it is now: a
  /// renamed one is named anew, saying so, and a name field the user has not touched takes the
  /// new name, so Enter never renames the place back. (A removed place is said to be gone at
  /// the answer, which then does nothing.)
  func revisePromptAfterChange() {
    guard let prompt = locationsPrompt,
      let now = (try? dependencies.locationStore.find(id: prompt.id)) ?? nil,
      now.name != prompt.name
    else { return }
    switch prompt {
    case .confirmRemoval(let id, let name, let renamedFrom):
      locationsPrompt = .confirmRemoval(id, name: now.name, renamedFrom: renamedFrom ?? name)
    case .renaming(let id, let name, var field, let renamedFrom):
      if field.text == name { field = TextField(now.name) }
      locationsPrompt = .renaming(id, name: now.name, field, renamedFrom: renamedFrom ?? name)
    }
  }

  private func handleLocations(_ key: Key) {
    let count = locationsRowCount
    let indexPath = locationsIndexPath(locationsViewport.cursor)
    switch key {
    case .up, .character("k"): locationsViewport.move(by: -1, count: count)
    case .down, .character("j"): locationsViewport.move(by: 1, count: count)
    case .pageUp: locationsViewport.move(by: -pageRows, count: count)
    case .pageDown: locationsViewport.move(by: pageRows, count: count)
    case .home: locationsViewport.move(by: -count, count: count)
    case .end: locationsViewport.move(by: count, count: count)
    case .enter:
      guard count > 0 else { return }
      do {
        try locations.select(at: indexPath)
        go(to: .weather)
      } catch { show(error) }
    case .character("a"): go(to: .addLocation)
    case .character("s"): go(to: .settings)
    case .character("d"):
      guard count > 0, let row = locations.viewModel(at: indexPath) else { return }
      guard let location = row.location else {
        show(LocationsViewModelError.currentLocationNotEditable)
        return
      }
      locationsPrompt = .confirmRemoval(location.id, name: location.name)
    case .character("r"):
      guard count > 0, let row = locations.viewModel(at: indexPath) else { return }
      guard let location = row.location else {
        show(LocationsViewModelError.currentLocationNotEditable)
        return
      }
      locationsPrompt = .renaming(location.id, name: location.name, TextField(location.name))
    case .character("J"): moveRow(at: indexPath, by: 1)
    case .character("K"): moveRow(at: indexPath, by: -1)
    default: break
    }
  }

  private func moveRow(at indexPath: IndexPath, by delta: Int) {
    guard locationsRowCount > 0, locations.viewModel(at: indexPath)?.location != nil else {
      if locationsRowCount > 0 { show(LocationsViewModelError.currentLocationNotEditable) }
      return
    }
    let destination = IndexPath(row: indexPath.row + delta, section: indexPath.section)
    guard destination.row >= 0, destination.row < locations.savedCount else {
      return
    }
    do {
      try locations.move(from: indexPath, to: destination)
      locationsViewport.cursor = locationsRow(of: destination)
    } catch { show(error) }
  }

  private func handlePrompt(_ prompt: LocationsPrompt, _ key: Key) {
    switch prompt {
    case .confirmRemoval(let id, let name, _):
      locationsPrompt = nil
      guard key == .character("y") || key == .character("Y") else {
        say("Kept \(MessageText.quoted(name)).")
        return
      }
      do {
        // By id: the place the prompt named, wherever it is in the list now.
        let removed = try LocationEditor(store: dependencies.locationStore).remove(.id(id))
        try locations.reload()
        say("Removed \(MessageText.quoted(removed.removed.text)).")
      } catch LocationError.notFound, PlaceReferenceError.noPlaceWithID {
        sayGone(name, nothing: "nothing was removed")
      } catch { show(error) }
    case .renaming(let id, let name, var field, let renamedFrom):
      switch key {
      case .escape: locationsPrompt = nil
      case .enter:
        locationsPrompt = nil
        do {
          // The place as it is now, whatever the watcher has shown yet: a field still holding
          // the name it opened with, which another process has changed since, would rename the
          // place back to it.
          if let now = try dependencies.locationStore.find(id: id), now.name != name,
            field.text.trimmingWhitespace() == name
          {
            message = ScreenLine(
              "\(MessageText.quoted(name)) is now named \(MessageText.quoted(now.name)) (another program renamed it); nothing was renamed.",
              .error)
            return
          }
          let renamed = try LocationEditor(store: dependencies.locationStore).rename(
            .id(id), to: field.text)
          try locations.reload()
          say("Renamed to \(MessageText.quoted(renamed.renamed.text)).")
        } catch LocationError.notFound, PlaceReferenceError.noPlaceWithID {
          sayGone(name, nothing: "nothing was renamed")
        } catch {
          // The refusal replaces the prompt; r starts again with the name as it is.
          show(error)
        }
      default:
        if field.edit(key) {
          locationsPrompt = .renaming(id, name: name, field, renamedFrom: renamedFrom)
        }
      }
    }
  }

  /// The place a prompt named was removed by another process before the answer.
  private func sayGone(_ name: String, nothing: String) {
    message = ScreenLine(
      "\(MessageText.quoted(name)) is no longer saved (another program removed it); \(nothing).",
      .error)
    needsRedraw = true
  }

  // MARK: - Add Location

  private func handleAddLocation(_ key: Key) -> [AppEffect] {
    guard let model = addLocation else { return [] }
    switch key {
    case .escape: go(to: returnScreen)
    case .up: candidatesViewport.move(by: -1, count: model.numberOfRows)
    case .down: candidatesViewport.move(by: 1, count: model.numberOfRows)
    case .pageUp: candidatesViewport.move(by: -pageRows, count: model.numberOfRows)
    case .pageDown: candidatesViewport.move(by: pageRows, count: model.numberOfRows)
    case .enter:
      guard model.numberOfRows > 0, let row = model.viewModel(at: candidatesViewport.cursor)
      else { return [] }
      do {
        // A place saved already is selected rather than refused as a duplicate; a new one is
        // saved and selected. Either way the Weather screen shows the place chosen.
        let editor = LocationEditor(store: dependencies.locationStore)
        let location: Location
        if let saved = savedLocation(named: row.text) {
          location = saved
          _ = try editor.select(.id(saved.id))
          try locations.reload()
          say("Selected \(MessageText.quoted(saved.name)), saved already.")
        } else {
          location = try model.choose(at: candidatesViewport.cursor)
          _ = try editor.select(.id(location.id))
          try locations.reload()
          say("Saved \(MessageText.quoted(location.name)).")
        }
        let said = message
        go(to: .weather)
        message = said
      } catch { show(error) }
    default:
      if searchField.edit(key) {
        message = nil
        // The binding: the view model searches and announces its state — once per batch of
        // keys (a paste of 60 characters is one search, not 60).
        if keyBatchOpen {
          searchPending = true
        } else {
          model.query.value = searchField.text
        }
      }
    }
    return []
  }

  // MARK: - Settings

  /// Settings rows: two per section, section by section.
  var settingsRowCount: Int {
    (0..<settings.numberOfSections).reduce(0) { $0 + settings.numberOfRows(inSection: $1) }
  }

  func settingsIndexPath(_ row: Int) -> IndexPath {
    var remaining = row
    for section in 0..<settings.numberOfSections {
      let rows = settings.numberOfRows(inSection: section)
      if remaining < rows { return IndexPath(row: remaining, section: section) }
      remaining -= rows
    }
    return IndexPath(row: 0, section: 0)
  }

  private func handleSettings(_ key: Key) {
    let count = settingsRowCount
    switch key {
    case .up, .character("k"): settingsViewport.move(by: -1, count: count)
    case .down, .character("j"): settingsViewport.move(by: 1, count: count)
    case .home: settingsViewport.move(by: -count, count: count)
    case .end: settingsViewport.move(by: count, count: count)
    case .enter, .character(" "):
      do {
        try settings.select(at: settingsIndexPath(settingsViewport.cursor))
      } catch { show(error) }
    case .character("l"): go(to: .locations)
    default: break
    }
  }

  /// Rows a page key moves: a screenful less one, as the last frame was drawn.
  var pageRows: Int { max(1, lastBodyHeight - 1) }
}

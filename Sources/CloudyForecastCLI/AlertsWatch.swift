import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring
import CloudyViewModels

/// `alerts --watch`: a line each time an alert the alert setting shows appears, changes or
/// ends, for one place or every place.
///
/// Its own loop rather than `Watching.run`: an alert also begins and ends by the clock, with
/// no commit to wake for, so the wait is cut short at the next moment an alert begins or ends
/// (the watcher's own looks and inotify wake it for commits by any process). At start every
/// shown alert is announced as appeared, so a status bar starts out right.
struct AlertsWatch {
  let place: String?
  let json: Bool
  /// `--notify`: also a desktop notification per alert (`AlertNotifier`).
  var notify = false

  /// What was last announced, by place and alert identifier.
  private struct Shown: Equatable {
    let target: ForecastTarget
    let row: AlertRowViewModel
  }

  func run(_ databasePath: DatabasePath) throws {
    let notifier = notify ? try AlertNotifier(databasePath: databasePath) : nil
    let signals = try SignalPipe.install([SignalNumber.interrupt, SignalNumber.terminate])
    let watcher = try DatabaseWatcher(path: databasePath.path)
    var announced: [String: Shown] = [:]
    var lastNote: String?
    while true {
      let now = WallClock.now()
      let (current, next, note, watched) = try read(watcher.database, now: now)
      if let note, note != lastNote { Output.error("\(ForecastCommand.tool): waiting: \(note)") }
      lastNote = note
      for (key, shown) in current.sorted(by: { $0.key < $1.key }) {
        guard let before = announced[key] else {
          emit("appeared", shown)
          continue
        }
        if before != shown { emit("changed", shown) }
      }
      for (key, gone) in announced.sorted(by: { $0.key < $1.key }) where current[key] == nil {
        let row = gone.row
        emit(
          "ended",
          Shown(
            target: gone.target,
            row: AlertRowViewModel(alert: row.alert, isActive: false, period: row.period)))
      }
      announced = current
      Output.flush()
      if let notifier, note == nil {
        let shown = current.sorted { $0.key < $1.key }.map {
          (place: $0.value.target.place, name: $0.value.target.name, row: $0.value.row)
        }
        try notifier.update(shown: shown, watched: watched, database: watcher.database, now: now)
      }
      // Wake at the next commit, or when the next alert begins or ends.
      var timeout = watcher.waitMilliseconds
      if let next { timeout = Int32(clamping: min(Int64(timeout), max(0, next - now) * 1000 + 50)) }
      var descriptors = [signals.descriptor]
      if let events = watcher.waitDescriptor { descriptors.append(events) }
      let ready = Readiness.wait(descriptors, timeoutMilliseconds: timeout)
      if ready.first == true { return }
      watcher.noteWake(eventsReadable: ready.count > 1 && ready[1])
      if try watcher.check() == .removed { throw WatchError.removed(path: databasePath.path) }
    }
  }

  /// The alerts shown now at every watched place, keyed by place and identifier; the next
  /// moment any stored alert begins or ends; or a note saying why there is nothing to watch.
  private func read(_ database: Database?, now: Int64) throws -> (
    [String: Shown], next: Int64?, note: String?, watched: Set<Place>
  ) {
    guard let database else { return ([:], nil, "no database yet", []) }
    let locations = LocationRepository(database: database)
    let targets: [ForecastTarget]
    do {
      targets =
        if let place {
          [try LocationEditor(store: locations).forecastTarget(place)]
        } else {
          try LocationsViewModel(store: locations).forecastTargets()
        }
    } catch  where FailureMap.failure(for: error).status == .notFound {
      return ([:], nil, FailureMap.failure(for: error).message, [])
    }
    let alerts = AlertRepository(database: database)
    let settings = SettingsRepository(database: database)
    var shown: [String: Shown] = [:]
    var next: Int64?
    for target in targets {
      // The saved place's zone: reading each cached forecast for its zone at every wake would
      // cost more than the alerts.
      let model = try AlertsViewModel(
        place: target.place, timeZone: [target.timeZone],
        alerts: alerts, settings: settings, zones: InstalledTimeZones(), now: now)
      for row in model.shown {
        shown["\(target.place.locationID ?? 0) \(row.alert.identifier)"] = Shown(
          target: target, row: row)
      }
      for alert in AlertTimeline(model.messages).standing {
        // `endsBy`: an alert that states no end still ends (a day on), and says so.
        for moment in [alert.begins, alert.endsBy] where moment > now {
          next = min(next ?? moment, moment)
        }
      }
    }
    return (shown, next, nil, Set(targets.map(\.place)))
  }

  private func emit(_ change: String, _ shown: Shown) {
    if json {
      Output.jsonLine(AlertsJSON.change(change, place: shown.target, row: shown.row))
    } else {
      let row = shown.row
      Output.line(
        "\(shown.target.name): \(change): \(row.event) · \(row.severity.text) · \(row.period)")
    }
  }
}

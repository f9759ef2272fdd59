import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring
import CloudyViewModels

/// `bar --watch`: the line again whenever it would read differently, for the bars' continuous
/// modes (waybar with no interval, i3blocks' `interval=persist`, polybar's `tail = true`).
///
/// Its own loop, as `alerts --watch`: the line also changes by the clock alone (the data turns
/// stale, an alert begins or ends, the age moves on), so the wait is cut short at the glance's
/// `nextChange`. The cache is read only after a commit by any process or at such a moment;
/// otherwise the watcher's look costs a few `stat`s a second. A line equal to the last one is
/// not printed again.
struct BarWatch {
  let place: String?
  let format: BarFormat
  let template: GlanceTemplate
  let short: GlanceTemplate
  let staleAfter: Int64

  func run(_ databasePath: DatabasePath) throws {
    let signals = try SignalPipe.install([SignalNumber.interrupt, SignalNumber.terminate])
    let watcher = try DatabaseWatcher(path: databasePath.path)
    let store = WatchedStore(watcher: watcher)
    var printed: [String]?
    var lastNote: String?
    var due: Int64? = 0
    var changed = true
    while true {
      let now = WallClock.now()
      if changed || due.map({ now >= $0 }) == true {
        let (lines, next, note) = try read(store, watcher: watcher, now: now)
        due = next
        if let note, note != lastNote {
          Output.error("\(ForecastCommand.tool): waiting: \(note)")
        }
        lastNote = note
        if let lines, lines != printed {
          Output.lines(lines)
          Output.flush()
          printed = lines
        }
      }
      var timeout = watcher.waitMilliseconds
      if let due {
        timeout = Int32(clamping: min(Int64(timeout), max(0, due - now) * 1000 + 50))
      }
      var descriptors = [signals.descriptor]
      if let events = watcher.waitDescriptor { descriptors.append(events) }
      let ready = Readiness.wait(descriptors, timeoutMilliseconds: timeout)
      if ready.first == true { return }
      watcher.noteWake(eventsReadable: ready.count > 1 && ready[1])
      let change = try watcher.check()
      if change == .removed { throw WatchError.removed(path: databasePath.path) }
      changed = change != nil
    }
  }

  /// The lines for now, when to read again by the clock, or a note saying why there is
  /// nothing to show yet.
  private func read(_ store: WatchedStore, watcher: DatabaseWatcher, now: Int64) throws -> (
    [String]?, next: Int64?, note: String?
  ) {
    guard watcher.database != nil else { return (nil, nil, "no database yet") }
    let target: ForecastTarget
    do {
      target = try LocationEditor(store: store).forecastTarget(place)
    } catch  where FailureMap.failure(for: error).status == .notFound {
      return (nil, nil, FailureMap.failure(for: error).message)
    }
    let forecast = try ForecastViewModel(
      target: target, forecasts: store, settings: store, zones: InstalledTimeZones(), now: now)
    let alerts = try AlertsViewModel(
      place: target.place, timeZone: [forecast.weather?.timeZone, target.timeZone],
      alerts: store, settings: store, zones: InstalledTimeZones(), now: now)
    guard
      let glance = GlanceViewModel(
        forecast: forecast, alerts: alerts, staleAfter: staleAfter, now: now)
    else {
      return (
        nil, nil,
        "no forecast of \(target.name) is cached yet; run `cloudy-forecast fetch \(ForecastCommand.argument(for: target))` with a network"
      )
    }
    return (
      format.lines(glance, template: template, short: short, watching: true), glance.nextChange,
      nil
    )
  }
}

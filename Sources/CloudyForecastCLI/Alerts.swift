import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyStoring
import CloudyViewModels

extension CloudyForecast {
  /// `alerts [PLACE] [--all] [--json] [--watch]`: a place's severe-weather alerts, from the
  /// database only.
  struct Alerts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "alerts",
      abstract: "List a place's active severe-weather alerts, most severe first, offline.",
      discussion: """
        Reads only the database (`fetch` and `import` store alerts). An alert is active from \
        its onset (else when it takes effect, else when it was sent) until it ends (the NWS's \
        `ends`, else its expiry; with neither, until it is cancelled); an alert an Update \
        replaced or a Cancel ended is never listed. Every alert is listed whatever the alert \
        setting says, each with its severity; --all adds the ones that ended or have not \
        begun ("active": false). Times are in the place's time zone. With none: "No active \
        alerts for PLACE", status 0.

        --watch prints a line each time an alert the alert setting shows (`cloudy-settings \
        set alerts …`) appears, changes or ends, also when it ends by the clock; without \
        PLACE it follows every place. With --json each line is \
        {"change": "appeared"|"changed"|"ended", "place": {...}, "alert": {...}}, for \
        `notify-send` or a status bar.

        --watch --notify also sends a desktop notification (freedesktop Notifications on the \
        session D-Bus; app name Cloudy; urgency critical for extreme and severe, normal for \
        moderate, low for minor; the event and place, then the headline and period) for each \
        alert the alert setting shows, once per alert on this device (remembered in the \
        database, never synced: each device notifies its own user); an Update replaces its \
        notification, an end or a Cancel closes it. No session bus: exit status 69.
        """)

    @Argument(
      help: ArgumentHelp(
        "A saved place's name or number, or `current`. Default: the selected place (with --watch: every place).",
        valueName: "place"))
    var place: String?

    @Flag(help: "Also list the alerts that ended or have not begun.")
    var all = false

    @Flag(
      help: """
        With --watch: also show each alert the alert setting shows as a desktop notification \
        (the session D-Bus), once per alert on this device; an Update replaces it, an end or \
        a Cancel closes it.
        """)
    var notify = false

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var watching: WatchOptions

    func validate() throws {
      if all && watching.watch { throw ValidationError("--all lists; --watch follows changes") }
      if notify && !watching.watch {
        throw ValidationError("--notify goes with --watch: notifications follow changes")
      }
    }

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        let databasePath = try database.resolve()
        if watching.watch {
          return try AlertsWatch(place: place, json: output.json, notify: notify).run(databasePath)
        }
        guard let stores = try StoreAccess.stores(reading: databasePath),
          let alerts = try StoreAccess.alertStore(reading: databasePath)
        else {
          throw CommandError.notFound(
            "there are no saved places yet (no database at \(databasePath.path)); add one with `cloudy-locations add`"
          )
        }
        let target = try LocationEditor(store: stores.locations).forecastTarget(place)
        let model = try AlertsViewModel(
          place: target.place,
          timeZone: [try stores.forecasts.latest(for: target.place)?.timeZone, target.timeZone],
          alerts: alerts, settings: stores.settings, zones: InstalledTimeZones(),
          now: WallClock.now())
        let rows = model.rows(includingEnded: all)
        if output.json {
          Output.json(AlertsJSON.list(place: target, rows: rows))
        } else {
          AlertsText.list(rows, place: target.name, zone: model.timeZoneIdentifier, all: all)
        }
      }
    }
  }
}

/// The text of `alerts`: per alert its event and severity, headline, period in the place's
/// zone, and sender, with a blank line between alerts:
///
///     Flood Watch · Severe
///       Flood Watch issued December 20 at 1:34PM PST until December 22 at 10:00AM PST by …
///       Fri Dec 20 01:34 PM – Sun Dec 22 10:00 AM (America/Los_Angeles)
///       NWS Portland OR
enum AlertsText {
  static func list(_ rows: [AlertRowViewModel], place: String, zone: String, all: Bool) {
    guard !rows.isEmpty else {
      Output.line("No \(all ? "" : "active ")alerts for \(place)")
      return
    }
    for (index, row) in rows.enumerated() {
      if index > 0 { Output.line("") }
      for line in lines(row, zone: zone, marked: all) { Output.line(line) }
    }
  }

  static func lines(_ row: AlertRowViewModel, zone: String, marked: Bool) -> [String] {
    let state = marked && !row.isActive ? " · not active" : ""
    var lines = ["\(row.event) · \(row.severity.text)\(state)"]
    if let headline = row.alert.headline, headline != row.event { lines.append("  \(headline)") }
    lines.append("  \(row.period) (\(zone))")
    lines.append("  \(row.sender)")
    return lines
  }
}

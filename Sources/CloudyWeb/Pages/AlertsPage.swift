import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyViewModels

/// Alerts (`/places/{id}/alerts`): every alert of one place, whatever the alert level says (a
/// user opens this page on purpose, as `cloudy-forecast alerts` and the API list them): the
/// active ones, most severe first, each in full with its severity; then the ones that ended or
/// have not begun, marked so. Also the banner the Weather page shows and the mark a place gets
/// on Locations, which follow the level. Every text is `AlertsViewModel`'s; the live region
/// is replaced whole when the file changes (an import, a Cancel), so it never shows two truths.
enum AlertsPage {
  /// What the page shows, read in one turn of the shared store.
  struct Model: Sendable {
    var place: Place
    var name: String
    var zone: String
    var active: [AlertRowViewModel]
    var inactive: [AlertRowViewModel]

    init(_ shared: isolated SharedStore, place parameter: String, now: Int64) throws {
      let editor = LocationEditor(store: shared.store)
      let target =
        parameter == "current"
        ? try editor.forecastTarget("current")
        : try editor.forecastTarget(id: try WebApp.placeID(parameter))
      let forecast = try shared.store.latest(for: target.place)
      let model = try AlertsViewModel(
        place: target.place, timeZone: [forecast?.timeZone, target.timeZone],
        alerts: shared.store, settings: shared.store, zones: shared.zones, now: now)
      place = target.place
      name = target.name
      zone = model.timeZoneIdentifier
      let rows = model.rows(includingEnded: true)
      active = rows.filter(\.isActive)
      inactive = rows.filter { !$0.isActive }
    }
  }

  static func body(_ model: Model) -> HTML {
    let active: HTML =
      model.active.isEmpty
      ? "<p class=\"lead\">No active alerts for \(HTML.name(model.name)).</p>"
      : "<h2>Active</h2><ol class=\"alerts\">\(model.active.map { article($0, zone: model.zone, active: true) })</ol>"
    let inactive: HTML =
      model.inactive.isEmpty
      ? ""
      : """
      <h2>Ended or not yet begun</h2>
      <ol class="alerts">\(model.inactive.map { article($0, zone: model.zone, active: false) })</ol>
      """
    return """
      <section id="alerts" data-live>
      <h1>Alerts · \(HTML.name(model.name))</h1>
      <p class="dim">Every alert, whatever the alert setting says (it decides only the banner and the marks). Times in \(model.zone).</p>
      \(active)
      \(inactive)
      <p class="notify" hidden><button type="button" id="notify-alerts">Notify me of new alerts</button> <span id="notify-state" class="dim"></span></p>
      <p><a href="/">Back to the weather</a></p>
      </section>
      """
  }

  /// One alert in full: event and severity, headline, period, sender, areas, description and
  /// instruction (their line breaks kept, long words wrapped by the style sheet).
  private static func article(_ row: AlertRowViewModel, zone: String, active: Bool) -> HTML {
    let alert = row.alert
    let state: HTML = active ? "" : " <span class=\"dim\">(not active)</span>"
    let headline: HTML = alert.headline.map { "<p class=\"headline\">\($0)</p>" } ?? ""
    let areas: HTML =
      alert.areas.isEmpty
      ? "" : "<div><dt>Areas</dt><dd>\(alert.areas.joined(separator: "; "))</dd></div>"
    let description: HTML =
      alert.description.map { "<p class=\"alert-text\">\($0)</p>" } ?? ""
    let instruction: HTML =
      alert.instruction.map {
        "<h4>What to do</h4><p class=\"alert-text\">\($0)</p>"
      } ?? ""
    return """
      <li class="alert severity-\(row.severity.rawValue)"><article>
      <h3><span class="severity">\(row.severity.text)</span> \(row.event)\(state)</h3>
      \(headline)
      <dl class="alert-facts"><div><dt>When</dt><dd>\(row.period)</dd></div><div><dt>From</dt><dd>\(row.sender)</dd></div>\(areas)</dl>
      \(description)\(instruction)
      </article></li>
      """
  }

  /// The Weather page's banner: the most severe active alert the alert level shows, linked to
  /// the alerts page, with how many more there are; nothing when none is shown.
  /// `nextChange`: when an alert next begins or ends by the clock; written as
  /// `data-alerts-next` so app.js reads the page again then (no write announces it).
  static func banner(
    _ banner: AlertRowViewModel?, shown: Int, place: Place, nextChange: Int64? = nil
  ) -> HTML {
    let due: HTML = nextChange.map { "<span hidden data-alerts-next=\"\($0)\"></span>" } ?? ""
    guard let banner else { return due }
    let more: HTML = shown > 1 ? " <span class=\"more\">(+\(shown - 1) more)</span>" : ""
    return """
      <p class="alert-banner severity-\(banner.severity.rawValue) tone-\(banner.tone.rawValue)" role="alert"><a href="/places/\(PlaceParameter.text(place))/alerts"><span class="severity">\(banner.severity.text)</span> \(banner.event)\(banner.headlineAfterEvent.map { ": \($0)" } ?? "")</a>\(more)</p>\(due)
      """
  }

  /// A place's mark on Locations: its most severe shown alert, linked to its alerts page.
  static func mark(_ severity: AlertSeverity?, place: Place) -> HTML {
    guard let severity else { return "" }
    return """
      <a class="alert-mark severity-\(severity.rawValue)" href="/places/\(PlaceParameter.text(place))/alerts">⚠ \(severity.text) alert</a>
      """
  }
}

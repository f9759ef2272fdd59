import CloudyModels
import CloudyStoring
import CloudyViewModels

/// Locations (`/places`): the Current Location and Saved Locations sections, the selected row
/// marked, each place with its weather at a glance (`PlaceGlance`: the cached temperature and
/// symbol) and its alert mark; each saved row can be selected, moved up or down, renamed or
/// removed (removing asks first, on its own page). On a phone the actions sit behind one
/// "Actions" link to the row itself (`#place-ID`: the style sheet shows the `:target` row's
/// actions, no script needed), so a phone shows a place per line rather than five buttons; a
/// wide window shows them at once and no link. Rows and texts are the view models'.
enum PlacesPage {
  struct Model: Sendable {
    var sections: [(title: String, rows: [LocationRowViewModel])]
    var savedCount: Int
    /// Each place with a shown alert (`AlertMarks`: the alert level's), by its worst severity.
    var alertMarks: [Place: AlertSeverity]
    /// Each place's weather at a glance, for the places with a cached forecast.
    var glances: [Place: PlaceGlance]

    init(
      _ model: LocationsViewModel, alertMarks: [Place: AlertSeverity] = [:],
      glances: [Place: PlaceGlance] = [:]
    ) {
      sections = model.rows.map { (section, rows) in (section.title, rows) }
      savedCount = model.numberOfRows(inSection: model.index(of: .saved) ?? 0)
      self.alertMarks = alertMarks
      self.glances = glances
    }

    /// Every listed place, in order (whose glances to read).
    var places: [Place] {
      sections.flatMap { $0.rows }.map { row in
        switch row.kind {
        case .current: .current
        case .saved(let location, _): .saved(location.id)
        }
      }
    }
  }

  static func body(_ model: Model, csrf: CSRFToken) -> HTML {
    let sections = model.sections.map { section -> HTML in
      let rows = section.rows.map { row(in: model, $0, csrf: csrf) }
      let empty: HTML =
        section.rows.isEmpty
        ? "<li class=\"empty\">No saved places yet. <a href=\"/places/new\">Add one</a>.</li>" : ""
      return """
        <section aria-label="\(section.title)"><h2>\(section.title)</h2>
        <ul class="places">\(empty)\(rows)</ul></section>
        """
    }
    return """
      <h1>Locations</h1>
      <p><a class="button" href="/places/new">Add Location</a></p>
      <div id="places" data-live>\(sections)</div>
      """
  }

  private static func row(in model: Model, _ row: LocationRowViewModel, csrf: CSRFToken) -> HTML {
    let mark: HTML =
      row.isSelected
      ? "<span class=\"mark\" aria-label=\"selected\" title=\"Selected: the Weather page shows it\">✓</span>"
      : "<span class=\"mark\" aria-hidden=\"true\"></span>"
    let selected: HTML = row.isSelected ? " class=\"selected\" aria-current=\"true\"" : ""
    switch row.kind {
    case .current:
      let select: HTML =
        row.isSelected
        ? ""
        : Layout.actionForm(
          "/places/current/select", csrf: csrf, button: "Select",
          label: "Select \(row.text)")
      return """
        <li\(selected)>\(mark)<span class="name">\(HTML.name(row.text))\(AlertsPage.mark(model.alertMarks[.current], place: .current))<small>\(row.detailText)</small></span>\(glance(model.glances[.current]))<span class="actions">\(select)</span></li>
        """
    case .saved(let location, let number):
      let id = String(location.id)
      var actions: [HTML] = []
      if !row.isSelected {
        actions.append(
          Layout.actionForm(
            "/places/\(id)/select", csrf: csrf, button: "Select", label: "Select \(location.name)"
          ))
      }
      if number > 1 {
        actions.append(
          Layout.actionForm(
            "/places/\(id)/move", csrf: csrf, button: "↑", fields: [("to", String(number - 1))],
            label: "Move \(location.name) up"))
      }
      if number < model.savedCount {
        actions.append(
          Layout.actionForm(
            "/places/\(id)/move", csrf: csrf, button: "↓", fields: [("to", String(number + 1))],
            label: "Move \(location.name) down"))
      }
      actions.append(
        "<a class=\"button\" href=\"/places/\(id)/rename\" aria-label=\"Rename \(location.name)\">Rename</a>"
      )
      actions.append(
        "<a class=\"button danger\" href=\"/places/\(id)/remove\" aria-label=\"Remove \(location.name)\">Remove</a>"
      )
      return """
        <li\(selected) id="place-\(id)">\(mark)<span class="number">\(number)</span><span class="name">\(HTML.name(location.name))\(AlertsPage.mark(model.alertMarks[.saved(location.id)], place: .saved(location.id)))<small>\(row.detailText)</small></span>\(glance(model.glances[.saved(location.id)]))<a class="button row-actions" href="#place-\(id)" aria-label="Actions for \(location.name)">Actions</a><span class="actions">\(actions)</span></li>
        """
    }
  }

  /// The place's temperature now and its symbol (its words for screen readers); nothing
  /// without a cached forecast.
  private static func glance(_ glance: PlaceGlance?) -> HTML {
    guard let glance, glance.temperature != nil || glance.iconName != nil else { return "" }
    let symbol = glance.iconName.map { WeatherSymbol.image($0, size: 28) } ?? ""
    let words: HTML = glance.summary.map { "<span class=\"visually-hidden\">\($0)</span>" } ?? ""
    return
      "<span class=\"glance\">\(symbol)<span class=\"now\">\(glance.temperature ?? "")</span>\(words)</span>"
  }

  /// "Remove Richmond?" with the button that does it and a way back.
  static func confirmRemove(_ row: LocationRowViewModel, id: Int64, csrf: CSRFToken) -> HTML {
    """
    <h1>Remove \(HTML.name(row.text))?</h1>
    <p>It leaves Saved Locations with its cached forecasts. \(row.isSelected ? "The next place becomes selected." : "")</p>
    <p>\(Layout.actionForm("/places/\(String(id))/remove", csrf: csrf, button: "Remove \(HTML.name(row.text))", buttonClass: "danger")) <a class="button" href="/places">Keep it</a></p>
    """
  }

  static func renameForm(_ row: LocationRowViewModel, id: Int64, csrf: CSRFToken, error: String?)
    -> HTML
  {
    let problem: HTML =
      error.map { "<p class=\"problem\" role=\"alert\" id=\"name-error\">\($0)</p>" } ?? ""
    let described: HTML =
      error == nil ? "" : " aria-describedby=\"name-error\" aria-invalid=\"true\""
    // Live (app.js): another device renaming this place renames it in the heading and the title
    // while the user types here; the field, focused or not, keeps what was typed. Not with an
    // error: that page answers a POST, and the page fetched again would drop the error.
    let live: HTML = error == nil ? " data-live" : ""
    return """
      <section id="rename"\(live)>
      <h1>Rename \(HTML.name(row.text))</h1>
      \(problem)
      <form method="post" action="/places/\(String(id))/rename">
      <input type="hidden" name="\(CSRFToken.field)" value="\(csrf.value)">
      <label for="name">New name</label>
      <input id="name" name="name" value="\(row.text)" required maxlength="200" autocomplete="off"\(described)>
      <p><button type="submit">Rename</button> <a class="button" href="/places">Cancel</a></p>
      </form>
      </section>
      """
  }
}

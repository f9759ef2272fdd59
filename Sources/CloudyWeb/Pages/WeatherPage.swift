import CloudyModels
import CloudyStoring
import CloudyViewModels

/// Weather (`/`): the selected place's day, then its week or, with `?view=hourly`, its hours,
/// and the data's age; with nothing cached, what to do. Every text is the view models'. The
/// heading is inside the live region with the rest: when another device selects, renames or
/// adds the first place, the name changes with the forecast under it (the title follows too).
enum WeatherPage {
  enum Part: String, Sendable {
    case week, hourly
  }

  /// What the page shows, read in one turn of the shared store.
  struct Model: Sendable {
    var place: Place?
    var name: String?
    var day: DayViewModel?
    var week: WeekViewModel?
    var hourly: HourlyViewModel?
    var age: ForecastAge?
    var hasForecast = false
    var timeZoneNote: String?
    var missingCurrent: String?
    var missingDaily: String?
    var missingHourly: String?
    var needsRefresh = false
    /// The notations the chart's axes use, and the days' sunrise and sunset (its night shading).
    var settings: Settings?
    var days: [WeatherDayData] = []
    /// The hours' chart, its values in the shown units (`HourlyChartViewModel`).
    var chart: HourlyChartViewModel?
    /// The alert banner (the most severe active alert the level shows) and how many are shown.
    var alertBanner: AlertRowViewModel?
    var shownAlerts = 0
    /// When one of the place's alerts next begins or ends by the clock (the page looks again).
    var alertsNextChange: Int64?

    init() {}

    /// `hours`: how many hours the chart and the table show (`--hours`, at most what is cached).
    init(
      _ shared: isolated SharedStore, now: Int64, refreshAfter: Int64,
      hours: Int = ForecastViewModel.defaultHours
    ) throws {
      let target: ForecastTarget
      do {
        target = try LocationEditor(store: shared.store).forecastTarget(nil)
      } catch LocationsViewModelError.nothingSelected {
        return
      }
      let forecast = try ForecastViewModel(
        target: target, forecasts: shared.store, settings: shared.store, zones: shared.zones,
        now: now)
      place = target.place
      name = target.name
      hasForecast = forecast.hasForecast
      age = forecast.age(at: now)
      needsRefresh = forecast.needsRefresh(at: now, after: refreshAfter)
      let alerts = try AlertsViewModel(
        place: target.place, timeZone: [forecast.weather?.timeZone, target.timeZone],
        alerts: shared.store, settings: shared.store, zones: shared.zones, now: now)
      alertBanner = alerts.banner
      shownAlerts = alerts.shown.count
      alertsNextChange = alerts.nextChange
      guard forecast.hasForecast else { return }
      day = forecast.day
      week = forecast.week
      hourly = forecast.hourly(hours: hours)
      chart = forecast.hourlyChart(hours: hours)
      settings = forecast.settings
      days = forecast.weather?.days ?? []
      timeZoneNote = forecast.timeZone.fallbackNote
      missingCurrent = forecast.missingText(for: .current)
      missingDaily = forecast.missingText(for: .daily)
      missingHourly = forecast.missingText(for: .hourly)
    }
  }

  static func body(
    _ model: Model, part: Part, refresh: RefreshStatus, offline: Bool, csrf: CSRFToken
  )
    -> HTML
  {
    guard let name = model.name, let place = model.place else { return noPlace }
    let refreshPart = refreshControls(place, refresh: refresh, offline: offline, csrf: csrf)
    let alert = AlertsPage.banner(
      model.alertBanner, shown: model.shownAlerts, place: place,
      nextChange: model.alertsNextChange)
    guard model.hasForecast else {
      let what: HTML =
        offline
        ? "cloudy-web runs with --offline, so it fetches nothing; run <code>cloudy-forecast fetch</code> in a terminal, or start cloudy-web without --offline."
        : refresh == .fetching ? "Fetching it now…" : "Refresh fetches it."
      return """
        <section id="weather" data-live>
        <h1>\(HTML.name(name))</h1>
        \(alert)
        <p class="lead">No forecast of \(HTML.name(name)) is cached yet.</p>
        <p>\(what)</p>
        \(refresh == .fetching ? "" : refreshPart)
        </section>
        """
    }
    var sections: [HTML] = []
    if let day = model.day {
      sections.append(daySection(day))
    } else if let missing = model.missingCurrent {
      sections.append("<p class=\"dim\">\(missing)</p>")
    }
    if let chart = model.chart {
      let drawn = HourlyChart.svg(chart)
      if !drawn.text.isEmpty {
        sections.append(
          "<section class=\"next-hours\" aria-labelledby=\"chart-heading\"><h2 id=\"chart-heading\">\(chart.heading)</h2>\(drawn)</section>"
        )
      }
    }
    let shown: Part = part == .hourly && model.hourly != nil || model.week == nil ? .hourly : .week
    let current: HTML = " aria-current=\"page\""
    let toggle: HTML = """
      <nav class="toggle" aria-label="Forecast view"><a href="/"\(shown == .week ? current : "")>Week</a><a href="/?view=hourly"\(shown == .hourly ? current : "")>Hourly</a></nav>
      """
    sections.append(toggle)
    if shown == .week, let week = model.week {
      sections.append(weekTable(week))
    } else if shown == .hourly, let hourly = model.hourly {
      sections.append(hourlyTable(hourly))
    } else {
      let missing = shown == .week ? model.missingDaily : model.missingHourly
      sections.append("<p class=\"dim\">\(missing ?? "Nothing cached.")</p>")
    }
    // The moment the data was issued rides along, so a copy shown with no server (the service
    // worker's, see sw.js) can say its true age.
    let age: HTML =
      model.age.map { age in
        let date: HTML = age.issuedDateText.map { " data-issued-date=\"\($0)\"" } ?? ""
        return
          "<p class=\"age\" data-issued=\"\(age.issuedAt)\"\(date)>\(age.asOfText)</p>"
      } ?? ""
    let note: HTML = model.timeZoneNote.map { "<p class=\"dim\">\($0)</p>" } ?? ""
    return """
      <section id="weather" data-live>
      <h1>\(HTML.name(name))</h1>
      \(alert)
      \(age)\(note)
      \(refreshPart)
      \(sections)
      </section>
      """
  }

  /// No place saved yet: how to add one, here or in a terminal.
  private static let noPlace: HTML = """
    <section id="weather" data-live>
    <h1>Weather</h1>
    <p class="lead">No place yet.</p>
    <p><a class="button" href="/places/new">Add a place</a> by its name (“Richmond, VA”, say), or run <code>cloudy-locations add NAME</code> in a terminal: it appears here on its own.</p>
    </section>
    """

  /// The Day view: the date and time, the summary and the day's facts.
  private static func daySection(_ day: DayViewModel) -> HTML {
    """
    <section class="day" aria-labelledby="day-heading">
    <h2 id="day-heading">\(day.date) · \(day.time)</h2>
    <p class="summary">\(WeatherSymbol.image(day.iconName, size: 56))<span>\(day.summary)</span></p>
    <dl class="facts"><div><dt>Temperature</dt><dd class="temperature">\(day.temperature)</dd></div><div><dt>Wind</dt><dd>\(day.wind)</dd></div>\(fact("Feels like", day.apparentTemperature))\(fact("Chance of rain", day.precipitationProbability))\(fact("Precipitation", day.precipitation))\(quantityFacts(day.quantities))</dl>
    </section>
    """
  }

  /// The Week view as a table; sunrise and sunset a column only when the forecast has them.
  private static func weekTable(_ week: WeekViewModel) -> HTML {
    let sun = week.days.contains { $0.sunrise != nil || $0.sunset != nil }
    let uv = week.has(.uvIndex)
    let scale = WeekRanges.scale(week.days)
    let rows = week.days.map { day -> HTML in
      let sunCell: HTML =
        sun ? "<td>\(day.sunrise ?? "–") – \(day.sunset ?? "–")</td>" : ""
      let uvCell: HTML = uv ? "<td>\(day.text(.uvIndex))</td>" : ""
      let bar = scale.map { WeekRanges.bar(day, scale: $0) } ?? ""
      return
        "<tr><th scope=\"row\">\(day.day)</th><td>\(day.date)</td><td class=\"range-cell\"><span>\(day.temperature)</span>\(bar)</td><td>\(day.windSpeed)</td><td class=\"conditions\">\(WeatherSymbol.image(day.iconName))<span>\(day.summary)</span></td>\(sunCell)\(uvCell)</tr>"
    }
    let sunHeading: HTML = sun ? "<th scope=\"col\">Sunrise – sunset</th>" : ""
    let uvHeading: HTML = uv ? "<th scope=\"col\">UV index (max)</th>" : ""
    return """
      <table class="week"><caption>Week</caption>
      <thead><tr><th scope="col">Day</th><th scope="col">Date</th><th scope="col">Temperature</th><th scope="col">Wind</th><th scope="col">Summary</th>\(sunHeading)\(uvHeading)</tr></thead>
      <tbody>\(rows)</tbody></table>
      """
  }

  /// The hourly list as a table, one row group per date.
  private static func hourlyTable(_ hourly: HourlyViewModel) -> HTML {
    let groups = hourly.sections.map { section -> HTML in
      let rows = section.hours.map { hour -> HTML in
        "<tr><th scope=\"row\">\(hour.time)</th><td>\(hour.temperature)</td><td>\(hour.wind)</td><td>\([hour.precipitation, hour.precipitationAmount].compactMap { $0 }.joined(separator: " · "))</td><td class=\"conditions\">\(WeatherSymbol.image(hour.iconName, size: 24))<span>\(hour.summary)</span></td></tr>"
      }
      return
        "<tbody><tr class=\"date\"><th scope=\"rowgroup\" colspan=\"5\">\(section.date)</th></tr>\(rows)</tbody>"
    }
    return """
      <table class="hourly"><caption>Hourly</caption>
      <thead><tr><th scope="col">Time</th><th scope="col">Temperature</th><th scope="col">Wind</th><th scope="col">Precipitation</th><th scope="col">Summary</th></tr></thead>
      \(groups)</table>
      """
  }

  /// The day's other quantities (dew point, humidity, pressure, UV, visibility, cloud cover,
  /// air quality, pollen), each a fact with its unit as the view model wrote it.
  private static func quantityFacts(_ rows: [QuantityRow]) -> HTML {
    let kinds: [QuantityKind] =
      [.dewPoint, .humidity, .pressure, .uvIndex, .visibility, .cloudCover, .airQuality]
      + QuantityKind.pollen
    let facts = kinds.compactMap { kind in rows.first(kind).map { fact($0.label, $0.text) } }
    return "\(facts)"
  }

  /// One more fact of the day, when the forecast holds it.
  private static func fact(_ term: String, _ value: String?) -> HTML {
    guard let value else { return "" }
    return "<div><dt>\(term)</dt><dd>\(value)</dd></div>"
  }

  private static func refreshControls(
    _ place: Place, refresh: RefreshStatus, offline: Bool, csrf: CSRFToken
  ) -> HTML {
    guard !offline else { return "<p class=\"dim\">Offline: the cache as it is.</p>" }
    switch refresh {
    case .fetching:
      return "<p class=\"status\" role=\"status\">Fetching a new forecast…</p>"
    case .failed(let reason):
      return """
        <p class="problem" role="alert">Could not refresh: \(reason)</p>
        \(Layout.actionForm("/refresh", csrf: csrf, button: "Try again", fields: [("place", PlaceParameter.text(place))]))
        """
    case .idle:
      return Layout.actionForm(
        "/refresh", csrf: csrf, button: "Refresh", fields: [("place", PlaceParameter.text(place))])
    }
  }
}

/// A place in a URL or a form: a saved place's id, or `current`.
enum PlaceParameter {
  static func text(_ place: Place) -> String {
    switch place {
    case .current: "current"
    case .saved(let id): String(id)
    }
  }

  static func place(_ text: String?) -> Place? {
    guard let text else { return nil }
    if text == "current" { return .current }
    return Int64(text).map { .saved($0) }
  }
}

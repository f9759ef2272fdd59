import CloudyModels

/// One place as a status bar shows it at a glance: a short line from a template, a tooltip (the
/// day and the next hours, the alert's headline), the condition, whether the data is stale, and
/// the most severe alert the alert setting shows.
///
/// Built from the view models every front-end uses (`ForecastViewModel`, `AlertsViewModel`), so
/// a bar says what `show` and `alerts` say: the same texts by the same settings, the data's age,
/// the same alert level. `now` is injected; `nextChange` says when the glance would read
/// differently by the clock alone (the data turning stale, an alert beginning or ending, the
/// age or the hour moving on), so a watching bar wakes then with no write to announce it.
public struct GlanceViewModel: Hashable, Sendable {
  /// The place's name.
  public let place: String
  /// The value of every template field (`GlanceFields.names`), "–" for a quantity the forecast
  /// lacks and "" for `alert` when none is shown.
  public let fields: [String: String]
  /// The condition's icon name ("partly-cloudy-day"), nil when the forecast has none.
  public let condition: String?
  /// True when the data is `staleAfter` seconds old or more: a bar greys it out.
  public let isStale: Bool
  /// The most severe active alert the alert setting shows; nil when none is.
  public let alert: AlertRowViewModel?
  /// The chance of precipitation now in whole percent (0…100); nil when the forecast has none.
  public let precipitationPercent: Int?
  /// The tooltip: the place, conditions and age; today's range; the next hours; the alert.
  public let tooltip: [String]
  /// The next moment (unix seconds) this glance reads differently with no write.
  public let nextChange: Int64

  /// How many hours the tooltip lists.
  public static let tooltipHours = 6

  /// nil when nothing is cached for the place (a front-end says which fetch to run).
  /// `alerts`: the place's alerts at the same `now`; `staleAfter`: seconds (the apps'
  /// `--refresh-after`).
  public init?(
    forecast: ForecastViewModel, alerts: AlertsViewModel?, staleAfter: Int64, now: Int64
  ) {
    guard let weather = forecast.weather, let age = forecast.age(at: now) else { return nil }
    place = forecast.target.name
    let day = forecast.day
    let shown = alerts?.banner
    alert = shown
    isStale = age.seconds >= staleAfter
    condition = weather.current.icon?.rawValue
    precipitationPercent = weather.current.precipitationProbability.map {
      Int((max(0, min(1, $0)) * 100).rounded())
    }

    var fields: [String: String] = [
      "place": place, "age": age.text, "alert": shown?.event ?? "",
      "severity": shown?.severity.text ?? "",
      "symbol": weather.current.icon.map(GlanceFields.symbol) ?? MissingValue.text,
    ]
    for quantity in GlanceFields.quantities {
      fields[quantity.name] = day.flatMap(quantity.text) ?? MissingValue.text
    }
    self.fields = fields

    var lines = [
      [place, day?.summary, "as of \(age.text)"].compactMap { $0 }.joined(separator: " · ")
    ]
    if let today = forecast.days(1)?.days.first {
      lines.append(
        [today.day, today.temperature, today.summary, today.precipitationProbability]
          .compactMap { $0 }.joined(separator: " · "))
    }
    if let hourly = forecast.hourly {
      for hour in hourly.hours.filter({ $0.data.time > now - 3_600 }).prefix(Self.tooltipHours) {
        lines.append(
          [hour.time, hour.temperature, hour.precipitation, hour.summary].compactMap { $0 }
            .joined(separator: "  "))
      }
    }
    if let shown {
      lines.append("\(shown.event) · \(shown.severity.text) · \(shown.period)")
      if let headline = shown.alert.headline, headline != shown.event { lines.append(headline) }
    }
    tooltip = lines

    // The age text moves on each minute within the hour, each hour within the day, then daily;
    // the tooltip's hours each hour; the stale mark once; an alert at its onset and end.
    let seconds = age.seconds
    let step: Int64 = seconds < 3_600 ? 60 : seconds < 86_400 ? 3_600 : 86_400
    var moments = [
      age.issuedAt + (seconds / step + 1) * step, (now / 3_600 + 1) * 3_600,
    ]
    if !isStale { moments.append(age.issuedAt + staleAfter) }
    if let next = alerts?.nextChange { moments.append(next) }
    nextChange = moments.filter { $0 > now }.min() ?? now + 3_600
  }

  /// The template filled in with `fields`; runs of spaces left by an empty field (no alert)
  /// become one, and the ends are trimmed.
  public func text(_ template: GlanceTemplate) -> String {
    template.render(fields)
  }
}

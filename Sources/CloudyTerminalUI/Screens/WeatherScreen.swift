import CloudyModels
import CloudyViewModels

extension CloudyApp {
  /// The alert banner when one is shown (see `alertBanner`), then the forecast.
  func weatherBody(width: Int, height: Int) -> [ScreenLine] {
    guard let banner = alertBanner(width: width) else {
      return forecastBody(width: width, height: height)
    }
    return [banner] + forecastBody(width: width, height: height - 1)
  }

  /// The Day view on top (date, time, summary, temperature, wind, icon), then the Week view, or
  /// the hourly list with `h`; scrolled with ↑/↓ when it does not fit.
  private func forecastBody(width: Int, height: Int) -> [ScreenLine] {
    guard let forecast else { return noPlaceLines(width: width) }
    guard forecast.weather != nil else { return nothingCachedLines(forecast, width: width) }
    // What the forecast holds is shown, and what it lacks said (the view model's words): a
    // forecast with days and no current conditions is not "missing".
    var lines: [ScreenLine] = []
    if let day = forecast.day {
      lines = dayLines(day, roomy: height >= 16, width: width)
    } else if let missing = forecast.missingText(for: .current) {
      lines.append(ScreenLine(" \(missing)", .dim))
    }
    lines.append(ScreenLine(""))
    return lines + partList(forecast, width: width, height: height - lines.count)
  }

  /// A first start: how to add a place, and that nothing is written until then.
  private func noPlaceLines(width: Int) -> [ScreenLine] {
    [ScreenLine(""), ScreenLine(" No place yet.", .prompt), ScreenLine("")]
      + paragraph(
        "Press a to add one by name (\(quoted("Richmond, VA")), say), or run `cloudy-locations add NAME` in another terminal.",
        width: width)
      + paragraph(
        "Nothing is written until you add a place or choose a setting.", .dim, width: width)
  }

  /// A place without a cached forecast: how one comes (being fetched, R, or not offline).
  private func nothingCachedLines(_ forecast: ForecastViewModel, width: Int) -> [ScreenLine] {
    [ScreenLine("")]
      + paragraph(
        "No forecast of \(options.glyphs.isolated(forecast.target.name)) is cached yet.", .prompt,
        width: width)
      + [ScreenLine("")]
      + paragraph(
        options.offline
          ? "Offline (--offline): start cloudy without it, or run `cloudy-forecast fetch`."
          : refreshStatus == .refreshing
            ? "Fetching it now\(options.glyphs.ellipsis)" : "Press R to fetch it.", width: width)
  }

  /// The Day view: a line per value when there is room, else date and values on two lines.
  private func dayLines(_ day: DayViewModel, roomy: Bool, width: Int) -> [ScreenLine] {
    let sep = options.glyphs.separator
    guard roomy else {
      // A short window: the headline, then as many other quantities as one line holds.
      return [
        ScreenLine(" \(day.date)\(sep)\(day.time)", .sectionTitle),
        ScreenLine(" \(day.summary)\(sep)\(day.temperature)\(sep)\(day.windSpeed)"),
      ] + quantityLines(day, width: width, lines: 1)
    }
    var lines = [
      ScreenLine(" \(day.date)\(sep)\(day.time)", .sectionTitle),
      ScreenLine(" \(day.summary)"),
      ScreenLine(" Temperature  \(day.temperature)"),
      ScreenLine(" Wind         \(day.wind)"),
    ]
    lines += quantityLines(day, width: width, lines: 3)
    lines.append(
      ScreenLine(" Icon         \(options.glyphs.symbol(day.iconName))  \(day.iconName)", .dim))
    if let spark = sparklineLine(width: width) { lines.append(spark) }
    return lines
  }

  /// The day's other quantities ("Humidity 52 %", "Pressure 30.24 inHg", "UV index 2 · low"…),
  /// as the view model formats them, laid side by side on up to `lines` lines of the window's
  /// width; an item that does not fit whole is left for the next line, never cut.
  private func quantityLines(_ day: DayViewModel, width: Int, lines count: Int) -> [ScreenLine] {
    let shown: Set<QuantityKind> = [.temperature, .windSpeed, .windGust, .windDirection]
    let items = day.quantities.filter { !shown.contains($0.kind) }.map {
      "\($0.label) \($0.text)"
    }
    var lines: [String] = []
    var current = ""
    for item in items {
      let candidate = current.isEmpty ? " " + item : current + "   " + item
      if DisplayWidth.of(candidate) <= width - 1 {
        current = candidate
      } else if !current.isEmpty, lines.count + 1 < count, DisplayWidth.of(" " + item) <= width - 1
      {
        lines.append(current)
        current = " " + item
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.prefix(count).map { ScreenLine($0) }
  }

  /// "Next 48 h" and the hours' temperatures as one line of block heights, with the lowest
  /// and highest as the notation writes them; nil with fewer than two temperatures.
  private func sparklineLine(width: Int) -> ScreenLine? {
    guard let hours = forecast?.hourly?.hours, let settings = forecast?.settings else { return nil }
    let values = hours.map(\.data.temperature)
    let present = values.compactMap { $0 }
    guard present.count >= 2, let low = present.min(), let high = present.max() else {
      return nil
    }
    let label = " Next \(hours.count) h    "
    let range =
      "  \(settings.temperature.formatDegrees(fahrenheit: low)) to \(settings.temperature.formatDegrees(fahrenheit: high))"
    let room = width - DisplayWidth.of(label) - DisplayWidth.of(range) - 1
    guard room >= 8 else { return nil }
    return ScreenLine(
      label + Sparkline.line(values, width: room, unicode: options.glyphs.unicode) + range)
  }

  /// The Week view, or the hourly list with `h`; when the forecast has only one of the two, that
  /// one; when it has neither, what it lacks (the view model's words). Scrolled to fit.
  private func partList(_ forecast: ForecastViewModel, width: Int, height: Int) -> [ScreenLine] {
    let hourly =
      showsHourly
      ? forecast.hourly != nil || forecast.week == nil
      : forecast.week == nil && forecast.hourly != nil
    let list: [ScreenLine]
    if hourly, let hours = forecast.hourly {
      list = hourlyLines(hours, width: width)
    } else if !hourly, let week = forecast.week {
      list = weekLines(week, width: width)
    } else {
      let missing = forecast.missingText(for: hourly ? .hourly : .daily)
      list = [ScreenLine(" \(missing ?? "Nothing cached.")", .dim)]
    }
    let listHeight = height - 1
    weatherScroll = max(0, min(weatherScroll, list.count - max(1, listHeight)))
    var shown = Array(list.dropFirst(weatherScroll).prefix(max(0, listHeight)))
    // Scrolled into a day's hours, the day's heading stays on top (in place of the first row
    // shown), so an hour is never read without its date.
    if hourly, weatherScroll > 0, let first = shown.first, first.style != .dim,
      let heading = list[..<weatherScroll].last(where: { $0.style == .dim })
    {
      shown[0] = heading
    }
    return [ScreenLine(hourly ? " Hourly" : " Week", .sectionTitle)] + shown
  }

  private func weekLines(_ week: WeekViewModel?, width: Int) -> [ScreenLine] {
    guard let week, week.numberOfDays > 0 else { return [ScreenLine(" No days cached.", .dim)] }
    // In words (the day's summary), not the icon's identifier; narrow windows drop the words,
    // then the date, rather than cut every row.
    let columns: (WeatherDayViewModel) -> [String] =
      width >= 70
      ? { [$0.day, $0.date, $0.temperature, $0.windSpeed, $0.summary] }
      : width >= 50
        ? { [$0.day, $0.date, $0.temperature, $0.windSpeed] }
        : { [String($0.day.prefix(3)), $0.temperature, $0.windSpeed] }
    // A symbol first on every row (a word under ASCII), so the week is seen before it is read.
    let glyphs = options.glyphs
    return TextFit.table(week.days.map { [glyphs.symbol($0.iconName)] + columns($0) }).map {
      ScreenLine(" " + $0)
    }
  }

  private func hourlyLines(_ hourly: HourlyViewModel?, width: Int) -> [ScreenLine] {
    guard let hourly, hourly.numberOfHours > 0 else {
      return [ScreenLine(" No hours cached.", .dim)]
    }
    let columns: (WeatherHourViewModel) -> [String] =
      width >= 70
      ? { [$0.time, $0.temperature, $0.windSpeed, $0.precipitation ?? "", $0.summary] }
      : { [$0.time, $0.temperature, $0.windSpeed] }
    let glyphs = options.glyphs
    let table = TextFit.table(hourly.hours.map { [glyphs.symbol($0.iconName)] + columns($0) })
    var lines: [ScreenLine] = []
    var index = 0
    for section in hourly.sections {
      lines.append(ScreenLine(" \(section.date)", .dim))
      for _ in section.hours {
        lines.append(ScreenLine("   " + table[index]))
        index += 1
      }
    }
    return lines
  }
}

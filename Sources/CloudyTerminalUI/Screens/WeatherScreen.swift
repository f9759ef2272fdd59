import CloudyViewModels

extension CloudyApp {
  /// The Day view on top (date, time, summary, temperature, wind, icon), then the Week view, or
  /// the hourly list with `h`; scrolled with ↑/↓ when it does not fit.
  func weatherBody(width: Int, height: Int) -> [ScreenLine] {
    guard let forecast else {
      return [
        ScreenLine(""),
        ScreenLine(" No place yet.", .prompt),
        ScreenLine(""),
        ScreenLine(" Press a to add one by name (\(quoted("Richmond, VA")), say),"),
        ScreenLine(" or run `cloudy-locations add NAME` in another terminal."),
        ScreenLine(" Nothing is written until you add a place or choose a setting.", .dim),
      ]
    }
    guard let day = forecast.day else {
      return [
        ScreenLine(""),
        ScreenLine(" No forecast of \(forecast.target.name) is cached yet.", .prompt),
        ScreenLine(""),
        ScreenLine(
          options.offline
            ? " Offline (--offline): start cloudy without it, or run `cloudy-forecast fetch`."
            : refreshStatus == .refreshing
              ? " Fetching it now\(options.glyphs.ellipsis)" : " Press R to fetch it."),
      ]
    }
    let sep = options.glyphs.separator
    var lines: [ScreenLine] = []
    if height >= 16 {
      lines = [
        ScreenLine(" \(day.date)\(sep)\(day.time)", .sectionTitle),
        ScreenLine(" \(day.summary)"),
        ScreenLine(" Temperature  \(day.temperature)"),
        ScreenLine(" Wind         \(day.windSpeed)"),
        ScreenLine(" Icon         \(day.iconName)", .dim),
      ]
    } else {
      lines = [
        ScreenLine(" \(day.date)\(sep)\(day.time)", .sectionTitle),
        ScreenLine(" \(day.summary)\(sep)\(day.temperature)\(sep)\(day.windSpeed)"),
      ]
    }
    lines.append(ScreenLine(""))
    let listHeight = height - lines.count - 1
    let list: [ScreenLine]
    if showsHourly {
      lines.append(ScreenLine(" Hourly", .sectionTitle))
      list = hourlyLines(forecast.hourly, width: width)
    } else {
      lines.append(ScreenLine(" Week", .sectionTitle))
      list = weekLines(forecast.week, width: width)
    }
    weatherScroll = max(0, min(weatherScroll, list.count - max(1, listHeight)))
    return lines + list.dropFirst(weatherScroll).prefix(max(0, listHeight))
  }

  private func weekLines(_ week: WeekViewModel?, width: Int) -> [ScreenLine] {
    guard let week, week.numberOfDays > 0 else { return [ScreenLine(" No days cached.", .dim)] }
    // Narrow windows drop the icon, then the date, rather than cut every row.
    let columns: (WeatherDayViewModel) -> [String] =
      width >= 70
      ? { [$0.day, $0.date, $0.temperature, $0.windSpeed, $0.iconName] }
      : width >= 50
        ? { [$0.day, $0.date, $0.temperature, $0.windSpeed] }
        : { [String($0.day.prefix(3)), $0.temperature, $0.windSpeed] }
    return TextFit.table(week.days.map(columns)).map { ScreenLine(" " + $0) }
  }

  private func hourlyLines(_ hourly: HourlyViewModel?, width: Int) -> [ScreenLine] {
    guard let hourly, hourly.numberOfHours > 0 else {
      return [ScreenLine(" No hours cached.", .dim)]
    }
    let columns: (WeatherHourViewModel) -> [String] =
      width >= 70
      ? { [$0.time, $0.temperature, $0.windSpeed, $0.precipitation ?? "", $0.summary] }
      : { [$0.time, $0.temperature, $0.windSpeed] }
    let table = TextFit.table(hourly.hours.map(columns))
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

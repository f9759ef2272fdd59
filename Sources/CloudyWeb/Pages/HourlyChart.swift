import CloudyModels
import CloudyViewModels

/// The next hours as a meteogram drawn on the server (yr.no's idea): temperature and "feels
/// like" as lines, precipitation as bars with the chance of it as a dotted line, night shaded
/// from the days' sunrise and sunset, the axes in the stored notations (degrees as set, the
/// hours in 12- or 24-hour time). Plain SVG, no script; `aria-hidden` because the hourly table
/// says the same in text. The temperature group carries its scale (`data-top`, `data-bottom`,
/// `data-max`, `data-min`, in the shown degrees) so a test can read each point back.
enum HourlyChart {
  static let width = 720.0
  static let height = 250.0
  private static let left = 70.0
  private static let right = 712.0
  private static let top = 14.0
  private static let bottom = 150.0
  private static let barsTop = 162.0
  private static let barsBottom = 214.0

  /// The chart of `hours`, or nothing when fewer than two hours have a temperature.
  static func svg(
    _ hours: [WeatherHourViewModel], days: [WeatherDayData], settings: Settings
  ) -> HTML {
    let shown = hours.map { degrees($0.data.temperature, settings) }
    let feels = hours.map { degrees($0.data.apparentTemperature, settings) }
    let values = (shown + feels).compactMap { $0 }
    guard hours.count >= 2, shown.compactMap({ $0 }).count >= 2, let low = values.min(),
      let high = values.max()
    else { return "" }
    let step = high - low > 25 ? 10.0 : 5.0
    let scaleMin = (low / step).rounded(.down) * step
    let scaleMax = max((high / step).rounded(.up) * step, scaleMin + step)
    let xStep = (right - left) / Double(hours.count - 1)
    func x(_ index: Int) -> Double { left + Double(index) * xStep }
    func y(_ value: Double) -> Double {
      top + (scaleMax - value) / (scaleMax - scaleMin) * (bottom - top)
    }

    var parts: [String] = []
    parts.append(night(hours, days: days, x: x, xStep: xStep))
    // Degree lines and labels.
    var tick = scaleMin
    while tick <= scaleMax + 0.001 {
      let label = settings.temperature == .celsius ? "°C" : "°F"
      parts.append(
        "<line class=\"grid\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\"/><text class=\"axis\" x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(Int(tick))\(tick == scaleMax ? label : "°")</text>"
      )
      tick += step
    }
    // Precipitation: amount as bars (scaled to the wettest hour, at least 0.1 in), chance as a
    // dotted line over the same band (0–100 %).
    let wettest = max(hours.compactMap { $0.data.precipitation }.max() ?? 0, 0.1)
    for (index, hour) in hours.enumerated() {
      guard let amount = hour.data.precipitation, amount > 0 else { continue }
      let barHeight = amount / wettest * (barsBottom - barsTop)
      parts.append(
        "<rect class=\"precipitation\" x=\"\(n(x(index) - xStep * 0.35))\" y=\"\(n(barsBottom - barHeight))\" width=\"\(n(xStep * 0.7))\" height=\"\(n(barHeight))\"/>"
      )
    }
    let chance = hours.enumerated().compactMap { index, hour -> String? in
      hour.data.precipitationProbability.map {
        "\(n(x(index))),\(n(barsBottom - $0 / 100 * (barsBottom - barsTop)))"
      }
    }
    if chance.count >= 2 {
      parts.append("<polyline class=\"chance\" points=\"\(chance.joined(separator: " "))\"/>")
    }
    parts.append(
      "<line class=\"baseline\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(barsBottom))\" y2=\"\(n(barsBottom))\"/>"
    )
    // Hours along the bottom (see `labels`), and a faint line at each local midnight when the
    // chart spans more than two days.
    for label in labels(hours) {
      if label.dayStart && hours.count > 48 {
        parts.append(
          "<line class=\"grid\" x1=\"\(n(x(label.index)))\" x2=\"\(n(x(label.index)))\" y1=\"\(n(top))\" y2=\"\(n(barsBottom))\"/>"
        )
      }
      // The first label starts at its hour rather than centred on it, so it is not cut.
      let anchor = label.index == 0 ? "start" : "middle"
      let labelX = label.index == 0 ? x(label.index) - 8 : x(label.index)
      parts.append(
        "<text class=\"\(label.minor ? "axis minor" : "axis")\" x=\"\(n(labelX))\" y=\"\(n(barsBottom + 22))\" text-anchor=\"\(anchor)\">\(HTML.escape(label.text))</text>"
      )
    }
    // The lines last, over the rest.
    let scale =
      "data-top=\"\(n(top))\" data-bottom=\"\(n(bottom))\" data-max=\"\(n(scaleMax))\" data-min=\"\(n(scaleMin))\""
    parts.append(
      "<polyline class=\"feels\" \(scale) points=\"\(points(feels, x: x, y: y))\"/>")
    parts.append(
      "<polyline class=\"temperature\" \(scale) points=\"\(points(shown, x: x, y: y))\"/>")
    // The key names only what is drawn.
    var legend = ["<span class=\"key key-temperature\">Temperature</span>"]
    if feels.contains(where: { $0 != nil }) {
      legend.append("<span class=\"key key-feels\">Feels like</span>")
    }
    if hours.contains(where: { ($0.data.precipitation ?? 0) > 0 }) {
      legend.append("<span class=\"key key-precipitation\">Precipitation</span>")
    }
    if chance.count >= 2 { legend.append("<span class=\"key key-chance\">Chance of rain</span>") }
    if parts.first?.isEmpty == false {
      legend.append("<span class=\"key key-night\">Night</span>")
    }
    return HTML(
      trusted:
        "<figure class=\"chart\"><svg class=\"meteogram\" viewBox=\"0 0 \(n(width)) \(n(height))\" aria-hidden=\"true\" focusable=\"false\">"
        + parts.joined() + "</svg>"
        + "<figcaption>" + legend.joined(separator: " ") + "</figcaption></figure>"
    )
  }

  /// One label along the bottom: the hour it stands under, its text, and whether a phone hides
  /// it (`minor`, style.css) or it starts a local day.
  struct AxisLabel: Equatable {
    let index: Int
    let text: String
    let minor: Bool
    let dayStart: Bool
  }

  /// The labels under the hours, thinned so that they never crowd (about 640 units wide):
  /// - up to 48 hours: every sixth hour in the time notation, every other one minor;
  /// - up to 120 hours (`--hours 96`): the day's name at each local midnight, noon minor;
  /// - beyond (`--hours 168` and up to 384): the day's name at each midnight, every other
  ///   midnight when more than eight days are shown.
  /// A chart that does not start at midnight names its first day at its first hour when the
  /// first midnight is at least eight hours away (else the two labels would touch).
  static func labels(_ hours: [WeatherHourViewModel]) -> [AxisLabel] {
    guard hours.count > 48 else {
      return hours.indices.filter { $0 % 6 == 0 }.map {
        AxisLabel(index: $0, text: hours[$0].time, minor: $0 % 12 != 0, dayStart: false)
      }
    }
    let starts = hours.indices.filter { $0 > 0 && hours[$0].dateKey != hours[$0 - 1].dateKey }
    let everyOther = starts.count > 8
    var labels: [AxisLabel] = []
    if (starts.first ?? hours.count) >= 8 {
      labels.append(
        AxisLabel(index: 0, text: dayName(hours[0]), minor: false, dayStart: false))
    }
    for (order, start) in starts.enumerated() {
      labels.append(
        AxisLabel(
          index: start, text: dayName(hours[start]), minor: everyOther && order % 2 == 1,
          dayStart: true))
      // Noon of that day, when noon is in the chart and there is room (up to 120 hours).
      let noon = start + 12
      if hours.count <= 120, noon < hours.count, hours[noon].dateKey == hours[start].dateKey {
        labels.append(AxisLabel(index: noon, text: hours[noon].time, minor: true, dayStart: false))
      }
    }
    return labels.sorted { $0.index < $1.index }
  }

  /// "Thu 15" from the hour's date ("Thu, January 15"): short enough for a day's width.
  private static func dayName(_ hour: WeatherHourViewModel) -> String {
    let parts = hour.date.split(separator: ",")
    guard parts.count == 2, let day = parts[1].split(separator: " ").last else { return hour.date }
    return "\(parts[0]) \(day)"
  }

  /// Shaded bands for the hours outside every day's sunrise–sunset (none without sun times).
  private static func night(
    _ hours: [WeatherHourViewModel], days: [WeatherDayData], x: (Int) -> Double, xStep: Double
  ) -> String {
    let daylight = days.compactMap { day -> ClosedRange<Int64>? in
      guard let rise = day.sunrise, let set = day.sunset, rise < set else { return nil }
      return rise...set
    }
    guard !daylight.isEmpty else { return "" }
    var bands = ""
    var start: Int?
    for index in 0...hours.count {
      let dark =
        index < hours.count && !daylight.contains { $0.contains(hours[index].data.time) }
      if dark, start == nil { start = index }
      if !dark, let first = start {
        let from = max(left, x(first) - xStep / 2)
        let to = min(right, x(index - 1) + xStep / 2)
        bands +=
          "<rect class=\"night\" x=\"\(n(from))\" y=\"\(n(top))\" width=\"\(n(to - from))\" height=\"\(n(barsBottom - top))\"/>"
        start = nil
      }
    }
    return bands
  }

  /// A polyline's points, skipping hours without a value.
  private static func points(_ values: [Double?], x: (Int) -> Double, y: (Double) -> Double)
    -> String
  {
    values.enumerated().compactMap { index, value in
      value.map { "\(n(x(index))),\(n(y($0)))" }
    }.joined(separator: " ")
  }

  /// °F as the notation shows it (°C converted).
  static func degrees(_ fahrenheit: Double?, _ settings: Settings) -> Double? {
    guard let fahrenheit else { return nil }
    return settings.temperature == .celsius
      ? UnitConversion.celsius(fromFahrenheit: fahrenheit) : fahrenheit
  }

  /// A coordinate with at most two decimals.
  static func n(_ value: Double) -> String {
    let text = DecimalText.fixed(value, decimals: 2)
    return text == "-0.00" ? "0.00" : text
  }
}

import CloudyModels
import CloudyViewModels

/// The next hours as a meteogram drawn on the server (yr.no's idea), laid out from the chart's
/// view model (`HourlyChartViewModel`: values already in the shown units, each step at its real
/// time): temperature and "feels like" as lines, precipitation as bars as wide as their step
/// with the chance of it as a line drawn over them (a halo keeps it readable across a bar),
/// night shaded, the wind's direction as arrows along the top (pointing where the wind blows,
/// thinned so that no two touch), the hours or days along the bottom thinned so that no two
/// labels touch, at the phone's larger label size too. Plain SVG, no script; `aria-hidden` because the hourly table
/// says the same in text. The temperature group carries its scale (`data-top`, `data-bottom`,
/// `data-max`, `data-min`, in the shown degrees) so a test can read each point back.
enum HourlyChart {
  static let width = 720.0
  static let height = 250.0
  private static let left = 70.0
  /// Room on the right for a label centred under the last step ("06:00 AM" at the laptop's size).
  private static let right = 684.0
  private static let top = 14.0
  private static let bottom = 150.0
  private static let barsTop = 162.0
  private static let barsBottom = 214.0
  private static let labelsY = 236.0
  /// The labels' size on a laptop and on a phone (style.css: the chart is drawn 720 wide and
  /// shown about 300, so a phone draws them larger and hides the `minor` ones).
  static let labelSize = 12.0
  static let phoneLabelSize = 22.0

  /// The chart, or nothing without a view model.
  static func svg(_ chart: HourlyChartViewModel?) -> HTML {
    guard let chart else { return "" }
    let temperatures = chart.steps.map(\.temperature)
    let feels = chart.steps.map(\.feelsLike)
    let values = (temperatures + feels).compactMap { $0 }
    guard let low = values.min(), let high = values.max() else { return "" }
    let step = high - low > 25 ? 10.0 : 5.0
    let scaleMin = (low / step).rounded(.down) * step
    let scaleMax = max((high / step).rounded(.up) * step, scaleMin + step)
    func x(_ position: Double) -> Double { left + position * (right - left) }
    func y(_ value: Double) -> Double {
      top + (scaleMax - value) / (scaleMax - scaleMin) * (bottom - top)
    }

    var parts: [String] = []
    for night in chart.nights {
      let from = x(night.lowerBound)
      parts.append(
        "<rect class=\"night\" x=\"\(n(from))\" y=\"\(n(top))\" width=\"\(n(x(night.upperBound) - from))\" height=\"\(n(barsBottom - top))\"/>"
      )
    }
    // Degree lines and labels.
    var tick = scaleMin
    while tick <= scaleMax + 0.001 {
      parts.append(
        "<line class=\"grid\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\"/><text class=\"axis\" x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(Int(tick))\(tick == scaleMax ? chart.temperatureUnit : "°")</text>"
      )
      tick += step
    }
    // Precipitation: each step's amount as a bar as wide as most of its step (scaled to the
    // wettest step, at least 0.1 in or 2.5 mm), then the chance over the same band (0–100 %).
    let least = chart.precipitationUnit == "mm" ? 2.5 : 0.1
    let wettest = max(chart.steps.compactMap(\.precipitation).max() ?? 0, least)
    for step in chart.steps {
      guard let amount = step.precipitation, amount > 0 else { continue }
      let barHeight = amount / wettest * (barsBottom - barsTop)
      let barWidth = (x(step.span.upperBound) - x(step.span.lowerBound)) * 0.7
      parts.append(
        "<rect class=\"precipitation\" x=\"\(n(x(step.position) - barWidth / 2))\" y=\"\(n(barsBottom - barHeight))\" width=\"\(n(barWidth))\" height=\"\(n(barHeight))\"/>"
      )
    }
    parts.append(
      "<line class=\"baseline\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(barsBottom))\" y2=\"\(n(barsBottom))\"/>"
    )
    let chance = chart.steps.compactMap { step -> String? in
      step.chanceOfPrecipitation.map {
        "\(n(x(step.position))),\(n(barsBottom - $0 / 100 * (barsBottom - barsTop)))"
      }
    }
    if chance.count >= 2 {
      let points = chance.joined(separator: " ")
      parts.append("<polyline class=\"chance-halo\" points=\"\(points)\"/>")
      parts.append("<polyline class=\"chance\" points=\"\(points)\"/>")
    }
    // Wind: an arrow per step that has a direction, pointing where the wind blows (a wind from
    // the north points down), every `stride`-th step so that arrows stay about 18 units apart.
    // `data-from` keeps the direction the step says, for a test to read back.
    let windy = chart.steps.filter { $0.windDirection != nil }
    if windy.count >= 2 {
      let spacing =
        (right - left) * (windy[windy.count - 1].position - windy[0].position)
        / Double(windy.count - 1)
      let stride = max(1, Int((18 / max(spacing, 0.001)).rounded(.up)))
      for (index, step) in windy.enumerated() where index % stride == 0 {
        guard let from = step.windDirection else { continue }
        parts.append(
          "<path class=\"wind\" data-from=\"\(n(from))\" d=\"M0,-6 L0,6 M-3.5,2 L0,6 L3.5,2\" transform=\"translate(\(n(x(step.position))),\(n(top + 9))) rotate(\(n(from)))\"/>"
        )
      }
    }
    // The labels along the bottom, and a faint line at each local midnight of a chart by days.
    for label in placedLabels(chart) {
      if label.label.kind == .dayStart, chart.end - chart.start > 48 * 3600,
        label.label.position > 0
      {
        let at = x(label.label.position)
        parts.append(
          "<line class=\"grid\" x1=\"\(n(at))\" x2=\"\(n(at))\" y1=\"\(n(top))\" y2=\"\(n(barsBottom))\"/>"
        )
      }
      parts.append(
        "<text class=\"\(label.minor ? "axis minor" : "axis")\" x=\"\(n(label.x))\" y=\"\(n(labelsY))\" text-anchor=\"\(label.anchor)\">\(HTML.escape(label.label.text))</text>"
      )
    }
    // The lines last, over the rest.
    let scale =
      "data-top=\"\(n(top))\" data-bottom=\"\(n(bottom))\" data-max=\"\(n(scaleMax))\" data-min=\"\(n(scaleMin))\""
    parts.append(
      "<polyline class=\"feels\" \(scale) points=\"\(points(chart, feels, x: x, y: y))\"/>")
    parts.append(
      "<polyline class=\"temperature\" \(scale) points=\"\(points(chart, temperatures, x: x, y: y))\"/>"
    )
    // The key names only what is drawn.
    var legend = ["<span class=\"key key-temperature\">Temperature</span>"]
    if feels.contains(where: { $0 != nil }) {
      legend.append("<span class=\"key key-feels\">Feels like</span>")
    }
    if chart.steps.contains(where: { ($0.precipitation ?? 0) > 0 }) {
      legend.append("<span class=\"key key-precipitation\">Precipitation</span>")
    }
    if chance.count >= 2 { legend.append("<span class=\"key key-chance\">Chance of rain</span>") }
    if !chart.nights.isEmpty { legend.append("<span class=\"key key-night\">Night</span>") }
    if windy.count >= 2 { legend.append("<span class=\"key key-wind\">Wind direction</span>") }
    return HTML(
      trusted:
        "<figure class=\"chart\"><svg class=\"meteogram\" viewBox=\"0 0 \(n(width)) \(n(height))\" aria-hidden=\"true\" focusable=\"false\">"
        + parts.joined() + "</svg>"
        + "<figcaption>" + legend.joined(separator: " ") + "</figcaption></figure>"
    )
  }

  /// A label where it is drawn: its x, its anchor, and whether a phone hides it.
  struct PlacedLabel: Equatable {
    let label: HourlyChartViewModel.Label
    let x: Double
    let anchor: String
    let minor: Bool
  }

  /// The view model's labels that fit, most important first (day starts, then noons, then the
  /// other marks): one is kept only when its box (its characters' width at the label size, plus
  /// a gap) touches no kept label's; it is shown on a phone too (`minor` false) when it touches
  /// none of those at the phone's size. A label near an end is anchored to stay inside.
  static func placedLabels(_ chart: HourlyChartViewModel) -> [PlacedLabel] {
    let gap = 8.0
    func extent(_ label: HourlyChartViewModel.Label, size: Double) -> ClosedRange<Double> {
      let textWidth = Double(label.text.count) * size * 0.6
      let at = left + label.position * (right - left)
      if at - textWidth / 2 < 0 { return 0...textWidth }
      if at + textWidth / 2 > width { return (width - textWidth)...width }
      return (at - textWidth / 2)...(at + textWidth / 2)
    }
    func touch(_ first: ClosedRange<Double>, _ second: ClosedRange<Double>) -> Bool {
      first.lowerBound - gap < second.upperBound && second.lowerBound - gap < first.upperBound
    }
    let ordered = chart.labels.sorted {
      ($0.kind, $0.position) < ($1.kind, $1.position)
    }
    var kept: [(label: HourlyChartViewModel.Label, minor: Bool)] = []
    for label in ordered {
      let small = extent(label, size: labelSize)
      guard !kept.contains(where: { touch(small, extent($0.label, size: labelSize)) }) else {
        continue
      }
      let large = extent(label, size: phoneLabelSize)
      let minor = kept.contains {
        !$0.minor && touch(large, extent($0.label, size: phoneLabelSize))
      }
      kept.append((label, minor))
    }
    return kept.sorted { $0.label.position < $1.label.position }.map { label, minor in
      let at = left + label.position * (right - left)
      let half = Double(label.text.count) * (minor ? labelSize : phoneLabelSize) * 0.6 / 2
      let anchor = at - half < 0 ? "start" : at + half > width ? "end" : "middle"
      let drawnAt = anchor == "start" ? max(0, at - half) : anchor == "end" ? width : at
      return PlacedLabel(label: label, x: drawnAt, anchor: anchor, minor: minor)
    }
  }

  /// A polyline's points, skipping steps without a value.
  private static func points(
    _ chart: HourlyChartViewModel, _ values: [Double?], x: (Double) -> Double,
    y: (Double) -> Double
  ) -> String {
    zip(chart.steps, values).compactMap { step, value in
      value.map { "\(n(x(step.position))),\(n(y($0)))" }
    }.joined(separator: " ")
  }

  /// A coordinate with at most two decimals.
  static func n(_ value: Double) -> String {
    let text = DecimalText.fixed(value, decimals: 2)
    return text == "-0.00" ? "0.00" : text
  }
}

import CloudyModels
import CloudyViewModels

/// The week's lows and highs as bars on one scale (the coldest low to the warmest high of the
/// days shown), so a warm day stands out at a glance. One small SVG per row, drawn with
/// attributes (the CSP allows no inline style); `aria-hidden`, since the row says the range in
/// text.
enum WeekRanges {
  /// The scale of `days`: the lowest minimum and highest maximum, °F; nil without any.
  static func scale(_ days: [WeatherDayViewModel]) -> ClosedRange<Double>? {
    let lows = days.compactMap { $0.data.temperatureMin ?? $0.data.temperatureMax }
    let highs = days.compactMap { $0.data.temperatureMax ?? $0.data.temperatureMin }
    guard let low = lows.min(), let high = highs.max() else { return nil }
    return low...max(high, low + 1)
  }

  /// The bar of `day` on `scale`; nothing when the day has no temperature.
  static func bar(_ day: WeatherDayViewModel, scale: ClosedRange<Double>) -> HTML {
    guard let low = day.data.temperatureMin ?? day.data.temperatureMax,
      let high = day.data.temperatureMax ?? day.data.temperatureMin
    else { return "" }
    let span = scale.upperBound - scale.lowerBound
    let from = (low - scale.lowerBound) / span * 100
    let to = (high - scale.lowerBound) / span * 100
    return HTML(
      trusted:
        "<svg class=\"range\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\" focusable=\"false\"><rect class=\"track\" x=\"0\" y=\"3\" width=\"100\" height=\"4\" rx=\"2\"/><rect class=\"span\" data-low=\"\(HourlyChart.n(low))\" data-high=\"\(HourlyChart.n(high))\" x=\"\(HourlyChart.n(from))\" y=\"2\" width=\"\(HourlyChart.n(max(to - from, 2)))\" height=\"6\" rx=\"3\"/></svg>"
    )
  }
}

import CloudyModels

/// A condition's drawing (`/static/weather-NAME.svg`, one per icon name of the providers' sets
/// and of the WMO codes Cloudy maps to them, see `WeatherIcon`), beside the summary that says it
/// in words: `alt=""` and `aria-hidden`, so a screen reader reads the summary once.
enum WeatherSymbol {
  static func image(_ iconName: String, size: Int = 32) -> HTML {
    guard WeatherIcon(rawValue: iconName) != nil else { return "" }
    return
      "<img class=\"symbol\" src=\"/static/weather-\(iconName).svg\" alt=\"\" aria-hidden=\"true\" width=\"\(size)\" height=\"\(size)\">"
  }
}

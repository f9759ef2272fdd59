import CloudyModels

/// A condition as the terminal can draw it: one or two symbols of one column each (never an
/// emoji of two, which terminals count differently, see `Glyphs.unambiguous`), or under ASCII a
/// short word. Every icon name of the providers' sets and of the WMO codes Cloudy maps to them
/// (`WeatherIcon`) has one; a missing icon is blank.
extension Glyphs {
  public func symbol(_ iconName: String) -> String {
    guard let icon = WeatherIcon(rawValue: iconName) else { return "" }
    return unicode ? Self.symbols[icon] ?? "" : Self.words[icon] ?? ""
  }

  static let symbols: [WeatherIcon: String] = [
    .clearDay: "☀", .clearNight: "☾", .rain: "☂", .snow: "❄", .sleet: "❅", .wind: "≋",
    .fog: "≡", .cloudy: "☁", .partlyCloudyDay: "☀☁", .partlyCloudyNight: "☾☁",
  ]

  static let words: [WeatherIcon: String] = [
    .clearDay: "sun", .clearNight: "moon", .rain: "rain", .snow: "snow", .sleet: "sleet",
    .wind: "wind", .fog: "fog", .cloudy: "cloud", .partlyCloudyDay: "sun/cl",
    .partlyCloudyNight: "moon/cl",
  ]
}

import CloudyModels

/// WMO weather interpretation codes (as used by Open-Meteo) → a Cloudy icon and a short summary.
enum WMOWeatherCode {
  static func icon(code: Int, isDay: Bool) -> WeatherIcon {
    switch code {
    case 0, 1: isDay ? .clearDay : .clearNight
    case 2: isDay ? .partlyCloudyDay : .partlyCloudyNight
    case 3: .cloudy
    case 45, 48: .fog
    case 51, 53, 55, 61, 63, 65, 80, 81, 82, 95, 96, 99: .rain
    case 56, 57, 66, 67: .sleet
    case 71, 73, 75, 77, 85, 86: .snow
    default: .cloudy
    }
  }

  static func summary(code: Int) -> String {
    switch code {
    case 0: "Clear"
    case 1: "Mainly Clear"
    case 2: "Partly Cloudy"
    case 3: "Overcast"
    case 45: "Fog"
    case 48: "Freezing Fog"
    case 51: "Light Drizzle"
    case 53: "Drizzle"
    case 55: "Heavy Drizzle"
    case 56, 57: "Freezing Drizzle"
    case 61: "Light Rain"
    case 63: "Rain"
    case 65: "Heavy Rain"
    case 66, 67: "Freezing Rain"
    case 71: "Light Snow"
    case 73: "Snow"
    case 75: "Heavy Snow"
    case 77: "Snow Grains"
    case 80: "Rain Showers"
    case 81: "Heavy Rain Showers"
    case 82: "Violent Rain Showers"
    case 85: "Snow Showers"
    case 86: "Heavy Snow Showers"
    case 95: "Thunderstorm"
    case 96, 99: "Thunderstorm with Hail"
    default: "Unknown Conditions"
    }
  }
}

extension WeatherIcon {
  /// A Dark Sky–style icon name → the closest Cloudy icon. Pirate Weather and others add names
  /// beyond Dark Sky's ten ("hail", "thunderstorm", "tornado", "mixed", …); unknown names fall
  /// back to `cloudy`.
  static func closest(toProviderIcon name: String) -> WeatherIcon {
    let name = name.lowercased()
    if let icon = WeatherIcon(rawValue: name) { return icon }
    switch name {
    case "clear", "sunny": return .clearDay
    case "partly-cloudy", "mostly-clear-day", "mostly-cloudy-day": return .partlyCloudyDay
    case "mostly-clear-night", "mostly-cloudy-night": return .partlyCloudyNight
    case "hail", "mixed", "freezing-rain", "ice", "sleet-snow", "rain-snow": return .sleet
    case "thunderstorm", "drizzle", "showers", "precipitation", "possible-rain", "rain-showers":
      return .rain
    case "flurries", "snow-showers", "possible-snow": return .snow
    case "tornado", "hurricane", "windy", "breezy", "dust", "sandstorm": return .wind
    case "haze", "smoke", "mist", "foggy": return .fog
    default:
      if name.contains("thunder") || name.contains("rain") || name.contains("drizzle") {
        return .rain
      }
      if name.contains("snow") { return .snow }
      if name.contains("sleet") || name.contains("hail") { return .sleet }
      if name.contains("fog") { return .fog }
      if name.contains("wind") { return .wind }
      return .cloudy
    }
  }

  /// A short summary for when the provider gave none.
  var defaultSummary: String {
    switch self {
    case .clearDay, .clearNight: "Clear"
    case .rain: "Rain"
    case .snow: "Snow"
    case .sleet: "Sleet"
    case .wind: "Windy"
    case .fog: "Fog"
    case .cloudy: "Cloudy"
    case .partlyCloudyDay, .partlyCloudyNight: "Partly Cloudy"
    }
  }
}

import CloudyModels

/// MET Norway's weather symbols (`summary.symbol_code` of Locationforecast 2.0) → a Cloudy icon
/// and a summary.
///
/// The list is MET Norway's legend (github.com/metno/weathericons, also published as
/// `@yr/weather-symbols`): 41 conditions, of which the clear, fair, partly cloudy and showers
/// ones come in `_day`, `_night` and `_polartwilight` variants. Two codes keep the legend's own
/// spelling with a double s (`lightssleetshowersandthunder`, `lightssnowshowersandthunder`),
/// since that is what the API sends.
///
/// Decisions: `fair` (a few clouds) is clear, as Open-Meteo's WMO code 1 "mainly clear" is;
/// thunder takes the icon of what falls with it (rain, sleet or snow), since Cloudy has no
/// thunder icon; `_polartwilight` (the sun below the horizon all day, with twilight at noon)
/// takes the night icons, as the sun is not up. An unknown code is kept without an icon.
enum METNorwaySymbol {
  /// The icon and summary of a symbol code, nil when the code is not MET Norway's.
  static func decode(_ code: String) -> (icon: WeatherIcon, summary: String)? {
    var base = Substring(code)
    var isDay = true
    var hasVariant = false
    for (suffix, day) in [("_day", true), ("_night", false), ("_polartwilight", false)]
    where base.hasSuffix(suffix) {
      base = base.dropLast(suffix.count)
      isDay = day
      hasVariant = true
    }
    guard let condition = conditions[String(base)], condition.variants == hasVariant else {
      return nil
    }
    let icon: WeatherIcon =
      switch condition.kind {
      case .clear: isDay ? .clearDay : .clearNight
      case .partlyCloudy: isDay ? .partlyCloudyDay : .partlyCloudyNight
      case .cloudy: .cloudy
      case .fog: .fog
      case .rain: .rain
      case .sleet: .sleet
      case .snow: .snow
      }
    return (icon, condition.summary)
  }

  /// Every code the API may send: each condition, with its three variants where it has them.
  static var allCodes: [String] {
    conditions.keys.sorted().flatMap { base -> [String] in
      guard let condition = conditions[base] else { return [] }
      return condition.variants
        ? ["\(base)_day", "\(base)_night", "\(base)_polartwilight"] : [base]
    }
  }

  private enum Kind { case clear, partlyCloudy, cloudy, fog, rain, sleet, snow }

  private struct Condition {
    var summary: String
    var kind: Kind
    /// Whether the code comes with `_day`/`_night`/`_polartwilight`.
    var variants: Bool
  }

  private static let conditions: [String: Condition] = {
    var table: [String: Condition] = [
      "clearsky": Condition(summary: "Clear Sky", kind: .clear, variants: true),
      "fair": Condition(summary: "Fair", kind: .clear, variants: true),
      "partlycloudy": Condition(summary: "Partly Cloudy", kind: .partlyCloudy, variants: true),
      "cloudy": Condition(summary: "Cloudy", kind: .cloudy, variants: false),
      "fog": Condition(summary: "Fog", kind: .fog, variants: false),
    ]
    // The precipitation conditions: light / plain / heavy rain, sleet or snow, as showers (with
    // the three variants) or not, with thunder or not.
    for (word, kind) in [("rain", Kind.rain), ("sleet", .sleet), ("snow", .snow)] {
      for (prefix, strength) in [("light", "Light "), ("", ""), ("heavy", "Heavy ")] {
        let name = word.prefix(1).uppercased() + word.dropFirst()
        let plain = strength + name
        table[prefix + word] = Condition(summary: plain, kind: kind, variants: false)
        table[prefix + word + "andthunder"] = Condition(
          summary: plain + " and Thunder", kind: kind, variants: false)
        table[prefix + word + "showers"] = Condition(
          summary: plain + " Showers", kind: kind, variants: true)
        // The legend writes the light sleet and snow showers with thunder with a double s.
        let thunderShowers =
          prefix == "light" && word != "rain"
          ? "lights\(word)showersandthunder" : prefix + word + "showersandthunder"
        table[thunderShowers] = Condition(
          summary: plain + " Showers and Thunder", kind: kind, variants: true)
      }
    }
    return table
  }()
}

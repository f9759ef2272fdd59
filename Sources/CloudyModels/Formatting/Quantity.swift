/// One value as a person reads it, in the unit their settings choose: what `"quantities"` in
/// `show --json` carries and every front-end shows (`{"value": 29.92, "unit": "inHg",
/// "text": "29.92 inHg"}`).
///
/// `value` is converted but not rounded for display (JSON writes it to four decimals); `text` is
/// rounded as a person reads it. A Beaufort force and a unix time are whole (`isWhole`).
public struct Quantity: Hashable, Sendable {
  public var value: Double
  /// Exactly one of `°C`, `°F`, `%`, `hPa`, `inHg`, `mmHg`, `kPa`, `km/h`, `m/s`, `mph`, `kn`,
  /// `Bft`, `mm`, `in`, `km`, `mi`, `°`, `""` (UV index), `EAQI`, `US AQI`, `µg/m³`,
  /// `grains/m³`, `unix`.
  public var unit: String
  public var text: String
  public var isWhole: Bool

  public init(value: Double, unit: String, text: String, isWhole: Bool = false) {
    self.value = value
    self.unit = unit
    self.text = text
    self.isWhole = isWhole
  }

  /// A percentage (humidity, cloud cover, a chance), 0…100: "83 %".
  public static func percent(_ percent: Double) -> Quantity {
    Quantity(value: percent, unit: "%", text: DecimalText.fixed(percent, decimals: 0) + " %")
  }

  /// A wind direction in degrees with its 16-point compass word as the text: "NW".
  public static func direction(degrees: Double) -> Quantity {
    Quantity(value: degrees, unit: "°", text: UnitConversion.compassPoint(degrees: degrees))
  }

  /// A UV index with the WHO's word for its band: "6 · high" (0–2 low, 3–5 moderate, 6–7
  /// high, 8–10 very high, 11+ extreme; the index is read rounded, as the WHO publishes it).
  public static func uvIndex(_ index: Double) -> Quantity {
    let whole = index.rounded()
    let word =
      switch whole {
      case ..<3: "low"
      case ..<6: "moderate"
      case ..<8: "high"
      case ..<11: "very high"
      default: "extreme"
      }
    return Quantity(
      value: index, unit: "", text: DecimalText.fixed(whole, decimals: 0) + " · " + word)
  }

  /// A pollutant's concentration: "12.3 µg/m³".
  public static func concentration(_ microgramsPerCubicMetre: Double) -> Quantity {
    Quantity(
      value: microgramsPerCubicMetre, unit: "µg/m³",
      text: DecimalText.fixed(microgramsPerCubicMetre, decimals: 1) + " µg/m³")
  }

  /// A pollen count, grains per cubic metre of air, to the tenth Open-Meteo gives:
  /// "121.9 grains/m³".
  public static func pollen(_ grainsPerCubicMetre: Double) -> Quantity {
    Quantity(
      value: grainsPerCubicMetre, unit: "grains/m³",
      text: DecimalText.fixed(grainsPerCubicMetre, decimals: 1) + " grains/m³")
  }

  /// An instant (sunrise, sunset): unix seconds, its text the local time the caller formatted.
  public static func instant(_ unixTime: Int64, text: String) -> Quantity {
    Quantity(value: Double(unixTime), unit: "unix", text: text, isWhole: true)
  }
}

extension TemperatureNotation {
  /// A temperature (°F in the store) in this notation: "19.9 °C".
  public func quantity(fahrenheit: Double) -> Quantity {
    switch self {
    case .fahrenheit: Quantity(value: fahrenheit, unit: "°F", text: format(fahrenheit: fahrenheit))
    case .celsius:
      Quantity(
        value: UnitConversion.celsius(fromFahrenheit: fahrenheit), unit: "°C",
        text: format(fahrenheit: fahrenheit))
    }
  }
}

extension WindUnit {
  /// The unit's symbol as `"unit"` writes it.
  public var symbol: String {
    switch self {
    case .kilometresPerHour: "km/h"
    case .metresPerSecond: "m/s"
    case .milesPerHour: "mph"
    case .knots: "kn"
    case .beaufort: "Bft"
    }
  }

  /// A wind speed (mph in the store): whole km/h, mph and knots ("19 km/h"), m/s to one decimal
  /// ("5.4 m/s"), the Beaufort force as a whole number ("4 Bft").
  public func quantity(milesPerHour: Double) -> Quantity {
    let value: Double
    let decimals: Int
    switch self {
    case .kilometresPerHour:
      value = UnitConversion.kilometresPerHour(fromMilesPerHour: milesPerHour)
      decimals = 0
    case .metresPerSecond:
      value = UnitConversion.metresPerSecond(fromMilesPerHour: milesPerHour)
      decimals = 1
    case .milesPerHour:
      value = milesPerHour
      decimals = 0
    case .knots:
      value = UnitConversion.knots(fromMilesPerHour: milesPerHour)
      decimals = 0
    case .beaufort:
      let force = UnitConversion.beaufort(fromMilesPerHour: milesPerHour)
      return Quantity(value: Double(force), unit: "Bft", text: "\(force) Bft", isWhole: true)
    }
    return Quantity(
      value: value, unit: symbol, text: DecimalText.fixed(value, decimals: decimals) + " " + symbol)
  }

  /// The text alone: "13 mph".
  public func format(milesPerHour: Double) -> String { quantity(milesPerHour: milesPerHour).text }
}

extension PressureUnit {
  public var symbol: String { text }

  /// A sea-level pressure (hPa in the store): "1013 hPa", "29.92 inHg", "760 mmHg",
  /// "101.3 kPa".
  public func quantity(hectopascals: Double) -> Quantity {
    let (value, decimals): (Double, Int) =
      switch self {
      case .hectopascals: (hectopascals, 0)
      case .inchesOfMercury: (hectopascals / UnitConversion.hectopascalsPerInchOfMercury, 2)
      case .millimetresOfMercury:
        (hectopascals / UnitConversion.hectopascalsPerMillimetreOfMercury, 0)
      case .kilopascals: (hectopascals / 10, 1)
      }
    return Quantity(
      value: value, unit: symbol, text: DecimalText.fixed(value, decimals: decimals) + " " + symbol)
  }
}

extension PrecipitationUnit {
  /// An amount (inches in the store): "0.12 in", "3.1 mm".
  public func quantity(inches: Double) -> Quantity {
    switch self {
    case .inches:
      Quantity(value: inches, unit: "in", text: DecimalText.fixed(inches, decimals: 2) + " in")
    case .millimetres:
      Quantity(
        value: UnitConversion.millimetres(fromInches: inches), unit: "mm",
        text: DecimalText.fixed(UnitConversion.millimetres(fromInches: inches), decimals: 1)
          + " mm")
    }
  }

  /// The text alone.
  public func format(inches: Double) -> String { quantity(inches: inches).text }
}

extension DistanceUnit {
  /// A visibility (metres in the store): "24.1 km", "15.0 mi".
  public func quantity(metres: Double) -> Quantity {
    let value =
      switch self {
      case .kilometres: metres / 1000
      case .miles: metres / (UnitConversion.kilometresPerMile * 1000)
      }
    return Quantity(
      value: value, unit: rawValue, text: DecimalText.fixed(value, decimals: 1) + " " + rawValue)
  }
}

extension AirQualityScale {
  /// The scale's name as `"unit"` writes it.
  public var symbol: String { self == .european ? "EAQI" : "US AQI" }

  /// The index on this scale with its band's word, "42 · moderate"; nil when the readings lack
  /// this scale's index. European bands as the EEA and Open-Meteo draw them (0–20 good, –40
  /// fair, –60 moderate, –80 poor, –100 very poor, above extremely poor); US bands the EPA's
  /// (0–50 good, –100 moderate, –150 unhealthy for sensitive groups, –200 unhealthy, –300 very
  /// unhealthy, above hazardous). An index on a band's upper bound is in that band.
  public func quantity(_ readings: WeatherReadings) -> Quantity? {
    guard let index = self == .european ? readings.europeanAQI : readings.usAQI else {
      return nil
    }
    let bands: [(Double, String)] =
      switch self {
      case .european:
        [(20, "good"), (40, "fair"), (60, "moderate"), (80, "poor"), (100, "very poor")]
      case .us:
        [
          (50, "good"), (100, "moderate"), (150, "unhealthy for sensitive groups"),
          (200, "unhealthy"), (300, "very unhealthy"),
        ]
      }
    let whole = index.rounded()
    let word =
      bands.first(where: { whole <= $0.0 })?.1
      ?? (self == .european ? "extremely poor" : "hazardous")
    return Quantity(
      value: index, unit: symbol, text: DecimalText.fixed(whole, decimals: 0) + " · " + word)
  }
}

import CloudyJSON
import CloudyModels
import CloudyServices

/// The units of one Open-Meteo block, as the response states them.
///
/// A block's own `…_units` object names the unit of each of its columns. When it has none for a
/// column (a 2023 `current_weather` block came without a units block of its own), the unit is
/// taken from the response's other units blocks if every unit they state for that kind of
/// quantity agrees, and a note says so; when they disagree, or nothing in the response states
/// one, the block is refused: the same numbers mean °F or °C.
struct ResponseUnits {
  let document: JSONField
  /// The block's name in notes and refusals ("current_weather").
  let block: String
  let own: JSONField?

  private enum Kind {
    case temperature, wind, precipitation

    var name: String {
      switch self {
      case .temperature: "temperature"
      case .wind: "wind speed"
      case .precipitation: "precipitation"
      }
    }

    /// Whether a units member is of this kind, by its variable's name.
    func holds(_ key: String) -> Bool {
      switch self {
      case .temperature: key.contains("temperature")
      case .wind: key.contains("wind_speed") || key.contains("windspeed")
      case .precipitation:
        (key.hasPrefix("precipitation") && !key.hasPrefix("precipitation_probability")
          && !key.hasPrefix("precipitation_hours")) || key.hasPrefix("rain")
          || key.hasPrefix("showers")
      }
    }
  }

  private static let unitsBlocks = [
    "current_units", "current_weather_units", "hourly_units", "daily_units", "minutely_15_units",
  ]

  /// To °F from the unit stated for the first of `keys`.
  func temperature(keys: [String], notes: inout [String]) throws(ForecastError)
    -> @Sendable (Double) -> Double
  {
    let (unit, path) = try find(.temperature, keys: keys, notes: &notes)
    switch unit {
    case "°F": return { $0 }
    case "°C": return { UnitConversion.fahrenheit(fromCelsius: $0) }
    default:
      throw .invalidResponse(
        "\(path) is \"\(unit)\", a temperature unit Cloudy does not know (it reads °C and °F); refused rather than guessed"
      )
    }
  }

  /// To mph from the unit stated for the first of `keys`.
  func wind(keys: [String], notes: inout [String]) throws(ForecastError)
    -> @Sendable (Double) -> Double
  {
    let (unit, path) = try find(.wind, keys: keys, notes: &notes)
    switch unit {
    case "mp/h", "mph": return { $0 }
    case "km/h": return { UnitConversion.milesPerHour(fromKilometresPerHour: $0) }
    case "m/s": return { UnitConversion.milesPerHour(fromMetresPerSecond: $0) }
    case "kn": return { UnitConversion.milesPerHour(fromKnots: $0) }
    default:
      throw .invalidResponse(
        "\(path) is \"\(unit)\", a wind speed unit Cloudy does not know (it reads km/h, m/s, mp/h and kn); refused rather than guessed"
      )
    }
  }

  /// To inches from the unit stated for the first of `keys`.
  func precipitation(keys: [String], notes: inout [String]) throws(ForecastError)
    -> @Sendable (Double) -> Double
  {
    let (unit, path) = try find(.precipitation, keys: keys, notes: &notes)
    switch unit {
    case "inch", "in": return { $0 }
    case "mm": return { UnitConversion.inches(fromMillimetres: $0) }
    default:
      throw .invalidResponse(
        "\(path) is \"\(unit)\", a precipitation unit Cloudy does not know (it reads mm and inch); refused rather than guessed"
      )
    }
  }

  /// The unit text and where it was read.
  private func find(_ kind: Kind, keys: [String], notes: inout [String]) throws(ForecastError)
    -> (String, String)
  {
    if let own, let field = try own.optional(anyOf: keys) {
      return (try field.string(), field.path)
    }
    // The other units blocks: every unit they state for this kind of quantity.
    var stated: [String: [String]] = [:]
    for name in Self.unitsBlocks {
      guard let units = try document.optional(name),
        case .object(let members) = units.value
      else { continue }
      for member in members.sorted(by: { $0.key < $1.key }) where kind.holds(member.key) {
        if case .string(let unit) = member.node.value {
          stated[unit, default: []].append("\(name).\(member.key)")
        }
      }
    }
    let first = keys.first ?? kind.name
    let lacking =
      own.map { "\($0.path) gives no unit for \(first)" } ?? "\(block) has no units block"
    guard !stated.isEmpty else {
      throw .invalidResponse(
        "\(lacking), and no other units block states a \(kind.name) unit, so its units cannot be known; refused rather than guessed"
      )
    }
    guard stated.count == 1, let (unit, paths) = stated.first else {
      let list = stated.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
      throw .invalidResponse(
        "\(lacking), and the response's other units blocks disagree on the \(kind.name) unit (\(list)); refused rather than guessed"
      )
    }
    let note =
      "\(block) states no \(kind.name) unit: read in \(unit), as \(paths.joined(separator: ", ")) state"
    if !notes.contains(note) { notes.append(note) }
    return (unit, paths[0])
  }
}

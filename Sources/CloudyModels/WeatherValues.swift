/// A set of `WeatherValue`s as one bit each: what a row lacks.
///
/// Every row of a view works out what it lacks, and every column asks whether any row has its
/// value. A `Set<WeatherValue>` is a hashed table per row, and the first one in a process has
/// the Swift runtime check `WeatherValue: Hashable` by scanning every protocol conformance
/// record the process holds (about 4,300 in `cloudy-forecast`): `show --week` paid that at
/// every start (issue 40). Bits cost neither. `missing: Set<WeatherValue>` stays for callers
/// that want a set; it is built from these bits.
public struct WeatherValues: Hashable, Sendable {
  /// Bit `n` is `WeatherValue.allCases[n]`.
  private var bits: UInt32

  /// No values.
  public init() { bits = 0 }

  /// These values.
  public init(_ values: [WeatherValue]) {
    bits = 0
    for value in values { insert(value) }
  }

  /// Every value there is.
  public static let all = WeatherValues(WeatherValue.allCases)

  public var isEmpty: Bool { bits == 0 }

  public func contains(_ value: WeatherValue) -> Bool { bits & value.bit != 0 }

  public mutating func insert(_ value: WeatherValue) { bits |= value.bit }

  /// The values in both.
  public func intersection(_ other: WeatherValues) -> WeatherValues {
    var result = self
    result.bits &= other.bits
    return result
  }

  /// Whether it holds every value of `other`.
  public func isSuperset(of other: WeatherValues) -> Bool { bits & other.bits == other.bits }

  /// The values, in `WeatherValue`'s order.
  public var values: [WeatherValue] { WeatherValue.allCases.filter(contains) }
}

extension WeatherValue {
  /// Its bit in `WeatherValues`: its place in `allCases`.
  var bit: UInt32 {
    switch self {
    case .summary: 1 << 0
    case .icon: 1 << 1
    case .temperature: 1 << 2
    case .temperatureMin: 1 << 3
    case .temperatureMax: 1 << 4
    case .apparentTemperature: 1 << 5
    case .windSpeed: 1 << 6
    case .precipitationProbability: 1 << 7
    case .precipitation: 1 << 8
    case .sunrise: 1 << 9
    case .sunset: 1 << 10
    case .humidity: 1 << 11
    case .dewPoint: 1 << 12
    case .pressure: 1 << 13
    case .windDirection: 1 << 14
    case .windGust: 1 << 15
    case .uvIndex: 1 << 16
    case .visibility: 1 << 17
    case .cloudCover: 1 << 18
    case .airQuality: 1 << 19
    }
  }
}

import Foundation
import Testing

enum Fixture: String {
  case darkSkySanFrancisco = "darksky-sf-2018-02-20"
  case openMeteoAuckland = "open-meteo-auckland"
  case openMeteoHonoluluCelsius = "open-meteo-honolulu-celsius-iso8601"
  // Recorded by others (sources in Fixtures/README.md).
  case forecastIOSanFranciscoSIFlag = "forecastio-sf-2013-03-11-si-flag"
  case forecastIOSanFranciscoNoUnits = "forecastio-sf-2013-03-11-no-units"
  case openMeteoEnschedeCurrentWeather = "open-meteo-enschede-2026-10-03-current-weather-kmh"
  case openMeteoZurichMultiModel = "open-meteo-zurich-2026-10-03-multi-model"
  case metNorwayGothenburg = "met-norway-gothenburg-2021-10-20-compact"
  case metNorwayArabianSea = "met-norway-arabian-sea-2021-10-12-compact"
  case nwsForecastUS = "nws-forecast-tallahassee-2019-10-13-us"
  case nwsForecastSI = "nws-forecast-tallahassee-2019-10-13-si"
  case nwsForecastHourly = "nws-forecast-hourly-tallahassee-2019-10-14-us"
  case nwsPoints = "Alerts/nws-points"
  case openMeteoAirQualityBerlin = "open-meteo-air-quality-berlin-2024-02-21-current"

  var bytes: [UInt8] {
    get throws {
      let url = try #require(
        Bundle.module.url(forResource: rawValue, withExtension: "json", subdirectory: "Fixtures"),
        "fixture \(rawValue).json is missing from the test bundle")
      return Array(try Data(contentsOf: url))
    }
  }

  /// The fixture with one change applied to its parsed JSON.
  func modified(_ change: (inout [String: Any]) throws -> Void) throws -> [UInt8] {
    let object = try JSONSerialization.jsonObject(with: Data(try bytes))
    var document = try #require(object as? [String: Any])
    try change(&document)
    return Array(try JSONSerialization.data(withJSONObject: document))
  }
}

extension Dictionary where Key == String, Value == Any {
  /// Sets `value` at a dotted path ("hourly.temperature_2m.3", "currently.icon"); `nil` removes
  /// the key (use `NSNull()` for a JSON null).
  mutating func set(_ path: String, _ value: Any?) throws {
    let parts = path.split(separator: ".").map(String.init)
    self = try Self.setting(parts[...], value, in: self) as? [String: Any] ?? self
  }

  private static func setting(_ parts: ArraySlice<String>, _ value: Any?, in container: Any) throws
    -> Any
  {
    guard let key = parts.first else { return value ?? NSNull() }
    let rest = parts.dropFirst()
    if var dictionary = container as? [String: Any] {
      if rest.isEmpty {
        dictionary[key] = value
      } else {
        dictionary[key] = try setting(rest, value, in: try #require(dictionary[key], "no \(key)"))
      }
      return dictionary
    }
    var array = try #require(container as? [Any], "cannot index \(key)")
    let index = try #require(Int(key), "\(key) is not an index")
    if rest.isEmpty {
      if let value { array[index] = value } else { array.remove(at: index) }
    } else {
      array[index] = try setting(rest, value, in: array[index])
    }
    return array
  }
}

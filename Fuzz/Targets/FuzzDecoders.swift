import CloudyDecoding
import CloudyModels

/// libFuzzer target: the provider response decoders (Open-Meteo and Dark Sky JSON).
/// Any input must decode or throw; what decodes must be storable (the schema's CHECKs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  _ = ForecastResponseFormat.detect(bytes)
  for format in [ForecastResponseFormat.openMeteo, .darkSky] {
    guard let weather = try? ForecastDecoder.decode(bytes, format: format, fetchedAt: 1_700_000_000)
    else { continue }
    FuzzCheck.storable(weather)
  }
  return 0
}

enum FuzzCheck {
  /// Traps (a finding) when a decoded forecast would break the schema's constraints.
  static func storable(_ weather: WeatherData) {
    precondition((-90...90).contains(weather.coordinate.latitude), "latitude")
    precondition((-180...180).contains(weather.coordinate.longitude), "longitude")
    precondition(weather.days.count <= ForecastDecoder.maximumDays, "days")
    precondition(weather.hours.count <= ForecastDecoder.maximumHours, "hours")
    for conditions in [weather.current] + weather.hours {
      precondition(conditions.temperature.isFinite, "temperature")
      precondition(conditions.windSpeed.isFinite && conditions.windSpeed >= 0, "wind speed")
      precondition(
        conditions.precipitationProbability.map { (0...1).contains($0) } ?? true, "precipitation")
    }
    for day in weather.days {
      precondition(day.temperatureMin.isFinite && day.temperatureMax.isFinite, "day temperature")
      precondition(day.temperatureMin <= day.temperatureMax, "min <= max")
      precondition(day.windSpeed.isFinite && day.windSpeed >= 0, "day wind speed")
      precondition(
        day.precipitationProbability.map { (0...1).contains($0) } ?? true, "day precipitation")
    }
    precondition(Set(weather.days.map(\.time)).count == weather.days.count, "unique day times")
    precondition(Set(weather.hours.map(\.time)).count == weather.hours.count, "unique hour times")
  }
}

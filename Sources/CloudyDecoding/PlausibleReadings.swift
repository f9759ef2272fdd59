import CloudyModels

extension WeatherReadings {
  /// The readings a store can keep: a percentage a little past 100 (MET Norway's humidity in
  /// fog reads 100.4) is 100, a direction is taken modulo 360, and a value no instrument could
  /// give (negative, not finite, a pressure below 300 hPa) is dropped as missing rather than
  /// refusing the whole forecast, whose temperatures and winds are checked strictly.
  func plausible() -> WeatherReadings {
    func within(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
      guard let value, value.isFinite, range.contains(value) else { return nil }
      return value
    }
    func percent(_ value: Double?) -> Double? {
      within(value, -0.5...105).map { min(max($0, 0), 100) }
    }
    var result = self
    result.humidity = percent(humidity)
    result.cloudCover = percent(cloudCover)
    result.dewPoint = within(dewPoint, Validation.temperatureRange)
    result.pressure = within(pressure, 300...1200)
    result.windDirection = within(windDirection, -720...720).map {
      let turned = $0.truncatingRemainder(dividingBy: 360)
      return turned < 0 ? turned + 360 : ($0 == 360 ? 360 : turned)
    }
    result.windGust = within(windGust, Validation.windRange)
    result.uvIndex = within(uvIndex, 0...40)
    // Whole metres: finer than any visibility is measured, and stored in three bytes, not eight.
    result.visibility = within(visibility, 0...1_000_000)?.rounded()
    result.europeanAQI = within(europeanAQI, 0...10_000)
    result.usAQI = within(usAQI, 0...10_000)
    result.pm25 = within(pm25, 0...100_000)
    result.pm10 = within(pm10, 0...100_000)
    result.ozone = within(ozone, 0...100_000)
    result.nitrogenDioxide = within(nitrogenDioxide, 0...100_000)
    // Grains/m³: a heavy birch day in Europe is a few thousand.
    result.alderPollen = within(alderPollen, 0...1_000_000)
    result.birchPollen = within(birchPollen, 0...1_000_000)
    result.grassPollen = within(grassPollen, 0...1_000_000)
    result.mugwortPollen = within(mugwortPollen, 0...1_000_000)
    result.olivePollen = within(olivePollen, 0...1_000_000)
    result.ragweedPollen = within(ragweedPollen, 0...1_000_000)
    return result
  }
}

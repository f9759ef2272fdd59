package import CloudyModels
package import CloudyStoring

/// Cached forecasts by place, in memory, with the store's rules (`StoringContractTests` runs it
/// beside SQLite): one forecast per place, replaced whole; `prune` by the data's issue time. It
/// counts reads and saves, and fails saves on request, for the view models' tests; the app's
/// tests fill `cached` directly.
package final class FakeForecastStore: ForecastStoring {
  package init() {}

  package var cached: [Place: WeatherData] = [:]
  package var failSaves = false
  package private(set) var reads = 0
  package private(set) var saves: [Place] = []

  package func latest(for place: Place) throws -> WeatherData? {
    reads += 1
    return cached[place]
  }

  package func save(_ weather: WeatherData, for place: Place) throws {
    if failSaves { throw FakeStoreFailure() }
    saves.append(place)
    cached[place] = weather
  }

  package func update(for place: Place, _ change: (WeatherData) throws -> WeatherData) throws
    -> (cached: WeatherData, stored: WeatherData)?
  {
    guard let cached = cached[place] else { return nil }
    let stored = try change(cached)
    try save(stored, for: place)
    return (cached, stored)
  }

  package func prune(issuedBefore cutoff: Int64) throws -> Int {
    let old = cached.filter { $0.value.issuedAt < cutoff }
    for place in old.keys { cached[place] = nil }
    return old.count
  }
}

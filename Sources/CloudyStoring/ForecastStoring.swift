public import CloudyModels

/// What the forecast views need from storage. `ForecastRepository` (CloudyStore) is the real one;
/// tests inject fakes. Each write completes or throws having changed nothing.
public protocol ForecastStoring {
  /// The newest cached forecast of `place`; nil when none is cached.
  func latest(for place: Place) throws -> WeatherData?
  /// Replaces the cached forecast of `place` in one transaction.
  func save(_ weather: WeatherData, for place: Place) throws
  /// Deletes forecasts fetched before `cutoff` (unix seconds); returns how many.
  @discardableResult
  func prune(fetchedBefore cutoff: Int64) throws -> Int
}

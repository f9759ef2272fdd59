public import CloudyModels

/// What the forecast views need from storage. `ForecastRepository` (CloudyStore) is the real one;
/// tests inject fakes. Each write completes or throws having changed nothing.
public protocol ForecastStoring {
  /// The newest cached forecast of `place`; nil when none is cached.
  func latest(for place: Place) throws -> WeatherData?
  /// Replaces the cached forecast of `place` in one transaction.
  func save(_ weather: WeatherData, for place: Place) throws
  /// Deletes forecasts whose data was issued before `cutoff` (unix seconds): by the data's age,
  /// the age every view shows, so an old response imported today is as old as its data.
  /// Returns how many.
  @discardableResult
  func prune(issuedBefore cutoff: Int64) throws -> Int
}

public import CloudyModels

/// What the forecast views need from storage. `ForecastRepository` (CloudyStore) is the real one;
/// tests inject fakes. Each write completes or throws having changed nothing.
public protocol ForecastStoring {
  /// The newest cached forecast of `place`; nil when none is cached.
  func latest(for place: Place) throws -> WeatherData?
  /// The newest cached forecast of `place` with the parts `parts` names only: its own row
  /// (provider, place, zone, times) always, its current conditions, days and hours when
  /// `parts` names them (a part left out is empty: conditions with their time alone, no days,
  /// no hours); `contents` still says every part it holds. A command that prints one view
  /// reads what it prints. nil when none is cached.
  func latest(for place: Place, reading parts: ForecastContents) throws -> WeatherData?
  /// Replaces the cached forecast of `place` in one transaction.
  func save(_ weather: WeatherData, for place: Place) throws
  /// Changes the cached forecast of `place` in one transaction, all or nothing, with no other
  /// write between reading it and storing what `change` returns; the forecast before and
  /// after, or nil (nothing written) when none is cached.
  @discardableResult
  func update(for place: Place, _ change: (WeatherData) throws -> WeatherData) throws
    -> (cached: WeatherData, stored: WeatherData)?
  /// Deletes forecasts whose data was issued before `cutoff` (unix seconds): by the data's age,
  /// the age every view shows, so an old response imported today is as old as its data.
  /// Returns how many.
  @discardableResult
  func prune(issuedBefore cutoff: Int64) throws -> Int
}

extension ForecastStoring {
  /// The whole forecast, less the conditions, days or hours `parts` does not name: right for
  /// any store (a store that holds forecasts in memory has nothing to save by reading less).
  public func latest(for place: Place, reading parts: ForecastContents) throws -> WeatherData? {
    guard var weather = try latest(for: place) else { return nil }
    if !parts.contains(.current) {
      weather.current = WeatherConditions(
        time: weather.current.time, summary: nil, icon: nil, temperature: nil, windSpeed: nil)
    }
    if !parts.contains(.daily) { weather.days = [] }
    if !parts.contains(.hourly) { weather.hours = [] }
    return weather
  }
}

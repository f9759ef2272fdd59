extension WeatherData {
  /// How far apart two answers of one service may have been issued and still be read as parts
  /// of one forecast (`keepingParts`).
  public static let partsKeptWithin: Int64 = 48 * 3600

  /// This forecast with the parts it lacks (days, hours, the current conditions) kept from
  /// `cached`, when `cached` is the same service's forecast of the same point issued within
  /// `partsKeptWithin` of this one; otherwise this forecast alone. `kept` names what was kept.
  ///
  /// Why: the NWS answers a place's days and its hours at two addresses (`forecast` and
  /// `forecast/hourly`), so a user who imports both, one after the other, means one forecast;
  /// replacing the whole cached forecast with each kept only the last. A part is never mixed
  /// (the new days replace all the old days), another service's part is never kept, and the
  /// age shown is the older part's (`issuedAt`, the earlier of the two), so nothing looks newer
  /// than it is.
  public func keepingParts(of cached: WeatherData?) -> (
    weather: WeatherData, kept: ForecastContents
  ) {
    guard let cached, cached.provider == provider,
      abs(cached.coordinate.latitude - coordinate.latitude) <= 0.05,
      abs(cached.coordinate.longitude - coordinate.longitude) <= 0.05,
      abs(cached.issuedAt - issuedAt) <= Self.partsKeptWithin
    else { return (self, []) }
    let kept = cached.contents.subtracting(contents)
    guard !kept.isEmpty else { return (self, []) }
    var merged = self
    if kept.contains(.daily) { merged.days = cached.days }
    if kept.contains(.hourly) { merged.hours = cached.hours }
    if kept.contains(.current) { merged.current = cached.current }
    merged.contents.formUnion(kept)
    merged.issuedAt = min(issuedAt, cached.issuedAt)
    return (merged, kept)
  }
}

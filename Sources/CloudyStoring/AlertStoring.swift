public import CloudyModels

/// What the alert views and commands need from storage. `AlertRepository` (CloudyStore) is the
/// real one; tests inject fakes. The store keeps messages as they came (an Update and a Cancel
/// are messages too); which are active is the view models' to decide, against a clock. Each
/// write completes or throws having changed nothing.
public protocol AlertStoring {
  /// Every stored message about `place`, oldest sent first (then by identifier).
  func alerts(for place: Place) throws -> [WeatherAlert]
  /// Every stored message, by place, read in one snapshot: what the Locations marks and a
  /// listing of every place need, in one read rather than one per place.
  func alertsByPlace() throws -> [Place: [WeatherAlert]]
  /// Stores messages about `place` in one transaction; a message whose identifier is already
  /// stored for the place replaces it (a fetch that sees it again). A saved place that does not
  /// exist is refused with `LocationError.notFound`.
  ///
  /// `endingOthersOf`: the source whose whole list of active alerts for the place `alerts` is
  /// (the NWS's `alerts/active` answer, a Dark Sky-family response's `alerts`). That list is the
  /// truth: an alert of that source about the place that it no longer holds has ended, so one
  /// already begun ends at `fetchedAt` (it stays listed as ended) and one not yet begun is
  /// removed. Nil: the messages add to what is stored (a CAP document names only itself).
  func record(
    _ alerts: [WeatherAlert], for place: Place, fetchedAt: Int64, endingOthersOf: AlertSource?)
    throws
  /// Deletes messages that ended (`ends`, else `expires`, else `sent`) before `cutoff` (unix
  /// seconds): alerts are kept like forecasts and pruned with them. Returns how many.
  @discardableResult
  func prune(endedBefore cutoff: Int64) throws -> Int
}

extension AlertStoring {
  /// Stores messages that add to what is stored (see `record(_:for:fetchedAt:endingOthersOf:)`).
  public func record(_ alerts: [WeatherAlert], for place: Place, fetchedAt: Int64) throws {
    try record(alerts, for: place, fetchedAt: fetchedAt, endingOthersOf: nil)
  }
}

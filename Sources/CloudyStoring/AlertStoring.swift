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
  func record(_ alerts: [WeatherAlert], for place: Place, fetchedAt: Int64) throws
  /// Deletes messages that ended (`ends`, else `expires`, else `sent`) before `cutoff` (unix
  /// seconds): alerts are kept like forecasts and pruned with them. Returns how many.
  @discardableResult
  func prune(endedBefore cutoff: Int64) throws -> Int
}

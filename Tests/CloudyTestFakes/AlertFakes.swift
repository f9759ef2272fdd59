package import CloudyModels
package import CloudyStoring

/// An in-memory `AlertStoring` with the repository's rules: one message per place and
/// identifier (a new one replaces it), a missing saved place refused, pruning by when a
/// message ended. `knownPlaces` stands in for the location table.
package final class FakeAlertStore: AlertStoring {
  package init(knownPlaces: Set<Location.ID> = []) {
    self.knownPlaces = knownPlaces
  }

  package var knownPlaces: Set<Location.ID>
  package var stored: [Place: [WeatherAlert]] = [:]
  package var failWrites = false

  package func alerts(for place: Place) throws -> [WeatherAlert] {
    (stored[place] ?? []).sorted { ($0.sent, $0.identifier) < ($1.sent, $1.identifier) }
  }

  package func alertsByPlace() throws -> [Place: [WeatherAlert]] {
    var byPlace: [Place: [WeatherAlert]] = [:]
    for place in stored.keys where !(stored[place] ?? []).isEmpty {
      byPlace[place] = try alerts(for: place)
    }
    return byPlace
  }

  package func record(
    _ alerts: [WeatherAlert], for place: Place, fetchedAt: Int64, endingOthersOf: AlertSource?
  ) throws {
    if case .saved(let id) = place, !knownPlaces.contains(id) {
      throw LocationError.notFound("with id \(id)")
    }
    if failWrites { throw FakeStoreFailure() }
    var list = stored[place] ?? []
    for alert in alerts {
      list.removeAll { $0.identifier == alert.identifier }
      list.append(alert)
    }
    if let source = endingOthersOf {
      let kept = Set(alerts.map(\.identifier))
      list = list.compactMap { alert in
        guard alert.source == source, !kept.contains(alert.identifier) else { return alert }
        if alert.begins > fetchedAt { return nil }
        var ended = alert
        if (alert.until ?? .max) > fetchedAt { ended.ends = fetchedAt }
        return ended
      }
    }
    stored[place] = list
  }

  @discardableResult
  package func prune(endedBefore cutoff: Int64) throws -> Int {
    if failWrites { throw FakeStoreFailure() }
    var count = 0
    for place in stored.keys {
      let before = stored[place]?.count ?? 0
      stored[place]?.removeAll { ($0.until ?? $0.sent) < cutoff }
      count += before - (stored[place]?.count ?? 0)
    }
    return count
  }
}

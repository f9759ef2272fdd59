public import CloudyModels
public import CloudyStoring

extension LocationRepository: LocationStoring {
  /// Reads in one transaction, so another process's write lands wholly before or after it.
  public func snapshot() throws -> LocationsSnapshot {
    try database.read { _ in
      LocationsSnapshot(
        locations: try all(), currentLocation: try currentLocation(), selection: try selection())
    }
  }

  /// `PlaceReference`'s rules as index lookups, so finding a place costs the same at 100,000
  /// places as at 10: a number is a position; a name is looked up under the name's NOCASE
  /// collation (which folds ASCII case), then as a beginning of names by a range on the same
  /// index. Text with letters beyond ASCII, which NOCASE compares exactly, falls back to the
  /// whole list and the Unicode rules once the index found nothing; so does a name the index
  /// does not find, for the query it was added under and its spelling without accents.
  public func locate(_ reference: PlaceReference) throws -> Location {
    try database.read { _ in
      switch reference {
      case .id(let id):
        if let location = try find(id: id) { return location }
        throw PlaceReferenceError.noPlaceWithID(id)
      case .number(let number):
        if number >= 1, let location = try find(position: number - 1) { return location }
        throw PlaceReferenceError.rowOutOfRange(number, count: try count())
      case .name(let typed):
        let name = typed.trimmingWhitespace()
        // The UNIQUE NOCASE constraint allows one such place at most; it is also the exact one.
        if let location = try find(name: name) { return location }
        guard name.unicodeScalars.allSatisfy(\.isASCII) else {
          let locations = try all()
          return locations[try reference.index(in: locations)]
        }
        let limit = PlaceReference.namedCandidates
        let (matches, count) = try find(namesBeginningWith: name, limit: limit)
        if count == 1, let only = matches.first { return only }
        guard count == 0 else {
          throw PlaceReferenceError.ambiguousName(
            typed, matches: matches.map { "\($0.position + 1) \($0.name)" }, matchCount: count)
        }
        // Not by its stored spelling: as it was added, or without accents, over the list (only
        // when the index found nothing, so a name that is there costs what it did).
        let locations = try all()
        if let folded = try PlaceReference.foldedIndex(typed, in: locations) {
          return locations[folded]
        }
        throw PlaceReferenceError.noPlaceNamed(
          typed, saved: try names(limit: limit), savedCount: try self.count())
      }
    }
  }
}

extension SettingsRepository: SettingsStoring {}

extension ForecastRepository: ForecastStoring {}

extension AlertRepository: AlertStoring {}

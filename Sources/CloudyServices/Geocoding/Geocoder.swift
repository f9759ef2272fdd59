public import CloudyModels

/// Turns what a user typed ("Richmond, VA", "Zürich", "Paris, France") into places.
public protocol Geocoder: Sendable {
  /// Ranked candidates, best first: the places named whole (`match.isWholeName`), then places
  /// whose name begins with the query; empty when nothing matches either way.
  func search(_ query: String, limit: Int) throws(GeocodingError) -> [PlaceCandidate]
  /// Near matches (`.near`) for a query that found nothing (e.g. "Richmnd" → Richmond…), best first.
  func suggestions(for query: String, limit: Int) -> [PlaceCandidate]
}

/// One place a query may mean.
public struct PlaceCandidate: Hashable, Sendable {
  /// "Richmond".
  public let name: String
  /// First-level subdivision, e.g. "Virginia"; nil when the data has none.
  public let region: String?
  /// ISO 3166-1 alpha-2, e.g. "US".
  public let countryCode: String
  /// "United States".
  public let countryName: String
  public let coordinate: Coordinate
  /// IANA time zone, e.g. "America/New_York".
  public let timeZone: String
  /// 0 when unknown.
  public let population: Int
  /// How it matched the query: by its name, another of its names, a prefix, or nearly.
  public let match: PlaceMatch

  public init(
    name: String, region: String?, countryCode: String, countryName: String,
    coordinate: Coordinate, timeZone: String, population: Int, match: PlaceMatch = .name
  ) {
    self.name = name
    self.region = region
    self.countryCode = countryCode
    self.countryName = countryName
    self.coordinate = coordinate
    self.timeZone = timeZone
    self.population = population
    self.match = match
  }

  /// "Richmond, Virginia, US": the name, the region if any, the country code.
  public var displayName: String {
    var parts = [name]
    if let region, !region.isEmpty { parts.append(region) }
    parts.append(countryCode)
    return parts.joined(separator: ", ")
  }

  /// What the store saves when the user picks this candidate.
  public func newLocation(query: String) -> NewLocation {
    NewLocation(
      name: displayName, query: query, coordinate: coordinate, countryCode: countryCode,
      region: region, timeZone: timeZone, source: .gazetteer)
  }
}

/// Why a query could not be looked up. A query that is fine but matches nothing is not an
/// error: `search` returns no candidates and `suggestions(for:limit:)` offers near matches.
public enum GeocodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing but spaces.
  case emptyQuery
  /// More characters than a place name can have.
  case queryTooLong(limit: Int)
  /// Only qualifiers, as in ", France".
  case missingPlaceName
  /// The place list built into the program is missing or damaged.
  case gazetteerUnavailable

  public var description: String {
    switch self {
    case .emptyQuery: "the place name is empty"
    case .queryTooLong(let limit): "the place name is too long (at most \(limit) characters)"
    case .missingPlaceName: "say which place before the comma, e.g. \"Paris, France\""
    case .gazetteerUnavailable:
      "the built-in place list is missing or damaged"
    }
  }
}

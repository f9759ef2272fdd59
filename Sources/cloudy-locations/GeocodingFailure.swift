import CloudyCLI
import CloudyServices

extension GeocodingError: UserFacingError {
  /// A query that cannot be looked up is bad input (65); a missing or damaged place list
  /// is a service that is unavailable (69).
  public var failure: CommandFailure {
    switch self {
    case .gazetteerUnavailable: CommandFailure(.unavailable, description)
    case .emptyQuery, .queryTooLong, .missingPlaceName: CommandFailure(.badData, description)
    }
  }
}

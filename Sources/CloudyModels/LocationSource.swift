/// Where a saved place's coordinates came from; stored as text in `location.source`.
public enum LocationSource: String, CaseIterable, Sendable {
  /// Found in the offline GeoNames gazetteer.
  case gazetteer
  /// Typed by the user as latitude and longitude.
  case coordinates
  /// Answered by an online geocoding service.
  case geocodingService = "geocoding-service"
}

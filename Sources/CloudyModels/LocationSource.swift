/// Where a saved place's coordinates came from; stored as text in `location.source`.
public enum LocationSource: String, CaseIterable, Sendable {
  /// Found in the offline GeoNames gazetteer.
  case gazetteer
  /// Typed by the user as latitude and longitude.
  case coordinates
  /// Answered by an online geocoding service. No Cloudy tool geocodes online today, but the
  /// schema (`0001_initial.sql`) and the exchange formats accept the value, so a place another
  /// program (or a later Cloudy) saved so still reads, exports and imports as it was: kept.
  case geocodingService = "geocoding-service"
}

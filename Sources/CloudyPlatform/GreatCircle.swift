#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Distances on the Earth, with the C library's trigonometry.
public enum GreatCircle {
  /// Great-circle distance in kilometres between two latitude/longitude pairs in degrees
  /// (haversine, mean Earth radius 6371.0088 km).
  public static func kilometres(
    latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
  ) -> Double {
    let radians = Double.pi / 180
    let dLat = (latitude2 - latitude1) * radians
    let dLon = (longitude2 - longitude1) * radians
    let h =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
  }
}

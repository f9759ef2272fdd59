/// A point on the globe in WGS84 decimal degrees.
///
/// The initializer validates, so a `Coordinate` that exists is always storable: the schema's
/// CHECKs would refuse anything else, and catching it here gives a clearer message.
public struct Coordinate: Hashable, Sendable {
  public let latitude: Double
  public let longitude: Double

  public init(latitude: Double, longitude: Double) throws(CoordinateError) {
    guard latitude.isFinite, longitude.isFinite else { throw .notFinite }
    guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
    guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
    // -0.0 is stored as 0.0 so that the same place never compares unequal to itself.
    self.latitude = latitude == 0 ? 0 : latitude
    self.longitude = longitude == 0 ? 0 : longitude
  }
}

/// Why a pair of numbers is not a coordinate.
public enum CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
  case notFinite
  case latitudeOutOfRange(Double)
  case longitudeOutOfRange(Double)

  public var description: String {
    switch self {
    case .notFinite: "coordinates must be finite numbers"
    case .latitudeOutOfRange(let value): "latitude \(value) is outside -90…90"
    case .longitudeOutOfRange(let value): "longitude \(value) is outside -180…180"
    }
  }
}

extension Coordinate {
  /// What lists show: 4 decimals (about 11 m) with hemisphere letters, e.g.
  /// "37.5538° N, 77.4603° W".
  ///
  /// The letter follows the sign of the rounded value, so the equator and prime meridian (and
  /// anything that rounds to them) read "0.0000° N" / "0.0000° E", never "0.0000° S".
  public var displayText: String {
    "\(Self.degrees(latitude, positive: "N", negative: "S")), \(Self.degrees(longitude, positive: "E", negative: "W"))"
  }

  private static func degrees(_ value: Double, positive: String, negative: String) -> String {
    let magnitude = DecimalText.fixed(value.magnitude, decimals: 4)
    let isZero = magnitude.allSatisfy { $0 == "0" || $0 == "." }
    return "\(magnitude)° \(value < 0 && !isZero ? negative : positive)"
  }
}

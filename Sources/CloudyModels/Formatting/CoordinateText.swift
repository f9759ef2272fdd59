extension Coordinate {
  /// What lists show: 4 decimals (about 11 m) with hemisphere letters, e.g.
  /// "37.5538° N, 77.4603° W".
  ///
  /// The letter follows the sign of the rounded value, so the equator and prime meridian (and
  /// anything that rounds to them) read "0.0000° N" / "0.0000° E", never "0.0000° S".
  ///
  /// Built as bytes from integer ten-thousandths: `cloudy-locations list` makes one per row,
  /// and two `snprintf` calls with string interpolation around them were an eighth of the
  /// command. The digits are `printf("%.4f")`'s (`DecimalText`): where the product × 10⁴ is
  /// too close to a tie for its rounding to be certain, `DecimalText` itself is asked.
  public var displayText: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    Self.appendDegrees(
      latitude, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"), to: &bytes)
    bytes += [UInt8(ascii: ","), 0x20]
    Self.appendDegrees(
      longitude, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"), to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendDegrees(
    _ value: Double, positive: UInt8, negative: UInt8, to bytes: inout [UInt8]
  ) {
    let isZero: Bool
    if let scaled = tenThousandths(value.magnitude) {
      appendDigits(scaled / 10_000, to: &bytes)
      bytes.append(UInt8(ascii: "."))
      var fraction = scaled % 10_000
      var digits: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
      digits.3 = UInt8(fraction % 10) + 0x30
      fraction /= 10
      digits.2 = UInt8(fraction % 10) + 0x30
      fraction /= 10
      digits.1 = UInt8(fraction % 10) + 0x30
      digits.0 = UInt8(fraction / 10) + 0x30
      bytes += [digits.0, digits.1, digits.2, digits.3]
      isZero = scaled == 0
    } else {
      let magnitude = DecimalText.fixed(value.magnitude, decimals: 4)
      bytes += magnitude.utf8
      isZero = magnitude.allSatisfy { $0 == "0" || $0 == "." }
    }
    bytes += [0xC2, 0xB0, 0x20]  // "° "
    bytes.append(value < 0 && !isZero ? negative : positive)
  }

  /// `magnitude` × 10⁴ rounded as `printf` rounds the exact binary value, when that is
  /// certain: the product is within a few units in the last place of the exact one, so away
  /// from a tie both round to the same integer. nil near a tie, or past what Int holds.
  static func tenThousandths(_ magnitude: Double) -> Int? {
    guard magnitude.isFinite, magnitude < 1000 else { return nil }
    let scaled = magnitude * 10_000
    let rounded = scaled.rounded(.toNearestOrEven)
    guard abs(abs(scaled - rounded) - 0.5) > 1e-6 else { return nil }
    return Int(rounded)
  }

  private static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
    guard value >= 10 else {
      bytes.append(UInt8(value) + 0x30)
      return
    }
    appendDigits(value / 10, to: &bytes)
    bytes.append(UInt8(value % 10) + 0x30)
  }
}

import CNumberFormat

/// Fixed-point text for a `Double`, as the Cloudy app's `String(format: "%.1f")` produced it.
///
/// Uses the C library's `snprintf` (called from C, `CNumberFormat`) rather than Foundation:
/// loading Foundation costs a command more than its work (DESIGN.md), and `printf` is what
/// Foundation's `String(format:)` calls, so the rounding is the same — the exact binary value
/// rounded to the nearest, ties to even.
///
/// One deliberate difference: a value that rounds to zero is never shown with a minus sign
/// ("-0.0 °F" tells a reader nothing `0.0 °F` does not). Non-finite values print as `nan` / `inf`.
public enum DecimalText {
  /// `value` with exactly `decimals` digits after the point (none, and no point, for 0).
  public static func fixed(_ value: Double, decimals: Int) -> String {
    let digits = max(0, min(decimals, 17))
    // 309 integer digits + point + 17 decimals + sign fit; snprintf truncates safely anyway.
    let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      let written = cloudy_format_fixed(base, buffer.count, Int32(digits), value)
      guard written > 0 else { return "" }
      let length = min(Int(written), buffer.count - 1)
      return String(
        decoding: UnsafeRawBufferPointer(start: base, count: length), as: UTF8.self)
    }
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
      return String(text.dropFirst())
    }
    return text
  }
}

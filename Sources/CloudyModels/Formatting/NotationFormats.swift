// The Cloudy app's display formats, one per notation. Inputs are always in the store's units
// (°F, mph); each notation converts before formatting.

extension TemperatureNotation {
  /// One temperature with one decimal and its unit: `%.1f °F` / `%.1f °C`, e.g. "68.5 °F".
  public func format(fahrenheit: Double) -> String {
    switch self {
    case .fahrenheit: DecimalText.fixed(fahrenheit, decimals: 1) + " °F"
    case .celsius:
      DecimalText.fixed(UnitConversion.celsius(fromFahrenheit: fahrenheit), decimals: 1) + " °C"
    }
  }

  /// A day's range as the week view shows it, whole degrees without the unit, written so that
  /// a negative end cannot be read as a dash: `min° to max°`, with a minus sign (U+2212),
  /// e.g. "41° to 63°", "−1° to 3°" (never "-1° - -1°").
  public func formatRange(minimumFahrenheit: Double, maximumFahrenheit: Double) -> String {
    "\(wholeDegrees(minimumFahrenheit))° to \(wholeDegrees(maximumFahrenheit))°"
  }

  /// Whole degrees without the unit, as in the week view's range: "41°", "−3°".
  public func formatDegrees(fahrenheit: Double) -> String {
    "\(wholeDegrees(fahrenheit))°"
  }

  private func wholeDegrees(_ fahrenheit: Double) -> String {
    let text =
      switch self {
      case .fahrenheit: DecimalText.fixed(fahrenheit, decimals: 0)
      case .celsius:
        DecimalText.fixed(UnitConversion.celsius(fromFahrenheit: fahrenheit), decimals: 0)
      }
    // "-0" is 0; a negative number takes the minus sign, not a hyphen.
    if text == "-0" { return "0" }
    return text.hasPrefix("-") ? "\u{2212}" + text.dropFirst() : text
  }
}

extension TimeNotation {
  /// The time-of-day pattern for C's `strftime` (the Cloudy app gave DateFormatter `hh:mm a` /
  /// `HH:mm`): `%I:%M %p` / `%H:%M`.
  public var strftimePattern: String {
    switch self {
    case .twelveHour: "%I:%M %p"
    case .twentyFourHour: "%H:%M"
    }
  }
}

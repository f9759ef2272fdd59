import CloudyModels
import Testing

/// The one conversion table (CloudyModels' `UnitConversion`) at known points.
@Suite struct UnitConversionPointTests {
  private func oneDecimal(_ value: Double) -> Double { (value * 10).rounded() / 10 }

  @Test func knownPoints() {
    #expect(oneDecimal(UnitConversion.fahrenheit(fromCelsius: 20.3)) == 68.5)
    #expect(oneDecimal(UnitConversion.milesPerHour(fromMetresPerSecond: 10)) == 22.4)
    #expect(oneDecimal(UnitConversion.milesPerHour(fromKnots: 10)) == 11.5)
    #expect(oneDecimal(UnitConversion.milesPerHour(fromKilometresPerHour: 100)) == 62.1)
  }
}

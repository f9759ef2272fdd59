import CloudyModels
import CloudyTestFakes
import Testing

@Suite("Formatting: the Cloudy app's formats and conversions")
struct FormattingTests {
  @Test func conversions() {
    #expect(UnitConversion.celsius(fromFahrenheit: 212) == 100)
    #expect(UnitConversion.celsius(fromFahrenheit: 32) == 0)
    #expect(UnitConversion.celsius(fromFahrenheit: -40) == -40)
    #expect(UnitConversion.kilometresPerHour(fromMilesPerHour: 10) == 16.09344)
    #expect(
      abs(
        UnitConversion.fahrenheit(fromCelsius: UnitConversion.celsius(fromFahrenheit: 68.5)) - 68.5)
        < 1e-12)
    #expect(abs(UnitConversion.milesPerHour(fromKilometresPerHour: 16.09344) - 10) < 1e-12)
  }

  @Test func temperatures() {
    #expect(TemperatureNotation.fahrenheit.format(fahrenheit: 68.45) == "68.5 °F")
    #expect(TemperatureNotation.fahrenheit.format(fahrenheit: 68) == "68.0 °F")
    #expect(TemperatureNotation.celsius.format(fahrenheit: 68) == "20.0 °C")
    #expect(TemperatureNotation.celsius.format(fahrenheit: 0) == "-17.8 °C")
    #expect(TemperatureNotation.fahrenheit.format(fahrenheit: -0.04) == "0.0 °F")  // no "-0.0"
    #expect(TemperatureNotation.fahrenheit.format(fahrenheit: -12.34) == "-12.3 °F")
  }

  @Test func weekRanges() {
    #expect(
      TemperatureNotation.fahrenheit.formatRange(minimumFahrenheit: 41.2, maximumFahrenheit: 62.7)
        == "41° to 63°")
    #expect(
      TemperatureNotation.celsius.formatRange(minimumFahrenheit: 32, maximumFahrenheit: 50)
        == "0° to 10°")
    // Below zero: a minus sign, and "to", so the range cannot read as a dash.
    #expect(
      TemperatureNotation.celsius.formatRange(minimumFahrenheit: 30.2, maximumFahrenheit: 37.4)
        == "\u{2212}1° to 3°")
    #expect(TemperatureNotation.celsius.formatDegrees(fahrenheit: 31.9) == "0°")
  }

  @Test func windSpeeds() {
    #expect(WindUnit.milesPerHour.format(milesPerHour: 12.4) == "12 mph")
    #expect(WindUnit.kilometresPerHour.format(milesPerHour: 12.4) == "20 km/h")
    #expect(WindUnit.kilometresPerHour.format(milesPerHour: 0) == "0 km/h")
  }

  @Test func timePatterns() {
    #expect(TimeNotation.twelveHour.strftimePattern == "%I:%M %p")
  }

  @Test func fixedDecimals() {
    #expect(DecimalText.fixed(1.25, decimals: 1) == "1.2")  // ties to even, as printf
    #expect(DecimalText.fixed(0.35, decimals: 1) == "0.3")  // 0.35 is 0.34999… in binary
    #expect(DecimalText.fixed(2.5, decimals: 0) == "2")
    #expect(DecimalText.fixed(1e300, decimals: 1).count == 303)
    #expect(DecimalText.fixed(.nan, decimals: 1) == "nan")
  }

  @Test func coordinates() {
    #expect(coordinate(37.55377, -77.46026).displayText == "37.5538° N, 77.4603° W")
    #expect(coordinate(-33.8688, 151.2093).displayText == "33.8688° S, 151.2093° E")
    #expect(coordinate(0, 0).displayText == "0.0000° N, 0.0000° E")
    #expect(coordinate(-0.00001, -0.00001).displayText == "0.0000° N, 0.0000° E")
    #expect(coordinate(90, -180).displayText == "90.0000° N, 180.0000° W")
  }

  /// The list's coordinates are built from integers; they must read exactly as printf's
  /// "%.4f" (`DecimalText`) reads the same Double, ties and near-ties included.
  @Test func coordinatesReadAsPrintfWouldWriteThem() {
    func printf(_ value: Double, _ positive: String, _ negative: String) -> String {
      let text = DecimalText.fixed(value.magnitude, decimals: 4)
      let isZero = text.allSatisfy { $0 == "0" || $0 == "." }
      return "\(text)° \(value < 0 && !isZero ? negative : positive)"
    }
    var values: [Double] = [
      0.00005, 0.00015, 0.00025, 37.55375, 37.55385, 179.99995, 89.99995, 0.49995, 1.00005,
      -0.00005, -0.00004999, 12.34565, 45.00005, 0.1, 0.7, 123.45675,
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      values.append(unit * 180 - 90)
      // Ties of the fifth decimal, as typed: 12.34565 and the like.
      values.append((unit * 1_800_000).rounded() / 10_000 + 0.000_05)
    }
    for value in values {
      let latitude = max(-90, min(90, value))
      let longitude = max(-180, min(180, value * 1.7))
      let expected = "\(printf(latitude, "N", "S")), \(printf(longitude, "E", "W"))"
      #expect(coordinate(latitude, longitude).displayText == expected, "\(latitude), \(longitude)")
    }
  }

  @Test func messagesCountAndListTheSameWayInEveryTool() {
    #expect(MessageText.counted(1, "day") == "1 day")
    #expect(MessageText.counted(0, "place") == "0 places")
    #expect(MessageText.counted(Int64(8), "year") == "8 years")
    #expect(MessageText.list(["a", "b"]) == "a; b")
    #expect(MessageText.list(["a", "b", "c"], limit: 2) == "a; b; and 1 more")
    #expect(MessageText.list(["a", "b"], limit: 5, total: 9) == "a; b; and 7 more")
    #expect(MessageText.quoted("a\n\u{1B}[31m\"") == #""a\n\u{1B}[31m\"""#)
  }
}

/// `TextColumns` measures Latin text from its bytes (the cost of `cloudy-locations list`); it
/// must agree with `DisplayWidth` on every kind of text.
@Suite("TextColumns: widths counted from bytes agree with DisplayWidth")
struct TextColumnsWidthTests {
  @Test(arguments: [
    "", "Richmond", "37.5538° N, 77.4603° W", "Paris, Île-de-France, FR", "Zürich", "Łódź",
    "soft\u{AD}hyphen", "e\u{301}te\u{301}", "東京", "Αθήνα", "Москва", "👨‍👩‍👧", "🌧️", "a\u{85}b",
    "tab\there", "Ṁ", "ʻOkina ʼ", "x\u{2FF}\u{300}",
  ])
  func agreesWithDisplayWidth(text: String) {
    let padded = TextColumns.rightAligned(text, width: 40)
    #expect(padded.prefix { $0 == " " }.count == 40 - DisplayWidth.of(text) || text.hasPrefix(" "))
  }
}

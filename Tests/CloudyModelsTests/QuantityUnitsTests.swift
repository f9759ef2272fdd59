import CloudyModels
import Testing

/// Every unit of every quantity setting, against values worked out by hand from the
/// definitions (1 mi = 1609.344 m, 1 kn = 1852 m/h, 1 inHg = 33.86389 hPa, 1 mmHg =
/// 1.33322387415 hPa), Beaufort by the WMO table and the 16-point compass.
@Suite("Quantities: units, presets, Beaufort, compass, index bands")
struct QuantityUnitsTests {
  private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-4) -> Bool {
    abs(a - b) < tolerance
  }

  @Test("wind: 10 mph in every unit")
  func wind() {
    // 10 × 1.609344 = 16.09344 km/h; 10 × 1609.344 / 3600 = 4.4704 m/s;
    // 16.09344 / 1.852 = 8.68976 kn; 4.4704 m/s rounds to 4.5, Beaufort 3 (3.4–5.4 m/s).
    let kmh = WindUnit.kilometresPerHour.quantity(milesPerHour: 10)
    #expect(close(kmh.value, 16.09344) && kmh.unit == "km/h" && kmh.text == "16 km/h")
    let ms = WindUnit.metresPerSecond.quantity(milesPerHour: 10)
    #expect(close(ms.value, 4.4704) && ms.unit == "m/s" && ms.text == "4.5 m/s")
    let mph = WindUnit.milesPerHour.quantity(milesPerHour: 10)
    #expect(mph.value == 10 && mph.unit == "mph" && mph.text == "10 mph")
    let kn = WindUnit.knots.quantity(milesPerHour: 10)
    #expect(close(kn.value, 8.68976) && kn.unit == "kn" && kn.text == "9 kn")
    let bft = WindUnit.beaufort.quantity(milesPerHour: 10)
    #expect(bft.value == 3 && bft.unit == "Bft" && bft.text == "3 Bft" && bft.isWhole)
  }

  @Test("Beaufort: each force from its WMO lower bound, and the speed just below it")
  func beaufortTable() {
    // WMO code table 1100, m/s: 0 below 0.3; 1 from 0.3 … 12 from 32.7.
    let bounds: [Double] = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7]
    for (index, bound) in bounds.enumerated() {
      let force = index + 1
      let atBound = UnitConversion.beaufort(fromMilesPerHour: bound / 0.44704)
      let below = UnitConversion.beaufort(fromMilesPerHour: (bound - 0.1) / 0.44704)
      #expect(atBound == force, "\(bound) m/s")
      #expect(below == force - 1, "\(bound - 0.1) m/s")
    }
    #expect(UnitConversion.beaufort(fromMilesPerHour: 0) == 0)
    #expect(UnitConversion.beaufort(fromMilesPerHour: 200) == 12)
  }

  @Test("wind direction: the 16-point compass, each point 22.5° wide")
  func compass() {
    let cases: [(Double, String)] = [
      (0, "N"), (11.24, "N"), (11.25, "NNE"), (22.5, "NNE"), (45, "NE"), (67.5, "ENE"),
      (90, "E"), (112.5, "ESE"), (135, "SE"), (157.5, "SSE"), (180, "S"), (202.5, "SSW"),
      (225, "SW"), (247.5, "WSW"), (270, "W"), (292.5, "WNW"), (315, "NW"), (322, "NW"),
      (337.5, "NNW"), (348.74, "NNW"), (348.75, "N"), (360, "N"),
    ]
    for (degrees, word) in cases {
      #expect(UnitConversion.compassPoint(degrees: degrees) == word, "\(degrees)°")
      #expect(Quantity.direction(degrees: degrees).text == word)
    }
    #expect(Quantity.direction(degrees: 322).unit == "°")
    #expect(UnitConversion.bearing(compassPoint: "nw") == 315)
    #expect(UnitConversion.bearing(compassPoint: "SSW") == 202.5)
    #expect(UnitConversion.bearing(compassPoint: "calm") == nil)
  }

  @Test("pressure: the standard atmosphere, 1013.25 hPa, in every unit")
  func pressure() {
    // 1013.25 / 33.86389 = 29.9213 inHg; 1013.25 / 1.33322387415 = 759.9999 mmHg (the
    // conventional mmHg, a hair above the torr, 101325/760 Pa); 101.325 kPa.
    let hpa = PressureUnit.hectopascals.quantity(hectopascals: 1013.25)
    #expect(hpa.value == 1013.25 && hpa.unit == "hPa" && hpa.text == "1013 hPa")
    let inhg = PressureUnit.inchesOfMercury.quantity(hectopascals: 1013.25)
    #expect(close(inhg.value, 29.9213) && inhg.unit == "inHg" && inhg.text == "29.92 inHg")
    let mmhg = PressureUnit.millimetresOfMercury.quantity(hectopascals: 1013.25)
    #expect(close(mmhg.value, 759.9999) && mmhg.unit == "mmHg" && mmhg.text == "760 mmHg")
    let kpa = PressureUnit.kilopascals.quantity(hectopascals: 1013.25)
    #expect(close(kpa.value, 101.325) && kpa.unit == "kPa" && kpa.text == "101.3 kPa")
  }

  @Test("precipitation, distance, temperature, percentages")
  func others() {
    let mm = PrecipitationUnit.millimetres.quantity(inches: 0.5)
    #expect(close(mm.value, 12.7) && mm.unit == "mm" && mm.text == "12.7 mm")
    let inches = PrecipitationUnit.inches.quantity(inches: 0.5)
    #expect(inches.value == 0.5 && inches.unit == "in" && inches.text == "0.50 in")
    // 10 mi = 16093.44 m.
    let km = DistanceUnit.kilometres.quantity(metres: 16093.44)
    #expect(close(km.value, 16.09344) && km.unit == "km" && km.text == "16.1 km")
    let mi = DistanceUnit.miles.quantity(metres: 16093.44)
    #expect(close(mi.value, 10) && mi.unit == "mi" && mi.text == "10.0 mi")
    // (27.91 − 32) / 1.8 = −2.2722 °C.
    let celsius = TemperatureNotation.celsius.quantity(fahrenheit: 27.91)
    #expect(close(celsius.value, -2.2722) && celsius.unit == "°C")
    #expect(TemperatureNotation.fahrenheit.quantity(fahrenheit: 27.91).unit == "°F")
    #expect(Quantity.percent(52).text == "52 %" && Quantity.percent(52).unit == "%")
  }

  @Test("UV index with the WHO's bands; air quality with the EEA's and the EPA's")
  func indexes() {
    #expect(Quantity.uvIndex(2.4).text == "2 · low")
    #expect(Quantity.uvIndex(2.5).text == "3 · moderate")
    #expect(Quantity.uvIndex(6).text == "6 · high")
    #expect(Quantity.uvIndex(8).text == "8 · very high")
    #expect(Quantity.uvIndex(11).text == "11 · extreme")
    #expect(Quantity.uvIndex(2.4).unit == "" && Quantity.uvIndex(2.4).value == 2.4)
    let european = { AirQualityScale.european.quantity(WeatherReadings(europeanAQI: $0)) }
    #expect(european(20)?.text == "20 · good")
    #expect(european(21)?.text == "21 · fair")
    #expect(european(42)?.text == "42 · moderate")
    #expect(european(80)?.text == "80 · poor")
    #expect(european(100)?.text == "100 · very poor")
    #expect(european(101)?.text == "101 · extremely poor")
    #expect(european(42)?.unit == "EAQI")
    let us = { AirQualityScale.us.quantity(WeatherReadings(usAQI: $0)) }
    #expect(us(50)?.text == "50 · good")
    #expect(us(63)?.text == "63 · moderate")
    #expect(us(120)?.text == "120 · unhealthy for sensitive groups")
    #expect(us(151)?.text == "151 · unhealthy")
    #expect(us(250)?.text == "250 · very unhealthy")
    #expect(us(301)?.text == "301 · hazardous")
    #expect(us(63)?.unit == "US AQI")
    // A scale the readings lack is missing, not 0.
    #expect(AirQualityScale.us.quantity(WeatherReadings(europeanAQI: 42)) == nil)
  }

  @Test("presets set four units; four units that match none read as custom")
  func presets() {
    var settings = Settings(time: .twelveHour, units: .uk, temperature: .celsius)
    #expect(settings.wind == .milesPerHour && settings.pressure == .hectopascals)
    #expect(settings.precipitation == .millimetres && settings.distance == .miles)
    #expect(settings.units == .uk && settings.unitsName == "uk")
    settings.units = .metric
    #expect(settings.wind == .kilometresPerHour && settings.pressure == .hectopascals)
    #expect(settings.precipitation == .millimetres && settings.distance == .kilometres)
    settings.units = .imperial
    #expect(settings.wind == .milesPerHour && settings.pressure == .inchesOfMercury)
    #expect(settings.precipitation == .inches && settings.distance == .miles)
    settings.wind = .knots
    #expect(settings.units == nil && settings.unitsName == "custom")
    // An older Cloudy reads units_notation for the wind: mph is imperial, anything else metric.
    #expect(settings.legacyUnits == .metric)
    #expect(Settings(time: .twelveHour, units: .uk, temperature: .celsius).legacyUnits == .imperial)
  }

  @Test("units as people write them, in any case")
  func spellings() {
    let wind: [(String, WindUnit)] = [
      ("km/h", .kilometresPerHour), ("KMH", .kilometresPerHour), ("m/s", .metresPerSecond),
      ("MS", .metresPerSecond), ("mph", .milesPerHour), ("kn", .knots), ("Knots", .knots),
      ("bft", .beaufort), ("Beaufort", .beaufort),
    ]
    for (typed, unit) in wind { #expect(WindUnit(userInput: typed) == unit, "\(typed)") }
    let pressure: [(String, PressureUnit)] = [
      ("hPa", .hectopascals), ("inHg", .inchesOfMercury), ("INHG", .inchesOfMercury),
      ("mmhg", .millimetresOfMercury), ("kPa", .kilopascals),
    ]
    for (typed, unit) in pressure { #expect(PressureUnit(userInput: typed) == unit, "\(typed)") }
    #expect(PrecipitationUnit(userInput: "MM") == .millimetres)
    #expect(PrecipitationUnit(userInput: "inches") == .inches)
    #expect(DistanceUnit(userInput: "Miles") == .miles)
    #expect(AirQualityScale(userInput: "US") == .us)
    #expect(UnitsNotation(userInput: "UK") == .uk)
    #expect(WindUnit(userInput: "furlongs per fortnight") == nil)
  }
}

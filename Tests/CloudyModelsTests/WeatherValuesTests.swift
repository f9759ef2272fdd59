import CloudyModels
import Testing

/// What a row lacks, as bits (`WeatherValues`), says what the `Set<WeatherValue>` said: views
/// read the bits, callers that want a set get the same values.
@Suite("WeatherValues: a row's missing values as bits")
struct WeatherValuesTests {
  @Test("every value has a bit of its own, in the order of allCases")
  func everyValueHasItsOwnBit() {
    var seen = WeatherValues()
    for value in WeatherValue.allCases {
      #expect(!seen.contains(value), "\(value) shares a bit")
      seen.insert(value)
      #expect(seen.contains(value))
    }
    #expect(seen == .all)
    #expect(WeatherValues.all.values == WeatherValue.allCases)
    #expect(WeatherValues().isEmpty && WeatherValues().values.isEmpty)
  }

  @Test("a day lacking some values: the bits and the set agree")
  func aDayLackingSomeValues() {
    let day = WeatherDayData(
      time: 0, summary: "Rain", icon: nil, temperatureMin: 50, temperatureMax: nil,
      windSpeed: 3, precipitationProbability: nil)
    let lacking = day.missingValues
    #expect(day.missing == Set(lacking.values))
    #expect(lacking.contains(.icon) && lacking.contains(.temperatureMax))
    #expect(!lacking.contains(.summary) && !lacking.contains(.temperatureMin))
    #expect(lacking.contains(.sunrise) && lacking.contains(.airQuality))
    #expect(day.hasValue)
    let both = lacking.intersection(WeatherValues([.icon, .summary]))
    #expect(both.values == [.icon])
    #expect(lacking.isSuperset(of: WeatherValues([.icon, .sunset])))
    #expect(!lacking.isSuperset(of: WeatherValues([.icon, .summary])))
  }
}

import CloudyServices
import Testing

@testable import CloudyDecoding

/// What the decoder says about answers that are not a forecast it reads: the fact, in words
/// any front-end can show (no command-line flags), and series that cannot be a forecast's.
@Suite struct AnswerShapesTests {
  static let madeBy: Int64 = 1_800_000_000  // 2027-01-15

  func failure(_ body: [UInt8]) -> ForecastError? {
    do {
      _ = try ForecastDecoder.decode(body, format: .openMeteo, fetchedAt: Self.madeBy)
      return nil
    } catch {
      return error
    }
  }

  @Test func aMultiModelRefusalStatesTheFactWithoutAFlag() throws {
    let error = failure(try Fixture.openMeteoZurichMultiModel.bytes)
    guard case .invalidResponse(let text)? = error else {
      Issue.record("expected a refusal, got \(String(describing: error))")
      return
    }
    #expect(
      text
        == "the response holds several weather models (gfs_seamless, icon_seamless, meteoswiss_icon_seamless) and none was chosen"
    )
    #expect(!text.contains("--"))
    #expect(
      ResponseRecognition.openMeteoModels(try Fixture.openMeteoZurichMultiModel.bytes) == [
        "gfs_seamless", "icon_seamless", "meteoswiss_icon_seamless",
      ])
    #expect(ResponseRecognition.openMeteoModels(try Fixture.openMeteoAuckland.bytes).isEmpty)
  }

  /// Hand-made in the shape of the issue's climate answer (32 daily values), dated before the
  /// time it is decoded, so only the span can tell it from a forecast.
  @Test func thirtyTwoDaysOfDailyDataAreNotAForecast() {
    let days = (1...31).map { "\"2026-01-\($0 < 10 ? "0" : "")\($0)\"" } + ["\"2026-02-01\""]
    let body = """
      {"latitude": 52.5, "longitude": 13.4, "utc_offset_seconds": 0, "timezone": "GMT",
       "daily_units": {"time": "iso8601", "temperature_2m_max": "°C"},
       "daily": {"time": [\(days.joined(separator: ", "))],
                 "temperature_2m_max": [\(Array(repeating: "3.5", count: 32).joined(separator: ", "))]}}
      """
    #expect(
      failure(Array(body.utf8))
        == .invalidResponse(
          "its data run 31 days past 2026-01-01, to 2026-02-01, and a forecast reaches at most 16: a climate or archive series, not a forecast"
        ))
  }

  @Test func datesAreWrittenAsTheCalendarHasThem() {
    #expect(ForecastSpan.date(0) == "1970-01-01")
    #expect(ForecastSpan.date(951_782_400) == "2000-02-29")
    #expect(ForecastSpan.date(2_540_246_400) == "2050-07-01")
    #expect(ForecastSpan.date(-86_400) == "1969-12-31")
  }

  @Test func otherServicesAreToldByTheirShape() throws {
    func what(_ json: String) -> String? {
      OtherServices.recognise(try! ResponseJSON.parse(Array(json.utf8)))
    }
    // Visual Crossing's Timeline API and Tomorrow.io, in the shapes their documentation gives.
    #expect(
      what(
        #"{"queryCost":1,"latitude":38.9,"longitude":-77.0,"resolvedAddress":"Washington, DC, United States","timezone":"America/New_York","days":[{"datetimeEpoch":1700000000}]}"#
      )
        == "a Visual Crossing Timeline answer")
    #expect(
      what(
        #"{"timelines":{"hourly":[{"time":"2024-01-01T00:00:00Z","values":{"temperature":1}}]},"location":{"lat":1,"lon":2}}"#
      )
        == "a Tomorrow.io forecast")
    // Open-Meteo and Dark Sky answers are none of them.
    #expect(
      OtherServices.recognise(try ResponseJSON.parse(try Fixture.openMeteoAuckland.bytes)) == nil)
    #expect(
      OtherServices.recognise(try ResponseJSON.parse(try Fixture.darkSkySanFrancisco.bytes)) == nil)
    #expect(
      OtherServices.recognise(try ResponseJSON.parse(try Fixture.openMeteoZurichMultiModel.bytes))
        == nil)
  }
}

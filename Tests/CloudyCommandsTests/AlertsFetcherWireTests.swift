import CloudyCLI
import Testing

/// The alerts half of the wire to `cloudy-forecast-fetch`: the arguments the apps pass and how
/// they read its `--json` answer (`{"alerts": [{"place", "status", …}]}`, one entry per place).
@Suite("ForecastFetcherTool: alerts arguments and answer")
struct AlertsFetcherWireTests {
  @Test func everyPlaceAsJSONIntoTheGivenFile() {
    #expect(
      ForecastFetcherTool.alertArguments(databasePath: "/data/cloudy.sqlite")
        == ["--alerts", "--all", "--json", "--db", "/data/cloudy.sqlite"])
  }

  @Test func storedUnchangedFreshAndUncoveredAreNoFailure() {
    let document = #"""
      {"alerts":[{"place":{"kind":"saved","id":1,"number":1,"name":"Portland"},"status":"stored","alerts":1,"notes":[]},
      {"place":{"kind":"saved","id":2,"number":2,"name":"Oslo"},"status":"uncovered"},
      {"place":{"kind":"saved","id":3,"number":3,"name":"Boise"},"status":"unchanged"},
      {"place":{"kind":"saved","id":4,"number":4,"name":"Miami"},"status":"fresh","freshUntil":1}]}
      """#
    #expect(
      ForecastFetcherTool.alertsFailure(
        json: Array(document.utf8), standardError: "", exitStatus: 0) == nil)
  }

  @Test func aFailedPlaceIsSaidWithHowManyFailed() {
    let failed = #"""
      {"place":{"kind":"saved","id":1,"number":1,"name":"Portland"},"status":"failed","error":"the NWS did not answer within 10 s","exitStatus":69}
      """#
    let one = "{\"alerts\":[\(failed)]}"
    #expect(
      ForecastFetcherTool.alertsFailure(json: Array(one.utf8), standardError: "", exitStatus: 69)
        == "the NWS did not answer within 10 s")
    let two = "{\"alerts\":[\(failed),\(failed)]}"
    #expect(
      ForecastFetcherTool.alertsFailure(json: Array(two.utf8), standardError: "", exitStatus: 69)
        == "the NWS did not answer within 10 s (2 places failed)")
  }

  @Test func outputThatIsNotTheShapeFailsWithWhatTheProcessSaid() {
    #expect(
      ForecastFetcherTool.alertsFailure(
        json: [], standardError: "cloudy-forecast: error: no database at /x\n", exitStatus: 66)
        == "cloudy-forecast: error: no database at /x")
    #expect(
      ForecastFetcherTool.alertsFailure(json: [], standardError: "", exitStatus: 70)
        == "the alerts fetch ended with status 70")
  }
}

import ArgumentParser
import CloudyCLI
import CloudyForecastCLI
import CloudyJSON
import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyViewModels
import Testing

@testable import CloudyFetchCLI

/// `cloudy-forecast-fetch` in-process: its arguments (as `cloudy-forecast fetch` and the apps
/// pass them) and its `--json` as the apps read it back. The network and the store stay in the
/// process tests (ForecastToolTests).
@Suite("cloudy-forecast-fetch: arguments and the JSON answer in-process")
struct FetchCommandTests {
  @Test("--id N --json, as ForecastFetcherTool passes a saved place, parses to that id")
  func idAndJSON() throws {
    let parsed = try FetchCommand.parseAsRoot(["--id", "7", "--json", "--db", "places.sqlite"])
    let command = try #require(parsed as? FetchCommand)
    #expect(command.options.id == 7)
    #expect(command.options.place == nil)
    #expect(!command.options.all)
    #expect(command.options.output.json)
    #expect(command.options.database.path == "places.sqlite")
  }

  @Test(
    "two of a place, --id and --all are refused (64) before anything is opened",
    arguments: [["Auckland", "--id", "7"], ["--id", "7", "--all"], ["Auckland", "--all"]])
  func conflictingReferences(arguments: [String]) {
    do {
      _ = try FetchCommand.parseAsRoot(arguments)
      Issue.record("\(arguments) was accepted")
    } catch {
      #expect(FetchCommand.exitCode(for: error).rawValue == 64)
      #expect(FetchCommand.message(for: error) == "give one of a place, --id or --all")
    }
  }

  @Test("an id that is not a number is a usage error (64)")
  func idNotANumber() {
    do {
      _ = try FetchCommand.parseAsRoot(["--id", "seven"])
      Issue.record("--id seven was accepted")
    } catch {
      #expect(FetchCommand.exitCode(for: error).rawValue == 64)
    }
  }

  @Test("errors and help speak as cloudy-forecast fetch")
  func name() {
    #expect(FetchCommand.tool == "cloudy-forecast")
    #expect(FetchCommand.helpMessage().contains("USAGE: cloudy-forecast fetch "))
  }

  @Test("a failed place's JSON is what the apps read: the provider's line and the exit status")
  func answerRoundTrip() throws {
    let target = ForecastTarget(
      place: .saved(3), name: "Auckland", number: 2,
      coordinate: try Coordinate(latitude: -36.85, longitude: 174.76), timeZone: nil)
    let result = FetchCommand.json(
      .fetchFailed(target, .timedOut(seconds: 3)), provider: .openMeteo)
    let document = JSON.object([("results", .array([result]))]).compact()
    #expect(
      document.hasPrefix(
        #"{"results":[{"place":{"kind":"saved","id":3,"number":2,"name":"Auckland"},"ok":false,"#))
    let answer = ForecastFetcherTool.answer(
      json: Array(document.utf8), standardError: "", exitStatus: 69)
    #expect(
      answer
        == .failed(reason: "Open-Meteo did not answer within 3 s; try again later", exitStatus: 69))
    let failure = try #require(
      FetchCommand.failure(of: .fetchFailed(target, .timedOut(seconds: 3)), provider: .openMeteo))
    #expect(failure.status.rawValue == 69)
    #expect(failure.message.hasPrefix("Auckland: Open-Meteo did not answer within 3 s"))
  }
}

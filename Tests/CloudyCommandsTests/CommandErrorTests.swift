import CloudyCLI
import CloudyPlatform
import CloudyServices
import CloudyStore
import Testing

/// A command states what went wrong; the failure map alone decides the status, and words a
/// file's failure the same way in every tool.
@Suite struct CommandErrorTests {
  @Test func eachKindOfCommandErrorGetsTheMapsStatus() {
    let cases: [(CommandError, CloudyCLI.ExitStatus)] = [
      (.invalidRequest("say which"), .usage),
      (.unusableInput("not a forecast"), .badData),
      (.notFound("no place matches"), .notFound),
      (.unavailable("could not start"), .unavailable),
      (.cannotCreate("the login token"), .cannotCreate),
      (.problemsFound("the database has problems"), .problemsFound),
      (.reportedUnusableInput, .badData),
    ]
    for (error, status) in cases {
      #expect(FailureMap.failure(for: error).status == status, "\(error)")
    }
    #expect(
      FailureMap.failure(for: CommandError.notFound("no place matches")).message
        == "no place matches")
    // Already reported: nothing more is printed, only the status is left.
    #expect(FailureMap.failure(for: CommandError.reportedUnusableInput).message.isEmpty)
  }

  @Test func aFileThatCannotBeReadSaysWhyAndHowItEnds() {
    func failure(_ cause: FileReadError) -> CommandFailure {
      FailureMap.failure(
        for: CommandError.unreadableFile(path: "places.csv", cause, purpose: "an import"))
    }
    #expect(
      failure(.missing(reason: "No such file or directory"))
        == CommandFailure(.notFound, "cannot read places.csv: No such file or directory"))
    #expect(failure(.folder) == CommandFailure(.ioError, "cannot read places.csv: it is a folder"))
    #expect(
      failure(.unreadable(reason: "Permission denied"))
        == CommandFailure(.ioError, "cannot read places.csv: Permission denied"))
    #expect(
      failure(.tooLarge(limit: 64 << 20))
        == CommandFailure(
          .badData,
          "places.csv is larger than 64 MiB, the limit for an import; nothing was changed"))
  }

  @Test func storeErrorsStateTheFactAndOnlyTheCommandLineAddsFlagsAndTools() {
    let errors: [any Error] = [
      WatchError.removed(path: "/data/cloudy.sqlite"),
      MaintenanceError.destinationExists("/backups/cloudy.sqlite"),
      MaintenanceError.restoredButNotMigrated(
        "/data/cloudy.sqlite", keep: "/data/old.sqlite", problem: "disk I/O error"),
      SyncError.noSyncTables,
    ]
    for error in errors {
      let page = FailureMap.failure(for: error, advice: .none).message
      #expect(!page.contains("--") && !page.contains("`cloudy"), "\(page)")
      let tool = FailureMap.failure(for: error).message
      #expect(tool.hasPrefix(page + "; ") && tool.count > page.count + 2, "\(tool)")
    }
  }

  /// A file without sync's tables is an old file, not bad changes: its own words, the status of
  /// a file whose version is not the tool's, and the tool's advice to migrate.
  @Test func aFileWithoutSyncTablesIsAVersionMismatchWithAdviceToMigrate() {
    let tool = FailureMap.failure(for: SyncError.noSyncTables)
    #expect(tool.status == .newerSchema)
    #expect(tool.message.contains("no sync tables") && !tool.message.contains("refused"))
    #expect(tool.message.hasSuffix("; run `cloudy-db migrate`"), "\(tool.message)")
  }

  @Test func aRefusedResponseNamesTheFileTheFormatAndWhatWasWrong() {
    let invalid = FailureMap.failure(
      for: CommandError.unusableResponse(
        file: "saved.json", service: "Open-Meteo", .invalidResponse("no hourly.time")))
    #expect(
      invalid
        == CommandFailure(
          .badData,
          "saved.json is not a usable Open-Meteo response: no hourly.time; nothing was changed"))
    let key = FailureMap.failure(
      for: CommandError.unusableResponse(
        file: "saved.json", service: "Dark Sky", .missingAPIKey(variable: "CLOUDY_DARKSKY_KEY")))
    #expect(key.status == .usage)
    #expect(key.message.contains("CLOUDY_DARKSKY_KEY"))
  }

  @Test func aFileThatCannotBeWrittenIsAnIOError() {
    let full = FailureMap.failure(
      for: CommandError.unwritableFile(path: "out.json", .full(reason: "No space left on device")))
    #expect(full == CommandFailure(.ioError, "cannot write out.json: the disk is full"))
    let noFolder = FailureMap.failure(
      for: CommandError.unwritableFile(path: "a/out.json", .noFolder(reason: "No such file")))
    #expect(noFolder == CommandFailure(.ioError, "cannot write a/out.json: no such folder"))
  }
}

import ArgumentParser
import CloudyCLI
import Testing

@testable import CloudyAppCLI

/// The app's command line in-process: what `cloudy` accepts and refuses before it asks for a
/// terminal (the process tests in AppTerminalTests keep the terminal, keys and signals).
@Suite("cloudy: the app's arguments in-process")
struct AppCommandTests {
  @Test("--db, --offline and --refresh-after reach the command as given")
  func options() throws {
    let parsed = try CloudyCommand.parseAsRoot([
      "--db", "places.sqlite", "--offline", "--refresh-after", "2h",
    ])
    let command = try #require(parsed as? CloudyCommand)
    #expect(command.database.path == "places.sqlite")
    #expect(command.fetching.offline)
    #expect(command.fetching.refreshAfter.seconds == 7_200)
    let defaults = try #require(try CloudyCommand.parseAsRoot([]) as? CloudyCommand)
    #expect(defaults.database.path == nil)
    #expect(!defaults.fetching.offline)
    #expect(defaults.fetching.refreshAfter.seconds == 30 * 60)
  }

  @Test("a refresh age it cannot read is a usage error (64) naming the option")
  func badRefreshAfter() {
    do {
      _ = try CloudyCommand.parseAsRoot(["--refresh-after", "soon"])
      Issue.record("--refresh-after soon was accepted")
    } catch {
      #expect(CloudyCommand.exitCode(for: error).rawValue == 64)
      #expect(CloudyCommand.message(for: error).contains("--refresh-after"))
    }
  }

  @Test("--help and --version answer instead of starting the app, which needs a terminal")
  func helpAndVersion() throws {
    let help = try CloudyCommand.parseAsRoot(["--help"])
    #expect(!(help is CloudyCommand), "--help parsed as the app to run")
    let text = CloudyCommand.helpMessage(columns: 100)
    #expect(text.hasPrefix("OVERVIEW: The Cloudy app in the terminal"))
    #expect(text.contains("USAGE: cloudy "))
    #expect(text.contains("--refresh-after <age>"))
    #expect(text.contains("--offline"))
    do {
      _ = try CloudyCommand.parseAsRoot(["--version"])
      Issue.record("--version parsed as the app to run")
    } catch {
      #expect(CloudyCommand.exitCode(for: error).rawValue == 0)
      #expect(CloudyCommand.fullMessage(for: error) == CloudyVersion.string)
    }
  }

  @Test("how the session ended is the exit status: q none, a signal 128 + its number")
  func sessionEnding() {
    #expect(SessionEnding.quit.exitCode == nil)
    #expect(SessionEnding.signal(15).exitCode == 143)
    #expect(SessionEnding.signal(1).exitCode == 129)
  }
}

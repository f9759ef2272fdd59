public import ArgumentParser
import CloudyPlatform

/// The entry point every Cloudy tool uses instead of ArgumentParser's default `main()`.
///
/// It keeps DESIGN.md's error contract: one line on stderr, `TOOL: error: what to do`, and an
/// exit status from `ExitStatus`. Help and version go to stdout with status 0. Arguments that
/// are not valid UTF-8 are refused before parsing, since decoding would silently replace bytes
/// and a name would be stored mangled.
public enum ToolMain {
  /// Parses the process's arguments as `command`, runs it and exits with its status: the one
  /// call in each executable's `main.swift`. `tool` names the error lines.
  public static func run<Command: ParsableCommand>(_ command: Command.Type, tool: String) -> Never {
    do {
      try refuseInvalidUTF8Arguments()
      var parsed = try Command.parseAsRoot()
      try parsed.run()
      ProcessExit.now(0)
    } catch {
      finish(command, tool: tool, error: error)
    }
  }

  /// The same for a command that awaits (the fetcher), so that its `run()` is awaited.
  public static func run<Command: AsyncParsableCommand>(_ command: Command.Type, tool: String) async
    -> Never
  {
    do {
      try refuseInvalidUTF8Arguments()
      var parsed = try Command.parseAsRoot()
      if var asyncCommand = parsed as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try parsed.run()
      }
      ProcessExit.now(0)
    } catch {
      finish(command, tool: tool, error: error)
    }
  }

  /// Runs a command body, turning any error into the one-line report and its exit status.
  public static func reporting<Result>(tool: String, _ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as ExitCode {
      throw error
    } catch let error as CleanExit {
      throw error
    } catch {
      throw report(CommandFailure(describing: error), tool: tool)
    }
  }

  /// The async twin of `reporting`.
  public static func reporting<Result>(tool: String, _ body: () async throws -> Result) async throws
    -> Result
  {
    do {
      return try await body()
    } catch let error as ExitCode {
      throw error
    } catch let error as CleanExit {
      throw error
    } catch {
      throw report(CommandFailure(describing: error), tool: tool)
    }
  }

  /// Prints the failure and returns the ExitCode to throw. A failure without a message was
  /// reported already (`CommandError.reportedUnusableInput`): only its status is left.
  public static func report(_ failure: CommandFailure, tool: String) -> ExitCode {
    if !failure.message.isEmpty { Output.error(line(failure.message, tool: tool)) }
    return ExitCode(failure.status.rawValue)
  }

  /// The one shape of an error line: `TOOL: error: MESSAGE`.
  public static func line(_ message: String, tool: String) -> String {
    "\(tool): error: \(message)"
  }

  private static func finish<Command: ParsableCommand>(
    _ command: Command.Type, tool: String, error: any Error
  ) -> Never {
    if error is CommandFailure || error is CommandError {
      ProcessExit.now(report(CommandFailure(describing: error), tool: tool).rawValue)
    }
    if let code = error as? ExitCode {
      ProcessExit.now(code.rawValue)
    }
    let code = Command.exitCode(for: error)
    if code == .success {
      print(Command.fullMessage(for: error))
      ProcessExit.now(0)
    }
    // A parse or validation error: ArgumentParser's message, on one line, with the way out.
    let message =
      Command.message(for: error)
      .split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid arguments"
    let lowered = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
    Output.error(line("\(lowered) (see '\(tool) --help')", tool: tool))
    ProcessExit.now(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
  }

  private static func refuseInvalidUTF8Arguments() throws {
    for index in 1..<max(1, Int(CommandLine.argc)) {
      guard let bytes = ProcessExit.argumentBytes(index) else { continue }
      if String(validating: bytes, as: UTF8.self) == nil {
        throw CommandError.unusableInput(
          "argument \(index) is not valid UTF-8; nothing was changed")
      }
    }
  }
}

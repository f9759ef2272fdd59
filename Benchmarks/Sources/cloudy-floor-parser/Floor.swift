import ArgumentParser

/// The floor of the stack for a Cloudy tool: swift-argument-parser with one subcommand that
/// does nothing, built like the tools. A tool's time above this is Cloudy's own.
@main
struct Floor: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cloudy-floor-parser", subcommands: [Nothing.self])

  struct Nothing: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "nothing")

    func run() {}
  }
}

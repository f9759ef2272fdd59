import CloudyCLI
import CloudyFetchCLI

/// In an async function, so that the `AsyncParsableCommand` overload of `ToolMain.run` is the
/// one chosen (the synchronous one would not await the fetch).
func runTool() async -> Never {
  await ToolMain.run(FetchCommand.self, tool: FetchCommand.tool)
}

await runTool()

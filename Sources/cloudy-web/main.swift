import CloudyCLI
import CloudyWeb

/// In an async function, so that the `AsyncParsableCommand` overload of `ToolMain.run` is the
/// one chosen (the synchronous one would not await the server).
func runTool() async -> Never {
  await ToolMain.run(CloudyWebCommand.self, tool: CloudyWebCommand.tool)
}

await runTool()

import CloudyCLI

/// In an async function, so that the `AsyncParsableCommand` overload of `ToolMain.run` is the
/// one chosen (the synchronous one would not await `fetch`).
func runTool() async -> Never {
  await ToolMain.run(CloudyForecast.self, tool: CloudyForecast.tool)
}

await runTool()

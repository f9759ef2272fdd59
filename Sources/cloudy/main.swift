import CloudyAppCLI
import CloudyCLI

ToolMain.run(CloudyCommand.self, tool: CloudyCommand.tool)

import CloudyCLI
import CloudyDBCLI

ToolMain.run(CloudyDB.self, tool: CloudyDB.tool)

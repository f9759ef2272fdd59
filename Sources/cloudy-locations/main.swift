import CloudyCLI
import CloudyLocationsCLI

ToolMain.run(CloudyLocations.self, tool: CloudyLocations.tool)

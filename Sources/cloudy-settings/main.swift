import CloudyCLI
import CloudySettingsCLI

ToolMain.run(CloudySettings.self, tool: CloudySettings.tool)

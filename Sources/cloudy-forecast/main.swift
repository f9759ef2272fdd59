import CloudyCLI
import CloudyForecastCLI

ToolMain.run(CloudyForecast.self, tool: ForecastCommand.tool)

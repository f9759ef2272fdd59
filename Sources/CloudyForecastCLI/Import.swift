import ArgumentParser
import CloudyCLI
import CloudyDecoding
import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStore
import CloudyViewModels

extension CloudyForecast {
  /// `import FILE [--place PLACE] [--json]`: a saved provider response into the cache.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Cache a saved Open-Meteo or Dark Sky JSON response as a place's forecast.",
      discussion: """
        The format is detected from the JSON. The file is read (at most 4 MiB), decoded and \
        checked completely before anything is written; it then replaces the place's cached \
        forecast, stamped as fetched now. Times are those of the file.
        """)

    static let maximumBytes = ForecastLimits.maximumResponseBytes

    @Argument(
      help: ArgumentHelp("The saved JSON response.", valueName: "file"),
      completion: .file(extensions: ["json"]))
    var file: String

    @Option(
      help: ArgumentHelp(
        "A saved place's name or number, or `current`. Default: the selected place.",
        valueName: "place"))
    var place: String?

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        let databasePath = try database.resolve()
        let target = try LocationEditor(
          store: LocationRepository(
            database: try ForecastCommand.existing(
              databasePath, missing: ForecastCommand.noDatabase(databasePath)))
        ).forecastTarget(place)

        let body = try Self.read(file)
        guard let format = ForecastResponseFormat.detect(body) else {
          throw CommandFailure(
            .badData,
            "\(file) is not a forecast response: expected the JSON of Open-Meteo or of a Dark Sky-compatible service; nothing was changed"
          )
        }
        let weather: WeatherData
        do {
          weather = try ForecastDecoder.decode(body, format: format, fetchedAt: WallClock.now())
        } catch let error as ForecastError {
          throw CommandFailure(
            FailureMap.status(of: error),
            "\(file) is not a usable \(format.providerKind.serviceName) response: \(error.description); nothing was changed"
          )
        }
        let store = ForecastRepository(database: try StoreAccess.writing(databasePath))
        try store.save(weather, for: target.place)
        if output.json {
          Output.json(
            .object(
              [
                ("place", ForecastJSON.place(target)), ("file", .string(file)),
                ("format", .string(format.rawValue)),
              ] + ForecastJSON.cached(weather)))
        } else {
          Output.line(
            "Imported \(file) (\(Self.name(of: format)) format) as the forecast of \(target.name): \(ForecastText.plural(weather.days.count, "day")), \(ForecastText.plural(weather.hours.count, "hour"))."
          )
        }
      }
    }

    /// The file's bytes; refuses a missing or unreadable file, a folder, or more than 4 MiB.
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
      do {
        return try FileContents.read(path, limit: maximumBytes)
      } catch {
        switch error {
        case .missing(let reason): throw CommandFailure(.notFound, "cannot read \(path): \(reason)")
        case .unreadable(let reason):
          throw CommandFailure(.ioError, "cannot read \(path): \(reason)")
        case .folder: throw CommandFailure(.ioError, "cannot read \(path): it is a folder")
        case .tooLarge: throw tooLarge(path)
        }
      }
    }

    static func name(of format: ForecastResponseFormat) -> String {
      switch format {
      case .openMeteo: "Open-Meteo"
      case .darkSky: "Dark Sky"
      }
    }

    private static func tooLarge(_ path: String) -> CommandFailure {
      CommandFailure(
        .badData, "\(path) is larger than 4 MiB, too large for a forecast response; refused")
    }
  }
}

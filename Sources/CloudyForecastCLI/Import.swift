import ArgumentParser
import CloudyCLI
import CloudyDecoding
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStoring
import CloudyViewModels

extension CloudyForecast {
  /// `import FILE [--place PLACE] [--model NAME] [--force] [--json]`: a saved provider response
  /// into the cache.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Cache a saved Open-Meteo or Dark Sky JSON response as a place's forecast.",
      discussion: """
        The format is detected from the JSON: Open-Meteo (any request: ISO or unix times, any \
        units it names, old and new variable names, current or current_weather, any of \
        current/hourly/daily) or the Dark Sky family (Dark Sky, forecast.io, Pirate Weather). \
        The file is read (at most 4 MiB), decoded and checked completely before anything is \
        written; it then replaces the place's cached forecast. Times and age are the data's \
        own: `show` says how old it is. A response for a coordinate more than 50 km from the \
        place is refused unless --force. Units the file does not name, or names but Cloudy \
        does not know, are refused rather than guessed.
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

    @Option(
      help: ArgumentHelp(
        "The model to read from a multi-model Open-Meteo response (models=…), e.g. icon_seamless.",
        valueName: "name"))
    var model: String?

    @Flag(help: "Import even when the response's coordinate is more than 50 km from the place.")
    var force = false

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: ForecastCommand.tool) {
        let databasePath = try database.resolve()
        let target = try LocationEditor(store: ForecastCommand.savedPlaces(databasePath))
          .forecastTarget(place)

        let body = try Self.read(file)
        if let what = ResponseRecognition.notAForecast(body) {
          throw CommandError.unusableInput("\(file) is \(what); nothing was changed")
        }
        // Open-Meteo's answer for several coordinates: the forecast nearest the place.
        var entry: Int?
        var entryNote: String?
        if let coordinates = ResponseRecognition.multiLocationCoordinates(body) {
          let distances = coordinates.map { ImportPlace.kilometres($0, target.coordinate) }
          let nearest = distances.indices.min { distances[$0] < distances[$1] } ?? 0
          guard distances[nearest] <= ImportPlace.limitKilometres || force else {
            let listed = MessageText.list(coordinates.map(\.displayText))
            throw CommandError.unusableInput(
              "\(file) holds \(coordinates.count) Open-Meteo forecasts, for \(listed): none within \(Int(ImportPlace.limitKilometres)) km of \(target.name) (\(target.coordinate.displayText)); nothing was changed (choose its place with --place, or add --force to import the nearest)"
            )
          }
          entry = nearest
          entryNote =
            "the file holds \(coordinates.count) forecasts (one per coordinate asked); imported number \(nearest + 1), for \(coordinates[nearest].displayText)"
        }
        guard let format = entry != nil ? .openMeteo : ForecastResponseFormat.detect(body) else {
          throw CommandError.unusableInput(
            "\(file) is not a forecast response: expected the JSON of Open-Meteo or of a Dark Sky-compatible service; nothing was changed"
          )
        }
        let now = WallClock.now()
        let decoded: ForecastDecoder.Decoded
        do {
          decoded = try ForecastDecoder.decodeReporting(
            body, format: format, fetchedAt: now, model: model, entry: entry)
        } catch let error as ForecastError {
          let detail: String
          if case .invalidResponse(let text) = error {
            detail = text
          } else {
            detail = error.description
          }
          throw CommandFailure(
            FailureMap.status(of: error),
            "\(file) is not a usable \(format.providerKind.displayName) response: \(detail); nothing was changed"
          )
        }
        let weather = decoded.weather
        let distance = try ImportPlace.check(
          file: file, response: weather.coordinate, target: target, force: force)
        let store = try StoreAccess.forecastStore(writing: databasePath)
        try store.save(weather, for: target.place)
        let zone = LocalTime(firstKnownOf: [weather.timeZone, target.timeZone])
        let age = ForecastAge(
          issuedAt: weather.issuedAt, fetchedAt: weather.fetchedAt, now: now, fromCache: false,
          issuedDateText: zone.format(weather.issuedAt, "%b %-d, %Y"))
        var notes = decoded.notes
        if let entryNote { notes.insert(entryNote, at: 0) }
        if distance > ImportPlace.limitKilometres {
          notes.append(
            "the response is for \(weather.coordinate.displayText), \(ImportPlace.text(kilometres: distance)) from \(target.name); imported with --force"
          )
        }
        if output.json {
          Output.json(
            .object(
              [
                ("place", ForecastJSON.place(target)), ("file", .string(file)),
                ("format", .string(format.rawValue)),
              ] + ForecastJSON.cached(weather) + [
                ("issuedAt", .int(weather.issuedAt)), ("ageSeconds", .int(age.seconds)),
                ("age", .string(age.text)), ("model", .optional(decoded.model)),
                ("distanceKm", .double((distance * 10).rounded() / 10)),
                ("contents", ForecastJSON.contents(weather.contents)),
                ("notes", .array(notes.map { .string($0) })),
              ]))
        } else {
          let modelText = decoded.model.map { ", model \($0)" } ?? ""
          // A service that speaks another's format is named beside it: "Pirate Weather, Dark
          // Sky format".
          let service =
            weather.provider == format.providerKind ? "" : "\(weather.provider.displayName), "
          let current = weather.contents.contains(.current) ? "current conditions, " : ""
          Output.line(
            "Imported \(file) (\(service)\(format.providerKind.displayName) format\(modelText)) as the forecast of \(target.name): \(current)\(MessageText.counted(weather.days.count, "day")), \(MessageText.counted(weather.hours.count, "hour")); data \(age.asOfText)."
          )
          for note in notes { Output.line("Note: \(note).") }
        }
      }
    }

    /// The file's bytes; refuses a missing or unreadable file, a folder, or more than 4 MiB.
    static func read(_ path: String) throws(CommandError) -> [UInt8] {
      do {
        return try FileContents.read(path, limit: maximumBytes)
      } catch {
        throw .unreadableFile(path: path, error, purpose: "a forecast response")
      }
    }
  }
}

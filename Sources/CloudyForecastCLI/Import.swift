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
      abstract:
        "Cache a saved Open-Meteo, Dark Sky, MET Norway or NWS response as a place's forecast, or a CAP or NWS alerts document as its alerts.",
      discussion: """
        The format is detected from the JSON: Open-Meteo (any request: ISO or unix times, any \
        units it names, old and new variable names, current or current_weather, any of \
        current/hourly/daily), the Dark Sky family (Dark Sky, forecast.io, Pirate Weather), \
        MET Norway's Locationforecast 2.0 (compact or complete; its days are made in the \
        place's time zone) or the NWS's /gridpoints/…/forecast (days) or /forecast/hourly \
        (hours) answer. \
        The file is read (at most 4 MiB), decoded and checked completely before anything is \
        written; it then replaces the place's cached forecast. Times and age are the data's \
        own: `show` says how old it is. A response for a coordinate more than 50 km from the \
        place is refused unless --force. Units the file does not name, or names but Cloudy \
        does not know, are refused rather than guessed. A Dark Sky-family response's alerts are \
        kept with it. A CAP 1.2 document or the NWS's alerts/active answer is stored as the \
        place's alerts (an alert whose polygon or circle misses the place is left out, with a \
        note); an NWS /points answer, an ATOM list of alerts and CAP 1.1 are refused by name. \
        An Open-Meteo air-quality answer (/v1/air-quality) adds its indexes and pollutants to \
        the place's cached forecast, hour by hour.
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
        if AlertDecoder.isAlertsDocument(body) {
          return try ImportAlerts.run(
            file: file, body: body, target: target, databasePath: databasePath, json: output.json)
        }
        if AirQualityAnswer.recognises(body) {
          return try ImportAirQuality.run(
            file: file, body: body, target: target, databasePath: databasePath, json: output.json)
        }
        if let what = ResponseRecognition.notAForecast(body) {
          throw CommandError.unusableInput("\(file) is \(what); nothing was changed")
        }
        let entry = try nearestEntry(in: body, to: target)
        let now = WallClock.now()
        let (format, decoded) = try decode(
          body, entry: entry?.index, now: now, timeZone: target.timeZone)
        let weather = decoded.weather
        let distance = try ImportPlace.check(
          file: file, response: weather.coordinate, target: target, force: force)
        // The NWS answers days and hours at two addresses: a part this answer lacks is kept
        // from the same service's cached forecast of the point (`WeatherData.keepingParts`).
        let store = try StoreAccess.forecastStore(writing: databasePath)
        let merged = weather.keepingParts(of: try store.latest(for: target.place))
        try store.save(merged.weather, for: target.place)
        var notes = decoded.notes
        if let kept = Self.keptNote(merged.kept, of: merged.weather) { notes.append(kept) }
        if let entry { notes.insert(entry.note, at: 0) }
        if format == .darkSky,
          let kept = try ImportAlerts.keepForecastAlerts(
            body: body, target: target, databasePath: databasePath)
        {
          notes.append(kept)
        }
        if distance > ImportPlace.limitKilometres {
          notes.append(
            "the response is for \(weather.coordinate.displayText), \(ImportPlace.text(kilometres: distance)) from \(target.name); imported with --force"
          )
        }
        report(
          Imported(
            target: target, format: format, decoded: decoded, distance: distance, notes: notes),
          now: now)
      }
    }

    /// "kept the 7 days cached from the same service's earlier answer"; nil when nothing was.
    static func keptNote(_ kept: ForecastContents, of weather: WeatherData) -> String? {
      var parts: [String] = []
      if kept.contains(.daily) {
        parts.append(weather.days.count == 1 ? "the 1 day" : "the \(weather.days.count) days")
      }
      if kept.contains(.hourly) {
        parts.append(weather.hours.count == 1 ? "the 1 hour" : "the \(weather.hours.count) hours")
      }
      if kept.contains(.current) { parts.append("the current conditions") }
      guard !parts.isEmpty else { return nil }
      return
        "kept \(parts.joined(separator: " and ")) cached from the same service's earlier answer"
    }

    /// Open-Meteo's answer for several coordinates: the forecast nearest the place, and a note
    /// saying which was taken; nil for a response about one place.
    private func nearestEntry(in body: [UInt8], to target: ForecastTarget) throws -> (
      index: Int, note: String
    )? {
      guard let coordinates = ResponseRecognition.multiLocationCoordinates(body) else {
        return nil
      }
      let distances = coordinates.map { ImportPlace.kilometres($0, target.coordinate) }
      let nearest = distances.indices.min { distances[$0] < distances[$1] } ?? 0
      guard distances[nearest] <= ImportPlace.limitKilometres || force else {
        let listed = MessageText.list(coordinates.map(\.displayText))
        throw CommandError.unusableInput(
          "\(file) holds \(coordinates.count) Open-Meteo forecasts, for \(listed): none within \(Int(ImportPlace.limitKilometres)) km of \(target.name) (\(target.coordinate.displayText)); nothing was changed (choose its place with --place, or add --force to import the nearest)"
        )
      }
      return (
        nearest,
        "the file holds \(coordinates.count) forecasts (one per coordinate asked); imported number \(nearest + 1), for \(coordinates[nearest].displayText)"
      )
    }

    /// The response's format (Open-Meteo for a multi-place answer) and what the decoder read.
    private func decode(_ body: [UInt8], entry: Int?, now: Int64, timeZone: String?) throws -> (
      ForecastResponseFormat, ForecastDecoder.Decoded
    ) {
      guard let format = entry != nil ? .openMeteo : ForecastResponseFormat.detect(body) else {
        if let problem = ResponseRecognition.syntaxProblem(body) {
          throw CommandError.unusableInput(
            "\(file) is not a forecast response: \(problem); nothing was changed")
        }
        throw CommandError.unusableInput(
          "\(file) is not a forecast response: expected the JSON of Open-Meteo, of a Dark Sky-compatible service, of MET Norway's Locationforecast or of the NWS's forecast; nothing was changed"
        )
      }
      // Which model to read is the command line's question: the decoder states the fact.
      let models =
        model == nil && format == .openMeteo ? ResponseRecognition.openMeteoModels(body) : []
      if !models.isEmpty {
        throw CommandError.unusableResponse(
          file: file, service: format.providerKind.displayName,
          .invalidResponse(
            "the response holds several weather models (\(models.joined(separator: ", "))); choose one with --model NAME"
          ))
      }
      do {
        let decoded = try ForecastDecoder.decodeReporting(
          body, format: format, fetchedAt: now, model: model, entry: entry,
          timeZone: timeZone)
        return (format, decoded)
      } catch {
        throw CommandError.unusableResponse(
          file: file, service: format.providerKind.displayName, error)
      }
    }

    /// What was saved, for the report.
    private struct Imported {
      let target: ForecastTarget
      let format: ForecastResponseFormat
      let decoded: ForecastDecoder.Decoded
      let distance: Double
      let notes: [String]
    }

    /// One line and its notes, or the `--json` object.
    private func report(_ imported: Imported, now: Int64) {
      let (target, format, weather) = (imported.target, imported.format, imported.decoded.weather)
      let zone = LocalTime(firstKnownOf: [weather.timeZone, target.timeZone])
      let age = ForecastAge(
        issuedAt: weather.issuedAt, fetchedAt: weather.fetchedAt, now: now, fromCache: false,
        issuedDateText: zone.format(weather.issuedAt, "%b %-d, %Y"))
      if output.json {
        Output.json(
          .object(
            [
              ("place", ForecastJSON.place(target)), ("file", .string(file)),
              ("format", .string(format.rawValue)),
            ] + ForecastJSON.cached(weather) + [
              ("issuedAt", .int(weather.issuedAt)), ("ageSeconds", .int(age.seconds)),
              ("age", .string(age.text)), ("model", .optional(imported.decoded.model)),
              ("distanceKm", .double((imported.distance * 10).rounded() / 10)),
              ("contents", ForecastJSON.contents(weather.contents)),
              ("notes", .array(imported.notes.map { .string($0) })),
            ]))
        return
      }
      let modelText = imported.decoded.model.map { ", model \($0)" } ?? ""
      // A service that speaks another's format is named beside it: "Pirate Weather, Dark Sky
      // format".
      let service =
        weather.provider == format.providerKind ? "" : "\(weather.provider.displayName), "
      let current = weather.contents.contains(.current) ? "current conditions, " : ""
      Output.line(
        "Imported \(file) (\(service)\(format.providerKind.displayName) format\(modelText)) as the forecast of \(target.name): \(current)\(MessageText.counted(weather.days.count, "day")), \(MessageText.counted(weather.hours.count, "hour")); data \(age.asOfText)."
      )
      for note in imported.notes { Output.line("Note: \(note).") }
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

import ArgumentParser
import CloudyCLI
import CloudyExchange
import CloudyModels
import CloudyStore

extension CloudyDB {
  /// `cloudy-db export`: the saved places in a file other tools read.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract:
        "Write the saved places as JSON (everything), CSV (spreadsheets) or GeoJSON (maps).",
      discussion: """
        json: Cloudy's versioned document with the places, the current location and the \
        settings (--forecasts adds the cached forecasts); csv: one place per row (RFC 4180); \
        geojson: a FeatureCollection of Points (RFC 7946) for geojson.io or QGIS. The places are \
        read in one snapshot, consistent while other commands write. With --output the file \
        appears whole or not at all (mode 0600). Shapes: README, "Export and import".
        """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: ArgumentHelp("json, csv or geojson.", valueName: "format"))
    var format: FormatOption = .json
    @Option(
      name: [.short, .long],
      help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "file"),
      completion: .file())
    var output: String?
    @Flag(help: "Include the cached forecasts (JSON only).") var forecasts = false

    func validate() throws {
      if forecasts && format != .json {
        throw ValidationError("--forecasts needs --format json (CSV and GeoJSON carry places only)")
      }
      if output?.isEmpty == true { throw ValidationError("--output needs a file name") }
    }

    func run() throws {
      try ToolMain.reporting(tool: "cloudy-db") {
        let databasePath = try database.resolve()
        let transfer = try StoreAccess.transfer(existing: databasePath)
        if let output, ExchangeFiles.isDatabase(output, database: databasePath.path) {
          throw CommandError.invalidRequest(
            "\(output) is the database itself; choose another file for --output")
        }
        let document = try transfer.snapshot(includingForecasts: forecasts)
        let bytes = PlacesExchange.write(document, as: format.exchange, forecasts: forecasts)
        guard let output else {
          try ExchangeFiles.writeStandardOutput(bytes)
          return
        }
        try ExchangeFiles.write(bytes, to: output)
        let count = document.places.count
        Output.line(
          "exported \(count) place\(count == 1 ? "" : "s") to \(output) (\(format.rawValue))")
      }
    }
  }
}

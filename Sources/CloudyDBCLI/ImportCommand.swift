import ArgumentParser
import CloudyCLI
import CloudyExchange
import CloudyModels
import CloudyStore

extension CloudyDB {
  /// `cloudy-db import`: places from a Cloudy export, a spreadsheet's CSV, a map's GeoJSON
  /// (Google Takeout's Saved Places and OpenStreetMap exports among them), GPX or KML.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract:
        "Add the places in a JSON, CSV, GeoJSON, GPX, KML or KMZ file (or replace them with --replace).",
      discussion: """
        The format is detected from the contents (or given with --format). From files other \
        tools wrote (Google Takeout's Saved Places.json, OpenStreetMap/overpass-turbo GeoJSON, \
        GPX waypoints, KML and KMZ placemarks from Google My Maps and Earth, spreadsheets, \
        Wikidata query results) only each place's \
        name, position, country code and region are read; outlines become the place at their \
        centre; records that are not places (no position, lines, tracks, no name) are skipped \
        and counted; a name the file has twice is told apart ("Black Bear Diner (Redding)"). \
        CSV columns may come in any order and case (name/title, lat/latitude/y, \
        lon/lng/long/longitude/x, …) or be named with --name-column, --lat-column and \
        --lon-column; a WKT column (POINT (lon lat)) gives the positions when there are no \
        latitude and longitude columns. A place the file repeats (the same name within 25 m) \
        is imported once. The whole file is checked first. When some records cannot be stored (a \
        latitude of 91), nothing is written: the command says how many places would be \
        imported and why the others cannot, counted by reason, and exits 65; --skip-invalid \
        then imports the rest in one transaction and lists what it skipped. A file Cloudy \
        exported is all or nothing. Places whose name is already saved (ignoring case) are \
        skipped and reported, so importing a file twice changes nothing. --replace replaces \
        all saved places, and for a Cloudy JSON file the current location and the settings \
        too, in one transaction. Limits: 64 MiB, 100,000 places.
        """)
    @OptionGroup var database: DatabaseOptions
    @Argument(
      help: ArgumentHelp("The file to import; - reads standard input.", valueName: "file"),
      completion: .file(extensions: ["json", "csv", "geojson", "gpx", "kml", "kmz"]))
    var file: String
    @Option(
      help: ArgumentHelp(
        "json, csv, geojson, gpx or kml (a KMZ is kml; default: detected).", valueName: "format")
    )
    var format: ImportFormatOption?
    @Flag(help: "Replace the saved places instead of adding to them.") var replace = false
    @Flag(
      help: """
        Import the places of another tool's file that can be stored and skip the records that \
        cannot (listed); without it such a file changes nothing.
        """)
    var skipInvalid = false
    @Option(help: ArgumentHelp("The CSV column that holds the names.", valueName: "header"))
    var nameColumn: String?
    @Option(help: ArgumentHelp("The CSV column that holds the latitudes.", valueName: "header"))
    var latColumn: String?
    @Option(help: ArgumentHelp("The CSV column that holds the longitudes.", valueName: "header"))
    var lonColumn: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
      let (read, outcome) = try ToolMain.reporting(tool: "cloudy-db") {
        () throws -> (PlacesExchange.ReadResult, PlacesTransferRepository.Outcome) in
        let databasePath = try database.resolve()
        var bytes = try ExchangeFiles.contents(of: file)
        var chosen = format?.exchange ?? ExchangeFormat.detect(bytes, fileName: file)
        let read: PlacesExchange.ReadResult
        let columns = PlacesExchange.Columns(
          name: nameColumn, latitude: latColumn, longitude: lonColumn)
        do throws(ImportRefusal) {
          // A KMZ is the KML inside it.
          if KMZArchive.isZip(bytes), format == nil || format == .kml {
            bytes = try KMZArchive.kml(in: bytes)
            chosen = .kml
          }
          read = try PlacesExchange.read(bytes, format: chosen, fileName: file, columns: columns)
        } catch {
          // Validation failed: say everything that is wrong; nothing was opened or created.
          ImportReport.refusal(error, file: file, format: chosen, json: output.json)
          throw CommandError.reportedUnusableInput
        }
        let nothingUsable =
          read.foreign && read.document.places.isEmpty
          && !(read.leftOut.omitted.isEmpty && read.leftOut.invalid.isEmpty)
        if (!read.leftOut.invalid.isEmpty && !skipInvalid) || nothingUsable {
          // A partial import only on request: say what it would do; nothing was opened.
          ImportReport.partial(read, file: file, json: output.json)
          throw CommandError.reportedUnusableInput
        }
        let outcome = try StoreAccess.transfer(writing: databasePath).apply(
          read.document, mode: replace ? .replace : .merge)
        return (read, outcome)
      }
      ImportReport.success(
        outcome, read: read, file: file, mode: replace ? .replace : .merge, json: output.json)
    }
  }
}

import ArgumentParser
import CloudyCLI
import CloudyExchange
import CloudyStore

extension CloudyDB {
  /// `cloudy-db import`: places from a Cloudy export, a spreadsheet's CSV or a map's GeoJSON.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Add the places in a JSON, CSV or GeoJSON file (or replace them with --replace).",
      discussion: """
        The format is detected from the contents (or given with --format). CSV columns may \
        come in any order and case (name, lat/latitude, lon/lng/longitude, region, country, \
        time_zone, …); GeoJSON Point features need a name, title or Name property. The whole \
        file is checked first: any bad row or feature is named (line, feature, field), the \
        command exits 65 and nothing is written. Places whose name is already saved (ignoring \
        case) are skipped and reported, so importing a file twice changes nothing. --replace \
        replaces all saved places, and for a Cloudy JSON file the current location and the \
        settings too, in one transaction. Limits: 64 MiB, 100,000 places.
        """)
    @OptionGroup var database: DatabaseOptions
    @Argument(
      help: ArgumentHelp("The file to import; - reads standard input.", valueName: "file"),
      completion: .file(extensions: ["json", "csv", "geojson"]))
    var file: String
    @Option(help: ArgumentHelp("json, csv or geojson (default: detected).", valueName: "format"))
    var format: FormatOption?
    @Flag(help: "Replace the saved places instead of adding to them.") var replace = false
    @OptionGroup var output: OutputOptions

    func run() throws {
      let (read, outcome) = try ToolMain.reporting(tool: "cloudy-db") {
        () throws -> (PlacesExchange.ReadResult, PlacesTransferRepository.Outcome) in
        let location = try database.resolve()
        let bytes = try ExchangeFiles.contents(of: file)
        let chosen = format?.exchange ?? ExchangeFormat.detect(bytes, fileName: file)
        let read: PlacesExchange.ReadResult
        do throws(ImportRefusal) {
          read = try PlacesExchange.read(bytes, format: chosen, fileName: file)
        } catch {
          // Validation failed: say everything that is wrong; nothing was opened or created.
          ImportReport.refusal(error, file: file, format: chosen, json: output.json)
          throw ExitCode(ExitStatus.badData.rawValue)
        }
        let db = try StoreAccess.writing(location)
        let outcome = try PlacesTransferRepository(database: db)
          .apply(read.document, mode: replace ? .replace : .merge)
        return (read, outcome)
      }
      ImportReport.success(
        outcome, read: read, file: file, mode: replace ? .replace : .merge, json: output.json)
    }
  }
}

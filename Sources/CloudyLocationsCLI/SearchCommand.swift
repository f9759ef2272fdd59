import ArgumentParser
import CloudyCLI
import CloudyGazetteer
import CloudyJSON
import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyViewModels

extension CloudyLocations {
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Show the places a name matches, numbered for `add NAME --pick N`. Saves nothing.",
      discussion: """
        Lists the places named so (by their name or another of their names: "Wien", \
        "Москва", "NYC"), then longer names that begin with it, as a search box does; each row \
        says when it matched by another name or a prefix. No match exits 66 and lists near \
        matches. Never creates the database.
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("What to look up, e.g. \"Richmond, VA\".", valueName: "query"))
    var query: String

    @Option(help: ArgumentHelp("Show at most N candidates (1…100).", valueName: "n"))
    var limit = 10

    func validate() throws {
      guard (1...100).contains(limit) else { throw ValidationError("--limit must be 1…100") }
    }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let checked = try PlaceName.validated(query)
        let databasePath = try database.resolve()
        let search = AddLocationViewModel(
          geocoder: GazetteerGeocoder(), limit: limit,
          openStore: { MissingDatabaseStore(path: databasePath.path) })
        search.query.value = checked
        try Self.requireResults(search, query: checked, acceptingPrefixes: true)
        // Marks candidates already saved; reading never creates the file.
        let saved = Set(
          try StoreAccess.locationStore(reading: databasePath).snapshot().locations.map {
            $0.name.lowercased()
          })
        let rows = (0..<search.numberOfRows).compactMap { search.viewModel(at: $0) }
        if output.json {
          Output.json(
            .object([
              ("query", .string(checked)),
              (
                "candidates",
                .array(
                  rows.map {
                    LocationsJSON.candidate($0, saved: saved.contains($0.text.lowercased()))
                  })
              ),
            ]))
          return
        }
        let table = rows.map { row in
          [
            TextColumns.rightAligned("\(row.number)", width: 3), row.text, row.detailText,
            row.candidate.timeZone, row.matchText ?? "",
            saved.contains(row.text.lowercased()) ? "(saved)" : "",
          ]
        }
        for line in TextColumns.lines(table) { Output.line(line) }
        Output.line(
          "nothing was saved; to save one: cloudy-locations add \(ShellWord.quoted(checked)) --pick N"
        )
      }
    }

    /// Throws the search's failure, or "no place matches" with the numbered near matches (66).
    /// Prefix matches ("Springf" → Springfield) pass when `acceptingPrefixes`: what a search
    /// box shows; `add` decides itself what to do with them.
    static func requireResults(
      _ search: AddLocationViewModel, query: String, acceptingPrefixes: Bool
    ) throws {
      switch search.state.value {
      case .results: return
      case .failed(let error): throw error
      case .idle: throw GeocodingError.emptyQuery
      case .closeMatches
      where acceptingPrefixes && search.candidates.contains(where: { $0.match != .near }):
        return
      case .searching, .noResults, .closeMatches:
        let advice =
          search.numberOfRows == 0
          ? "check the spelling, or save exact coordinates with --name NAME --lat X --lon Y"
          : "near matches: \(numbered(search)); save one with: cloudy-locations add \(ShellWord.quoted(query)) --pick N"
        throw CommandError.notFound("no place matches \(MessageText.quoted(query)); \(advice)")
      }
    }

    /// "1 Springfield, Missouri, US; 2 …; and 5 more": the rows as `--pick` numbers them.
    static func numbered(_ search: AddLocationViewModel) -> String {
      let rows = (0..<search.numberOfRows).compactMap { search.viewModel(at: $0) }
      let shown = rows.map { row in
        // Only another name is worth saying: every row begins like, or is spelled like, NAME.
        "\(row.number) \(row.match.alternateName == nil ? row.text : row.textWithMatch)"
      }
      return MessageText.list(shown)
    }
  }
}

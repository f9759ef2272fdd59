import ArgumentParser
import CloudyCLI
import CloudyGazetteer
import CloudyJSON
import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyViewModels

extension CloudyLocations {
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Save a place found by name, or at exact coordinates.",
      usage: """
        cloudy-locations add <name> [--pick <n>] [--json] [--db <path>]
        cloudy-locations add --name <name> --lat <degrees> --lon <degrees> [--json] [--db <path>]
        """,
      discussion: """
        By name: looks NAME up in the built-in gazetteer ("Richmond, VA", "richmond va", \
        "Zürich", "Wien", "Москва", "Saint Louis, MO") and saves the place it names as \
        "City, Region, CC". A place is named by its name or any other name it goes by, whole, \
        ignoring case, accents and punctuation; when several places are, it adds the best one \
        (its own name before another name unless that belongs to a far bigger place, then by \
        population), says which, and lists the others: add another one instead with --pick N \
        (numbered as `search NAME` shows them).

        When no place is named so, nothing is saved: it exits 66 and lists the closest places \
        (names that begin with NAME, or are spelled nearly like it), numbered: save one on \
        purpose with --pick N.

        With --lat and --lon: saves NAME (or --name NAME) exactly as typed, at those \
        coordinates, without looking the name up; its time zone is the nearest gazetteer \
        place's (within 300 km; else none, and times show in UTC until a forecast gives one), \
        so its forecast and alerts read in local time.

        Names already saved (ignoring case) are refused (65). The first place saved is \
        selected.
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("What to look up, or the name to save.", valueName: "name"))
    var query: String?

    @Option(
      name: .customLong("name"),
      help: ArgumentHelp("The name (instead of the NAME argument).", valueName: "name"))
    var name: String?

    @OptionGroup var coordinates: CoordinateOptions

    @Option(
      help: ArgumentHelp(
        "Add the Nth match of the search instead of the best one (1 = best).", valueName: "n"))
    var pick: Int?

    func validate() throws {
      if query != nil && name != nil {
        throw ValidationError("give the name either as NAME or with --name, not both")
      }
      if query == nil && name == nil {
        throw ValidationError("say what to add: NAME, or --name NAME --lat X --lon Y")
      }
      if let pick {
        guard pick >= 1 else { throw ValidationError("--pick counts from 1") }
        guard !coordinates.isGiven else {
          throw ValidationError(
            "--pick chooses among search results; it cannot go with --lat/--lon")
        }
      }
    }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let typed = query ?? name ?? ""
        // Everything is checked before the database is opened: a refusal creates nothing.
        let checked = try PlaceName.validated(typed)
        let databasePath = try database.resolve()
        if let coordinate = try coordinates.coordinate() {
          let store = try StoreAccess.locationStore(writing: databasePath)
          let added = try store.add(
            NewLocation(
              name: checked, coordinate: coordinate,
              timeZone: GazetteerGeocoder().timeZone(nearest: coordinate), source: .coordinates))
          report(added: .saved(added, selection: try store.selection()), search: nil)
        } else {
          try addFromGazetteer(checked, databasePath)
        }
      }
    }

    private func addFromGazetteer(_ query: String, _ databasePath: DatabasePath) throws {
      var opened: (any LocationStoring)?
      let search = AddLocationViewModel(
        geocoder: GazetteerGeocoder(), limit: max(10, self.pick ?? 1)
      ) {
        let store = try StoreAccess.locationStore(writing: databasePath)
        opened = store
        return store
      }
      search.query.value = query
      if pick == nil || search.numberOfRows == 0 {
        try Search.requireResults(search, query: query, acceptingPrefixes: true)
      }
      // Only a place the user named is saved unasked; a prefix or near match only when picked.
      guard let row = pick.map({ $0 - 1 }) ?? search.bestNamedCandidate else {
        throw CommandError.notFound(
          "no place is named \(MessageText.quoted(query)), so nothing was saved; closest: \(Search.numbered(search)); save one with: cloudy-locations add \(ShellWord.quoted(query)) --pick N"
        )
      }
      let added = try search.choose(at: row)
      guard let store = opened else { return }
      report(added: .saved(added, selection: try store.selection()), search: search)
    }

    /// Reports the new row without reloading the list, so `add` costs the same at 100,000
    /// places as at 10.
    private func report(added row: LocationRowViewModel, search: AddLocationViewModel?) {
      let others = (search?.candidates.indices ?? 0..<0).filter { $0 != (pick ?? 1) - 1 }
      if output.json {
        Output.json(
          .object([
            ("added", LocationsJSON.row(row)), ("query", .optional(search?.query.value)),
            ("pick", search == nil ? .null : .int(Int64(pick ?? 1))),
            (
              "candidates",
              .array(
                (0..<(search?.numberOfRows ?? 0)).compactMap { index in
                  search?.viewModel(at: index).map {
                    LocationsJSON.candidate($0, saved: $0.candidate.displayName == row.text)
                  }
                })
            ),
          ]))
        return
      }
      let chosen = search?.viewModel(at: (pick ?? 1) - 1)
      let how = chosen?.matchText.map { " \u{2014} \($0)" } ?? ""
      Output.line(
        "added \(LocationsText.describe(row, note: how))\(row.isSelected ? ", selected" : "")")
      if let search, !others.isEmpty {
        let list = others.prefix(5).compactMap { index in
          search.viewModel(at: index).map {
            "\($0.number) \($0.match.alternateName == nil ? $0.text : $0.textWithMatch)"
          }
        }
        Output.line(
          "also matched \(MessageText.quoted(search.query.value)): \(MessageText.list(list, total: others.count)) (add one of these with --pick N; `search` lists them)"
        )
      }
    }
  }
}

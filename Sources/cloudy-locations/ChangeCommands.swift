import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyViewModels

/// The list of places for a command that changes existing ones: writable if the file exists,
/// else a stand-in that finds no place, so the command fails without creating the file.
private func changingModel(_ database: DatabaseOptions) throws -> LocationsViewModel {
  try LocationsViewModel(
    store: try StoreAccess.locationStore(changingExisting: try database.resolve()))
}

extension CloudyLocations {
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a saved place and its cached forecast.",
      usage: "cloudy-locations remove <place> | --name <name> [--json] [--db <path>]",
      discussion: """
        PLACE is a row number from `list` or a name (ignoring case; a unique beginning is \
        enough). If it was selected, the place that takes its row is selected.
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: ArgumentHelp("Row number or name.", valueName: "place")) var place: String?
    @OptionGroup var placeName: PlaceNameOption

    func validate() throws { _ = try placeName.reference(place) }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let model = try changingModel(database)
        let indexPath = try model.indexPath(of: try placeName.reference(place))
        guard let row = model.viewModel(at: indexPath) else {
          throw LocationsViewModelError.noSuchRow(indexPath)
        }
        try model.delete(at: indexPath)
        if output.json {
          Output.json(
            .object([
              ("removed", LocationsJSON.row(row)), ("selection", LocationsJSON.selection(model)),
            ]))
        } else {
          Output.line("removed \(LocationsText.describe(row))")
          if row.isSelected { Output.line(LocationsText.selection(model)) }
        }
      }
    }
  }

  struct Select: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Choose the place the forecast shows.",
      usage: "cloudy-locations select <place> | --name <name> | --current [--json] [--db <path>]")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: ArgumentHelp("Row number or name.", valueName: "place")) var place: String?
    @OptionGroup var placeName: PlaceNameOption
    @Flag(help: "Select the Current Location (set it first with `current --lat --lon`).")
    var current = false

    func validate() throws {
      if current {
        guard place == nil, placeName.name == nil else {
          throw ValidationError("--current cannot go with a place")
        }
      } else {
        _ = try placeName.reference(place)
      }
    }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let model = try changingModel(database)
        let indexPath: IndexPath
        if current {
          guard let section = model.index(of: .current) else {
            throw CommandFailure(
              .notFound,
              "no current location is set; set one with `cloudy-locations current --lat X --lon Y`")
          }
          indexPath = IndexPath(row: 0, section: section)
        } else {
          indexPath = try model.indexPath(of: try placeName.reference(place))
        }
        try model.select(at: indexPath)
        guard let row = model.viewModel(at: indexPath) else { return }
        if output.json {
          Output.json(.object([("selected", LocationsJSON.row(row))]))
        } else {
          Output.line("selected \(LocationsText.describe(row))")
        }
      }
    }
  }

  struct Rename: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Give a saved place a new name.",
      usage: """
        cloudy-locations rename <place> <new-name> [--json] [--db <path>]
        cloudy-locations rename --name <name> <new-name> [--json] [--db <path>]
        """,
      discussion: """
        The new name is stored exactly as typed, without surrounding spaces; empty names, \
        names over 200 characters, control characters and names already saved are refused (65).
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @Argument(
      help: ArgumentHelp("PLACE (row number or name), then the new name.", valueName: "place"))
    var words: [String] = []
    @OptionGroup var placeName: PlaceNameOption

    /// (place, new name)
    private func split() throws -> (String?, String) {
      switch (placeName.name, words.count) {
      case (nil, 2): (words[0], words[1])
      case (_?, 1): (nil, words[0])
      default: throw ValidationError("give the place (or --name NAME) and the new name")
      }
    }

    func validate() throws { _ = try placeName.reference(try split().0) }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let (place, newName) = try split()
        let checked = try validatedName(newName)
        let model = try changingModel(database)
        let indexPath = try model.indexPath(of: try placeName.reference(place))
        let previous = model.viewModel(at: indexPath)?.text ?? ""
        try model.rename(at: indexPath, to: checked)
        guard let row = model.viewModel(at: indexPath) else { return }
        if output.json {
          Output.json(
            .object([("renamed", LocationsJSON.row(row)), ("previousName", .string(previous))]))
        } else {
          Output.line("renamed \(MessageText.quoted(previous)) to \(LocationsText.describe(row))")
        }
      }
    }
  }

  struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a saved place to another row, shifting the others.",
      usage: """
        cloudy-locations move <place> <row> [--json] [--db <path>]
        cloudy-locations move --name <name> <row> [--json] [--db <path>]
        """,
      discussion: "ROW is where the place ends up, 1 = first. `move 3 1` puts row 3 first.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @Argument(
      help: ArgumentHelp("PLACE (row number or name), then the new row.", valueName: "place"))
    var words: [String] = []
    @OptionGroup var placeName: PlaceNameOption

    /// (place, destination row, 1-based)
    private func split() throws -> (String?, Int) {
      let (place, row): (String?, String) =
        switch (placeName.name, words.count) {
        case (nil, 2): (words[0], words[1])
        case (_?, 1): (nil, words[0])
        default: throw ValidationError("give the place (or --name NAME) and the row to move it to")
        }
      guard let number = Int(row), number >= 1 else {
        throw ValidationError(
          "the row to move to must be a number from 1, not \(MessageText.quoted(row))")
      }
      return (place, number)
    }

    func validate() throws { _ = try placeName.reference(try split().0) }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let (place, number) = try split()
        let model = try changingModel(database)
        let source = try model.indexPath(of: try placeName.reference(place))
        let count = model.numberOfRows(inSection: source.section)
        guard number <= count else {
          throw CommandFailure(
            .badData, "cannot move to row \(number): saved places are numbered 1…\(count)")
        }
        let destination = IndexPath(row: number - 1, section: source.section)
        try model.move(from: source, to: destination)
        guard let row = model.viewModel(at: destination) else { return }
        if output.json {
          Output.json(
            .object([
              ("moved", LocationsJSON.row(row)), ("from", .int(Int64(source.row + 1))),
              ("to", .int(Int64(number))),
            ]))
        } else {
          Output.line(
            "moved \(MessageText.quoted(row.text)) from row \(source.row + 1) to row \(number)")
        }
      }
    }
  }

  struct Current: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show, set or clear the device's position (the Current Location row).",
      usage:
        "cloudy-locations current [--lat <degrees> --lon <degrees> | --clear] [--json] [--db <path>]",
      discussion: """
        Without options, shows it and changes nothing. Setting it replaces its cached \
        forecast, and selects it if nothing was selected; clearing it while selected selects \
        the first saved place.
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var coordinates: CoordinateOptions
    @Flag(help: "Forget the device's position.") var clear = false

    func validate() throws {
      if clear && coordinates.isGiven {
        throw ValidationError("--clear cannot go with --lat/--lon")
      }
    }

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        let location = try database.resolve()
        let model: LocationsViewModel
        if let coordinate = try coordinates.coordinate() {
          model = try LocationsViewModel(store: try StoreAccess.locationStore(writing: location))
          try model.setCurrentLocation(coordinate)
        } else if clear {
          model = try changingModel(database)
          if model.snapshot.currentLocation != nil { try model.setCurrentLocation(nil) }
        } else {
          model = try LocationsViewModel(store: try StoreAccess.locationStore(reading: location))
        }
        let row = model.index(of: .current).flatMap {
          model.viewModel(at: IndexPath(row: 0, section: $0))
        }
        if output.json {
          Output.json(.object([("currentLocation", row.map(LocationsJSON.row) ?? .null)]))
        } else if let row {
          Output.line("Current Location: \(row.detailText)\(row.isSelected ? " (selected)" : "")")
        } else {
          Output.line("no current location is set")
        }
      }
    }
  }
}

import ArgumentParser
import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyStoring
import CloudyViewModels

/// One-place actions for a command that changes existing places: writable if the file exists,
/// else a stand-in that finds no place, so the command fails without creating the file. Never
/// reads the whole list, so a command costs the same at 100,000 places as at 10.
private func editor(_ database: DatabaseOptions) throws -> LocationEditor {
  LocationEditor(store: try StoreAccess.locationStore(changingExisting: try database.resolve()))
}

extension CloudyLocations {
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove",
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
        let (row, selected) = try editor(database).remove(try placeName.reference(place))
        if output.json {
          Output.json(
            .object([
              ("removed", LocationsJSON.row(row)), ("selection", LocationsJSON.selection(selected)),
            ]))
        } else {
          Output.line("removed \(LocationsText.describe(row))")
          if row.isSelected { Output.line(LocationsText.selection(selected)) }
        }
      }
    }
  }

  struct Select: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "select",
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
        let editor = try editor(database)
        let row: LocationRowViewModel
        if current {
          do {
            row = try editor.selectCurrent()
          } catch LocationError.noCurrentLocation {
            throw CommandError.notFound(
              "no current location is set; set one with `cloudy-locations current --lat X --lon Y`")
          }
        } else {
          row = try editor.select(try placeName.reference(place))
        }
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
      commandName: "rename",
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
        let checked = try PlaceName.validated(newName)
        let (row, previous) = try editor(database).rename(
          try placeName.reference(place), to: checked)
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
      commandName: "move",
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
        let (row, from) = try editor(database).move(try placeName.reference(place), toRow: number)
        if output.json {
          Output.json(
            .object([
              ("moved", LocationsJSON.row(row)), ("from", .int(Int64(from))),
              ("to", .int(Int64(number))),
            ]))
        } else {
          Output.line("moved \(MessageText.quoted(row.text)) from row \(from) to row \(number)")
        }
      }
    }
  }

  struct Current: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "current",
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
        let databasePath = try database.resolve()
        let store: any LocationStoring
        if let coordinate = try coordinates.coordinate() {
          store = try StoreAccess.locationStore(writing: databasePath)
          try store.setCurrentLocation(coordinate)
        } else if clear {
          store = try StoreAccess.locationStore(changingExisting: databasePath)
          if try store.currentLocation() != nil { try store.setCurrentLocation(nil) }
        } else {
          store = try StoreAccess.locationStore(reading: databasePath)
        }
        let row = try LocationEditor(store: store).currentRow()
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

import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyViewModels

extension CloudyLocations {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "Show the current location and the saved places; * marks the selected one.",
      discussion: "Changes nothing; with no database yet, shows the empty list.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var watching: WatchOptions

    func run() throws {
      try ToolMain.reporting(tool: CloudyLocations.tool) {
        if watching.watch { return try watch() }
        let store = try StoreAccess.locationStore(reading: try database.resolve())
        let model = try LocationsViewModel(store: store)
        if output.json {
          Output.json(LocationsJSON.list(model))
        } else {
          Output.lines(LocationsText.list(model))
        }
      }
    }
  }
}

extension CloudyLocations.List {
  /// `list --watch`: a live `LocationsViewModel`, printed again whenever what it lists changes.
  func watch() throws {
    try Watching.run(try database.resolve(), json: output.json, tool: CloudyLocations.tool) {
      session in
      let model = try LocationsViewModel(store: session.store, changes: session.watcher)
      let binding = model.change.bind { _ in session.viewChanged() }
      return {
        withExtendedLifetime(binding) {
          if output.json {
            Output.jsonLine(LocationsJSON.list(model))
          } else {
            Output.lines(LocationsText.list(model))
          }
          return nil
        }
      }
    }
  }
}

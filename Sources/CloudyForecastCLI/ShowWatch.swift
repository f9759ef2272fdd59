import CloudyCLI
import CloudyPlatform
import CloudyStore
import CloudyStoring
import CloudyViewModels

extension CloudyForecast.Show {
  /// `show --watch`: a live `ForecastViewModel` of the place, printed again whenever its cached
  /// forecast or the settings change. The place is found again after every change, so without
  /// a PLACE it follows the selection, and a rename shows at once. While there is nothing to
  /// show (no database, no such place, nothing cached) it says why once on stderr, prints
  /// nothing, and waits.
  func watch() throws {
    let databasePath = try DatabasePath.resolve(flag: databaseFile)
    try Watching.run(databasePath, json: json, tool: ForecastCommand.tool) { session in
      var model: ForecastViewModel?
      var binding: ObservationToken?
      var unavailable: String?

      func follow() throws {
        let target: ForecastTarget
        do {
          target = try LocationEditor(store: session.store).forecastTarget(place)
        } catch  where FailureMap.failure(for: error).status == .notFound {
          let reason =
            session.watcher.database == nil
            ? "no database at \(databasePath.path) yet" : FailureMap.failure(for: error).message
          if model != nil || reason != unavailable { session.viewChanged() }
          (model, binding, unavailable) = (nil, nil, reason)
          return
        }
        unavailable = nil
        if model?.target != target {
          let live = try ForecastViewModel(
            target: target, forecasts: session.store, settings: session.store,
            zones: InstalledTimeZones(), changes: session.watcher, clock: WallClock.now)
          model = live
          binding = live.change.bind { _ in session.viewChanged() }
        }
      }

      try follow()
      let observation = session.watcher.observeChanges { _ in try follow() }
      return {
        withExtendedLifetime((observation, binding)) {
          guard let model else { return unavailable }
          guard let weather = model.weather, let age = model.age else {
            return
              "no forecast of \(model.target.name) is cached yet; run `cloudy-forecast fetch \(ForecastCommand.argument(for: model.target))` with a network"
          }
          if json {
            Output.jsonLine(ForecastJSON.show(model, weather: weather, age: age, view: view))
          } else {
            ForecastText.show(model, weather: weather, age: age, view: view)
          }
          return nil
        }
      }
    }
  }
}

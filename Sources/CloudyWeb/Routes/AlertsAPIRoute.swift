import CloudyCLI
import CloudyForecastCLI
import CloudyJSON
import CloudyPlatform
import CloudyStore
import CloudyViewModels
import Hummingbird

extension WebApp {
  /// `GET /api/places/{id}/alerts`: a place's active alerts in `cloudy-forecast alerts --json`'s
  /// shape, every one whatever the alert setting says (the API is where a script looks on
  /// purpose); `?all=true` adds the ended ones and those not begun.
  func addAlertsAPI(to api: RouterGroup<WebContext>) {
    api.get("places/{id}/alerts") { request, context -> Response in
      do {
        let parameter = context.parameters.get("id") ?? ""
        let all = Self.queryFields(request)["all"]
        guard all == nil || all == "true" || all == "false" else {
          throw CommandError.invalidRequest("all is true or false, not “\(all ?? "")”")
        }
        let document = try await shared.perform { shared in
          let editor = LocationEditor(store: shared.store)
          let target =
            parameter == "current"
            ? try editor.forecastTarget("current")
            : try editor.forecastTarget(id: try Self.placeID(parameter))
          // A place was found, so the file exists and the watcher has it open.
          guard let database = shared.store.watcher.database else {
            throw CommandError.notFound("there is no database yet")
          }
          let model = try AlertsViewModel(
            place: target.place, timeZone: [target.timeZone],
            alerts: AlertRepository(database: database), settings: shared.store,
            zones: shared.zones, now: WallClock.now())
          return AlertsJSON.list(place: target, rows: model.rows(includingEnded: all == "true"))
        }
        return PageResponse.json(document)
      } catch {
        return Problem.response(for: error)
      }
    }
  }
}

import CloudyCLI
import CloudyForecastCLI
import CloudyJSON
import CloudyModels
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
    addShownAlertsAPI(to: api)
  }

  /// `GET /api/alerts/shown`: the alerts the alert setting shows now at every place, each as a
  /// notification words it (`AlertNotices`): what the page's script notifies through the
  /// service worker once the user asked for notifications (the alerts page's button).
  ///
  ///     { "alerts": [ { "identifier": "…", "place": {…}, "severity": "severe",
  ///                     "summary": "Flood Watch · Portland", "body": "…", "url": "/places/3/alerts" } ] }
  private func addShownAlertsAPI(to api: RouterGroup<WebContext>) {
    api.get("alerts/shown") { _, _ -> Response in
      do {
        let document = try await shared.perform { shared -> JSON in
          guard let database = shared.store.watcher.database else {
            return .object([("alerts", .array([]))])
          }
          let targets: [ForecastTarget]
          do {
            targets = try LocationsViewModel(store: shared.store).forecastTargets()
          } catch  where FailureMap.failure(for: error).status == .notFound {
            targets = []
          }
          let now = WallClock.now()
          var alerts: [JSON] = []
          for target in targets {
            let model = try AlertsViewModel(
              place: target.place, timeZone: [target.timeZone],
              alerts: AlertRepository(database: database), settings: shared.store,
              zones: shared.zones, now: now)
            for row in model.shown {
              let notice = AlertNotices.notice(row, place: target.place, name: target.name)
              alerts.append(
                .object([
                  ("identifier", .string(notice.identifier)),
                  ("place", AlertsJSON.place(target)),
                  ("severity", .string(notice.severity.rawValue)),
                  ("summary", .string(notice.summary)), ("body", .string(notice.body)),
                  ("url", .string("/places/\(PlaceParameter.text(target.place))/alerts")),
                ]))
            }
          }
          return .object([("alerts", .array(alerts))])
        }
        return PageResponse.json(document)
      } catch {
        return Problem.response(for: error)
      }
    }
  }
}

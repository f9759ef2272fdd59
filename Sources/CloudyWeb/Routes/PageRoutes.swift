import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring
import CloudyViewModels
import Hummingbird
import NIOCore

/// The four screens, read-only (GET), and the login link.
extension WebApp {
  /// The four screens and the login link.
  func addPageRoutes(to router: Router<WebContext>) {
    router.get("/") { request, _ -> Response in await weatherPage(request) }
    addPlacesPages(to: router)
    router.get("/settings") { request, _ -> Response in
      let notice = notice(request)
      do {
        return try await answer(
          notice == nil ? "/settings" : nil, to: request, contentType: PageResponse.htmlType
        ) {
          let version = shared.events.version
          let model = try await shared.perform { shared in
            SettingsPage.Model(try SettingsViewModel(store: shared.store))
          }
          return ByteBuffer(
            string: await page(
              .settings, title: "Settings", notice: notice, version: version,
              body: SettingsPage.body(model, csrf: csrf)
            ).text)
        }
      } catch {
        return await errorPage(error, screen: .settings)
      }
    }

    router.get("/login") { request, _ -> Response in
      LoginPage.logIn(given: Self.queryFields(request)["token"], token: token)
    }
  }

  /// The weather of the selected place (`?view=hourly` for the hourly list); a stale
  /// forecast is fetched in the background, and the page says so.
  private func weatherPage(_ request: Request) async -> Response {
    let part: WeatherPage.Part =
      Self.queryFields(request)["view"] == "hourly" ? .hourly : .week
    let notice = notice(request)
    do {
      // Kept a second at most: the page shows the forecast's age.
      return try await answer(
        notice == nil ? "/?view=\(part.rawValue)" : nil, to: request, lifetime: .seconds(1),
        contentType: PageResponse.htmlType
      ) {
        let version = shared.events.version
        let refreshAfter = self.refreshAfter
        let hours = self.hours
        let model = try await shared.perform { shared in
          try WeatherPage.Model(
            shared, now: WallClock.now(), refreshAfter: refreshAfter, hours: hours)
        }
        var status = RefreshStatus.idle
        if let place = model.place {
          // A stale forecast is fetched in the background; this answer does not wait.
          if model.needsRefresh { await refreshes.start(place, automatic: true) }
          status = await refreshes.status(of: place)
        }
        let body = WeatherPage.body(
          model, part: part, refresh: status, offline: offline, csrf: csrf)
        return ByteBuffer(
          string: await page(
            .weather, title: model.name ?? "Weather", notice: notice, version: version,
            body: body
          ).text)
      }
    } catch {
      return await errorPage(error, screen: .weather)
    }
  }

  /// The list of places, the add form with its search, and the remove and rename forms.
  private func addPlacesPages(to router: Router<WebContext>) {
    router.get("/places") { request, _ -> Response in
      let notice = notice(request)
      do {
        // Kept a minute at most: an alert's mark ends by the clock, with no change to announce.
        return try await answer(
          notice == nil ? "/places" : nil, to: request, lifetime: .seconds(60),
          contentType: PageResponse.htmlType
        ) {
          let version = shared.events.version
          let model = try await shared.perform { shared in
            var model = PlacesPage.Model(
              try LocationsViewModel(store: shared.store),
              alertMarks: try AlertMarks(
                alerts: shared.store, settings: shared.store, now: WallClock.now()
              ).severities)
            model.glances = try PlaceGlance.glances(
              of: model.places, forecasts: shared.store, settings: shared.store)
            return model
          }
          return ByteBuffer(
            string: await page(
              .places, title: "Locations", notice: notice, version: version,
              body: PlacesPage.body(model, csrf: csrf)
            ).text)
        }
      } catch {
        return await errorPage(error, screen: .places)
      }
    }

    router.get("/places/new") { request, _ -> Response in
      let query = Self.queryFields(request)["q"] ?? ""
      let version = shared.events.version
      do {
        let model = try await shared.search(query)
        return PageResponse.html(
          await page(
            .add, title: "Add Location", notice: notice(request), version: version,
            body: AddPlacePage.body(model, csrf: csrf)))
      } catch {
        return await errorPage(error, screen: .add)
      }
    }

    router.get("/places/{id}/alerts") { request, context -> Response in
      let parameter = context.parameters.get("id") ?? ""
      do {
        // Kept a minute at most: an alert ends by the clock, with no change to announce.
        return try await answer(
          "/places/\(parameter)/alerts", to: request, lifetime: .seconds(60),
          contentType: PageResponse.htmlType
        ) {
          let version = shared.events.version
          let model = try await shared.perform { shared in
            try AlertsPage.Model(shared, place: parameter, now: WallClock.now())
          }
          return ByteBuffer(
            string: await page(
              nil, title: "Alerts · \(model.name)", version: version, body: AlertsPage.body(model)
            ).text)
        }
      } catch {
        return await errorPage(error, screen: nil)
      }
    }

    router.get("/places/{id}/remove") { request, context -> Response in
      await savedPlacePage(context, screen: .places) { row, id in
        PlacesPage.confirmRemove(row, id: id, csrf: csrf)
      }
    }

    router.get("/places/{id}/rename") { request, context -> Response in
      await savedPlacePage(context, screen: .places) { row, id in
        PlacesPage.renameForm(row, id: id, csrf: csrf, error: nil)
      }
    }
  }

  /// The notice an action's redirect named by its key; nothing for a key this run did not
  /// issue (see `NoticeBoard`).
  func notice(_ request: Request) -> HTML? {
    Self.queryFields(request)["notice"].flatMap { notices.text(String($0.prefix(32))) }
  }

  /// A page about one saved place (`{id}` in the path): 404 when there is none.
  func savedPlacePage(
    _ context: WebContext, screen: Screen,
    _ body: @Sendable (LocationRowViewModel, Int64) -> HTML
  ) async -> Response {
    guard let id = context.parameters.get("id").flatMap(Int64.init) else {
      return await errorPage(LocationError.notFound("with that id"), screen: screen)
    }
    do {
      let row = try await shared.perform { shared in
        try LocationEditor(store: shared.store).row(.id(id))
      }
      return PageResponse.html(await page(screen, title: row.text, body: body(row, id)))
    } catch {
      return await errorPage(error, screen: screen)
    }
  }
}

extension SharedStore {
  /// The Add Location search for `query`, with which candidates are saved already.
  func search(_ query: String) throws -> AddPlacePage.Model {
    try perform { shared in
      let search = AddLocationViewModel(geocoder: shared.geocoder, limit: 10, store: shared.store)
      search.query.value = query
      // Which rows are saved already: one index lookup per row, whatever the list's length.
      let saved = (0..<search.numberOfRows).compactMap(search.viewModel(at:)).map(\.text).filter {
        name in
        ((try? shared.store.find(name: name)) ?? nil) != nil
      }
      return AddPlacePage.Model(search, savedNames: Set(saved))
    }
  }
}

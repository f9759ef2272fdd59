import CloudyCLI
import CloudyModels
import CloudyStoring
import CloudyViewModels
import Hummingbird

/// The screens' actions as plain HTML forms: each POST checks the CSRF token, changes the file
/// through the view models, tells every open page, and redirects (303) to the screen with a
/// one-line notice, so a reload never posts twice. A refusal (a duplicate name, a place that is
/// gone) shows the form again with the failure map's words.
extension WebApp {
  /// The forms' POSTs: the places' actions, then a setting and a refresh.
  func addPlaceActionRoutes(to router: Router<WebContext>) {
    addPlaceForms(to: router)
    addSettingAndRefreshForms(to: router)
  }

  /// Add, select (a place or the current location), move, remove and rename.
  private func addPlaceForms(to router: Router<WebContext>) {
    router.post("/places/new") { request, _ -> Response in
      try await withForm(request) { form in
        let query = form["q"] ?? ""
        let pick = form["pick"].flatMap(Int.init)
        do {
          let added = try await shared.add(named: query, pick: pick)
          await shared.announceChange()
          return redirect("/places", notice: "Added \(HTML.name(added.name)).")
        } catch {
          let model = (try? await shared.search(query)) ?? AddPlacePage.Model()
          let failure = HTTPStatusMap.failure(for: error)
          return PageResponse.html(
            await page(
              .add, title: "Add Location",
              body: AddPlacePage.body(model, csrf: csrf, error: failure.message)),
            status: HTTPStatusMap.status(for: error))
        }
      }
    }

    router.post("/places/{id}/select") { request, context -> Response in
      try await placeAction(request, context) { editor, reference in
        let row = try editor.select(reference)
        return "Selected \(HTML.name(row.text))."
      }
    }

    router.post("/places/current/select") { request, _ -> Response in
      try await withForm(request) { _ in
        do {
          let row = try await shared.perform { shared in
            try LocationEditor(store: shared.store).selectCurrent()
          }
          await shared.announceChange()
          return redirect("/places", notice: "Selected \(HTML.name(row.text)).")
        } catch {
          return await errorPage(error, screen: .places)
        }
      }
    }

    router.post("/places/{id}/move") { request, context -> Response in
      try await placeAction(request, context) { editor, reference, form in
        guard let to = form["to"].flatMap(Int.init) else {
          throw CommandError.invalidRequest("say where to move it (to: a row number)")
        }
        let moved = try editor.move(reference, toRow: to)
        return "Moved \(HTML.name(moved.moved.text)) to \(to)."
      }
    }

    router.post("/places/{id}/remove") { request, context -> Response in
      try await placeAction(request, context) { editor, reference in
        let result = try editor.remove(reference)
        return "Removed \(HTML.name(result.removed.text))."
      }
    }

    router.post("/places/{id}/rename") { request, context -> Response in
      try await withForm(request) { form in
        guard let id = context.parameters.get("id").flatMap(Int64.init) else {
          return await errorPage(LocationError.notFound("with that id"), screen: .places)
        }
        let name = form["name"] ?? ""
        do {
          let renamed = try await shared.perform { shared in
            try LocationEditor(store: shared.store).rename(.id(id), to: name)
          }
          await shared.announceChange()
          return redirect(
            "/places",
            notice:
              "Renamed \(HTML.name(renamed.previousName)) to \(HTML.name(renamed.renamed.text)).")
        } catch {
          let failure = HTTPStatusMap.failure(for: error)
          guard
            let row = try? await shared.perform({ shared in
              try LocationEditor(store: shared.store).row(.id(id))
            })
          else { return await errorPage(error, screen: .places) }
          return PageResponse.html(
            await page(
              .places, title: "Rename",
              body: PlacesPage.renameForm(row, id: id, csrf: csrf, error: failure.message)),
            status: HTTPStatusMap.status(for: error))
        }
      }
    }
  }

  /// A notation chosen on the settings screen; a forecast fetched on request.
  private func addSettingAndRefreshForms(to router: Router<WebContext>) {
    router.post("/settings") { request, _ -> Response in
      try await withForm(request) { form in
        do {
          let choice = try SettingsChoice(
            setting: form["setting"] ?? "", value: form["value"] ?? "")
          try await shared.perform { shared in
            try SettingsViewModel(store: shared.store).apply(choice)
          }
          await shared.announceChange()
          return redirect("/settings", notice: "\(choice.section.title): \(choice.text).")
        } catch {
          return await errorPage(error, screen: .settings)
        }
      }
    }

    router.post("/refresh") { request, _ -> Response in
      try await withForm(request) { form in
        guard let place = PlaceParameter.place(form["place"]) else {
          return await errorPage(LocationError.notFound("with that id"), screen: .weather)
        }
        let refusal = await refreshes.start(place, automatic: false)
        return redirect("/", notice: refusal.map { "\($0)" } ?? "Fetching a new forecast…")
      }
    }
  }

  /// 403 for a form without this run's CSRF token (from another site, or from before a
  /// restart): nothing was written.
  func staleForm() -> Response {
    Refusal.response(
      .forbidden, api: false, title: "Form expired",
      detail:
        "this form did not carry this page's token (it came from another site, or from before cloudy-web restarted); nothing was written. Reload the page and try again."
    )
  }

  /// Reads a form's fields (a body past 64 KiB is Hummingbird's 413, answered by `AccessGuard`)
  /// and runs `body` only when they carry this run's CSRF token; else `staleForm()`.
  func withForm(_ request: Request, _ body: (FormFields) async -> Response) async throws
    -> Response
  {
    let form = try await Self.formFields(request)
    guard csrf.matches(form[CSRFToken.field]) else { return staleForm() }
    return await body(form)
  }

  private func placeAction(
    _ request: Request, _ context: WebContext,
    _ action: @escaping @Sendable (LocationEditor, PlaceReference) throws -> HTML
  ) async throws -> Response {
    try await placeAction(request, context) { editor, reference, _ in
      try action(editor, reference)
    }
  }

  /// A form about one saved place: checks the token, runs `action` with the place's reference
  /// (by id: a reorder elsewhere cannot change which place), announces, redirects.
  private func placeAction(
    _ request: Request, _ context: WebContext,
    _ action: @escaping @Sendable (LocationEditor, PlaceReference, FormFields) throws -> HTML
  ) async throws -> Response {
    try await withForm(request) { form in
      guard let id = context.parameters.get("id").flatMap(Int64.init) else {
        return await errorPage(LocationError.notFound("with that id"), screen: .places)
      }
      do {
        let notice = try await shared.perform { shared in
          try action(LocationEditor(store: shared.store), .id(id), form)
        }
        await shared.announceChange()
        return redirect("/places", notice: notice)
      } catch {
        return await errorPage(error, screen: .places)
      }
    }
  }
}

extension SharedStore {
  /// Adds the place named `query`: the candidate `pick` (1-based) when given, else the place
  /// named so whole; otherwise nothing is saved and the closest are named (the failure map's
  /// not-found).
  func add(named query: String, pick: Int?) throws -> Location {
    try perform { shared in
      let checked = try PlaceName.validated(query)
      let search = AddLocationViewModel(
        geocoder: shared.geocoder, limit: max(10, pick ?? 1), store: shared.store)
      search.query.value = checked
      if case .failed(let error) = search.state.value { throw error }
      guard let row = pick.map({ $0 - 1 }) ?? search.bestNamedCandidate else {
        let closest = (0..<min(5, search.numberOfRows)).compactMap { search.viewModel(at: $0) }
          .map { "\($0.number) \($0.text)" }.joined(separator: "; ")
        throw CommandError.notFound(
          closest.isEmpty
            ? "no place is named “\(checked)”, so nothing was saved; check the spelling"
            : "no place is named “\(checked)”, so nothing was saved; closest: \(closest)"
        )
      }
      return try search.choose(at: row)
    }
  }
}

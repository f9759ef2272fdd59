import CloudyCLI
import CloudyForecastCLI
import CloudyJSON
import CloudyLocationsCLI
import CloudyModels
import CloudyPlatform
import CloudySettingsCLI
import CloudyStore
import CloudyStoring
import CloudyViewModels
import HTTPTypes
import Hummingbird

/// The JSON API beside the pages, in the tools' `--json` shapes (documented in openapi.json):
/// a script gets from `GET /api/places` what `cloudy-locations list --json` prints, and an
/// error as problem+json with the status and message the tool would exit with.
extension WebApp {
  /// The JSON API under /api: places, settings and forecasts, in the tools' `--json` shapes.
  func addAPIRoutes(to router: Router<WebContext>) {
    let api = router.group("api")
    addPlacesAPI(to: api)
    addSettingsAPI(to: api)
    addForecastAPI(to: api)
    addAlertsAPI(to: api)
  }

  /// `/api/places`: list, add, remove, select, rename and move.
  private func addPlacesAPI(to api: RouterGroup<WebContext>) {
    api.get("places") { request, _ -> Response in
      do {
        return try await answer("/api/places", to: request, contentType: PageResponse.jsonType) {
          PageResponse.jsonBody(
            try await shared.perform { shared in
              LocationsJSON.list(try LocationsViewModel(store: shared.store))
            })
        }
      } catch {
        return Problem.response(for: error)
      }
    }

    api.post("places") { request, context -> Response in
      await write(request, context, status: .created) { body in
        let name = try Self.string(body, "name", required: true) ?? ""
        let latitude = try Self.number(body, "latitude")
        let longitude = try Self.number(body, "longitude")
        let pick = try Self.integer(body, "pick")
        if latitude != nil || longitude != nil {
          guard let latitude, let longitude else {
            throw CommandError.invalidRequest("give both latitude and longitude, or neither")
          }
          return try await shared.perform { shared in
            let added = try shared.store.add(
              NewLocation(
                name: try PlaceName.validated(name),
                coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                source: .coordinates))
            return .object([
              ("added", LocationsJSON.row(.saved(added, selection: try shared.store.selection()))),
              ("query", .null), ("pick", .null), ("candidates", .array([])),
            ])
          }
        }
        let added = try await shared.add(named: name, pick: pick)
        return try await shared.perform { shared in
          .object([
            ("added", LocationsJSON.row(.saved(added, selection: try shared.store.selection()))),
            ("query", .string(name)), ("pick", .int(Int64(pick ?? 1))),
            ("candidates", .array([])),
          ])
        }
      } failure: { error in
        // Not named whole: the closest, as `search --json` lists them.
        guard let name = try? Self.string(Self.parsedBody(error.body), "name", required: false)
        else { return [] }
        let model = (try? await shared.search(name)) ?? AddPlacePage.Model()
        return [
          (
            "candidates",
            .array(
              model.rows.map { LocationsJSON.candidate($0, saved: model.saved.contains($0.text)) })
          )
        ]
      }
    }

    api.delete("places/{id}") { request, context -> Response in
      await write(request, context) { _ in
        let id = try Self.placeID(context)
        return try await shared.perform { shared in
          let result = try LocationEditor(store: shared.store).remove(.id(id))
          return .object([
            ("removed", LocationsJSON.row(result.removed)),
            ("selection", LocationsJSON.selection(result.selected)),
          ])
        }
      }
    }

    api.post("places/{id}/select") { request, context -> Response in
      await write(request, context) { _ in
        let parameter = context.parameters.get("id") ?? ""
        return try await shared.perform { shared in
          let editor = LocationEditor(store: shared.store)
          let row =
            parameter == "current"
            ? try editor.selectCurrent()
            : try editor.select(.id(try Self.placeID(parameter)))
          return .object([("selected", LocationsJSON.row(row))])
        }
      }
    }

    api.patch("places/{id}") { request, context -> Response in
      await write(request, context) { body in
        let id = try Self.placeID(context)
        let name = try Self.string(body, "name", required: false)
        let position = try Self.integer(body, "position")
        guard name != nil || position != nil else {
          throw CommandError.invalidRequest(
            "say what to change: name, position (a row number), or both")
        }
        return try await shared.perform { shared in
          let editor = LocationEditor(store: shared.store)
          var members: [(String, JSON)] = []
          if let name {
            let result = try editor.rename(.id(id), to: name)
            members += [
              ("renamed", LocationsJSON.row(result.renamed)),
              ("previousName", .string(result.previousName)),
            ]
          }
          if let position {
            let result = try editor.move(.id(id), toRow: position)
            members += [
              ("moved", LocationsJSON.row(result.moved)), ("from", .int(Int64(result.fromRow))),
              ("to", .int(Int64(position))),
            ]
          }
          return .object(members)
        }
      }
    }
  }

  /// `/api/settings`: read and change the notations.
  private func addSettingsAPI(to api: RouterGroup<WebContext>) {
    api.get("settings") { request, _ -> Response in
      do {
        return try await answer(
          "/api/settings", to: request, contentType: PageResponse.jsonType
        ) {
          PageResponse.jsonBody(
            try await shared.perform { shared in
              SettingsJSON.document(try SettingsViewModel(store: shared.store))
            })
        }
      } catch {
        return Problem.response(for: error)
      }
    }

    // Every setting the library lists (`SettingsSection`), so one added there is settable here
    // with no change (`WebSettingsAPITests` holds the API and openapi.json to that list).
    api.put("settings") { request, context -> Response in
      await write(request, context) { body in
        var choices: [SettingsChoice] = []
        for setting in SettingsSection.allCases.map(\.settingName) {
          if let value = try Self.string(body, setting, required: false) {
            choices.append(try SettingsChoice(setting: setting, value: value))
          }
        }
        guard !choices.isEmpty else {
          throw CommandError.invalidRequest(
            "say which setting to change: "
              + SettingsSection.allCases.map(\.settingName).joined(separator: ", "))
        }
        let chosen = choices
        return try await shared.perform { shared in
          let model = try SettingsViewModel(store: shared.store)
          for choice in chosen { try model.apply(choice) }
          return SettingsJSON.document(model)
        }
      }
    }
  }

  /// `/api/places/{id}/forecast`: the cached forecast of a place, in `show --json`'s shape.
  private func addForecastAPI(to api: RouterGroup<WebContext>) {
    api.get("places/{id}/forecast") { request, context -> Response in
      await document {
        let parameter = context.parameters.get("id") ?? ""
        let view = Self.queryFields(request)["view"] ?? "day"
        guard ["day", "week", "hourly"].contains(view) else {
          throw CommandError.invalidRequest("view is day, week or hourly, not “\(view)”")
        }
        return try await shared.perform { shared in
          let editor = LocationEditor(store: shared.store)
          let target =
            parameter == "current"
            ? try editor.forecastTarget("current")
            : try editor.forecastTarget(id: try Self.placeID(parameter))
          let now = WallClock.now()
          let model = try ForecastViewModel(
            target: target, forecasts: shared.store, settings: shared.store,
            zones: shared.zones, now: now)
          guard let weather = model.weather, let age = model.age(at: now),
            let document = ForecastJSON.show(model, weather: weather, age: age, viewNamed: view)
          else {
            throw CommandError.notFound(
              "no forecast of \(target.name) is cached yet; fetch one first")
          }
          return document
        }
      }
    }
  }

  // MARK: - Answering

  /// A read: the document, or the failure as problem+json.
  private func document(_ body: () async throws -> JSON) async -> Response {
    do {
      return PageResponse.json(try await body())
    } catch {
      return Problem.response(for: error)
    }
  }

  /// A write: the CSRF token when the credential is the cookie, the JSON body (an object, at
  /// most 64 KiB, sent as JSON: 415 otherwise), the change, every page told, the document; or problem+json.
  private func write(
    _ request: Request, _ context: WebContext, status: HTTPResponse.Status = .ok,
    _ body: (JSONNode?) async throws -> JSON,
    failure extra: (APIError) async -> [(String, JSON)] = { _ in [] }
  ) async -> Response {
    if let refused = missingCSRFToken(request, context) { return refused }
    var bytes: [UInt8] = []
    do {
      var request = request
      let buffer = try await request.collectBody(upTo: WebLimits.maxBody)
      bytes = Array(buffer.readableBytesView)
    } catch {
      return Problem.response(
        .contentTooLarge, title: "Too large",
        detail: "request bodies are limited to \(WebLimits.maxBody / 1024) KiB")
    }
    if bytes.contains(where: { $0 > 0x20 }), !Self.isJSON(request.headers[.contentType]) {
      return Problem.response(
        .unsupportedMediaType, title: "Not JSON",
        detail:
          "send the body as Content-Type: application/json (a form or text/plain body is refused); nothing was written",
        headers: [.accept: PageResponse.jsonType])
    }
    do {
      let parsed = try Self.parsedBody(bytes)
      let document = try await body(parsed)
      await shared.announceChange()
      return PageResponse.json(document, status: status)
    } catch {
      return Problem.response(for: error, extra: await extra(APIError(body: bytes, error: error)))
    }
  }

  /// 403 for a write that relies on the login cookie without the page's CSRF token in
  /// `X-CSRF-Token` (every API write, `/api/sync` included); nil when it may go on.
  func missingCSRFToken(_ request: Request, _ context: WebContext) -> Response? {
    guard context.credential == .cookie,
      !csrf.matches(request.headers[HTTPField.Name("X-CSRF-Token")!])
    else { return nil }
    return Problem.response(
      .forbidden, title: "Missing CSRF token",
      detail:
        "a write with the login cookie must carry the page's token in X-CSRF-Token; nothing was written"
    )
  }

  struct APIError {
    let body: [UInt8]
    let error: any Error
  }

  /// `application/json` or a `+json` type, parameters aside: a browser sends neither from a
  /// plain form or a no-preflight `fetch`, so another site cannot post JSON in disguise.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let type = contentType.split(separator: ";").first.map {
      String($0).trimmingWhitespace().lowercased()
    }
    guard let type else { return false }
    return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
  }

  static func parsedBody(_ bytes: [UInt8]) throws -> JSONNode? {
    guard bytes.contains(where: { $0 > 0x20 }) else { return nil }
    let node: JSONNode
    do {
      node = try JSONReader.parse(bytes)
    } catch {
      throw CommandError.invalidRequest("the body is not JSON: \(error)")
    }
    guard case .object = node.value else {
      throw CommandError.invalidRequest("the body must be a JSON object, not \(node.kindName)")
    }
    return node
  }

  /// A member given as null is refused like any other wrong type: leave it out instead.
  static func string(_ body: JSONNode?, _ key: String, required: Bool) throws -> String? {
    guard let node = body?[key] else {
      if required { throw CommandError.invalidRequest("\(key) is required") }
      return nil
    }
    guard case .string(let text) = node.value else {
      throw CommandError.invalidRequest("\(key) must be a string, not \(node.kindName)")
    }
    return text
  }

  static func number(_ body: JSONNode?, _ key: String) throws -> Double? {
    guard let node = body?[key] else { return nil }
    guard case .number(let number) = node.value else {
      throw CommandError.invalidRequest("\(key) must be a number, not \(node.kindName)")
    }
    return number.value
  }

  static func integer(_ body: JSONNode?, _ key: String) throws -> Int? {
    guard let value = try number(body, key) else { return nil }
    guard let integer = Int(exactly: value), (1...1_000_000_000).contains(integer) else {
      throw CommandError.invalidRequest("\(key) must be a whole number from 1 to 1000000000")
    }
    return integer
  }

  static func placeID(_ context: WebContext) throws -> Int64 {
    try placeID(context.parameters.get("id") ?? "")
  }

  static func placeID(_ text: String) throws -> Int64 {
    guard let id = Int64(text) else {
      throw CommandError.notFound("no saved place with id “\(text)”")
    }
    return id
  }
}

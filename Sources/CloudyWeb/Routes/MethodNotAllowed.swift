import HTTPTypes
import Hummingbird

/// 405 with `Allow` for an API path asked with a method it does not have (the router alone
/// says 404, as if the path did not exist), and 404 in the answer's own form for a path with
/// no route at all. The table is the API's, as openapi.json lists it.
struct MethodNotAllowed: RouterMiddleware {
  typealias Context = WebContext

  static let allowed: [(pattern: [String], methods: [HTTPRequest.Method])] = [
    (["api", "places"], [.get, .post]),
    (["api", "places", "*"], [.delete, .patch]),
    (["api", "places", "*", "select"], [.post]),
    (["api", "places", "*", "forecast"], [.get]),
    (["api", "alerts", "shown"], [.get]),
    (["api", "settings"], [.get, .put]),
    (["api", "sync"], [.get]),
    (["api", "sync", "changes"], [.post]),
    (["api", "sync", "pull"], [.post]),
  ]

  func handle(
    _ request: Request, context: WebContext,
    next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    let response: Response
    do {
      response = try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      // No route: problem+json under /api (a script reads `detail`), a short page elsewhere.
      let path = request.uri.path
      response = Refusal.response(
        .notFound, api: path == "/api" || path.hasPrefix("/api/"), title: "Not found",
        detail: "cloudy-web has nothing at \(path)")
    }
    guard response.status == .notFound, let methods = Self.methods(for: request.uri.path),
      !methods.contains(request.method)
    else { return response }
    var allowed = methods.map(\.rawValue)
    if methods.contains(.get) { allowed.append("HEAD") }
    return Problem.response(
      .methodNotAllowed, title: "Method not allowed",
      detail: "\(request.method.rawValue) is not one of \(allowed.joined(separator: ", ")) here",
      headers: [.allow: allowed.joined(separator: ", ")])
  }

  static func methods(for path: String) -> [HTTPRequest.Method]? {
    let parts = path.split(separator: "/").map(String.init)
    return allowed.first { entry in
      entry.pattern.count == parts.count
        && zip(entry.pattern, parts).allSatisfy { $0 == "*" || $0 == $1 }
    }?.methods
  }
}

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Synchronization

@testable import CloudyWeb

/// cloudy-web's router answered in this process, as HummingbirdTesting's `.router` mode runs
/// Hummingbird's own tests: a `Request` built here goes through the same middlewares
/// (`AccessGuard`, `HeadRequests`, `MethodNotAllowed`) and handlers as on a socket, with no
/// server, no port and no child process. The database is a real SQLite file in a temporary
/// folder, removed at the end. HummingbirdTesting itself is not used: its product also builds
/// AsyncHTTPClient and BoringSSL for its `.live` mode (see the README's build costs).
final class InProcessWeb {
  let app: WebApp
  let folder: String
  let databasePath: String
  private let responder: HeadRequests<RouterResponder<WebContext>>
  /// The authority every request names (the policy's own loopback address).
  let host = "127.0.0.1:8470"

  init(token: String? = nil, hours: Int = WebApp.defaultHours) throws {
    folder = NSTemporaryDirectory() + "cloudy-web-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    databasePath = folder + "/cloudy.sqlite"
    let shared = try SharedStore(databasePath: databasePath)
    app = WebApp(
      shared: shared,
      refreshes: ForecastRefreshes(
        databasePath: databasePath, offline: true, retryAfter: 60, events: shared.events),
      csrf: CSRFToken(value: "test-csrf-token"), offline: true, refreshAfter: 1800, token: token,
      hours: hours)
    let hosts = HostPolicy(listen: ListenAddress(host: "127.0.0.1", port: 8470), extraNames: [])
    responder = app.responder(hosts: hosts)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// One request through the router; the whole answer.
  func send(
    _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: String? = nil
  ) async throws -> Reply {
    try await send(method, path, headers: headers, bytes: body.map { Array($0.utf8) })
  }

  /// The same with a body of any bytes (a sync envelope).
  func send(
    _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], bytes body: [UInt8]?
  ) async throws -> Reply {
    var fields = headers
    let bytes = body.map { ByteBuffer(bytes: $0) }
    if let bytes { fields[.contentLength] = String(bytes.readableBytes) }
    let request = Request(
      head: HTTPRequest(
        method: method, scheme: "http", authority: host, path: path, headerFields: fields),
      body: RequestBody(buffer: bytes ?? ByteBuffer()))
    let context = WebContext(
      source: ApplicationRequestContextSource(
        channel: NIOAsyncTestingChannel(), logger: Logger(label: "cloudy-web-tests")))
    let response = try await responder.respond(to: request, context: context)
    let collected = Collected()
    try await response.body.write(Collector(collected: collected))
    return Reply(
      status: response.status.code, headers: response.headers,
      body: collected.bytes.withLock { $0 })
  }

  func get(_ path: String, headers: HTTPFields = [:]) async throws -> Reply {
    try await send(.get, path, headers: headers)
  }

  /// A form post with the page's CSRF token, as a browser sends it.
  func postForm(_ path: String, _ fields: [(String, String)]) async throws -> Reply {
    let body = ([("csrf", app.csrf.value)] + fields).map {
      FormFields.percentEncode($0.0) + "=" + FormFields.percentEncode($0.1)
    }.joined(separator: "&")
    return try await send(
      .post, path, headers: [.contentType: "application/x-www-form-urlencoded"], body: body)
  }

  /// An API call with a JSON body.
  func json(_ method: HTTPRequest.Method, _ path: String, _ body: String) async throws -> Reply {
    try await send(method, path, headers: [.contentType: "application/json"], body: body)
  }

  /// Saves a place by its coordinates through the API; its id.
  @discardableResult
  func addPlace(_ name: String, latitude: Double = 59.91, longitude: Double = 10.75) async throws
    -> Int64
  {
    let name = String(decoding: try JSONSerialization.data(withJSONObject: [name]), as: UTF8.self)
      .dropFirst().dropLast()
    let reply = try await json(
      .post, "/api/places", "{\"name\":\(name),\"latitude\":\(latitude),\"longitude\":\(longitude)}"
    )
    guard reply.status == 201,
      let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any],
      let added = object["added"] as? [String: Any], let id = added["id"] as? Int
    else { throw InProcessError.unexpected(reply.text) }
    return Int64(id)
  }

  struct Reply {
    let status: Int
    let headers: HTTPFields
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
      HTTPField.Name(name).flatMap { headers[$0] }
    }
  }

  private final class Collected: Sendable {
    let bytes = Mutex<[UInt8]>([])
  }

  private struct Collector: ResponseBodyWriter {
    let collected: Collected

    mutating func write(_ buffer: ByteBuffer) async throws {
      collected.bytes.withLock { $0 += Array(buffer.readableBytesView) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }
}

enum InProcessError: Error {
  case unexpected(String)
}

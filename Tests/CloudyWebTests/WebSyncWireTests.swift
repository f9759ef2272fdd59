import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import CloudyDBCLI

/// The hub wire's two ends against each other in this process (issue 40): `cloudy-db sync
/// URL`'s client (`HubSync`) sends its requests through cloudy-web's router and reads the
/// answers, so the client's encoding meets the server's decoding and back, with no socket; and
/// openapi.json is held to the same definition (`SyncHubWire`).
@Suite("cloudy-web in-process: the sync hub's wire, both ends")
struct WebSyncWireTests {
  @Test("a device syncs through the hub's routes both ways, and again with nothing new")
  func roundTrip() async throws {
    let web = try InProcessWeb()
    try await web.addPlace("Oslo")
    let device = web.folder + "/device.sqlite"
    try LocationRepository(database: try DatabaseFile.openForWriting(path: device)).add(
      NewLocation(
        name: "Bergen", coordinate: try Coordinate(latitude: 60.39, longitude: 5.32),
        countryCode: "NO", source: .coordinates))

    let first = try await Self.sync(device, through: web)
    #expect(first.sent > 0 && first.applied > 0, "\(first)")
    #expect(first.skipped.isEmpty, "\(first.skipped)")
    let names = try LocationRepository(database: try DatabaseFile.openForWriting(path: device))
      .snapshot().locations.map(\.name)
    #expect(Set(names) == ["Oslo", "Bergen"])
    let hubPlaces = try await web.get("/api/places")
    #expect(hubPlaces.text.contains("Bergen"), "\(hubPlaces.text)")

    let again = try await Self.sync(device, through: web)
    #expect(again.sent == 0 && again.applied == 0, "\(again)")
  }

  @Test("a have list with a bad entry is refused whole, naming the entry, at both ends")
  func badHaveEntryIsRefused() async throws {
    let web = try InProcessWeb()
    for (have, entry) in [
      ("{\"NOT-A-DEVICE\": 1}", "NOT-A-DEVICE"), ("{\"0123456789abcdef\": -1}", "0123456789abcdef"),
      ("{\"0123456789abcdef\": 2.5}", "0123456789abcdef"),
    ] {
      let reply = try await web.json(.post, SyncHubWire.pullPath, "{\"have\": \(have)}")
      #expect(reply.status == 400, "\(have): \(reply.text)")
      #expect(reply.text.contains(entry), "\(have): \(reply.text)")
    }
    // The client reads the hub's state by the same rule: it refuses, naming the entry.
    let state = Array(
      "{\"device\": \"0123456789abcdef\", \"format\": 1, \"have\": {\"fedcba9876543210\": \"7\"}}"
        .utf8)
    let device = web.folder + "/device.sqlite"
    let database = try DatabaseFile.openForWriting(path: device)
    let client = HubSync(
      database: database, hubText: "the hub", transport: Answering(status: 200, body: state))
    #expect {
      try client.run()
    } throws: { error in
      guard case CommandError.unusableInput(let message) = error else { return false }
      return message.contains("fedcba9876543210")
    }
  }

  @Test("a pull with the login cookie needs the CSRF token, as a sent change does")
  func pullChecksCSRF() async throws {
    let web = try InProcessWeb(token: "household-token")
    let cookie: HTTPFields = [
      .cookie: "cloudy_token=household-token", .contentType: SyncHubWire.jsonType,
    ]
    let body = SyncHubWire.pullRequest([:])
    let refused = try await web.send(.post, SyncHubWire.pullPath, headers: cookie, bytes: body)
    #expect(refused.status == 403, "\(refused.text)")
    var withToken = cookie
    withToken[HTTPField.Name("X-CSRF-Token")!] = "test-csrf-token"  // InProcessWeb's
    let pulled = try await web.send(.post, SyncHubWire.pullPath, headers: withToken, bytes: body)
    #expect(pulled.status == 200, "\(pulled.text)")
    // A bearer token is no browser's: no CSRF token needed.
    let bearer = try await web.send(
      .post, SyncHubWire.pullPath,
      headers: [.authorization: "Bearer household-token", .contentType: SyncHubWire.jsonType],
      bytes: body)
    #expect(bearer.status == 200, "\(bearer.text)")
  }

  @Test("openapi.json's sync paths, media types and schemas are the wire's")
  func documentIsTheWire() async throws {
    let web = try InProcessWeb()
    let reply = try await web.get("/openapi.json")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    let paths = try #require(document["paths"] as? [String: Any])
    let schemas = try #require(
      (document["components"] as? [String: Any])?["schemas"] as? [String: Any])

    let state = try #require(
      (paths[SyncHubWire.statePath] as? [String: Any])?["get"] as? [String: Any])
    let changes = try #require(
      (paths[SyncHubWire.changesPath] as? [String: Any])?["post"] as? [String: Any])
    let pull = try #require(
      (paths[SyncHubWire.pullPath] as? [String: Any])?["post"] as? [String: Any])
    let syncPaths = paths.keys.filter { $0.hasPrefix(SyncHubWire.statePath) }
    #expect(
      Set(syncPaths)
        == [SyncHubWire.statePath, SyncHubWire.changesPath, SyncHubWire.pullPath])

    #expect(Self.contentTypes(of: changes["requestBody"]) == [SyncHubWire.changesType])
    #expect(Self.contentTypes(of: Self.ok(changes)) == [SyncHubWire.jsonType])
    #expect(Self.contentTypes(of: pull["requestBody"]) == [SyncHubWire.jsonType])
    #expect(Self.contentTypes(of: Self.ok(pull)) == [SyncHubWire.changesType])
    #expect(Self.contentTypes(of: Self.ok(state)) == [SyncHubWire.jsonType])

    // Each JSON body's schema: its members are the wire's, all required.
    let sample = SyncState(device: "0123456789abcdef", have: ["0123456789abcdef": 3])
    for (name, members, written) in [
      ("SyncState", SyncHubWire.stateMembers, SyncHubWire.stateAnswer(sample, format: 1)),
      ("SyncHave", SyncHubWire.pullMembers, nil),
      (
        "SyncApplied", SyncHubWire.appliedMembers, SyncHubWire.appliedAnswer(SyncReport(device: ""))
      ),
    ] {
      let schema = try #require(schemas[name] as? [String: Any], "\(name)")
      let properties = try #require(schema["properties"] as? [String: Any], "\(name)")
      #expect(Set(properties.keys) == Set(members), "\(name): \(properties.keys.sorted())")
      #expect(Set(schema["required"] as? [String] ?? []) == Set(members), "\(name)")
      if let written {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(written.rendered().utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(members), "\(name) as written: \(object.keys.sorted())")
      }
    }
    let pulled = try #require(
      try JSONSerialization.jsonObject(with: Data(SyncHubWire.pullRequest(sample.have)))
        as? [String: Any])
    #expect(Set(pulled.keys) == Set(SyncHubWire.pullMembers))

    // The have object: one schema both ways, with the wire's limits.
    let have = try #require(
      ((schemas["SyncHave"] as? [String: Any])?["properties"] as? [String: Any])?["have"]
        as? [String: Any])
    let stateHave = try #require(
      ((schemas["SyncState"] as? [String: Any])?["properties"] as? [String: Any])?["have"]
        as? NSDictionary)
    #expect(stateHave.isEqual(to: have), "SyncState.have differs from SyncHave.have")
    let numbers = try #require(have["additionalProperties"] as? [String: Any])
    #expect(numbers["type"] as? String == "integer")
    #expect((numbers["minimum"] as? NSNumber)?.int64Value == 0)
    #expect((numbers["maximum"] as? NSNumber)?.int64Value == SyncState.greatestNumber)
    let pattern = try #require((have["propertyNames"] as? [String: Any])?["pattern"] as? String)
    let expression = try NSRegularExpression(pattern: pattern)
    for id in ["0123456789abcdef", "0123456789ABCDEF", "0123456789abcde", "0123456789abcdeg", ""] {
      let matches =
        expression.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil
      #expect(matches == SyncState.isDeviceID(id), "\(pattern) on \(id)")
    }
  }

  /// One `cloudy-db sync` against the in-process hub: the client runs on a thread of its own
  /// (it is synchronous, as the tool is), each request answered by the router here.
  static func sync(_ device: String, through web: InProcessWeb) async throws -> SyncReport {
    let transport = InProcessTransport(web: web)
    return try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            let database = try DatabaseFile.openForWriting(path: device)
            return try HubSync(database: database, hubText: "the hub", transport: transport).run()
          })
      }.start()
    }
  }

  static func contentTypes(of node: Any?) -> Set<String> {
    Set(((node as? [String: Any])?["content"] as? [String: Any])?.keys.map { $0 } ?? [])
  }

  static func ok(_ operation: [String: Any]) -> Any? {
    (operation["responses"] as? [String: Any])?["200"]
  }
}

/// The hub wire carried to the in-process router: a request from the client's thread waits for
/// the router's answer.
struct InProcessTransport: HubTransport, @unchecked Sendable {
  let web: InProcessWeb

  func exchange(_ request: HubRequest) throws -> HubAnswer {
    let done = DispatchSemaphore(value: 0)
    let answer = Mutex<Result<InProcessWeb.Reply, any Error>?>(nil)
    let web = self.web
    Task {
      var headers: HTTPFields = [:]
      if let type = request.contentType { headers[.contentType] = type }
      let result = await Result {
        try await web.send(
          HTTPRequest.Method(request.method) ?? .get, request.path, headers: headers,
          bytes: request.body)
      }
      answer.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    let reply = try answer.withLock { $0 }!.get()
    return HubAnswer(status: reply.status, body: reply.body)
  }
}

/// A hub that answers every request alike.
struct Answering: HubTransport {
  let status: Int
  let body: [UInt8]

  func exchange(_ request: HubRequest) throws -> HubAnswer {
    HubAnswer(status: status, body: body)
  }
}

extension Result where Failure == any Error {
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}

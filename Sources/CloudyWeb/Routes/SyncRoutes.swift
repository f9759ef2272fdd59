import CloudyCLI
import CloudyJSON
import CloudyPlatform
import CloudyStore
import HTTPTypes
import Hummingbird
import NIOCore

/// `/api/sync`: this server as the household's sync hub (`cloudy-db sync http://…`). Its own
/// database is one more device: what a device sends is applied here (and announced on the event
/// stream, so open pages update), and what any device sent is handed to the others, so a change
/// travels through the hub to devices that never meet. Behind the same token, Host and origin
/// rules as every route; a write with the login cookie needs the CSRF token like any other.
///
/// - `GET /api/sync`: `{"device", "format", "have": {"ORIGIN": SEQ}}`, what the hub holds;
/// - `POST /api/sync/changes` (`application/octet-stream`, a change file as written in a
///   sync folder): applies it whole or not at all, `{"applied", "conflicts"}`;
/// - `POST /api/sync/pull` `{"have": {"ORIGIN": SEQ}}`: the changes the caller lacks, as a change
///   file.
extension WebApp {
  static let changesType = "application/octet-stream"

  func addSyncRoutes(to router: Router<WebContext>) {
    let sync = router.group("api/sync")
    sync.get { _, _ -> Response in
      do {
        let (device, have) = try await shared.perform { shared in
          try shared.store.withWriter { db in
            (try SyncDevice.read(db)?.id ?? "", try HubExchange(database: db).have())
          }
        }
        return PageResponse.json(
          .object([
            ("device", .string(device)), ("format", .int(Int64(ChangeFile.format))),
            ("have", .object(have.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
          ]))
      } catch {
        return Problem.response(for: error)
      }
    }

    sync.post("changes") { request, context -> Response in
      if let refused = missingCSRFToken(request, context) { return refused }
      guard request.headers[.contentType] == Self.changesType else {
        return Problem.response(
          .unsupportedMediaType, title: "Unsupported Media Type",
          detail: "send a change file as \(Self.changesType); nothing was applied")
      }
      let bytes: [UInt8]
      do {
        var request = request
        bytes = Array(try await request.collectBody(upTo: WebLimits.maxBody).readableBytesView)
      } catch {
        return Problem.response(
          .contentTooLarge, title: "Too large",
          detail: "change files sent here are limited to \(WebLimits.maxBody / 1024) KiB")
      }
      do {
        let file = try ChangeFile.read(bytes, path: "the request body")
        let outcome = try await shared.perform { shared in
          try shared.store.withWriter { db in
            try HubExchange(database: db).receive(
              file.changeset, from: file.writer, name: file.writerName, at: WallClock.now())
          }
        }
        if outcome.applied > 0 { await shared.announceChange() }
        return PageResponse.json(
          .object([
            ("applied", .int(Int64(outcome.applied))),
            ("conflicts", .int(Int64(outcome.conflicts))),
          ]))
      } catch {
        return Problem.response(for: error)
      }
    }

    sync.post("pull") { request, context -> Response in
      var bytes: [UInt8] = []
      do {
        var request = request
        bytes = Array(try await request.collectBody(upTo: WebLimits.maxBody).readableBytesView)
        let have = try Self.haveList(try Self.parsedBody(bytes))
        let file = try await shared.perform { shared in
          try shared.store.withWriter { db -> ChangeFile in
            let exchange = HubExchange(database: db)
            try exchange.settleOrder()
            let changes = try exchange.changes(after: have)
            let device = try SyncDevice.read(db)
            return ChangeFile(
              writer: device?.id ?? "", number: 0,
              writerName: device?.displayName,
              changeset: try Changeset.make(changes))
          }
        }
        return Response(
          status: .ok, headers: [.contentType: Self.changesType],
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
      } catch {
        return Problem.response(for: error)
      }
    }
  }

  /// `{"have": {"ORIGIN": SEQ, …}}`, required (`{"have": {}}` for a device with nothing).
  static func haveList(_ body: JSONNode?) throws -> [String: Int64] {
    if case .object(let members)? = body?.value,
      let other = members.first(where: { $0.key != "have" })
    {
      throw CommandError.invalidRequest("\(other.key) is not a member of a pull: send only have")
    }
    guard let node = body?["have"] else {
      throw CommandError.invalidRequest(
        "send what you have: {\"have\": {\"DEVICE\": NUMBER, …}} ({\"have\": {}} for nothing)")
    }
    guard case .object(let members) = node.value else {
      throw CommandError.invalidRequest("have must be an object of device ids and numbers")
    }
    var have: [String: Int64] = [:]
    for member in members {
      let origin = member.key
      guard SyncFolder.isDeviceID(origin), case .number(let number) = member.node.value,
        let seq = Int64(exactly: number.value), (0...9_007_199_254_740_991).contains(seq)
      else {
        throw CommandError.invalidRequest("have must map device ids to whole numbers")
      }
      have[origin] = seq
    }
    return have
  }
}

import CloudyCLI
import CloudyStore
import CloudyStoring
import HTTPTypes
import Hummingbird
import NIOCore

/// `/api/sync`: this server as the household's sync hub (`cloudy-db sync http://…`). Its own
/// database is one more device: what a device sends is applied here (and announced on the event
/// stream, so open pages update), and what any device sent is handed to the others, so a change
/// travels through the hub to devices that never meet. Behind the same token, Host and origin
/// rules as every route; a write with the login cookie needs the CSRF token like any other (the
/// pull too: it may number places again before it answers).
///
/// The paths, bodies and their checks are the hub wire's (`SyncHubWire`, shared with the
/// client), and the store is reached as a `SyncHub`: the routes only carry bytes between them.
extension WebApp {
  func addSyncRoutes(to router: Router<WebContext>) {
    router.get(RouterPath(SyncHubWire.statePath)) { _, _ -> Response in
      do {
        // A read, through the watcher's connection like every page.
        let state = try await shared.perform { shared in try shared.store.syncState() }
        return PageResponse.json(SyncHubWire.stateAnswer(state, format: DeviceSync.format))
      } catch {
        return Problem.response(for: error)
      }
    }

    router.post(RouterPath(SyncHubWire.changesPath)) { request, context -> Response in
      if let refused = missingCSRFToken(request, context) { return refused }
      guard request.headers[.contentType] == SyncHubWire.changesType else {
        return Problem.response(
          .unsupportedMediaType, title: "Unsupported Media Type",
          detail: "send a change file as \(SyncHubWire.changesType); nothing was applied")
      }
      do {
        let bytes = try await Self.body(of: request)
        let report = try await shared.perform { shared in try shared.store.receive(bytes) }
        if report.applied > 0 { await shared.announceChange() }
        return PageResponse.json(SyncHubWire.appliedAnswer(report))
      } catch let tooLarge as TooLarge {
        return tooLarge.response
      } catch {
        return Problem.response(for: error)
      }
    }

    router.post(RouterPath(SyncHubWire.pullPath)) { request, context -> Response in
      if let refused = missingCSRFToken(request, context) { return refused }
      do {
        let have = try SyncHubWire.readPullRequest(try await Self.body(of: request))
        let message = try await shared.perform { shared in try shared.store.changes(after: have) }
        return Response(
          status: .ok, headers: [.contentType: SyncHubWire.changesType],
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: message)))
      } catch let tooLarge as TooLarge {
        return tooLarge.response
      } catch {
        return Problem.response(for: error)
      }
    }
  }

  /// A body over the hub wire's limit.
  private struct TooLarge: Error {
    var response: Response {
      Problem.response(
        .contentTooLarge, title: "Too large",
        detail:
          "sync requests are limited to \(SyncHubWire.bodyLimit / 1024) KiB; nothing was applied")
    }
  }

  private static func body(of request: Request) async throws -> [UInt8] {
    var request = request
    do {
      return Array(try await request.collectBody(upTo: SyncHubWire.bodyLimit).readableBytesView)
    } catch {
      throw TooLarge()
    }
  }
}

import CloudyCLI
import CloudyJSON
import Hummingbird
import NIOCore

/// `GET /events`: Server-Sent Events, one stream per open page, fed by the watcher. Events:
/// `hello` first, with the number of changes so far (a page read at another number reloads),
/// `change` (the file changed, by any process: reload the live parts), `problem` (the file
/// cannot be read now; `data` holds the message), `refresh` (a fetch started or ended), and a
/// comment every 25 s so a dead connection is found. The browser reconnects on its own after
/// `retry` ms.
extension WebApp {
  func addEventRoutes(to router: Router<WebContext>) {
    router.get("/events") { _, _ -> Response in
      let stream = shared.events.subscribe()
      let version = shared.events.version
      let problem = await shared.problem
      return Response(
        status: .ok,
        headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
        body: ResponseBody { writer in
          var opening = "retry: 2000\nevent: hello\ndata: {\"version\":\(version)}\n\n"
          if let problem { opening += Self.eventText(.problem(problem)) }
          try await writer.write(ByteBuffer(string: opening))
          for await event in stream {
            try await writer.write(ByteBuffer(string: Self.eventText(event)))
          }
          try await writer.finish(nil)
        })
    }
  }

  static func eventText(_ event: LiveEvent) -> String {
    switch event {
    case .change: "event: change\ndata: {}\n\n"
    case .refresh: "event: refresh\ndata: {}\n\n"
    case .keepAlive: ": keep-alive\n\n"
    case .problem(let message):
      "event: problem\ndata: " + JSON.object([("message", .string(message))]).compact() + "\n\n"
    }
  }
}

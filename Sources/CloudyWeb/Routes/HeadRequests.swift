import HTTPTypes
import Hummingbird

/// HEAD answered as GET without its body (RFC 9110 §9.3.2): the same status and headers,
/// `Content-Length` included, so a link checker or `curl -I` sees what a browser would get.
/// The router knows only the GET routes and runs its middlewares after it found one, so alone
/// it would answer HEAD with 404; this wraps the router's responder whole, before the lookup.
struct HeadRequests<Wrapped: HTTPResponder>: HTTPResponder {
  typealias Context = Wrapped.Context

  let wrapped: Wrapped

  func respond(to request: Request, context: Context) async throws -> Response {
    guard request.method == .head else {
      return try await wrapped.respond(to: request, context: context)
    }
    var head = request.head
    head.method = .get
    let response = try await wrapped.respond(
      to: Request(head: head, body: request.body), context: context)
    var headers = response.headers
    if headers[.contentLength] == nil, let length = response.body.contentLength {
      headers[.contentLength] = String(length)
    }
    return Response(status: response.status, headers: headers, body: ResponseBody())
  }
}

import CloudyCLI
import CloudyJSON
import CloudyStoring
import CloudyViewModels
import HTTPTypes
import Hummingbird
import NIOCore

/// An API error as RFC 9457 problem details (`application/problem+json`): `type`, `title`,
/// `status`, `detail`, plus `reason` and `exitStatus`, the failure map's verdict — the same
/// words and the same status a command-line tool gives for the same failure.
enum Problem {
  static func response(
    _ status: HTTPResponse.Status, title: String, detail: String, reason: String? = nil,
    exitStatus: Int32? = nil, extra: [(String, JSON)] = [], headers: HTTPFields = [:]
  ) -> Response {
    var members: [(String, JSON)] = [
      ("type", .string("about:blank")), ("title", .string(title)),
      ("status", .int(Int64(status.code))), ("detail", .string(detail)),
    ]
    if let reason { members.append(("reason", .string(reason))) }
    if let exitStatus { members.append(("exitStatus", .int(Int64(exitStatus)))) }
    members += extra
    var fields = headers
    fields[.contentType] = "application/problem+json"
    return Response(
      status: status, headers: fields,
      body: ResponseBody(byteBuffer: ByteBuffer(string: JSON.object(members).rendered() + "\n")))
  }

  /// The failure map's answer for `error`, as a problem.
  static func response(for error: any Error, extra: [(String, JSON)] = []) -> Response {
    let failure = HTTPStatusMap.failure(for: error)
    let status = HTTPStatusMap.status(for: error)
    var headers: HTTPFields = [:]
    if failure.status == .busy { headers[.retryAfter] = "1" }
    return response(
      status, title: HTTPStatusMap.title(for: failure.status), detail: failure.message,
      reason: HTTPStatusMap.reason(for: failure.status), exitStatus: failure.status.rawValue,
      extra: extra, headers: headers)
  }
}

/// The failure map's exit statuses as HTTP statuses: what the user gave is wrong → 4xx, what
/// the machine refused → 5xx.
enum HTTPStatusMap {
  /// A file that cannot be read now is the server's trouble (503), whatever the tool's status.
  static func status(for error: any Error) -> HTTPResponse.Status {
    if error is StoreUnavailable { return .serviceUnavailable }
    // A name already saved is a conflict with what is there, not a malformed request.
    if case LocationError.duplicateName = error { return .conflict }
    // A row past the end is a conflict with the list as it is now (another device may have
    // just removed places); a candidate the search did not return is not there.
    if case LocationError.positionOutOfRange = error { return .conflict }
    if case AddLocationError.noSuchCandidate = error { return .notFound }
    return status(for: FailureMap.failure(for: error).status)
  }

  /// The failure map's verdict on `error` (the file's failure for `StoreUnavailable`), in
  /// words without the command line's advice (`--db` means nothing on a web page).
  static func failure(for error: any Error) -> CommandFailure {
    (error as? StoreUnavailable)?.failure ?? FailureMap.failure(for: error, advice: .none)
  }

  static func status(for exit: ExitStatus) -> HTTPResponse.Status {
    switch exit {
    case .success, .problemsFound: .ok
    case .usage: .badRequest
    case .badData: .unprocessableContent
    case .notFound: .notFound
    case .unavailable: .badGateway
    case .cannotCreate, .ioError: .internalServerError
    case .busy, .newerSchema: .serviceUnavailable
    }
  }

  static func reason(for exit: ExitStatus) -> String {
    switch exit {
    case .success: "ok"
    case .problemsFound: "problems-found"
    case .usage: "usage"
    case .badData: "bad-data"
    case .notFound: "not-found"
    case .unavailable: "unavailable"
    case .cannotCreate: "cannot-create"
    case .ioError: "io-error"
    case .busy: "busy"
    case .newerSchema: "newer-schema"
    }
  }

  static func title(for exit: ExitStatus) -> String {
    switch exit {
    case .success, .problemsFound: "OK"
    case .usage: "Bad request"
    case .badData: "Not accepted"
    case .notFound: "Not found"
    case .unavailable: "Service unavailable"
    case .cannotCreate: "Cannot create"
    case .ioError: "Input/output error"
    case .busy: "Busy"
    case .newerSchema: "Newer database"
    }
  }
}

/// A refusal before any handler ran (wrong host, too large, not logged in, cross-site): a
/// problem under /api, a short page elsewhere.
enum Refusal {
  static func response(
    _ status: HTTPResponse.Status, api: Bool, title: String, detail: String,
    headers: HTTPFields = [:]
  ) -> Response {
    if api {
      return Problem.response(status, title: title, detail: detail, headers: headers)
    }
    let page = Layout.page(
      nil, title: title, csrf: nil, problem: nil,
      body: "<h1>\(title)</h1><p>\(detail)</p><p><a href=\"/\">Back to Cloudy</a></p>")
    return PageResponse.html(page, status: status, headers: headers)
  }
}

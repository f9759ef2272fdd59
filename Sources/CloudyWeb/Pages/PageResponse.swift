import CloudyCLI
import HTTPTypes
import Hummingbird
import NIOCore

/// Responses with a page, a JSON document or a redirect after a form.
enum PageResponse {
  static func html(
    _ page: HTML, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = "text/html; charset=utf-8"
    return Response(
      status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: page.text))
    )
  }

  static func json(_ document: JSON, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: document.rendered() + "\n")))
  }

  /// 303 See Other after a form's POST, so a reload does not post again; `notice` rides along
  /// in the query and is shown once.
  static func redirect(_ path: String, notice: String? = nil) -> Response {
    var location = path
    if let notice {
      location += (path.contains("?") ? "&" : "?") + "notice=" + FormFields.percentEncode(notice)
    }
    return Response(status: .seeOther, headers: [.location: location])
  }
}

import CloudyCLI
import CloudyJSON
import HTTPTypes
import Hummingbird
import NIOCore

/// Responses with a page, a JSON document or a redirect after a form.
enum PageResponse {
  static let htmlType = "text/html; charset=utf-8"
  static let jsonType = "application/json"

  static func html(
    _ page: HTML, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = htmlType
    return Response(
      status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: page.text))
    )
  }

  /// On one line: the tools' `--json` shapes, without the indentation a terminal reader needs
  /// (a list of 1,000 places is a quarter smaller).
  static func json(_ document: JSON, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: jsonType],
      body: ResponseBody(byteBuffer: jsonBody(document)))
  }

  static func jsonBody(_ document: JSON) -> ByteBuffer {
    ByteBuffer(string: document.compact() + "\n")
  }

  /// 303 See Other after a form's POST, so a reload does not post again; the key of the notice
  /// to show (see `NoticeBoard`) rides along in the query.
  static func redirect(_ path: String, noticeKey: String? = nil) -> Response {
    var location = path
    if let noticeKey {
      location += (path.contains("?") ? "&" : "?") + "notice=" + FormFields.percentEncode(noticeKey)
    }
    return Response(status: .seeOther, headers: [.location: location])
  }
}

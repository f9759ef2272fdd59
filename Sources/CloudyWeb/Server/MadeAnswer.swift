import HTTPTypes
import Hummingbird
import NIOCore

/// An answer made once per change and served until the next (see `SharedStore.cachedAnswer`),
/// or once per run for the embedded files: its bytes plain and gzipped, and its strong `ETag`
/// (for a page: this run, the change number it was made at and a serial, since a page that
/// shows the clock is remade within one change; for a file: a hash of its bytes). Each
/// request gets the copy its `Accept-Encoding` asks for, or `304 Not Modified` when its
/// `If-None-Match` names the copy it would get.
struct MadeAnswer: Sendable {
  let version: Int
  /// When it was made (monotonic nanoseconds), for answers kept only a while.
  let madeAt: UInt64
  let contentType: String
  let plain: ByteBuffer
  /// nil when gzip would not be smaller.
  let gzip: ByteBuffer?
  /// The entity tag without quotes; the gzip copy's ends in `-gz` (another representation,
  /// another strong tag).
  let tag: String

  init(version: Int, madeAt: UInt64, tag: String, contentType: String, plain: ByteBuffer) {
    self.version = version
    self.madeAt = madeAt
    self.contentType = contentType
    self.plain = plain
    let compressed = plain.readableBytes > 256 ? GzipEncoding.compress(plain) : nil
    gzip = compressed.flatMap { $0.readableBytes < plain.readableBytes ? $0 : nil }
    self.tag = tag
  }

  /// The answer for `request`: the copy it accepts, or 304. `varyCookie`: whether the answer
  /// depends on the login cookie (a token is required), so no shared cache gives it to
  /// another browser.
  func response(to request: Request, varyCookie: Bool) -> Response {
    let gzipped = gzip != nil && Self.acceptsGzip(request.headers[.acceptEncoding])
    let etag = "\"" + tag + (gzipped ? "-gz" : "") + "\""
    var headers: HTTPFields = [
      .eTag: etag,
      .vary: varyCookie ? "Accept-Encoding, Cookie" : "Accept-Encoding",
      // Kept by the browser, asked about every time: a 304 costs a header.
      .cacheControl: varyCookie ? "private, no-cache" : "no-cache",
    ]
    if Self.matches(request.headers[.ifNoneMatch], etag) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = contentType
    if gzipped, let gzip {
      headers[.contentEncoding] = "gzip"
      return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: gzip))
    }
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: plain))
  }

  /// Whether `Accept-Encoding` allows gzip: named (or `*`) without `q=0`.
  static func acceptsGzip(_ header: String?) -> Bool {
    guard let header else { return false }
    var gzip: Bool?
    var star: Bool?
    for item in header.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: " \t").lowercased() }
      guard let coding = parts.first else { continue }
      let refused = parts.dropFirst().contains {
        $0.hasPrefix("q=") && Double($0.dropFirst(2)) == 0
      }
      if coding == "gzip" || coding == "x-gzip" { gzip = !refused }
      if coding == "*" { star = !refused }
    }
    return gzip ?? star ?? false
  }

  /// Whether `If-None-Match` (`*`, or a list of tags, weak or strong) names `etag`.
  static func matches(_ header: String?, _ etag: String) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { item in
      var tag = item.trimmingCharacters(in: " \t")
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
      return tag == etag
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var text = self
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return String(text)
  }
}

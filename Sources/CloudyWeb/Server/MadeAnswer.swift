import HTTPTypes
import Hummingbird
import NIOCore

/// An answer made once per change and served until the next (see `SharedStore.cachedAnswer`),
/// or once per run for the embedded files: its bytes plain and gzipped, and its strong `ETag`
/// (for a page: this run, the change number it was made at and a serial, since a page that
/// shows the clock is remade within one change; for a file: a hash of its bytes). Each
/// request gets the copy its `Accept-Encoding` asks for, or `304 Not Modified` when its
/// `If-None-Match` names the copy it would get.
///
/// Everything a request does not change is made here, once: the quoted tags and every header
/// set an answer can go out with (plain or gzip, with or without `Vary: Cookie`, 200 or 304),
/// security headers included (`SecurityHeaders`), so serving one builds no header and no
/// string: it reads two request headers byte by byte and hands over a prepared set.
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
  /// `"TAG"` and `"TAG-gz"`, as the `ETag` header and a matching `If-None-Match` write them.
  private let quotedTags: (plain: String, gzip: String)
  /// The header sets, by `Variant.index`: for a 200, then for a 304.
  private let okHeaders: [HTTPFields]
  private let notModifiedHeaders: [HTTPFields]

  init(version: Int, madeAt: UInt64, tag: String, contentType: String, plain: ByteBuffer) {
    self.version = version
    self.madeAt = madeAt
    self.contentType = contentType
    self.plain = plain
    let compressed = plain.readableBytes > 256 ? GzipEncoding.compress(plain) : nil
    let gzip = compressed.flatMap { $0.readableBytes < plain.readableBytes ? $0 : nil }
    self.gzip = gzip
    self.tag = tag
    quotedTags = ("\"" + tag + "\"", "\"" + tag + "-gz\"")
    var ok: [HTTPFields] = []
    var notModified: [HTTPFields] = []
    for variant in Variant.all {
      var headers: HTTPFields = [
        .eTag: variant.gzipped ? quotedTags.gzip : quotedTags.plain,
        .vary: variant.varyCookie ? "Accept-Encoding, Cookie" : "Accept-Encoding",
        // Kept by the browser, asked about every time: a 304 costs a header.
        .cacheControl: variant.varyCookie ? "private, no-cache" : "no-cache",
      ]
      SecurityHeaders.apply(to: &headers)
      // The length a 200 would send (RFC 9110 §8.6: a 304 may say it, never another), also on
      // the 304, so Hummingbird does not add its own `0`.
      let length = String(variant.gzipped ? gzip?.readableBytes ?? 0 : plain.readableBytes)
      headers[.contentLength] = length
      notModified.append(headers)
      headers[.contentType] = contentType
      if variant.gzipped { headers[.contentEncoding] = "gzip" }
      ok.append(headers)
    }
    okHeaders = ok
    notModifiedHeaders = notModified
  }

  /// Which copy, and whether the answer depends on the login cookie.
  private struct Variant {
    let gzipped: Bool
    let varyCookie: Bool
    var index: Int { (gzipped ? 1 : 0) + (varyCookie ? 2 : 0) }
    static let all = [false, true].flatMap { cookie in
      [false, true].map { Variant(gzipped: $0, varyCookie: cookie) }
    }
  }

  /// The answer for `request`: the copy it accepts, or 304. `varyCookie`: whether the answer
  /// depends on the login cookie (a token is required), so no shared cache gives it to
  /// another browser.
  func response(to request: Request, varyCookie: Bool) -> Response {
    let gzipped = gzip != nil && Self.acceptsGzip(request.headers[.acceptEncoding])
    let index = Variant(gzipped: gzipped, varyCookie: varyCookie).index
    if Self.matches(
      request.headers[.ifNoneMatch], gzipped ? quotedTags.gzip : quotedTags.plain)
    {
      return Response(status: .notModified, headers: notModifiedHeaders[index])
    }
    return Response(
      status: .ok, headers: okHeaders[index],
      body: ResponseBody(byteBuffer: gzipped ? gzip ?? plain : plain))
  }

  // MARK: - Reading the request's headers, byte by byte

  /// Whether `Accept-Encoding` allows gzip: `gzip` or `x-gzip` named (else `*`), without
  /// `q=0` (RFC 9110 §12.5.3: a qvalue of 0 means "not acceptable"; any other is acceptable).
  static func acceptsGzip(_ header: String?) -> Bool {
    guard var header else { return false }
    return header.withUTF8 { bytes in
      var gzip: Bool?
      var star: Bool?
      forEachPiece(of: bytes, separatedBy: UInt8(ascii: ",")) { item in
        var coding: UnsafeBufferPointer<UInt8>?
        var refused = false
        forEachPiece(of: item, separatedBy: UInt8(ascii: ";")) { part in
          if coding == nil {
            coding = trimmed(part)
          } else if isZeroQuality(trimmed(part)) {
            refused = true
          }
          return false
        }
        if let coding {
          if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") {
            gzip = !refused
          } else if coding.count == 1 && coding[0] == UInt8(ascii: "*") {
            star = !refused
          }
        }
        return false
      }
      return gzip ?? star ?? false
    }
  }

  /// `q=0`, `q=0.`, `q=0.0`… `q=0.000` (either case of `q`): the qvalues that refuse.
  private static func isZeroQuality(_ parameter: UnsafeBufferPointer<UInt8>) -> Bool {
    guard parameter.count >= 3, lowercased(parameter[0]) == UInt8(ascii: "q"),
      parameter[1] == UInt8(ascii: "="), parameter[2] == UInt8(ascii: "0")
    else { return false }
    let rest = parameter.dropFirst(3)
    guard let dot = rest.first else { return true }
    return dot == UInt8(ascii: ".") && rest.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") }
  }

  /// Whether `If-None-Match` (`*`, or a list of tags, weak or strong) names `etag`.
  static func matches(_ header: String?, _ etag: String) -> Bool {
    guard var header else { return false }
    // The common case: the one tag this server gave.
    if header == etag { return true }
    var etag = etag
    return header.withUTF8 { header in
      etag.withUTF8 { etag in
        var found = false
        forEachPiece(of: header, separatedBy: UInt8(ascii: ",")) { item in
          var tag = trimmed(item)
          if tag.count == 1 && tag[0] == UInt8(ascii: "*") {
            found = true
          } else {
            if tag.count > 2 && tag[0] == UInt8(ascii: "W") && tag[1] == UInt8(ascii: "/") {
              tag = UnsafeBufferPointer(rebasing: tag[2...])
            }
            found = tag.elementsEqual(etag)
          }
          return found
        }
        return found
      }
    }
  }

  /// Calls `body` with each piece of `bytes` between `separator`s (empty ones included),
  /// without copying, until it returns true.
  private static func forEachPiece(
    of bytes: UnsafeBufferPointer<UInt8>, separatedBy separator: UInt8,
    _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) {
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != separator { end += 1 }
      if body(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return }
      start = end + 1
    }
  }

  /// `bytes` without the spaces and tabs around it.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var slice = bytes[...]
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return UnsafeBufferPointer(rebasing: slice)
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  /// ASCII compared without case (`GZIP` is `gzip`); `word` in lower case.
  private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString)
    -> Bool
  {
    guard bytes.count == word.utf8CodeUnitCount else { return false }
    let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    return zip(bytes, letters).allSatisfy { lowercased($0) == $1 }
  }
}

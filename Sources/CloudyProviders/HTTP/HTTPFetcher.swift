import CCurl
import CloudyDecoding
import CloudyServices
import Foundation

/// One HTTP GET with a time-out, a size limit and no redirects to another host.
///
/// Every failure becomes a `ForecastError`: a refused connection or DNS failure `.unreachable`,
/// no answer within the time-out `.timedOut`, a 4xx/5xx `.httpStatus` with the reason from the
/// body, a body over the limit (by Content-Length or by what arrived) `.tooLarge`, a redirect to
/// another host `.redirected`. Messages name the host, never the full URL (it may hold a key).
///
/// Why libcurl's easy interface (CCurl) rather than URLSession: on Linux, FoundationNetworking's
/// URLSession busy-loops while a server is slow to answer (its dispatch source reports the
/// socket writable again and again: a full core for the whole wait, up to the 15 s time-out,
/// measured and traced here). `curl_easy_perform` waits in poll(2) with the time left. The
/// fetcher linked libcurl before (behind FoundationNetworking); now it links only libcurl.
struct HTTPFetcher: Sendable {
  var timeout: Double
  var maxResponseBytes: Int
  /// Redirects followed on the same host before giving up.
  var maxRedirects = 5

  init(timeout: Double, maxResponseBytes: Int) {
    self.timeout = timeout.isFinite && timeout > 0 ? min(timeout, 3600) : ForecastLimits.timeout
    self.maxResponseBytes = max(maxResponseBytes, 1024)
  }

  func get(_ url: URL) async throws(ForecastError) -> [UInt8] {
    guard RequestURL.isWebURL(url) else {
      throw .invalidConfiguration("the forecast URL must be an http or https URL with a host")
    }
    let host = Self.hostDescription(url)
    var current = url
    var redirects = 0
    while true {
      let exchange = await perform(current)
      if exchange.overLimit { throw .tooLarge(limitBytes: maxResponseBytes) }
      if let error = Self.forecastError(
        curlCode: exchange.curlCode, message: exchange.error, host: host, timeout: timeout)
      {
        throw error
      }
      switch exchange.status {
      case 200...299:
        return exchange.body
      case 300...399:
        guard let location = exchange.redirect else {
          throw .httpStatus(exchange.status, "a redirect without a Location header")
        }
        if let target = URL(string: location), Self.sameOrigin(target, url),
          redirects < maxRedirects
        {
          redirects += 1
          current = target
          continue
        }
        throw .redirected(Self.redirectDescription(location, relativeTo: current))
      case 100...599:
        throw .httpStatus(
          exchange.status, Self.reason(body: exchange.body, status: exchange.status))
      default:
        throw .invalidResponse("\(host) sent no HTTP response")
      }
    }
  }

  /// What one request got back.
  struct Exchange: Sendable {
    var status: Int
    var body: [UInt8]
    var redirect: String?
    var curlCode: Int32
    var error: String
    var overLimit: Bool
  }

  /// Runs the blocking transfer on its own thread, so the caller's task is not held.
  private func perform(_ url: URL) async -> Exchange {
    let idle = Int(timeout * 1000)
    let limit = maxResponseBytes
    let address = url.absoluteString
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var result = cloudy_http_result()
        cloudy_http_get(address, idle, idle * 2, limit, "application/json", &result)
        defer { cloudy_http_free(&result) }
        let body =
          result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.body_size)) } ?? []
        let error = withUnsafeBytes(of: result.error) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        continuation.resume(
          returning: Exchange(
            status: result.status, body: body,
            redirect: result.redirect.map { String(cString: $0) },
            curlCode: result.curl_code, error: error, overLimit: result.over_limit != 0))
      }
    }
  }

  // MARK: Error mapping (internal for tests)

  /// Maps a libcurl result to a `ForecastError`; nil for success.
  static func forecastError(curlCode code: Int32, message: String, host: String, timeout: Double)
    -> ForecastError?
  {
    switch Int(code) {
    case CLOUDY_CURL_OK: return nil
    case CLOUDY_CURL_OPERATION_TIMEDOUT: return .timedOut(seconds: timeout)
    case CLOUDY_CURL_COULDNT_RESOLVE_HOST, CLOUDY_CURL_COULDNT_RESOLVE_PROXY:
      return .unreachable("cannot resolve the host name \(host)")
    case CLOUDY_CURL_COULDNT_CONNECT:
      return .unreachable("the connection to \(host) was refused")
    case CLOUDY_CURL_SSL_CONNECT_ERROR, CLOUDY_CURL_PEER_FAILED_VERIFICATION:
      return .unreachable("the secure connection to \(host) failed")
    case CLOUDY_CURL_WEIRD_SERVER_REPLY, CLOUDY_CURL_GOT_NOTHING, CLOUDY_CURL_BAD_CONTENT_ENCODING:
      return .invalidResponse("\(host) did not send a valid HTTP response")
    case CLOUDY_CURL_PARTIAL_FILE, CLOUDY_CURL_RECV_ERROR, CLOUDY_CURL_SEND_ERROR:
      return .unreachable("the connection to \(host) was lost before the response was complete")
    case CLOUDY_CURL_UNSUPPORTED_PROTOCOL, CLOUDY_CURL_URL_MALFORMAT:
      return .unreachable("the URL for \(host) is not supported")
    default:
      let detail = message.isEmpty ? "error \(code)" : message
      return .unreachable("network error talking to \(host): \(detail)")
    }
  }

  /// "host" or "host:port".
  static func hostDescription(_ url: URL) -> String {
    let host = url.host ?? "?"
    if let port = url.port { return "\(host):\(port)" }
    return host
  }

  /// Where a redirect pointed, without its query (which could be long or hold secrets).
  static func redirectDescription(_ location: String, relativeTo base: URL?) -> String {
    guard let target = URL(string: location, relativeTo: base)?.absoluteURL,
      let scheme = target.scheme, target.host != nil
    else { return location }
    return "\(scheme)://\(hostDescription(target))\(target.path)"
  }

  /// A short reason for an HTTP error: the JSON body's `reason` (Open-Meteo), `error` (Dark Sky)
  /// or `message`/`detail` (Pirate Weather, gateways); else a short plain-text body; else the
  /// standard phrase.
  static func reason(body: [UInt8], status: Int) -> String {
    if let text = ResponseJSON.firstText(of: ["reason", "error", "message", "detail"], in: body) {
      return Validation.summary(text, fallback: "")
    }
    if body.count <= 200, !body.isEmpty,
      let text = String(validating: body, as: UTF8.self),
      !text.contains("<"), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" })
    {
      let line = Validation.summary(text, fallback: "")
      if !line.isEmpty { return line }
    }
    return Self.statusPhrase(status)
  }

  /// The standard reason phrase of an HTTP status (RFC 9110), for a body that gives none.
  static func statusPhrase(_ status: Int) -> String {
    switch status {
    case 400: "bad request"
    case 401: "unauthorized"
    case 403: "forbidden"
    case 404: "not found"
    case 405: "method not allowed"
    case 408: "request timeout"
    case 410: "gone"
    case 429: "too many requests"
    case 500: "internal server error"
    case 501: "not implemented"
    case 502: "bad gateway"
    case 503: "service unavailable"
    case 504: "gateway timeout"
    case 300...399: "redirected"
    case 400...499: "client error"
    default: "server error"
    }
  }

  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.host?.lowercased() == b.host?.lowercased()
      && effectivePort(a) == effectivePort(b)
  }

  private static func effectivePort(_ url: URL) -> Int? {
    if let port = url.port { return port }
    switch url.scheme?.lowercased() {
    case "http": return 80
    case "https": return 443
    default: return nil
    }
  }

}

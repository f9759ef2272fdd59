import CCurl
import CloudyServices
import Foundation

/// What a source sent about asking again: its validators and freshness headers, as sent.
public struct HTTPValidators: Hashable, Sendable {
  public var etag: String?
  public var lastModified: String?
  public var cacheControl: String?
  public var expires: String?

  public init(
    etag: String? = nil, lastModified: String? = nil, cacheControl: String? = nil,
    expires: String? = nil
  ) {
    self.etag = etag
    self.lastModified = lastModified
    self.cacheControl = cacheControl
    self.expires = expires
  }

  /// Until when (unix seconds) the answer is fresh, asked at `now`: `Cache-Control: max-age`
  /// (`no-store` and `no-cache`: not at all), else `Expires` (an HTTP date); nil when neither
  /// says.
  public func freshUntil(now: Int64) -> Int64? {
    if let cacheControl {
      let directives = cacheControl.lowercased().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if directives.contains("no-store") || directives.contains("no-cache") { return now }
      for directive in directives where directive.hasPrefix("max-age=") {
        if let seconds = Int64(directive.dropFirst("max-age=".count)) { return now + seconds }
      }
    }
    return expires.flatMap(Self.httpDate)
  }

  /// An IMF-fixdate ("Wed, 21 Oct 2015 07:28:00 GMT", RFC 9110), as unix seconds.
  static func httpDate(_ text: String) -> Int64? {
    let parts = text.split(separator: " ")
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
      let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
    else { return nil }
    let clock = parts[4].split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3 else { return nil }
    var components = DateComponents()
    components.calendar = Calendar(identifier: .gregorian)
    components.timeZone = TimeZone(identifier: "UTC")
    (components.year, components.month, components.day) = (year, month + 1, day)
    (components.hour, components.minute, components.second) = (clock[0], clock[1], clock[2])
    return components.date.map { Int64($0.timeIntervalSince1970) }
  }
}

/// The answer to a conditional GET.
public enum ConditionalAnswer: Sendable {
  /// 2xx: the body, what the source said about asking again, and the status (MET Norway
  /// answers 203 for a deprecated product).
  case modified([UInt8], HTTPValidators, status: Int)
  /// 304: unchanged since the validators sent.
  case notModified(HTTPValidators)
}

extension HTTPFetcher {
  /// A GET that names its client (`User-Agent`, as the NWS and MET Norway require) and sends
  /// the validators of the last answer (`If-None-Match`, `If-Modified-Since`), so an unchanged
  /// answer costs a 304 and no body. No redirects are followed. Failures as `get`'s.
  func conditionalGet(
    _ url: URL, userAgent: String, accept: String, etag: String?, lastModified: String?
  ) async throws(ForecastError) -> ConditionalAnswer {
    guard RequestURL.isWebURL(url) else {
      throw .invalidConfiguration("the request URL must be an http or https URL with a host")
    }
    let host = Self.hostDescription(url)
    let idle = Int(timeout * 1000)
    let limit = maxResponseBytes
    let address = url.absoluteString
    let (status, body, validators, code, message, overLimit) = await withCheckedContinuation {
      (
        continuation: CheckedContinuation<
          (Int, [UInt8], HTTPValidators, Int32, String, Bool), Never
        >
      ) in
      Thread.detachNewThread {
        var result = cloudy_http_result()
        cloudy_http_get_conditional(
          address, idle, idle * 2, limit, accept, userAgent, etag, lastModified, &result)
        defer { cloudy_http_free(&result) }
        func text<T>(_ field: T) -> String? {
          let value = withUnsafeBytes(of: field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
          }
          return value.isEmpty ? nil : value
        }
        let body =
          result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.body_size)) } ?? []
        continuation.resume(
          returning: (
            result.status, body,
            HTTPValidators(
              etag: text(result.etag), lastModified: text(result.last_modified),
              cacheControl: text(result.cache_control), expires: text(result.expires)),
            result.curl_code, text(result.error) ?? "", result.over_limit != 0
          ))
      }
    }
    if overLimit { throw .tooLarge(limitBytes: maxResponseBytes) }
    if let error = Self.forecastError(
      curlCode: code, message: message, host: host, timeout: timeout)
    {
      throw error
    }
    switch status {
    case 200...299: return .modified(body, validators, status: status)
    case 304: return .notModified(validators)
    case 300...399: throw .redirected(host)
    case 100...599: throw .httpStatus(status, Self.reason(body: body, status: status))
    default: throw .invalidResponse("\(host) sent no HTTP response")
    }
  }
}

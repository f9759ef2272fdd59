import CloudyServices
import Foundation

enum RequestURL {
  /// `base` + a path (percent-encoded already) + a query, keeping any path prefix of `base`.
  static func make(base: URL, appendingPath path: String, query: [(String, String)])
    throws(ForecastError) -> URL
  {
    guard RequestURL.isWebURL(base),
      var components = URLComponents(url: base, resolvingAgainstBaseURL: true)
    else {
      throw .invalidConfiguration(
        "the forecast base URL \"\(base.absoluteString)\" is not an http or https URL with a host")
    }
    var prefix = components.percentEncodedPath
    while prefix.hasSuffix("/") { prefix.removeLast() }
    components.percentEncodedPath = prefix + path
    components.queryItems =
      query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
    components.fragment = nil
    guard let url = components.url else {
      throw .invalidConfiguration("cannot build a request URL from \"\(base.absoluteString)\"")
    }
    return url
  }

  /// A URL a service's answer names (the NWS's `/points`, MeteoAlarm's feed entries) with its
  /// path and query moved onto `base`: Cloudy asks only the host it was configured with (a
  /// mirror, or a test's stand-in), never one an answer names. A path that already starts
  /// with `base`'s path prefix keeps it once.
  static func rebased(_ address: String, onto base: URL) throws(ForecastError) -> URL {
    guard let url = URL(string: address), isWebURL(url),
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else {
      throw .invalidResponse("the answer names \"\(address)\", which is not a web URL")
    }
    var prefix = base.path
    while prefix.hasSuffix("/") { prefix.removeLast() }
    var path = components.percentEncodedPath
    if !prefix.isEmpty, path.hasPrefix(prefix + "/") { path.removeFirst(prefix.count) }
    return try make(
      base: base, appendingPath: path,
      query: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
  }

  /// The one rule for a URL Cloudy will request: http or https, with a host.
  static func isWebURL(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { return false }
    return true
  }

  /// Decimal degrees with 4 decimals (about 11 m), never in exponent notation.
  static func degrees(_ value: Double) -> String {
    let text = String(format: "%.4f", value)
    return text == "-0.0000" ? "0.0000" : text
  }

  /// Decimal degrees with at most 4 decimals and no trailing zeros ("30", "39.7456"): the NWS
  /// redirects any other spelling of a point to this one.
  static func shortDegrees(_ value: Double) -> String {
    let rounded = (value * 10_000).rounded() / 10_000
    var text = String(format: "%.4f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Percent-encodes everything but unreserved characters.
  static func pathSegment(_ text: String) -> String {
    let allowed = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  /// Now, unix seconds.
  static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}

import CloudyDecoding
import CloudyServices
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP GET with a time-out, a size limit and no redirects to another host.
///
/// Every failure becomes a `ForecastError`: a refused connection or DNS failure `.unreachable`,
/// no answer within the time-out `.timedOut`, a 4xx/5xx `.httpStatus` with the reason from the
/// body, a body over the limit (by Content-Length or by what arrived) `.tooLarge`, a redirect to
/// another host `.redirected`. Messages name the host, never the full URL (it may hold a key).
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

    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    // The whole exchange, including a body that trickles in.
    configuration.timeoutIntervalForResource = timeout * 2
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpAdditionalHeaders = ["Accept": "application/json"]

    let exchange = Exchange(
      origin: url, limit: maxResponseBytes, maxRedirects: maxRedirects, timeout: timeout)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: queue)
    defer { session.finishTasksAndInvalidate() }

    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    request.httpMethod = "GET"
    let task = session.dataTask(with: request)

    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        exchange.start(continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
    return try interpret(outcome, host: Self.hostDescription(url))
  }

  private func interpret(_ outcome: Outcome, host: String) throws(ForecastError) -> [UInt8] {
    if let refusal = outcome.refusal { throw refusal }
    if let error = outcome.error { throw error }
    guard let response = outcome.response else {
      throw .invalidResponse("\(host) sent no HTTP response")
    }
    switch response.statusCode {
    case 200...299:
      return outcome.body
    case 300...399:
      guard let location = response.value(forHTTPHeaderField: "Location") else {
        throw .httpStatus(response.statusCode, "a redirect without a Location header")
      }
      throw .redirected(Self.redirectDescription(location, relativeTo: response.url))
    default:
      throw .httpStatus(
        response.statusCode, Self.reason(body: outcome.body, status: response.statusCode))
    }
  }

  // MARK: Error mapping (internal for tests)

  /// Maps a transport error to a `ForecastError`.
  static func forecastError(for error: any Error, host: String, timeout: Double) -> ForecastError {
    guard let urlError = error as? URLError else {
      return .unreachable("\(host): \(error)")
    }
    switch urlError.code {
    case .timedOut:
      return .timedOut(seconds: timeout)
    case .cannotFindHost, .dnsLookupFailed:
      return .unreachable("cannot resolve the host name \(host)")
    case .cannotConnectToHost:
      return .unreachable("the connection to \(host) was refused")
    case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed:
      return .unreachable("there is no network connection")
    case .networkConnectionLost:
      return .unreachable("the connection to \(host) was lost before the response was complete")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired:
      return .unreachable("the secure connection to \(host) failed")
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
      .cannotDecodeContentData:
      return .invalidResponse("\(host) did not send a valid HTTP response")
    case .httpTooManyRedirects, .redirectToNonExistentLocation:
      return .redirected(host)
    case .cancelled:
      return .unreachable("the request to \(host) was cancelled")
    case .unsupportedURL, .badURL:
      return .unreachable("the URL for \(host) is not supported")
    default:
      return .unreachable("network error \(urlError.code.rawValue) talking to \(host)")
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
    if let document = try? JSONValue.parse(body), case .object(let members) = document {
      for key in ["reason", "error", "message", "detail"] {
        if case .string(let text)? = members[key], !text.isEmpty {
          return Validation.summary(text, fallback: "")
        }
      }
    }
    if body.count <= 200, !body.isEmpty,
      let text = String(validating: body, as: UTF8.self),
      !text.contains("<"), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" })
    {
      let line = Validation.summary(text, fallback: "")
      if !line.isEmpty { return line }
    }
    return HTTPURLResponse.localizedString(forStatusCode: status)
  }

  // MARK: The exchange

  struct Outcome: Sendable {
    var response: HTTPURLResponse?
    var body: [UInt8] = []
    /// The transport failure, already mapped.
    var error: ForecastError?
    /// Set when this side stopped the exchange (size limit, redirect to another host).
    var refusal: ForecastError?
  }

  /// The session delegate: collects the body under the limit and vets redirects.
  private final class Exchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
      var continuation: CheckedContinuation<Outcome, Never>?
      var outcome = Outcome()
      var redirects = 0
      var finished = false
    }

    private let origin: URL
    private let limit: Int
    private let maxRedirects: Int
    private let timeout: Double
    private let state = Mutex(State())

    init(origin: URL, limit: Int, maxRedirects: Int, timeout: Double) {
      self.origin = origin
      self.limit = limit
      self.maxRedirects = maxRedirects
      self.timeout = timeout
    }

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
      let early: Outcome? = state.withLock { state in
        if state.finished { return state.outcome }
        state.continuation = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }

    private func refuse(_ error: ForecastError) {
      state.withLock { state in
        if state.outcome.refusal == nil { state.outcome.refusal = error }
      }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      guard let http = response as? HTTPURLResponse else {
        refuse(.invalidResponse("\(HTTPFetcher.hostDescription(origin)) did not answer with HTTP"))
        completionHandler(.cancel)
        return
      }
      if response.expectedContentLength > Int64(limit) {
        refuse(.tooLarge(limitBytes: limit))
        completionHandler(.cancel)
        return
      }
      state.withLock { $0.outcome.response = http }
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let overLimit = state.withLock { state -> Bool in
        if state.outcome.refusal != nil { return true }
        if state.outcome.body.count + data.count > limit {
          state.outcome.refusal = .tooLarge(limitBytes: limit)
          state.outcome.body = []
          return true
        }
        state.outcome.body.append(contentsOf: data)
        return false
      }
      if overLimit { dataTask.cancel() }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      let follow = state.withLock { state -> Bool in
        guard let target = request.url, Self.sameOrigin(target, origin) else { return false }
        state.redirects += 1
        return state.redirects <= maxRedirects
      }
      // Not following leaves the 3xx as the final response, reported as `.redirected`.
      completionHandler(follow ? request : nil)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      let (continuation, outcome) = state.withLock {
        state -> (CheckedContinuation<Outcome, Never>?, Outcome) in
        if state.outcome.response == nil, let http = task.response as? HTTPURLResponse {
          state.outcome.response = http
        }
        if let error, state.outcome.refusal == nil {
          state.outcome.error = HTTPFetcher.forecastError(
            for: error, host: HTTPFetcher.hostDescription(origin), timeout: timeout)
        }
        state.finished = true
        let continuation = state.continuation
        state.continuation = nil
        return (continuation, state.outcome)
      }
      continuation?.resume(returning: outcome)
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
}

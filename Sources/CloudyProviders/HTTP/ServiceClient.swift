public import CloudyServices
public import Foundation

/// How Cloudy reaches one national weather service (MET Norway, the NWS's forecast and alerts,
/// MeteoAlarm): its base URL, the `User-Agent` naming Cloudy and a contact (`ClientIdentity`),
/// the time-out and the size limit, and the conditional-request memory (`ask`). Made once by
/// `ProviderEnvironment.client(_:)` and held by each provider, so the four repeat none of it.
///
/// Decisions: every URL is built on `baseURL` (`url(_:query:)`) or moved onto it (`rebased`,
/// for URLs an answer names), so a mirror or a test's stand-in serves everything and Cloudy
/// never asks a host it was not told to. Open-Meteo and Dark Sky keep their own unconditional
/// requests (they send no validators and ask for no contact).
public struct ServiceClient: Sendable {
  /// Scheme, host, port and an optional path prefix.
  public let baseURL: URL
  /// `Cloudy/VERSION (CONTACT)`.
  public let userAgent: String
  let fetcher: HTTPFetcher

  /// Seconds a request may wait for an answer.
  public var timeout: Double { fetcher.timeout }
  /// The largest body read.
  public var maxResponseBytes: Int { fetcher.maxResponseBytes }

  public init(
    baseURL: URL, userAgent: String, timeout: Double = ForecastLimits.timeout,
    maxResponseBytes: Int = ForecastLimits.maximumResponseBytes
  ) {
    self.baseURL = baseURL
    self.userAgent = userAgent
    fetcher = HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes)
  }

  /// `baseURL` + `path` (percent-encoded already) + `query`, keeping the base's path prefix.
  func url(_ path: String, query: [(String, String)] = []) throws(ForecastError) -> URL {
    try RequestURL.make(base: baseURL, appendingPath: path, query: query)
  }

  /// A URL an answer names, its path and query moved onto `baseURL`.
  func rebased(_ address: String) throws(ForecastError) -> URL {
    try RequestURL.rebased(address, onto: baseURL)
  }

  /// What `ask` found.
  enum Answer {
    /// Not asked: the memory's answer is fresh until then.
    case fresh(until: Int64)
    /// 304: unchanged; the memory to keep (the validators sent again, else the ones held).
    case notModified(ServiceMemory)
    /// 2xx: the body, the memory to keep, the headers as sent and the status (MET Norway
    /// answers 203 for a deprecated product).
    case modified([UInt8], ServiceMemory, HTTPValidators, status: Int)
  }

  /// The conditional-request memory, in one place: not asked while `remembered` is fresh at
  /// `now`; else asked with its validators (`If-None-Match`, `If-Modified-Since`), so an
  /// unchanged answer costs a 304 and no body, and the caller writes nothing new.
  func ask(_ url: URL, accept: String, remembered: ServiceMemory?, now: Int64)
    async throws(ForecastError) -> Answer
  {
    if let remembered, let until = remembered.freshUntil, remembered.isFresh(at: now) {
      return .fresh(until: until)
    }
    let answer = try await fetcher.conditionalGet(
      url, userAgent: userAgent, accept: accept, etag: remembered?.etag,
      lastModified: remembered?.lastModified)
    switch answer {
    case .notModified(let validators):
      return .notModified(
        ServiceMemory(
          etag: validators.etag ?? remembered?.etag,
          lastModified: validators.lastModified ?? remembered?.lastModified,
          freshUntil: validators.freshUntil(now: now)))
    case .modified(let body, let validators, let status):
      return .modified(
        body,
        ServiceMemory(
          etag: validators.etag, lastModified: validators.lastModified,
          freshUntil: validators.freshUntil(now: now)), validators, status: status)
    }
  }

  /// An unconditional GET (a document an answer links to): the body; a 304 to a request that
  /// sent no validators is refused as an invalid answer naming `service`.
  func get(_ url: URL, accept: String, service: String) async throws(ForecastError) -> [UInt8] {
    try await getFresh(url, accept: accept, service: service).body
  }

  /// The same, with until when the answer says it stays fresh (`Cache-Control: max-age`,
  /// `Expires`; nil when it says neither), for a service whose terms ask not to be asked again
  /// before then (the NWS).
  func getFresh(_ url: URL, accept: String, service: String) async throws(ForecastError)
    -> (body: [UInt8], freshUntil: Int64?)
  {
    switch try await fetcher.conditionalGet(
      url, userAgent: userAgent, accept: accept, etag: nil, lastModified: nil)
    {
    case .modified(let body, let validators, _):
      return (body, validators.freshUntil(now: RequestURL.now()))
    case .notModified: throw .invalidResponse("\(service) answered 304 to an unconditional request")
    }
  }
}

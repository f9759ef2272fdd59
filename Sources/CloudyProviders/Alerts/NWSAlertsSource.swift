import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// What one look at an alert source found.
public enum AlertSourceOutcome: Sendable {
  /// Not asked: the last answer is fresh until then.
  case fresh(until: Int64)
  /// Asked; unchanged since the last answer (304).
  case notModified(HTTPValidators)
  /// Asked; the alerts it holds for the place, what the decoder noted, and the validators.
  case fetched([WeatherAlert], notes: [String], HTTPValidators)
}

/// The NWS's active alerts for a point in the United States:
/// `GET {base}/alerts/active?point=LAT,LON` (GeoJSON), asked with a `User-Agent` naming Cloudy
/// and a contact (the NWS asks for one and may block anonymous clients) and conditionally, and
/// not at all while the last answer is fresh by its `Cache-Control`/`Expires`.
///
/// The base URL comes from `CLOUDY_NWS_URL` (default https://api.weather.gov), so tests point
/// it at a loopback stand-in, as the forecast providers' are.
public struct NWSAlertsSource: Sendable {
  public static let urlVariable = "CLOUDY_NWS_URL"
  public static let defaultBaseURL = URL(string: "https://api.weather.gov")!
  /// Who to tell when Cloudy misbehaves, sent in the `User-Agent`: an e-mail or URL.
  public static let contactVariable = ClientIdentity.contactVariable

  public var baseURL: URL
  public var userAgent: String
  var fetcher: HTTPFetcher

  public init(baseURL: URL, userAgent: String, timeout: Double, maxResponseBytes: Int) {
    self.baseURL = baseURL
    self.userAgent = userAgent
    fetcher = HTTPFetcher(timeout: timeout, maxResponseBytes: maxResponseBytes)
  }

  /// From the environment: `CLOUDY_NWS_URL`, `CLOUDY_CONTACT`, `CLOUDY_HTTP_TIMEOUT`;
  /// `version` is Cloudy's, for the `User-Agent` ("Cloudy/0.3.0 (you@example.com)").
  public static func fromEnvironment(
    version: String, _ env: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ForecastError) -> NWSAlertsSource {
    // The base URL is read and checked with the providers' (`ProviderEnvironment`).
    let provider = try ProviderEnvironment.fromEnvironment(env)
    return NWSAlertsSource(
      baseURL: provider.nwsURL, userAgent: ClientIdentity.userAgent(version: version, env),
      timeout: provider.timeout,
      maxResponseBytes: provider.maxResponseBytes)
  }

  /// Whether the NWS covers a place: saved as in the United States, or (country unknown)
  /// inside the contiguous states, Alaska, Hawaii or Puerto Rico.
  public static func covers(_ coordinate: Coordinate, countryCode: String?) -> Bool {
    if let countryCode { return countryCode.uppercased() == "US" }
    let (lat, lon) = (coordinate.latitude, coordinate.longitude)
    return (24.4...49.4).contains(lat) && (-124.8 ... -66.9).contains(lon)
      || (51...71.5).contains(lat) && (lon <= -129 || lon >= 172)
      || (18.9...22.3).contains(lat) && (-160.3 ... -154.8).contains(lon)
      || (17.9...18.6).contains(lat) && (-67.3 ... -65.2).contains(lon)
  }

  /// The request for a point: at most 4 decimals, as the API asks.
  public func url(for coordinate: Coordinate) -> URL {
    func decimals(_ value: Double) -> String {
      let rounded = (value * 10_000).rounded() / 10_000
      var text = String(rounded)
      if text.hasSuffix(".0") { text.removeLast(2) }
      return text
    }
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
    components?.path =
      baseURL.path.trimmingCharacters(in: ["/"]).isEmpty
      ? "/alerts/active" : "/" + baseURL.path.trimmingCharacters(in: ["/"]) + "/alerts/active"
    components?.queryItems = [
      URLQueryItem(
        name: "point",
        value: "\(decimals(coordinate.latitude)),\(decimals(coordinate.longitude))")
    ]
    return components?.url ?? baseURL
  }

  /// What one look at the NWS found.
  public typealias Outcome = AlertSourceOutcome

  /// Asks for the place's alerts unless `freshUntil` (from the last answer) is still ahead of
  /// `now`; sends `etag`/`lastModified` from the last answer.
  public func fetch(
    for coordinate: Coordinate, etag: String?, lastModified: String?, freshUntil: Int64?,
    now: Int64
  ) async throws(ForecastError) -> Outcome {
    if let freshUntil, freshUntil > now { return .fresh(until: freshUntil) }
    let answer = try await fetcher.conditionalGet(
      url(for: coordinate), userAgent: userAgent, accept: "application/geo+json",
      etag: etag, lastModified: lastModified)
    switch answer {
    case .notModified(let validators):
      return .notModified(validators)
    case .modified(let body, let validators, _):
      let decoded = try AlertDecoder.decode(body, for: coordinate, languages: [])
      guard decoded.kind == .nwsAlerts else {
        throw .invalidResponse("the NWS answered with \(decoded.kind.rawValue), not its alerts")
      }
      return .fetched(decoded.alerts, notes: decoded.notes, validators)
    }
  }
}

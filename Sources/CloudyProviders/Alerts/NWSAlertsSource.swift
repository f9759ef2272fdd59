import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// The NWS's active alerts for a point in the United States:
/// `GET {base}/alerts/active?point=LAT,LON` (GeoJSON), asked with a `User-Agent` naming Cloudy
/// and a contact (the NWS asks for one and may block anonymous clients) and conditionally, and
/// not at all while the last answer is fresh by its `Cache-Control`/`Expires` (all of it the
/// `ServiceClient`'s).
///
/// The base URL is the NWS forecast's (`NWSService`: `CLOUDY_NWS_URL`, default
/// https://api.weather.gov), so tests point it at a loopback stand-in, as the forecast
/// providers' are.
public struct NWSAlertsSource: AlertProvider {
  public var source: AlertSource { .nws }
  /// Base URL, `User-Agent`, limits.
  public let client: ServiceClient

  public init(client: ServiceClient) {
    self.client = client
  }

  /// Saved as in the United States, or (country unknown) inside the contiguous states, Alaska,
  /// Hawaii or Puerto Rico.
  public func covers(_ place: AlertPlace) -> Bool {
    if let countryCode = place.countryCode { return countryCode.uppercased() == "US" }
    let (lat, lon) = (place.coordinate.latitude, place.coordinate.longitude)
    return (24.4...49.4).contains(lat) && (-124.8 ... -66.9).contains(lon)
      || (51...71.5).contains(lat) && (lon <= -129 || lon >= 172)
      || (18.9...22.3).contains(lat) && (-160.3 ... -154.8).contains(lon)
      || (17.9...18.6).contains(lat) && (-67.3 ... -65.2).contains(lon)
  }

  /// The request for a point: at most 4 decimals, as the API asks.
  public func url(for coordinate: Coordinate) throws(ForecastError) -> URL {
    try client.url("/alerts/active", query: [("point", NWSService.point(coordinate))])
  }

  public func alerts(_ request: AlertRequest) async throws(ForecastError) -> AlertAnswer {
    let coordinate = request.place.coordinate
    switch try await client.ask(
      try url(for: coordinate), accept: "application/geo+json", remembered: request.last,
      now: request.now)
    {
    case .fresh(let until):
      return .fresh(until: until)
    case .notModified(let memory):
      return .notModified(memory)
    case .modified(let body, let memory, _, _):
      let decoded = try AlertDecoder.decode(body, for: coordinate, languages: [])
      guard decoded.kind == .nwsAlerts else {
        throw .invalidResponse("the NWS answered with \(decoded.kind.rawValue), not its alerts")
      }
      return .fetched(decoded.alerts, notes: decoded.notes, memory)
    }
  }
}

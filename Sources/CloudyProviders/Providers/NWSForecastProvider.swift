import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// The US National Weather Service's forecast (api.weather.gov; keyless; the United States
/// and its territories only).
///
/// Two steps, as the API is made: `GET /points/LAT,LON` names the forecast office's grid
/// cell, its IANA time zone and the URLs of its `forecast` (12-hour day and night periods,
/// made into days) and `forecastHourly` (made into hours); then both are asked. Every request
/// names Cloudy and a contact in its `User-Agent` (`ClientIdentity`), as the NWS asks.
///
/// Decisions: the forecast URLs are followed on the configured base (`CLOUDY_NWS_URL`,
/// default https://api.weather.gov, both `NWSService`'s, shared with the alerts): their path and query are kept and their host replaced,
/// so a mirror or a test stand-in serves all three and Cloudy never asks a host it was not
/// told to. A point outside the NWS's area is answered 404 with a problem document ("Data
/// Unavailable For Requested Point"): refused as outside the United States, naming the other
/// providers. When only the hourly answer fails, the days are kept with a note.
public struct NWSForecastProvider: ForecastProvider {
  public var kind: ForecastProviderKind { .nws }
  /// Base URL (`NWSService`), `User-Agent`, limits.
  public let client: ServiceClient

  public init(client: ServiceClient) {
    self.client = client
  }

  /// `/points/LAT,LON`, at most 4 decimals without trailing zeros (the NWS redirects others).
  public func pointsURL(for coordinate: Coordinate) throws(ForecastError) -> URL {
    try client.url("/points/" + NWSService.point(coordinate))
  }

  public func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData {
    switch try await forecast(ForecastRequest(coordinate: coordinate)) {
    case .fresh(let weather, _, _): return weather
    case .unchanged: throw .invalidResponse("the NWS answered 304 to an unconditional request")
    }
  }

  public func forecast(_ request: ForecastRequest) async throws(ForecastError) -> ForecastAnswer {
    let now = RequestURL.now()
    // The NWS says how long its forecasts stay fresh (`Cache-Control: max-age`, `Expires`): a
    // cached NWS forecast of the same point is not asked for again before then, so a timer
    // that runs often asks no more often than the service allows. Same point: within 0.05°
    // (the answer's coordinate is its 2.5 km grid cell's, not the one asked); a place moved
    // farther is asked afresh.
    if let cached = request.cached, cached.provider == .nws,
      abs(cached.coordinate.latitude - request.coordinate.latitude) < 0.05,
      abs(cached.coordinate.longitude - request.coordinate.longitude) < 0.05,
      let until = cached.freshUntil, until > now
    {
      return .unchanged(until: until)
    }
    let points: [UInt8]
    do {
      points = try await get(try pointsURL(for: request.coordinate)).body
    } catch .httpStatus(404, let reason) {
      throw .invalidConfiguration(
        "the NWS forecasts only for the United States: none for \(request.coordinate.displayText) (\(reason)); use --provider open-meteo or met-norway"
      )
    }
    let point = try ForecastDecoder.nwsPoint(points)
    let (forecast, forecastFresh) = try await get(try rebased(point.forecast))
    var hourly: [UInt8]?
    var hourlyFresh: Int64?
    var notes: [String] = []
    if let address = point.forecastHourly {
      do {
        (hourly, hourlyFresh) = try await get(try rebased(address))
      } catch {
        notes.append("the hourly forecast failed: \(error.description(for: .nws))")
      }
    }
    let decoded = try ForecastDecoder.decodeNWS(
      forecast: forecast, hourly: hourly,
      timeZone: point.timeZone ?? request.timeZone ?? "UTC", fetchedAt: now)
    var weather = decoded.weather
    // Fresh until the sooner of the two answers' ends (nil when neither said).
    weather.freshUntil = [forecastFresh, hourly == nil ? nil : hourlyFresh].compactMap { $0 }.min()
    return .fresh(weather, notes: notes + decoded.notes)
  }

  /// The body, and until when the answer says it is fresh.
  private func get(_ url: URL) async throws(ForecastError) -> (body: [UInt8], freshUntil: Int64?) {
    try await client.getFresh(url, accept: "application/geo+json", service: "the NWS")
  }

  /// A URL from `/points`, its path and query on the configured base.
  func rebased(_ address: String) throws(ForecastError) -> URL {
    try client.rebased(address)
  }
}

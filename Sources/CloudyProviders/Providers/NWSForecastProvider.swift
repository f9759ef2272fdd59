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
    let points: [UInt8]
    do {
      points = try await get(try pointsURL(for: request.coordinate))
    } catch .httpStatus(404, let reason) {
      throw .invalidConfiguration(
        "the NWS forecasts only for the United States: none for \(request.coordinate.displayText) (\(reason)); use --provider open-meteo or met-norway"
      )
    }
    let point = try ForecastDecoder.nwsPoint(points)
    let forecast = try await get(try rebased(point.forecast))
    var hourly: [UInt8]?
    var notes: [String] = []
    if let address = point.forecastHourly {
      do {
        hourly = try await get(try rebased(address))
      } catch {
        notes.append("the hourly forecast failed: \(error.description(for: .nws))")
      }
    }
    let decoded = try ForecastDecoder.decodeNWS(
      forecast: forecast, hourly: hourly,
      timeZone: point.timeZone ?? request.timeZone ?? "UTC", fetchedAt: now)
    return .fresh(decoded.weather, notes: notes + decoded.notes)
  }

  private func get(_ url: URL) async throws(ForecastError) -> [UInt8] {
    try await client.get(url, accept: "application/geo+json", service: "the NWS")
  }

  /// A URL from `/points`, its path and query on the configured base.
  func rebased(_ address: String) throws(ForecastError) -> URL {
    try client.rebased(address)
  }
}

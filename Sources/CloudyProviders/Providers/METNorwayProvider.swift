import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// MET Norway's Locationforecast 2.0 (`compact`; keyless, worldwide; yr.no's data).
///
/// Its terms of service (api.met.no/doc/TermsOfService), kept here:
/// - every request names the application and a contact in its `User-Agent` (without one the
///   API answers 403 and may block the address): `ClientIdentity`;
/// - at most 4 decimals in the coordinates (more only spoil its cache);
/// - no needless traffic: the answer's `Expires` and `Last-Modified` are kept with the
///   forecast; before `Expires` the service is not asked at all, after it the request carries
///   `If-Modified-Since`, and a 304 leaves the cached forecast as it is;
/// - a 203 means the product version is deprecated: shown as a note;
/// - the data is CC BY 4.0, credited to "MET Norway" (`ForecastProviderKind.credit`).
///
/// The answer names no time zone: days are made in the place's (`ForecastRequest.timeZone`).
public struct METNorwayProvider: ForecastProvider {
  /// https://api.met.no/weatherapi
  public static let defaultBaseURL =
    URL(string: "https://api.met.no/weatherapi") ?? URL(fileURLWithPath: "/")

  public var kind: ForecastProviderKind { .metNorway }
  /// Base URL (`/locationforecast/2.0/compact` is appended), `User-Agent`, limits.
  public let client: ServiceClient

  public init(client: ServiceClient) {
    self.client = client
  }

  /// The request URL: 4 decimals at most, as the terms ask.
  public func requestURL(for coordinate: Coordinate) throws(ForecastError) -> URL {
    try client.url(
      "/locationforecast/2.0/compact",
      query: [
        ("lat", RequestURL.degrees(coordinate.latitude)),
        ("lon", RequestURL.degrees(coordinate.longitude)),
      ])
  }

  public func forecast(for coordinate: Coordinate) async throws(ForecastError) -> WeatherData {
    switch try await forecast(ForecastRequest(coordinate: coordinate)) {
    case .fresh(let weather, _, _): return weather
    case .unchanged: throw .invalidResponse("MET Norway answered 304 to an unconditional request")
    }
  }

  public func forecast(_ request: ForecastRequest) async throws(ForecastError) -> ForecastAnswer {
    let now = RequestURL.now()
    // The cached forecast counts only if it is for the same point (a place moved since is
    // asked afresh): MET Norway answers for the 4-decimal point it was asked.
    let cached = request.cached.flatMap { cached in
      abs(cached.coordinate.latitude - request.coordinate.latitude) < 0.001
        && abs(cached.coordinate.longitude - request.coordinate.longitude) < 0.001 ? cached : nil
    }
    // The memory is the cached forecast's: MET Norway's `Expires` and `Last-Modified`.
    let answer = try await client.ask(
      try requestURL(for: request.coordinate), accept: "application/json",
      remembered: cached.map {
        ServiceMemory(lastModified: $0.lastModified, freshUntil: $0.freshUntil)
      }, now: now)
    switch answer {
    case .fresh(let until):
      return .unchanged(until: until)
    case .notModified(let memory):
      return .unchanged(until: memory.freshUntil)
    case .modified(let body, _, let validators, let status):
      let decoded = try ForecastDecoder.decodeReporting(
        body, format: .metNorway, fetchedAt: now, timeZone: request.timeZone)
      var weather = decoded.weather
      weather.lastModified = validators.lastModified
      weather.freshUntil = validators.expires.flatMap(HTTPValidators.httpDate)
      var notes = decoded.notes
      if status == 203 {
        notes.insert(
          "MET Norway answered 203: this version of Locationforecast is deprecated and will be withdrawn; a newer Cloudy will use its successor",
          at: 0)
      }
      return .fresh(weather, notes: notes)
    }
  }
}

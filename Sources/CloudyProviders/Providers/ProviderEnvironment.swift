public import CloudyModels
public import CloudyServices
public import Foundation

/// Which forecast provider to use and how to reach it, from environment variables.
///
/// | Variable | Meaning | Default |
/// | --- | --- | --- |
/// | `CLOUDY_FORECAST_PROVIDER` | `open-meteo`, `dark-sky`, `met-norway` or `nws` | `open-meteo` |
/// | `CLOUDY_OPEN_METEO_URL` | Open-Meteo base URL (scheme, host, port, optional path prefix); `/v1/forecast` is appended | `https://api.open-meteo.com` |
/// | `CLOUDY_OPEN_METEO_AIR_QUALITY_URL` | Open-Meteo's air-quality base URL; `/v1/air-quality` is appended. When only `CLOUDY_OPEN_METEO_URL` is set, that one (a self-hosted Open-Meteo, a stand-in, serves both) | `https://air-quality-api.open-meteo.com` |
/// | `CLOUDY_DARK_SKY_URL` | Dark Sky–compatible base URL; `/forecast/<key>/<lat>,<lon>` is appended | `https://api.pirateweather.net` |
/// | `CLOUDY_MET_NORWAY_URL` | MET Norway base URL; `/locationforecast/2.0/compact` is appended | `https://api.met.no/weatherapi` |
/// | `CLOUDY_NWS_URL` | the NWS base URL (forecasts and alerts); `/points/…` is appended | `https://api.weather.gov` |
/// | `CLOUDY_METEOALARM_URL` | MeteoAlarm's feeds (alerts in its countries) | see `MeteoAlarmSource.defaultBaseURL` |
/// | `CLOUDY_CONTACT` | an e-mail or URL sent in the `User-Agent` (MET Norway and the NWS ask for one) | none |
/// | `CLOUDY_DARK_SKY_KEY` | API key for the Dark Sky–compatible service; required when it is selected | none |
/// | `CLOUDY_HTTP_TIMEOUT` | seconds to wait for an answer, a number in 0.1…600 | `15` |
///
/// An empty variable counts as unset. Base URLs exist so that tests (and mirrors) can point at a
/// server such as `http://127.0.0.1:8080`.
public struct ProviderEnvironment: Sendable, Equatable {
  public static let providerVariable = "CLOUDY_FORECAST_PROVIDER"
  public static let openMeteoURLVariable = "CLOUDY_OPEN_METEO_URL"
  public static let openMeteoAirQualityURLVariable = "CLOUDY_OPEN_METEO_AIR_QUALITY_URL"
  public static let darkSkyURLVariable = "CLOUDY_DARK_SKY_URL"
  public static let metNorwayURLVariable = "CLOUDY_MET_NORWAY_URL"
  public static let nwsURLVariable = NWSService.urlVariable
  public static let meteoAlarmURLVariable = MeteoAlarmSource.urlVariable
  public static let darkSkyKeyVariable = DarkSkyProvider.apiKeyVariable
  public static let timeoutVariable = "CLOUDY_HTTP_TIMEOUT"

  public static let defaultTimeout = ForecastLimits.timeout
  public static let timeoutRange: ClosedRange<Double> = 0.1...600
  public static let defaultMaxResponseBytes = ForecastLimits.maximumResponseBytes

  public var provider: ForecastProviderKind
  public var openMeteoURL: URL
  /// Open-Meteo's air-quality API, asked beside each Open-Meteo forecast.
  public var openMeteoAirQualityURL: URL = OpenMeteoProvider.defaultAirQualityURL
  public var darkSkyURL: URL
  public var darkSkyKey: String?
  public var metNorwayURL: URL = METNorwayProvider.defaultBaseURL
  public var nwsURL: URL = NWSService.defaultBaseURL
  public var meteoAlarmURL: URL = MeteoAlarmSource.defaultBaseURL
  /// `Cloudy/VERSION (CLOUDY_CONTACT)`, sent to the services that ask clients to name
  /// themselves.
  public var userAgent: String = ClientIdentity.userAgent(version: "dev", [:])
  /// Seconds.
  public var timeout: Double
  public var maxResponseBytes: Int

  public init(
    provider: ForecastProviderKind = .openMeteo,
    openMeteoURL: URL = OpenMeteoProvider.defaultBaseURL,
    darkSkyURL: URL = DarkSkyProvider.defaultBaseURL, darkSkyKey: String? = nil,
    timeout: Double = ProviderEnvironment.defaultTimeout,
    maxResponseBytes: Int = ProviderEnvironment.defaultMaxResponseBytes
  ) {
    self.provider = provider
    self.openMeteoURL = openMeteoURL
    self.darkSkyURL = darkSkyURL
    self.darkSkyKey = darkSkyKey
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
  }

  /// Reads the variables above. A bad value throws `.invalidConfiguration` naming the variable;
  /// a missing Dark Sky key is only an error when that provider is made (`makeProvider()`).
  public static func fromEnvironment(
    _ env: [String: String] = ProcessInfo.processInfo.environment, version: String = "dev"
  ) throws(ForecastError) -> ProviderEnvironment {
    func value(_ name: String) -> String? {
      guard let raw = env[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty
      else { return nil }
      return raw
    }
    var result = ProviderEnvironment()
    if let name = value(providerVariable) {
      guard let kind = ForecastProviderKind(name: name) else {
        throw .invalidConfiguration(
          "\(providerVariable) is \"\(name)\"; expected \(ForecastProviderKind.choosable)")
      }
      result.provider = kind
    }
    if let text = value(metNorwayURLVariable) {
      result.metNorwayURL = try baseURL(text, variable: metNorwayURLVariable)
    }
    if let text = value(nwsURLVariable) {
      result.nwsURL = try baseURL(text, variable: nwsURLVariable)
    }
    if let text = value(meteoAlarmURLVariable) {
      result.meteoAlarmURL = try baseURL(text, variable: meteoAlarmURLVariable)
    }
    result.userAgent = ClientIdentity.userAgent(version: version, env)
    if let text = value(openMeteoURLVariable) {
      result.openMeteoURL = try baseURL(text, variable: openMeteoURLVariable)
      result.openMeteoAirQualityURL = result.openMeteoURL
    }
    if let text = value(openMeteoAirQualityURLVariable) {
      result.openMeteoAirQualityURL = try baseURL(text, variable: openMeteoAirQualityURLVariable)
    }
    if let text = value(darkSkyURLVariable) {
      result.darkSkyURL = try baseURL(text, variable: darkSkyURLVariable)
    }
    result.darkSkyKey = value(darkSkyKeyVariable)
    if let text = value(timeoutVariable) {
      guard let seconds = Double(text), seconds.isFinite, timeoutRange.contains(seconds) else {
        throw .invalidConfiguration(
          "\(timeoutVariable) is \"\(text)\"; expected a number of seconds from 0.1 to 600")
      }
      result.timeout = seconds
    }
    return result
  }

  /// The selected provider; `.missingAPIKey` when Dark Sky is selected without a key.
  public func makeProvider() throws(ForecastError) -> any ForecastProvider {
    switch provider {
    case .openMeteo:
      return OpenMeteoProvider(
        baseURL: openMeteoURL, airQualityURL: openMeteoAirQualityURL, timeout: timeout,
        maxResponseBytes: maxResponseBytes)
    case .darkSky, .pirateWeather:
      guard let key = darkSkyKey, !key.isEmpty else {
        throw .missingAPIKey(variable: Self.darkSkyKeyVariable)
      }
      return DarkSkyProvider(
        apiKey: key, baseURL: darkSkyURL, timeout: timeout, maxResponseBytes: maxResponseBytes)
    case .metNorway:
      return METNorwayProvider(client: client(metNorwayURL))
    case .nws:
      return NWSForecastProvider(client: client(nwsURL))
    }
  }

  /// The alert providers, in the order a place is offered to them: the NWS (the United
  /// States), then MeteoAlarm (its countries). `AlertProviders.provider(for:)` chooses.
  public func alertProviders() -> AlertProviders {
    AlertProviders([
      NWSAlertsSource(client: client(nwsURL)), MeteoAlarmSource(client: client(meteoAlarmURL)),
    ])
  }

  /// A national service at `baseURL`, with this environment's `User-Agent`, time-out and size
  /// limit: the one way the four conditional services are reached.
  public func client(_ baseURL: URL) -> ServiceClient {
    ServiceClient(
      baseURL: baseURL, userAgent: userAgent, timeout: timeout, maxResponseBytes: maxResponseBytes)
  }

  private static func baseURL(_ text: String, variable: String) throws(ForecastError) -> URL {
    guard let url = URL(string: text), RequestURL.isWebURL(url), url.query == nil,
      url.fragment == nil
    else {
      throw .invalidConfiguration(
        "\(variable) is \"\(text)\"; expected an http or https URL such as https://example.com")
    }
    return url
  }
}

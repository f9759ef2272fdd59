public import CloudyModels

extension ForecastProviderKind {
  /// The names a user may give (`--provider`, `CLOUDY_FORECAST_PROVIDER`): each kind's own
  /// (`open-meteo`, `dark-sky`, `met-norway`, `nws`) and common spellings; Pirate Weather is
  /// reached as `dark-sky` (it speaks that API) and told apart by its answers.
  public init?(name: String) {
    switch name.lowercased() {
    case "open-meteo", "openmeteo": self = .openMeteo
    case "dark-sky", "darksky", "pirate-weather", "pirateweather": self = .darkSky
    case "met-norway", "metnorway", "met.no", "yr": self = .metNorway
    case "nws", "weather.gov": self = .nws
    default: return nil
    }
  }

  /// The names `--provider` lists.
  public static let choosable = "open-meteo, dark-sky, met-norway or nws"

  /// The service's or format's name: "Open-Meteo", "Dark Sky" (the one spelling of each).
  public var displayName: String {
    switch self {
    case .openMeteo: "Open-Meteo"
    case .darkSky: "Dark Sky"
    case .pirateWeather: "Pirate Weather"
    case .metNorway: "MET Norway"
    case .nws: "National Weather Service"
    }
  }

  /// The name in a sentence about the service: "Open-Meteo", "Pirate Weather", "the Dark Sky
  /// service" (Dark Sky names an API that several services speak; a response that does not say
  /// it is Pirate Weather's is Dark Sky's or another's).
  public var serviceName: String {
    switch self {
    case .openMeteo, .pirateWeather, .metNorway: displayName
    case .darkSky: "the \(displayName) service"
    case .nws: "the \(displayName)"
    }
  }

  /// The credit a service's terms ask to be shown with its data, wherever the forecast's
  /// source is named (`cloudy-forecast show`, its JSON, the front-ends): MET Norway's data is
  /// CC BY 4.0 and asks for credit to "MET Norway". Nil when a service asks for none.
  public var credit: String? {
    switch self {
    case .metNorway: "Data from MET Norway (CC BY 4.0)"
    case .openMeteo, .darkSky, .pirateWeather, .nws: nil
    }
  }

  /// Where a forecast came from, as a screen names it: the service, and its credit when it
  /// asks for one ("MET Norway · Data from MET Norway (CC BY 4.0)" is said once: "MET Norway,
  /// data CC BY 4.0"). The one line every front-end shows.
  public var sourceText: String {
    switch self {
    case .metNorway: "\(displayName) (data CC BY 4.0)"
    case .openMeteo, .darkSky, .pirateWeather, .nws: serviceName
    }
  }

  /// Whether the service needs no key: its 401/403 are about who is asking (the `User-Agent`
  /// its terms require, or a blocked address), not about a key.
  public var isKeyless: Bool {
    switch self {
    case .openMeteo, .metNorway, .nws: true
    case .darkSky, .pirateWeather: false
    }
  }
}

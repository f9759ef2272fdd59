public import CloudyModels

extension ForecastProviderKind {
  /// The service's or format's name: "Open-Meteo", "Dark Sky" (the one spelling of each).
  public var displayName: String {
    switch self {
    case .openMeteo: "Open-Meteo"
    case .darkSky: "Dark Sky"
    case .pirateWeather: "Pirate Weather"
    }
  }

  /// The name in a sentence about the service: "Open-Meteo", "Pirate Weather", "the Dark Sky
  /// service" (Dark Sky names an API that several services speak; a response that does not say
  /// it is Pirate Weather's is Dark Sky's or another's).
  public var serviceName: String {
    switch self {
    case .openMeteo, .pirateWeather: displayName
    case .darkSky: "the \(displayName) service"
    }
  }
}

/// Which air-quality index is shown: the European (EEA, as Open-Meteo computes it) or the US
/// EPA's. Stored in `settings.air_quality_scale`; forecasts keep both when the service gives
/// both, so a change of scale needs no fetch.
public enum AirQualityScale: String, Notation {
  case european
  case us

  public static let title = "Air Quality Index"
  public static let settingName = "airquality"
  public var aliases: [String] {
    switch self {
    case .european: ["eaqi", "eu", "europe"]
    case .us: ["us aqi", "usaqi", "aqi", "epa"]
    }
  }
  public var text: String {
    switch self {
    case .european: "European (EAQI)"
    case .us: "US AQI"
    }
  }
}

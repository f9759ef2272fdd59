import CloudyModels
public import Foundation

/// The US National Weather Service's API (api.weather.gov), as its forecast
/// (`NWSForecastProvider`) and its alerts (`NWSAlertsSource`) both reach it: one base URL, one
/// variable and one spelling of a point.
public enum NWSService {
  /// https://api.weather.gov
  public static let defaultBaseURL =
    URL(string: "https://api.weather.gov") ?? URL(fileURLWithPath: "/")
  /// The base URL for both, so a mirror or a test's stand-in serves forecasts and alerts.
  public static let urlVariable = "CLOUDY_NWS_URL"

  /// "39.7456,-97.0892": at most 4 decimals and no trailing zeros, the one spelling the NWS
  /// answers without a redirect (for `/points/…` and `alerts/active?point=…`).
  static func point(_ coordinate: Coordinate) -> String {
    "\(RequestURL.shortDegrees(coordinate.latitude)),\(RequestURL.shortDegrees(coordinate.longitude))"
  }
}

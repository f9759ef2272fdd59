/// Where the tools under test send their requests unless a test names its own stand-in: every
/// forecast provider's and alert source's base URL points at a closed port on 127.0.0.1
/// (port 9, discard, which nothing here listens on), so a tool run by a test never reaches a
/// real service, whatever it fetches (plain `fetch` also fetches alerts). A test that wants an
/// answer sets the variable to its `TestHTTPServer`.
public enum LoopbackServices {
  public static let closedPort = "http://127.0.0.1:9"

  /// The variables and their loopback defaults.
  public static let environment: [String: String] = [
    "CLOUDY_OPEN_METEO_URL": closedPort,
    "CLOUDY_DARK_SKY_URL": closedPort,
    "CLOUDY_MET_NORWAY_URL": closedPort,
    "CLOUDY_NWS_URL": closedPort,
    "CLOUDY_METEOALARM_URL": closedPort,
  ]
}

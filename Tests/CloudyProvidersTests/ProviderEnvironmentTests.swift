import CloudyModels
import CloudyServices
import Foundation
import Testing

@testable import CloudyProviders

@Suite struct ProviderEnvironmentTests {
  func configurationError(_ env: [String: String]) -> ForecastError? {
    do {
      _ = try ProviderEnvironment.fromEnvironment(env)
      return nil
    } catch {
      return error
    }
  }

  @Test func defaultsAreOpenMeteoOnTheRealHosts() throws {
    let settings = try ProviderEnvironment.fromEnvironment([:])
    #expect(settings == ProviderEnvironment())
    #expect(settings.provider == .openMeteo)
    #expect(settings.openMeteoURL.absoluteString == "https://api.open-meteo.com")
    #expect(settings.darkSkyURL.absoluteString == "https://api.pirateweather.net")
    #expect(settings.timeout == 15)
    let provider = try settings.makeProvider()
    #expect(provider.kind == .openMeteo)
  }

  @Test func everyVariableIsRead() throws {
    let settings = try ProviderEnvironment.fromEnvironment([
      "CLOUDY_FORECAST_PROVIDER": "Dark-Sky", "CLOUDY_OPEN_METEO_URL": "http://127.0.0.1:8080/om",
      "CLOUDY_DARK_SKY_URL": "http://127.0.0.1:8081", "CLOUDY_DARK_SKY_KEY": "abc123",
      "CLOUDY_HTTP_TIMEOUT": "2.5",
    ])
    #expect(settings.provider == .darkSky)
    #expect(settings.openMeteoURL.absoluteString == "http://127.0.0.1:8080/om")
    #expect(settings.darkSkyURL.absoluteString == "http://127.0.0.1:8081")
    #expect(settings.darkSkyKey == "abc123")
    #expect(settings.timeout == 2.5)
    let provider = try #require(try settings.makeProvider() as? DarkSkyProvider)
    #expect(provider.apiKey == "abc123")
    #expect(provider.timeout == 2.5)
    let url = try provider.requestURL(for: try Coordinate(latitude: 1.5, longitude: -2))
    #expect(
      url.absoluteString
        == "http://127.0.0.1:8081/forecast/abc123/1.5000,-2.0000?units=us&exclude=minutely")
  }

  @Test func emptyVariablesCountAsUnset() throws {
    let settings = try ProviderEnvironment.fromEnvironment([
      "CLOUDY_FORECAST_PROVIDER": "", "CLOUDY_OPEN_METEO_URL": " ", "CLOUDY_DARK_SKY_KEY": "",
    ])
    #expect(settings == ProviderEnvironment())
  }

  @Test func darkSkyWithoutKeyIsMissingAPIKey() throws {
    let settings = try ProviderEnvironment.fromEnvironment(["CLOUDY_FORECAST_PROVIDER": "dark-sky"])
    #expect(throws: ForecastError.missingAPIKey(variable: "CLOUDY_DARK_SKY_KEY")) {
      try settings.makeProvider()
    }
  }

  @Test func badValuesNameTheVariable() {
    let cases: [(String, String)] = [
      ("CLOUDY_FORECAST_PROVIDER", "accuweather"), ("CLOUDY_OPEN_METEO_URL", "api.open-meteo.com"),
      ("CLOUDY_OPEN_METEO_URL", "ftp://example.com"), ("CLOUDY_DARK_SKY_URL", "http://"),
      ("CLOUDY_DARK_SKY_URL", "http://example.com/?x=1"), ("CLOUDY_HTTP_TIMEOUT", "soon"),
      ("CLOUDY_HTTP_TIMEOUT", "0"), ("CLOUDY_HTTP_TIMEOUT", "-3"), ("CLOUDY_HTTP_TIMEOUT", "nan"),
      ("CLOUDY_HTTP_TIMEOUT", "100000"),
    ]
    for (variable, value) in cases {
      let error = configurationError([variable: value])
      guard case .invalidConfiguration(let detail)? = error else {
        Issue.record(
          "\(variable)=\(value): expected invalidConfiguration, got \(String(describing: error))")
        continue
      }
      #expect(detail.contains(variable), "\(detail)")
    }
  }

  @Test func openMeteoRequestKeepsTheBasePathPrefix() throws {
    let base = try #require(URL(string: "http://127.0.0.1:9/mirror/"))
    let url = try OpenMeteoProvider(baseURL: base).requestURL(
      for: try Coordinate(latitude: -36.8485, longitude: 174.7633))
    #expect(url.path == "/mirror/v1/forecast")
    #expect(url.query?.hasPrefix("latitude=-36.8485&longitude=174.7633&current=") == true)
  }
}

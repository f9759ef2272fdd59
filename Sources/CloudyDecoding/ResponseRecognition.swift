public import CloudyModels

/// What a saved file is when it is not a forecast Cloudy can cache, said in the refusal instead
/// of a generic "not a forecast": another Open-Meteo API's answer (geocoding, air quality,
/// marine, flood), another service's answer (`OtherServices`: OpenWeatherMap, WeatherAPI.com,
/// AccuWeather, …), a service's error body (its message quoted), a Dark Sky-format answer with
/// every block excluded. The variable names are those Open-Meteo's API documentation lists for
/// each API (open-meteo.com/en/docs/…); the error shapes Dark Sky's (`code`, `error`) and an API
/// gateway's in front of Pirate Weather (`message`).
public enum ResponseRecognition {
  /// The refusal's words ("an Open-Meteo air-quality response, not a forecast"), or nil when
  /// the file may be a forecast (or is not JSON: the decoder says that).
  public static func notAForecast(_ json: [UInt8]) -> String? {
    guard let document = try? JSONValue.parse(json) else { return nil }
    if let service = OtherServices.recognise(document) {
      return "\(service), a service whose answers Cloudy does not read"
    }
    guard case .object(let top) = document else { return nil }
    if let geocoding = geocodingAnswer(top) { return geocoding }
    if let other = otherOpenMeteoResponse(top) { return other }
    return errorOrEmptyAnswer(top)
  }

  /// An answer of Open-Meteo's geocoding API, with the places it found or with none.
  private static func geocodingAnswer(_ top: [String: JSONValue]) -> String? {
    // Open-Meteo's place search: {"results": [{"name", "latitude", "longitude", "feature_code"…}]}.
    if case .array(let results)? = top["results"],
      results.contains(where: { entry in
        if case .object(let fields) = entry {
          return fields["latitude"] != nil && fields["name"] != nil
        }
        return false
      })
    {
      return "an Open-Meteo geocoding answer (a place search), not a forecast"
    }
    if top["results"] != nil, top["generationtime_ms"] != nil, top["hourly"] == nil {
      return "an Open-Meteo geocoding answer that found no place, not a forecast"
    }
    return nil
  }

  /// An answer of Open-Meteo's air-quality, marine or flood API, told by its variables when
  /// none of them is a forecast's.
  private static func otherOpenMeteoResponse(_ top: [String: JSONValue]) -> String? {
    let variables = Set(
      ["current", "hourly", "daily", "current_units", "hourly_units", "daily_units"].flatMap {
        block -> [String] in
        guard case .object(let fields)? = top[block] else { return [] }
        return Array(fields.keys)
      })
    let forecastVariables: Set = [
      "temperature_2m", "temperature", "weather_code", "weathercode", "wind_speed_10m",
      "windspeed_10m", "windspeed", "temperature_2m_max", "temperature_2m_min",
    ]
    guard variables.isDisjoint(with: forecastVariables) else { return nil }
    let kinds: [(String, Set<String>)] = [
      (
        "an Open-Meteo air-quality response",
        [
          "pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide", "sulphur_dioxide", "ozone",
          "european_aqi", "us_aqi", "dust", "aerosol_optical_depth", "alder_pollen",
          "birch_pollen", "grass_pollen",
        ]
      ),
      (
        "an Open-Meteo marine response",
        [
          "wave_height", "wave_direction", "wave_period", "swell_wave_height",
          "wind_wave_height", "ocean_current_velocity", "sea_surface_temperature",
          "wave_height_max",
        ]
      ),
      ("an Open-Meteo flood response", ["river_discharge", "river_discharge_mean"]),
    ]
    for (name, names) in kinds where !variables.isDisjoint(with: names) {
      return "\(name), not a forecast"
    }
    return nil
  }

  /// A document with none of a forecast's blocks: a service's error body, or an answer whose
  /// every block was excluded.
  private static func errorOrEmptyAnswer(_ top: [String: JSONValue]) -> String? {
    // A service's error body: Dark Sky's {"code": 400, "error": "…"}; a gateway's
    // {"message": "Forbidden"} in front of Pirate Weather.
    let forecastBlocks = ["currently", "hourly", "daily", "current", "current_weather", "minutely"]
    guard !forecastBlocks.contains(where: { top[$0] != nil }) else { return nil }
    if case .string(let message)? = top["error"] {
      let code: String =
        if case .number(let number)? = top["code"] { " (code \(Int(number)))" } else { "" }
      return "an error answer from the service\(code): \(MessageText.quoted(message))"
    }
    if case .string(let message)? = top["message"], top.count <= 3 {
      return "an error answer from the service: \(MessageText.quoted(message))"
    }
    if top["latitude"] != nil, top["longitude"] != nil,
      top["timezone"] != nil || top["flags"] != nil
    {
      return
        "a response that holds no forecast (no current conditions, hours or days: every block was excluded)"
    }
    return nil
  }

  /// The weather models of a multi-model Open-Meteo answer (`models=…`, keys suffixed), sorted;
  /// empty for any other document. The command line names them when none was chosen.
  public static func openMeteoModels(_ json: [UInt8]) -> [String] {
    guard let document = try? JSONValue.parse(json), case .object = document else { return [] }
    return (try? OpenMeteoDecoding.models(JSONField(document, path: ""))) ?? []
  }

  /// The coordinates of Open-Meteo's multi-location answer (a top-level list of forecasts, what
  /// it sends when several coordinates are asked), in order; nil for any other document.
  public static func multiLocationCoordinates(_ json: [UInt8]) -> [Coordinate]? {
    guard case .array(let entries)? = try? JSONValue.parse(json), !entries.isEmpty else {
      return nil
    }
    var coordinates: [Coordinate] = []
    for entry in entries {
      guard case .object(let fields) = entry, case .number(let latitude)? = fields["latitude"],
        case .number(let longitude)? = fields["longitude"],
        let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
      else { return nil }
      coordinates.append(coordinate)
    }
    return coordinates
  }
}

import CloudyJSON
public import CloudyModels
import CloudyXML

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
    if let xml = xmlDocument(json) { return xml }
    guard let document = try? ResponseJSON.parse(json) else { return nil }
    if let service = OtherServices.recognise(document) {
      return "\(service), a service whose answers Cloudy does not read"
    }
    // OpenWeatherMap's geocoding API: [{"name", "local_names", "lat", "lon", "country"}].
    if case .array(let entries) = document.value, let first = entries.first,
      first["lat"] != nil, first["lon"] != nil, first["country"] != nil, first["name"] != nil
    {
      return
        "an OpenWeatherMap geocoding answer (a place search), not a forecast: add the place with cloudy-locations add, then fetch or import a forecast for it"
    }
    guard case .object = document.value else { return nil }
    let top = document
    if let geocoding = geocodingAnswer(top) { return geocoding }
    if let other = otherOpenMeteoResponse(top) { return other }
    return errorOrEmptyAnswer(top)
  }

  /// Where a body that starts as JSON (`{` or `[`) stops being JSON, e.g. "line 1, column 15:
  /// not valid JSON: the key "latitude" appears twice"; nil when it parses, or does not start
  /// as JSON. A cut or hand-edited file is then named for what is wrong with it, not as a
  /// document of an unknown kind.
  public static func syntaxProblem(_ json: [UInt8]) -> String? {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let text = json.starts(with: bom) ? Array(json.dropFirst(3)) : json
    let start = text.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    guard start == UInt8(ascii: "{") || start == UInt8(ascii: "[") else { return nil }
    do {
      _ = try JSONReader.parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  /// An XML forecast Cloudy does not read, by its root: Environment Canada's citypage
  /// (`<siteData>`, dd.weather.gc.ca/citypage_weather/). Nil for anything else.
  private static func xmlDocument(_ body: [UInt8]) -> String? {
    let head = String(decoding: body.prefix(4096), as: UTF8.self)
    guard
      head.drop(while: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" })
        .first == "<",
      let root = XMLReader.rootName(head)
    else { return nil }
    switch root {
    case "siteData":
      return
        "an Environment Canada citypage forecast (XML), which Cloudy does not read; for a Canadian place use a provider Cloudy reads (cloudy-forecast fetch, e.g. --provider open-meteo), and for its warnings import Environment Canada's CAP documents"
    default:
      return nil
    }
  }

  /// An answer of Open-Meteo's geocoding API, with the places it found or with none; or
  /// OpenWeatherMap's place searches: `find` ({"message": "accurate", "cod", "count", "list":
  /// [{"name", "coord", "main"…}]}) and its geocoding API (a list of {"name", "local_names",
  /// "lat", "lon", "country"}).
  private static func geocodingAnswer(_ top: JSONNode) -> String? {
    if case .array(let list)? = top["list"]?.value, top["count"] != nil, top["cod"] != nil,
      top["city"] == nil, list.allSatisfy({ $0["coord"] != nil && $0["name"] != nil })
    {
      return
        "an OpenWeatherMap place search answer (find), not a forecast: add the place with cloudy-locations add, then fetch or import a forecast for it"
    }
    // Open-Meteo's place search: {"results": [{"name", "latitude", "longitude", "feature_code"…}]}.
    if case .array(let results)? = top["results"]?.value,
      results.contains(where: { $0["latitude"] != nil && $0["name"] != nil })
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
  private static func otherOpenMeteoResponse(_ top: JSONNode) -> String? {
    let variables = Set(
      ["current", "hourly", "daily", "current_units", "hourly_units", "daily_units"].flatMap {
        block -> [String] in
        guard case .object(let fields)? = top[block]?.value else { return [] }
        return fields.map(\.key)
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
  private static func errorOrEmptyAnswer(_ top: JSONNode) -> String? {
    // A service's error body: Dark Sky's {"code": 400, "error": "…"}; a gateway's
    // {"message": "Forbidden"} in front of Pirate Weather.
    let forecastBlocks = ["currently", "hourly", "daily", "current", "current_weather", "minutely"]
    guard !forecastBlocks.contains(where: { top[$0] != nil }) else { return nil }
    if case .string(let message)? = top["error"]?.value {
      let code: String =
        if case .number(let number)? = top["code"]?.value,
          let integer = Int(exactly: number.value.rounded(.towardZero))
        {
          " (code \(integer))"
        } else { "" }
      return "an error answer from the service\(code): \(MessageText.quoted(message))"
    }
    if case .string(let message)? = top["message"]?.value, case .object(let members) = top.value,
      members.count <= 3
    {
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
    guard let document = try? ResponseJSON.parse(json), case .object = document.value else {
      return []
    }
    return (try? OpenMeteoDecoding.models(JSONField(document, path: ""))) ?? []
  }

  /// The coordinates of Open-Meteo's multi-location answer (a top-level list of forecasts, what
  /// it sends when several coordinates are asked), in order; nil for any other document.
  public static func multiLocationCoordinates(_ json: [UInt8]) -> [Coordinate]? {
    guard case .array(let entries)? = (try? ResponseJSON.parse(json))?.value, !entries.isEmpty
    else {
      return nil
    }
    var coordinates: [Coordinate] = []
    for entry in entries {
      guard case .number(let latitude)? = entry["latitude"]?.value,
        case .number(let longitude)? = entry["longitude"]?.value,
        let coordinate = try? Coordinate(latitude: latitude.value, longitude: longitude.value)
      else { return nil }
      coordinates.append(coordinate)
    }
    return coordinates
  }
}

import CloudyJSON

/// Answers of weather services Cloudy does not read, told by their shape so that a refusal names
/// the service ("an OpenWeatherMap One Call answer") instead of reporting the first field an
/// Open-Meteo reader misses ("missing field latitude"). Each shape is the one the service
/// documents, and the tests hold a saved answer of each of OpenWeatherMap (One Call, 5-day /
/// 3-hour, current weather), WeatherAPI.com and AccuWeather (daily); Visual Crossing's and
/// Tomorrow.io's are recognised by their documented keys.
///
/// Why here and not in the decoders: every key these shapes are told by is one no Open-Meteo or
/// Dark Sky answer has, so a recognised file is never a forecast Cloudy could have read.
enum OtherServices {
  /// The service's answer, in words ("an OpenWeatherMap One Call answer"); nil when the
  /// document has none of these shapes.
  static func recognise(_ document: JSONNode) -> String? {
    switch document.value {
    case .object: answer(document)
    case .array(let entries): listAnswer(entries)
    default: nil
    }
  }

  private static func answer(_ top: JSONNode) -> String? {
    // One Call (2.5 and 3.0): {"lat", "lon", "timezone", "timezone_offset", "current",
    // "minutely", "hourly": [{"dt"…}], "daily", "alerts"}.
    if isNumber(top["lat"]), isNumber(top["lon"]), top["timezone_offset"] != nil {
      return "an OpenWeatherMap One Call answer"
    }
    // 5 day / 3 hour forecast: {"cod", "message", "cnt", "list": [{"dt", "main"…}], "city"}.
    if case .array? = top["list"]?.value, case .object? = top["city"]?.value, top["cnt"] != nil {
      return "an OpenWeatherMap 5-day / 3-hour forecast"
    }
    // Current weather: {"coord": {"lon", "lat"}, "weather": […], "main": {"temp"…}, "dt", "cod"}.
    if case .object? = top["coord"]?.value, case .object? = top["main"]?.value,
      case .array? = top["weather"]?.value
    {
      return "an OpenWeatherMap current-weather answer"
    }
    // WeatherAPI.com: {"location": {"name", "tz_id", "localtime_epoch"…}, "current": {"temp_c"…},
    // "forecast": {"forecastday": […]}}.
    if let location = top["location"], case .object = location.value,
      location["tz_id"] != nil || location["localtime_epoch"] != nil
    {
      return "a WeatherAPI.com answer"
    }
    // AccuWeather's daily forecasts: {"Headline": {…}, "DailyForecasts": [{"EpochDate"…}]}.
    if case .array? = top["DailyForecasts"]?.value { return "an AccuWeather daily forecast" }
    // Visual Crossing's Timeline API: {"queryCost", "resolvedAddress", "days": [{"datetimeEpoch"…}]}.
    if top["resolvedAddress"] != nil, case .array? = top["days"]?.value {
      return "a Visual Crossing Timeline answer"
    }
    // Tomorrow.io: {"timelines": {"minutely", "hourly", "daily"}, "location"} (forecast API) or
    // {"data": {"timelines": [{"timestep", "intervals"}]}} (timelines API).
    if case .object? = top["timelines"]?.value { return "a Tomorrow.io forecast" }
    if let data = top["data"], case .array? = data["timelines"]?.value {
      return "a Tomorrow.io timelines answer"
    }
    return nil
  }

  /// AccuWeather answers some requests with a bare list: hourly forecasts (`EpochDateTime`),
  /// current conditions (`LocalObservationDateTime`).
  private static func listAnswer(_ entries: [JSONNode]) -> String? {
    guard let first = entries.first, case .object = first.value else { return nil }
    if first["EpochDateTime"] != nil, first["IconPhrase"] != nil {
      return "an AccuWeather hourly forecast"
    }
    if first["LocalObservationDateTime"] != nil {
      return "an AccuWeather current-conditions answer"
    }
    return nil
  }

  private static func isNumber(_ node: JSONNode?) -> Bool {
    if case .number? = node?.value { return true }
    return false
  }
}

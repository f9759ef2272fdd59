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
  static func recognise(_ document: JSONValue) -> String? {
    switch document {
    case .object(let top): answer(top)
    case .array(let entries): listAnswer(entries)
    default: nil
    }
  }

  private static func answer(_ top: [String: JSONValue]) -> String? {
    // One Call (2.5 and 3.0): {"lat", "lon", "timezone", "timezone_offset", "current",
    // "minutely", "hourly": [{"dt"…}], "daily", "alerts"}.
    if isNumber(top["lat"]), isNumber(top["lon"]), top["timezone_offset"] != nil {
      return "an OpenWeatherMap One Call answer"
    }
    // 5 day / 3 hour forecast: {"cod", "message", "cnt", "list": [{"dt", "main"…}], "city"}.
    if case .array? = top["list"], case .object? = top["city"], top["cnt"] != nil {
      return "an OpenWeatherMap 5-day / 3-hour forecast"
    }
    // Current weather: {"coord": {"lon", "lat"}, "weather": […], "main": {"temp"…}, "dt", "cod"}.
    if case .object? = top["coord"], case .object? = top["main"], case .array? = top["weather"] {
      return "an OpenWeatherMap current-weather answer"
    }
    // WeatherAPI.com: {"location": {"name", "tz_id", "localtime_epoch"…}, "current": {"temp_c"…},
    // "forecast": {"forecastday": […]}}.
    if case .object(let location)? = top["location"],
      location["tz_id"] != nil || location["localtime_epoch"] != nil
    {
      return "a WeatherAPI.com answer"
    }
    // AccuWeather's daily forecasts: {"Headline": {…}, "DailyForecasts": [{"EpochDate"…}]}.
    if case .array? = top["DailyForecasts"] { return "an AccuWeather daily forecast" }
    // Visual Crossing's Timeline API: {"queryCost", "resolvedAddress", "days": [{"datetimeEpoch"…}]}.
    if top["resolvedAddress"] != nil, case .array? = top["days"] {
      return "a Visual Crossing Timeline answer"
    }
    // Tomorrow.io: {"timelines": {"minutely", "hourly", "daily"}, "location"} (forecast API) or
    // {"data": {"timelines": [{"timestep", "intervals"}]}} (timelines API).
    if case .object? = top["timelines"] { return "a Tomorrow.io forecast" }
    if case .object(let data)? = top["data"], case .array? = data["timelines"] {
      return "a Tomorrow.io timelines answer"
    }
    return nil
  }

  /// AccuWeather answers some requests with a bare list: hourly forecasts (`EpochDateTime`),
  /// current conditions (`LocalObservationDateTime`).
  private static func listAnswer(_ entries: [JSONValue]) -> String? {
    guard case .object(let first)? = entries.first else { return nil }
    if first["EpochDateTime"] != nil, first["IconPhrase"] != nil {
      return "an AccuWeather hourly forecast"
    }
    if first["LocalObservationDateTime"] != nil {
      return "an AccuWeather current-conditions answer"
    }
    return nil
  }

  private static func isNumber(_ value: JSONValue?) -> Bool {
    if case .number? = value { return true }
    return false
  }
}

import CloudyJSON

/// Answers of weather services Cloudy does not read, told by their shape so that a refusal names
/// the service ("an OpenWeatherMap One Call answer") instead of reporting the first field an
/// Open-Meteo reader misses ("missing field latitude"). Each shape is the one the service
/// documents, and the tests hold a saved answer of each of OpenWeatherMap (One Call, 5-day /
/// 3-hour, current weather), WeatherAPI.com, AccuWeather (daily), Weatherstack, WeatherFlow
/// Tempest (better_forecast) and Bright Sky; Visual Crossing's and Tomorrow.io's are recognised
/// by their documented keys.
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
    // Weatherstack: {"request": {"type", "query", "unit"…}, "location": {"timezone_id",
    // "localtime_epoch"…}, "current": {"weather_descriptions"…}}. Before WeatherAPI.com's
    // check, whose `localtime_epoch` it shares.
    if let request = top["request"], case .object = request.value, request["query"] != nil,
      top["location"]?["timezone_id"] != nil || top["current"]?["weather_descriptions"] != nil
    {
      return "a Weatherstack answer"
    }
    // WeatherFlow Tempest's better_forecast: {"current_conditions": {…}, "forecast": {"daily":
    // […], "hourly": […]}, "station": {…}, "units": {…}, "timezone_offset_minutes"}.
    if top["current_conditions"]?["conditions"] != nil
      || (top["forecast"]?["daily"] != nil && top["station"] != nil)
    {
      return "a WeatherFlow Tempest better_forecast answer"
    }
    // Bright Sky (DWD data): /weather {"weather": [{"timestamp", "source_id"…}], "sources": […]},
    // /current_weather {"weather": {…}, "sources": […]}.
    let weather = top["weather"]
    let record: JSONNode? =
      if case .array(let records)? = weather?.value { records.first } else { weather }
    if record?["timestamp"] != nil, case .array? = top["sources"]?.value {
      return "a Bright Sky (DWD) weather answer"
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

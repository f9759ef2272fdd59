import CloudyJSON
import CloudyModels

/// Cloudy's own export: everything a user owns except nothing, in one versioned JSON document.
/// The shape, version 1 (documented in `Sources/CloudyExchange/README.md` too):
///
///     {
///       "format": "cloudy-places",
///       "version": 1,
///       "places": [
///         {
///           "name": "Richmond, Virginia, US",
///           "latitude": 37.55376,
///           "longitude": -77.46026,
///           "region": "Virginia",            // null when unknown
///           "country": "US",                 // ISO 3166-1 alpha-2, or null
///           "timeZone": "America/New_York",  // IANA name, or null
///           "source": "gazetteer",           // gazetteer | coordinates | geocoding-service
///           "query": "Richmond, VA",         // what was typed, or null
///           "position": 0,                   // 0-based, the same as the array index
///           "selected": true,
///           "forecast": {…} | null           // only with `export --forecasts`
///         }
///       ],
///       "currentLocation": {"latitude": 48.8566, "longitude": 2.3522, "selected": false,
///                           "forecast": {…} | null} | null,
///       "settings": {"time": "12h", "units": "imperial", "temperature": "fahrenheit",
///                    "alerts": "moderate"}       // all | moderate | severe | none
///     }
///
/// A forecast, in the store's units (°F, mph, probability 0…1), instants in unix seconds:
///
///     {"provider": "open-meteo", "fetchedAt": 1700000000, "latitude": …, "longitude": …,
///      "timeZone": "America/New_York",
///      "current": {"time", "summary", "icon", "temperature", "windSpeed", "precipitationProbability",
///                  "apparentTemperature", "precipitation"},
///      "days": [{"time", "summary", "icon", "temperatureMin", "temperatureMax", "windSpeed",
///                "precipitationProbability", "precipitationSum", "apparentTemperatureMin",
///                "apparentTemperatureMax", "sunrise", "sunset"}],
///      "hours": [{same keys as current}],
///      "issuedAt": 1699999100, "hasCurrent": true}
///
/// Beside those, each of current, a day and an hour carries the readings it holds (issue 38),
/// each key only when it has a value, in the store's base units: `humidity`, `cloudCover`
/// (percent), `dewPoint` (°F), `pressure` (hPa at sea level), `windDirection` (degrees, where
/// the wind blows from), `windGust` (mph), `uvIndex`, `visibility` (metres); current and an
/// hour also `europeanAQI`, `usAQI`, `pm25`, `pm10`, `ozone`, `nitrogenDioxide` (µg/m³) and
/// `alderPollen`, `birchPollen`, `grassPollen`, `mugwortPollen`, `olivePollen`,
/// `ragweedPollen` (grains/m³). Added within version 1: an older reader ignores them.
///
/// Every value but `time` may be null or absent: the response did not have it (a view shows it
/// as missing, never as 0). A day or an hour holds at least one value. Precipitation amounts are
/// inches, `sunrise`/`sunset` unix seconds; these and the apparent ("feels like") temperatures
/// were added within version 1 (an older reader ignores them; it refuses a null value rather
/// than misreading it).
///
/// `issuedAt` is when the provider issued the data (the age a user sees counts from it) and
/// `hasCurrent` whether the response had current conditions (when false, `current` repeats the
/// first hour or day and is not shown as current). Both were added after version 1 was first
/// written; a file without them reads as issued at `current.time`, with current conditions.
///
/// Compatibility: readers ignore keys they do not know, so keys may be added within a version;
/// a change that an older reader would misread raises `version`, and a document with a version
/// above `currentVersion` is refused ("written by a newer Cloudy"). On import the array order
/// is the order (`position` is only checked to be a whole number); at most one place, or the
/// current location, is selected; `settings`, `currentLocation` and `forecast` may be absent.
enum PlacesJSON {
  static let formatName = "cloudy-places"
  static let currentVersion: Int64 = 1

  // MARK: - Writing

  static func write(_ document: PlacesDocument, forecasts: Bool) -> [UInt8] {
    var members: [(String, JSON)] = [
      ("format", .string(formatName)), ("version", .int(currentVersion)),
    ]
    let places: [JSON] = document.places.enumerated().map { position, place in
      var fields: [(String, JSON)] = [
        ("name", .string(place.name)),
        ("latitude", .decimal(place.coordinate.latitude)),
        ("longitude", .decimal(place.coordinate.longitude)),
        ("region", .optional(place.region)),
        ("country", .optional(place.countryCode)),
        ("timeZone", .optional(place.timeZone)),
        ("source", .string(place.source.rawValue)),
        ("query", .optional(place.query)),
        ("position", .int(Int64(position))),
        ("selected", .bool(place.selected)),
      ]
      if forecasts { fields.append(("forecast", forecast(place.forecast))) }
      return .object(fields)
    }
    members.append(("places", .array(places)))
    if let current = document.currentLocation {
      var fields: [(String, JSON)] = [
        ("latitude", .decimal(current.coordinate.latitude)),
        ("longitude", .decimal(current.coordinate.longitude)),
        ("selected", .bool(current.selected)),
      ]
      if forecasts { fields.append(("forecast", forecast(current.forecast))) }
      members.append(("currentLocation", .object(fields)))
    } else {
      members.append(("currentLocation", .null))
    }
    if let settings = document.settings {
      members.append(
        (
          "settings",
          .object([
            ("time", .string(settings.time.rawValue)),
            // The preset, or for custom units the one an older Cloudy reads; the four
            // units after it say exactly.
            ("units", .string((settings.units ?? settings.legacyUnits).rawValue)),
            ("temperature", .string(settings.temperature.rawValue)),
            ("alerts", .string(settings.alerts.rawValue)),
            (WindUnit.settingName, .string(settings.wind.rawValue)),
            (PressureUnit.settingName, .string(settings.pressure.rawValue)),
            (PrecipitationUnit.settingName, .string(settings.precipitation.rawValue)),
            (DistanceUnit.settingName, .string(settings.distance.rawValue)),
            (AirQualityScale.settingName, .string(settings.airQuality.rawValue)),
          ])
        ))
    }
    return JSON.object(members).exported()
  }

  private static func forecast(_ weather: WeatherData?) -> JSON {
    guard let weather else { return .null }
    func conditions(_ hour: WeatherConditions) -> JSON {
      .object(
        [
          ("time", .int(hour.time)), ("summary", .optional(hour.summary)),
          ("icon", .optional(hour.icon?.rawValue)),
          ("temperature", .optionalDecimal(hour.temperature)),
          ("windSpeed", .optionalDecimal(hour.windSpeed)),
          ("precipitationProbability", .optionalDecimal(hour.precipitationProbability)),
          ("apparentTemperature", .optionalDecimal(hour.apparentTemperature)),
          ("precipitation", .optionalDecimal(hour.precipitation)),
        ] + ExportedReadings.members(hour.readings))
    }
    func instant(_ time: Int64?) -> JSON { time.map { .int($0) } ?? .null }
    return .object([
      ("provider", .string(weather.provider.rawValue)),
      ("fetchedAt", .int(weather.fetchedAt)),
      ("latitude", .decimal(weather.coordinate.latitude)),
      ("longitude", .decimal(weather.coordinate.longitude)),
      ("timeZone", .string(weather.timeZone)),
      ("current", conditions(weather.current)),
      (
        "days",
        .array(
          weather.days.map { day in
            .object(
              [
                ("time", .int(day.time)), ("summary", .optional(day.summary)),
                ("icon", .optional(day.icon?.rawValue)),
                ("temperatureMin", .optionalDecimal(day.temperatureMin)),
                ("temperatureMax", .optionalDecimal(day.temperatureMax)),
                ("windSpeed", .optionalDecimal(day.windSpeed)),
                ("precipitationProbability", .optionalDecimal(day.precipitationProbability)),
                ("precipitationSum", .optionalDecimal(day.precipitationSum)),
                ("apparentTemperatureMin", .optionalDecimal(day.apparentTemperatureMin)),
                ("apparentTemperatureMax", .optionalDecimal(day.apparentTemperatureMax)),
                ("sunrise", instant(day.sunrise)), ("sunset", instant(day.sunset)),
              ] + ExportedReadings.members(day.readings))
          })
      ),
      ("hours", .array(weather.hours.map(conditions))),
      ("issuedAt", .int(weather.issuedAt)),
      ("hasCurrent", .bool(weather.contents.contains(.current))),
    ])
  }

  // MARK: - Reading

  static func read(_ bytes: [UInt8]) throws(ImportRefusal) -> PlacesDocument {
    let root = try exportRoot(bytes)
    try checkVersion(root)
    let top = RecordContext(line: root.line, item: nil, number: nil)
    var reader = FieldReader(problems: ProblemList())
    let places = reader.places(in: root, top)
    var current: PlacesDocument.CurrentLocation?
    if let node = root["currentLocation"], !node.isNull {
      current = reader.currentLocation(
        node, RecordContext(line: node.line, item: "currentLocation", number: nil))
    }
    var settings: Settings?
    var carriesAlertLevel = false
    if let node = root["settings"], !node.isNull {
      settings = reader.settings(node, RecordContext(line: node.line, item: nil, number: nil))
      carriesAlertLevel = node["alerts"].map { !$0.isNull } ?? false
    }
    var problems = reader.problems
    PlaceFields.checkList(
      places, currentSelected: current?.selected ?? false, itemLabel: "place", &problems)
    try problems.check()
    return PlacesDocument(
      places: places, currentLocation: current, settings: settings, carriesCurrentLocation: true,
      carriesAlertLevel: carriesAlertLevel)
  }

  /// The parsed document, refused unless it is an object marked as a Cloudy places export.
  private static func exportRoot(_ bytes: [UInt8]) throws(ImportRefusal) -> JSONNode {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw ImportRefusal(error.problem)
    }
    let top = RecordContext(line: root.line, item: nil, number: nil)
    guard case .object = root.value else {
      throw ImportRefusal(
        top.problem(nil, "expected a Cloudy places export (an object), found \(root.kindName)"))
    }
    // OpenStreetMap JSON from the Overpass API ([out:json]): {"version": 0.6, "generator":
    // "Overpass API …", "osm3s", "elements": [{"type": "node", "lat", "lon", "tags"}…]}.
    if case .array? = root["elements"]?.value,
      root["osm3s"] != nil || root["generator"] != nil
    {
      throw ImportRefusal(
        top.problem(
          "format",
          "this is OpenStreetMap JSON from the Overpass API, not GeoJSON or a Cloudy export: export the query's result as GeoJSON (overpass-turbo: Export → GeoJSON) and import that with --format geojson; only elements with a name tag become places, so give the places you want names"
        ))
    }
    guard case .string(formatName) = root["format"]?.value else {
      throw ImportRefusal(
        top.problem(
          "format",
          "this JSON is not a Cloudy places export (no \"format\": \"\(formatName)\")"
        ))
    }
    return root
  }

  /// Refuses a `version` that is not a whole number from 1, or that is above `currentVersion`.
  private static func checkVersion(_ root: JSONNode) throws(ImportRefusal) {
    guard let versionNode = root["version"], case .number(let number) = versionNode.value,
      let version = number.integer, version >= 1
    else {
      throw ImportRefusal(
        ExchangeProblem(
          line: root["version"]?.line ?? root.line, field: "version",
          message: "must be a whole number (1 for this Cloudy)"))
    }
    guard version <= currentVersion else {
      throw ImportRefusal(
        ExchangeProblem(
          line: versionNode.line, field: "version",
          message:
            "is \(version): the file was written by a newer Cloudy (this one reads version \(currentVersion)); update Cloudy to import it"
        ))
    }
  }
}

/// Reads typed members of JSON objects, adding a problem for each one that is missing or of
/// the wrong type instead of stopping at the first.
private struct FieldReader {
  var problems: ProblemList

  mutating func object(_ node: JSONNode, _ context: RecordContext, _ field: String?) -> Bool {
    guard case .object = node.value else {
      problems.add(context.problem(field, "is \(node.kindName), not an object"))
      return false
    }
    return true
  }

  /// Text at `key`; nil when absent or null (a problem when `required`).
  mutating func text(
    _ node: JSONNode, _ key: String, _ context: RecordContext, path: String = "",
    required: Bool = false
  ) -> String? {
    switch node[key]?.value {
    case .string(let value): return value
    case nil, .null:
      if required { problems.add(context.problem(path + key, "is missing")) }
      return nil
    default:
      problems.add(context.problem(path + key, "is \(node[key]!.kindName), not text"))
      return nil
    }
  }

  mutating func number(
    _ node: JSONNode, _ key: String, _ context: RecordContext, path: String = "",
    required: Bool = true
  ) -> JSONNumber? {
    switch node[key]?.value {
    case .number(let number): return number
    case nil, .null:
      if required { problems.add(context.problem(path + key, "is missing")) }
      return nil
    default:
      problems.add(context.problem(path + key, "is \(node[key]!.kindName), not a number"))
      return nil
    }
  }

  mutating func finite(
    _ node: JSONNode, _ key: String, _ context: RecordContext, path: String,
    required: Bool = true, range: ClosedRange<Double>? = nil
  ) -> Double? {
    guard let number = number(node, key, context, path: path, required: required) else {
      return nil
    }
    guard number.value.isFinite else {
      problems.add(context.problem(path + key, "\(number.text) is not a finite number"))
      return nil
    }
    if let range, !range.contains(number.value) {
      let bounds =
        range.upperBound == .greatestFiniteMagnitude
        ? "is below \(NumberText.write(range.lowerBound))"
        : "is outside \(NumberText.write(range.lowerBound))…\(NumberText.write(range.upperBound))"
      problems.add(context.problem(path + key, "\(number.text) \(bounds)"))
      return nil
    }
    return number.value
  }

  mutating func integer(_ node: JSONNode, _ key: String, _ context: RecordContext, path: String)
    -> Int64?
  {
    guard let number = number(node, key, context, path: path) else { return nil }
    guard let value = number.integer else {
      problems.add(context.problem(path + key, "\(number.text) is not a whole number"))
      return nil
    }
    return value
  }

  mutating func flag(_ node: JSONNode, _ key: String, _ context: RecordContext) -> Bool {
    switch node[key]?.value {
    case .bool(let value): return value
    case nil, .null: return false
    default:
      problems.add(context.problem(key, "is \(node[key]!.kindName), not true or false"))
      return false
    }
  }

  mutating func coordinate(_ node: JSONNode, _ context: RecordContext, path: String = "")
    -> Coordinate?
  {
    let latitude = number(node, "latitude", context, path: path)
    let longitude = number(node, "longitude", context, path: path)
    return PlaceFields.coordinate(
      latitude: latitude.map { ($0.value, $0.text) },
      longitude: longitude.map { ($0.value, $0.text) },
      fields: (path + "latitude", path + "longitude"), context, &problems)
  }

  /// The `places` list, each place read; absent or null is no places.
  mutating func places(in root: JSONNode, _ top: RecordContext) -> [PlacesDocument.Place] {
    var places: [PlacesDocument.Place] = []
    switch root["places"]?.value {
    case .array(let elements):
      for (offset, element) in elements.enumerated() {
        let context = RecordContext(
          line: element.line, item: "place \(offset + 1)", number: offset + 1)
        if let place = place(element, context) { places.append(place) }
      }
    case nil, .null: break
    default:
      problems.add(top.problem("places", "is \(root["places"]!.kindName), not a list"))
    }
    return places
  }

  mutating func place(_ node: JSONNode, _ context: RecordContext) -> PlacesDocument.Place? {
    guard object(node, context, nil) else { return nil }
    var name: String?
    if let raw = text(node, "name", context, required: true) {
      name = PlaceFields.name(raw, field: "name", context, &problems)
    }
    let coordinate = coordinate(node, context)
    let region = text(node, "region", context).flatMap {
      PlaceFields.text($0, field: "region", context, &problems)
    }
    let country = text(node, "country", context).flatMap {
      PlaceFields.countryCode($0, field: "country", context, &problems)
    }
    let timeZone = text(node, "timeZone", context).flatMap {
      PlaceFields.timeZone($0, field: "timeZone", context, &problems)
    }
    let source = text(node, "source", context).map {
      PlaceFields.source($0, field: "source", context, &problems)
    }
    let query = text(node, "query", context).flatMap {
      PlaceFields.text($0, field: "query", context, &problems)
    }
    if node["position"] != nil, node["position"]?.isNull == false {
      _ = integer(node, "position", context, path: "")
    }
    let selected = flag(node, "selected", context)
    var forecast: WeatherData?
    if let forecastNode = node["forecast"], !forecastNode.isNull {
      forecast = weather(forecastNode, context)
    }
    guard let name, let coordinate else { return nil }
    return PlacesDocument.Place(
      name: name, query: query, coordinate: coordinate, countryCode: country, region: region,
      timeZone: timeZone, source: source ?? .coordinates, selected: selected, forecast: forecast,
      origin: context.origin)
  }

  mutating func currentLocation(_ node: JSONNode, _ context: RecordContext)
    -> PlacesDocument.CurrentLocation?
  {
    guard object(node, context, nil) else { return nil }
    let coordinate = coordinate(node, context)
    let selected = flag(node, "selected", context)
    var forecast: WeatherData?
    if let forecastNode = node["forecast"], !forecastNode.isNull {
      forecast = weather(forecastNode, context)
    }
    guard let coordinate else { return nil }
    return PlacesDocument.CurrentLocation(
      coordinate: coordinate, selected: selected, forecast: forecast)
  }

  mutating func settings(_ node: JSONNode, _ context: RecordContext) -> Settings? {
    guard object(node, context, "settings") else { return nil }
    func notation<N: Notation>(_ key: String, _ type: N.Type) -> N? {
      oneOf(node, key, context, path: "settings.", required: true, parse: N.init(userInput:))
    }
    let time = notation("time", TimeNotation.self)
    let units = notation("units", UnitsNotation.self)
    let temperature = notation("temperature", TemperatureNotation.self)
    // Added within version 1 (alerts came later): optional, so an older export still reads.
    let alerts = oneOf(
      node, AlertLevel.settingName, context, path: "settings.", parse: AlertLevel.init(userInput:))
    // Added with the unit settings (issue 38): optional, each over the preset `units` sets.
    func unit<N: Notation>(_ type: N.Type) -> N? {
      oneOf(node, N.settingName, context, path: "settings.", parse: N.init(userInput:))
    }
    let wind = unit(WindUnit.self)
    let pressure = unit(PressureUnit.self)
    let precipitation = unit(PrecipitationUnit.self)
    let distance = unit(DistanceUnit.self)
    let airQuality = unit(AirQualityScale.self)
    guard let time, let units, let temperature else { return nil }
    var settings = Settings(
      time: time, units: units, temperature: temperature, alerts: alerts ?? .moderate,
      airQuality: airQuality ?? .european)
    if let wind { settings.wind = wind }
    if let pressure { settings.pressure = pressure }
    if let precipitation { settings.precipitation = precipitation }
    if let distance { settings.distance = distance }
    return settings
  }

  // MARK: Forecasts

  mutating func weather(_ node: JSONNode, _ context: RecordContext) -> WeatherData? {
    let path = "forecast."
    guard object(node, context, "forecast") else { return nil }
    let before = problems.count
    let provider: ForecastProviderKind? = oneOf(
      node, "provider", context, path: path, required: true)
    let fetchedAt = integer(node, "fetchedAt", context, path: path)
    let coordinate = coordinate(node, context, path: path)
    let timeZone = forecastTimeZone(node, context, path: path)
    let current = currentConditions(node, context, path: path)
    let days = days(node, context, path: path)
    let hours = hours(node, context, path: path)
    // Absent in files written before the data's issue time was recorded.
    let issuedAt = instant(node, "issuedAt", context, path: path)
    let hasCurrent = hasCurrentConditions(node, context)
    guard problems.count == before, let provider, let fetchedAt,
      let coordinate, let timeZone, let current
    else { return nil }
    var contents: ForecastContents = hasCurrent ? .current : []
    if !hours.isEmpty { contents.insert(.hourly) }
    if !days.isEmpty { contents.insert(.daily) }
    return WeatherData(
      provider: provider, fetchedAt: fetchedAt, coordinate: coordinate, timeZone: timeZone,
      current: current, days: days, hours: hours, issuedAt: issuedAt, contents: contents)
  }

  /// The text at `key` as one of `Value`'s cases (by its raw value, or as `parse` reads it);
  /// a problem listing every case when it is none of them.
  mutating func oneOf<Value: CaseIterable & RawRepresentable<String>>(
    _ node: JSONNode, _ key: String, _ context: RecordContext, path: String,
    required: Bool = false, parse: (String) -> Value? = Value.init(rawValue:)
  ) -> Value? {
    guard let raw = text(node, key, context, path: path, required: required) else { return nil }
    guard let value = parse(raw) else {
      problems.add(
        context.problem(
          path + key,
          "\"\(raw)\" is not one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))"))
      return nil
    }
    return value
  }

  /// The forecast's time zone name: required and not blank (a blank one is returned with its
  /// problem added).
  mutating func forecastTimeZone(_ node: JSONNode, _ context: RecordContext, path: String)
    -> String?
  {
    let timeZone = text(node, "timeZone", context, path: path, required: true)
    if let timeZone, timeZone.trimmingWhitespace().isEmpty {
      problems.add(context.problem(path + "timeZone", "is empty"))
    }
    return timeZone
  }

  mutating func currentConditions(_ node: JSONNode, _ context: RecordContext, path: String)
    -> WeatherConditions?
  {
    guard let currentNode = node["current"] else {
      problems.add(context.problem(path + "current", "is missing"))
      return nil
    }
    return conditions(currentNode, context, path: path + "current.")
  }

  /// The forecast's days, each one read; a day whose time another day has is a problem.
  mutating func days(_ node: JSONNode, _ context: RecordContext, path: String)
    -> [WeatherDayData]
  {
    var days: [WeatherDayData] = []
    var dayTimes: Set<Int64> = []
    for (index, dayNode) in list(node, "days", context, path: path).enumerated() {
      let dayPath = "\(path)days[\(index)]."
      if let day = self.day(dayNode, context, path: dayPath) {
        if !dayTimes.insert(day.time).inserted {
          problems.add(
            context.problem(dayPath + "time", "\(day.time) appears twice among the days"))
        }
        days.append(day)
      }
    }
    return days
  }

  /// The forecast's hours, each one read; an hour without a value, or whose time another hour
  /// has, is a problem.
  mutating func hours(_ node: JSONNode, _ context: RecordContext, path: String)
    -> [WeatherHourData]
  {
    var hours: [WeatherHourData] = []
    var hourTimes: Set<Int64> = []
    for (index, hourNode) in list(node, "hours", context, path: path).enumerated() {
      let hourPath = "\(path)hours[\(index)]."
      if let hour = conditions(hourNode, context, path: hourPath) {
        if !hour.hasValue {
          problems.add(context.problem(String(hourPath.dropLast()), "has a time but no value"))
        }
        if !hourTimes.insert(hour.time).inserted {
          problems.add(
            context.problem(hourPath + "time", "\(hour.time) appears twice among the hours"))
        }
        hours.append(hour)
      }
    }
    return hours
  }

  /// `hasCurrent`, absent in files written before it was recorded: those had current
  /// conditions.
  mutating func hasCurrentConditions(_ node: JSONNode, _ context: RecordContext) -> Bool {
    switch node["hasCurrent"]?.value {
    case nil, .null: return true
    default: return flag(node, "hasCurrent", context)
    }
  }

  mutating func list(_ node: JSONNode, _ key: String, _ context: RecordContext, path: String)
    -> [JSONNode]
  {
    switch node[key]?.value {
    case .array(let elements): return elements
    case nil, .null: return []
    default:
      problems.add(context.problem(path + key, "is \(node[key]!.kindName), not a list"))
      return []
    }
  }

  mutating func icon(_ node: JSONNode, _ context: RecordContext, path: String) -> WeatherIcon? {
    oneOf(node, "icon", context, path: path)
  }

  /// A value that may be absent or null (the response did not have it).
  private mutating func value(
    _ node: JSONNode, _ key: String, _ context: RecordContext, path: String,
    range: ClosedRange<Double>? = nil
  ) -> Double? {
    finite(node, key, context, path: path, required: false, range: range)
  }

  private mutating func instant(
    _ node: JSONNode, _ key: String, _ context: RecordContext, path: String
  )
    -> Int64?
  {
    switch node[key]?.value {
    case nil, .null: return nil
    default: return integer(node, key, context, path: path)
    }
  }

  /// The readings a current, day or hour object carries; each absent or null key is missing.
  mutating func readings(_ node: JSONNode, _ context: RecordContext, path: String)
    -> WeatherReadings
  {
    var readings = WeatherReadings()
    for field in ExportedReadings.fields {
      readings[keyPath: field.value] = value(
        node, field.key, context, path: path, range: field.range)
    }
    return readings
  }

  mutating func conditions(_ node: JSONNode, _ context: RecordContext, path: String)
    -> WeatherConditions?
  {
    guard object(node, context, String(path.dropLast())) else { return nil }
    let before = problems.count
    let time = integer(node, "time", context, path: path)
    let nonNegative = 0...Double.greatestFiniteMagnitude
    let conditions = WeatherConditions(
      time: time ?? 0, summary: text(node, "summary", context, path: path),
      icon: icon(node, context, path: path),
      temperature: value(node, "temperature", context, path: path),
      windSpeed: value(node, "windSpeed", context, path: path, range: nonNegative),
      precipitationProbability: value(
        node, "precipitationProbability", context, path: path, range: 0...1),
      apparentTemperature: value(node, "apparentTemperature", context, path: path),
      precipitation: value(node, "precipitation", context, path: path, range: nonNegative),
      readings: readings(node, context, path: path))
    guard problems.count == before, time != nil else { return nil }
    return conditions
  }

  mutating func day(_ node: JSONNode, _ context: RecordContext, path: String) -> WeatherDayData? {
    guard object(node, context, String(path.dropLast())) else { return nil }
    let before = problems.count
    let time = integer(node, "time", context, path: path)
    let nonNegative = 0...Double.greatestFiniteMagnitude
    let day = WeatherDayData(
      time: time ?? 0, summary: text(node, "summary", context, path: path),
      icon: icon(node, context, path: path),
      temperatureMin: value(node, "temperatureMin", context, path: path),
      temperatureMax: value(node, "temperatureMax", context, path: path),
      windSpeed: value(node, "windSpeed", context, path: path, range: nonNegative),
      precipitationProbability: value(
        node, "precipitationProbability", context, path: path, range: 0...1),
      precipitationSum: value(node, "precipitationSum", context, path: path, range: nonNegative),
      apparentTemperatureMin: value(node, "apparentTemperatureMin", context, path: path),
      apparentTemperatureMax: value(node, "apparentTemperatureMax", context, path: path),
      sunrise: instant(node, "sunrise", context, path: path),
      sunset: instant(node, "sunset", context, path: path),
      readings: readings(node, context, path: path))
    guard problems.count == before, time != nil else { return nil }
    if let low = day.temperatureMin, let high = day.temperatureMax, low > high {
      problems.add(context.problem(path + "temperatureMin", "is above temperatureMax"))
      return nil
    }
    if let low = day.apparentTemperatureMin, let high = day.apparentTemperatureMax, low > high {
      problems.add(
        context.problem(path + "apparentTemperatureMin", "is above apparentTemperatureMax"))
      return nil
    }
    guard day.hasValue else {
      problems.add(context.problem(String(path.dropLast()), "has a time but no value"))
      return nil
    }
    return day
  }
}

/// The readings' keys in Cloudy's export, in the store's base units, each with the values a
/// store accepts (what its CHECK constraints allow).
enum ExportedReadings {
  static var fields:
    [(key: String, value: WritableKeyPath<WeatherReadings, Double?>, range: ClosedRange<Double>)]
  {
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let nonNegative = 0...Double.greatestFiniteMagnitude
    return [
      ("humidity", \.humidity, 0...100), ("dewPoint", \.dewPoint, any),
      ("pressure", \.pressure, 1...Double.greatestFiniteMagnitude),
      ("windDirection", \.windDirection, 0...360), ("windGust", \.windGust, nonNegative),
      ("uvIndex", \.uvIndex, nonNegative), ("visibility", \.visibility, nonNegative),
      ("cloudCover", \.cloudCover, 0...100), ("europeanAQI", \.europeanAQI, nonNegative),
      ("usAQI", \.usAQI, nonNegative), ("pm25", \.pm25, nonNegative),
      ("pm10", \.pm10, nonNegative), ("ozone", \.ozone, nonNegative),
      ("nitrogenDioxide", \.nitrogenDioxide, nonNegative),
      ("alderPollen", \.alderPollen, nonNegative), ("birchPollen", \.birchPollen, nonNegative),
      ("grassPollen", \.grassPollen, nonNegative),
      ("mugwortPollen", \.mugwortPollen, nonNegative),
      ("olivePollen", \.olivePollen, nonNegative),
      ("ragweedPollen", \.ragweedPollen, nonNegative),
    ]
  }

  /// The members for the readings held, in `fields`' order; none for a missing one.
  static func members(_ readings: WeatherReadings) -> [(String, JSON)] {
    fields.compactMap { field in readings[keyPath: field.value].map { (field.key, .decimal($0)) } }
  }
}

import CloudyCLI
public import CloudyJSON
public import CloudyModels
import CloudyServices
import CloudyStoring
public import CloudyViewModels

/// The `--json` shapes of `cloudy-forecast` (stable; keys in camelCase, in this order).
///
/// A place, everywhere:
///
///     { "kind": "saved" | "current", "id": 3 | null, "number": 1 | null, "name": "Auckland" }
///
/// `show --json` (the cache only; `fromCache` is always true here):
///
///     {
///       "place": {…},
///       "provider": "open-meteo" | "dark-sky" | "pirate-weather",
///       "fetchedAt": 1768421700,            // unix seconds: when it was fetched or imported
///       "ageSeconds": 7200,                 // the DATA's age: now − issuedAt
///       "age": "2 h ago" | "8 years old",
///       "fromCache": true,
///       "timeZone": "Pacific/Auckland",     // the zone used; "UTC" on fallback
///       "timeZoneNote": null | "unknown time zone \"X\"; times are in UTC",
///       "settings": { "time": "12h", "units": "imperial", "temperature": "fahrenheit" },
///       "view": "day" | "week" | "hourly",
///       "day": {                            // with --day (the default)
///         "time": 1768421700, "dateText": "Thu, January 15", "timeText": "09:15 AM",
///         "summary": "Partly cloudy", "temperature": "67.8 °F", "windSpeed": "13 mph",
///         "icon": "partly-cloudy-day",
///         "temperatureFahrenheit": 67.8, "windSpeedMph": 12.9, "precipitationProbability": 0.2 | null
///       },
///       "week": {                           // with --week
///         "numberOfDays": 7,
///         "days": [ { "time": 1768388400, "weekday": "Thursday", "date": "January 15",
///                     "temperature": "59° to 74°", "windSpeed": "13 mph", "summary": "…",
///                     "icon": "…", "temperatureMinFahrenheit": 59.1,
///                     "temperatureMaxFahrenheit": 74.0, "windSpeedMph": 12.9,
///                     "precipitationProbability": 0.2 | null } ]
///       },
///       "hourly": {                         // with --hourly
///         "numberOfHours": 48,
///         "hours": [ { "time": 1768420800, "dateText": "Thu, January 15", "timeText": "09:00 AM",
///                      "temperature": "67.5 °F", "windSpeed": "13 mph", "precipitation": "20 %" | null,
///                      "summary": "…", "icon": "…", "temperatureFahrenheit": 67.5,
///                      "windSpeedMph": 12.9, "precipitationProbability": 0.2 | null } ]
///       },
///       "issuedAt": 1768421700,             // when the provider issued the data
///       "contents": { "current": true, "hourly": true, "daily": false },
///       "missing": null | "This forecast has no daily data (it has current conditions and hourly data).",
///       "lacking": ["summary", "windSpeed"],  // shown values no row of the view has
///       "lackingText": null | "The response has no weather code or wind speed for these hours.",
///       "lackingQuantities": ["visibility", "airQuality"]  // keys no row's quantities hold
///     }
///
/// A value the response did not have is `null` in every key that shows it (the number, its
/// text, the summary or icon), never 0 or "–"; each row's `missing` lists the shown values it
/// lacks (`summary`, `temperature`, `temperatureMin`, `temperatureMax`, `windSpeed`). Beside
/// the book's values, when the response had them: `apparentTemperature` (text) and
/// `apparentTemperatureFahrenheit` ("feels like"; a day has its min and max),
/// `precipitationInches` (the hour's amount, or the day's sum) with its text
/// (`precipitationAmount` in an hour, `precipitation` in the day view and a week's day, by the
/// units notation: "0.02 in" / "0.5 mm"), and a day's `sunrise`/`sunset` (unix seconds) with
/// `sunriseText`/`sunsetText`. `week` has seven days (`--days N`: up to N) and `hourly` 48
/// hours (`--hours N`), with `cachedDays`/`cachedHours` saying how many the cache holds.
///
/// `quantities` (in `day`, each day of `week` and each hour of `hourly`): one member per
/// quantity the forecast holds, `{"value": 29.92, "unit": "inHg", "text": "29.92 inHg"}` in the
/// units the settings choose; see docs/units.md for the keys and units.
///
/// The view's key (`day`, `week`, `hourly`) is absent when the forecast lacks that part; `missing`
/// then says so.
///
/// Numbers in the store's units (`…Fahrenheit`, `windSpeedMph`) are converted from what the
/// provider sent (°C, km/h, m/s) and rounded to two decimals: `21.74`, never
/// `21.740000000000002`; `precipitationInches` to four (`0.0039`: 0.1 mm must not read 0).
/// Probabilities are the provider's, 0…1.
///
/// `fetch --json`: `{ "results": [result…], "cached": 2, "failed": 1 }`, a result being
/// `{ "place": {…}, "ok": true, "provider": "open-meteo", "fetchedAt": …, "days": 7, "hours": 48 }`
/// or `{ "place": {…}, "ok": false, "error": "Could not reach Open-Meteo: …", "exitStatus": 69 }`.
///
/// `import --json`: `{ "place": {…}, "file": "saved.json", "format": "open-meteo",
/// "provider": "open-meteo", "fetchedAt": …, "days": 7, "hours": 48, "issuedAt": …,
/// "ageSeconds": …, "age": "8 years old", "model": null | "icon_seamless", "distanceKm": 3.2,
/// "contents": {…}, "notes": ["hourly left out: it has no wind speed"] }`.
///
/// `prune --json`: `{ "removed": 2, "olderThanSeconds": 604800, "cutoff": 1763251200 }`
/// (forecasts whose data was issued before `cutoff`).
public enum ForecastJSON {
  public static func place(_ target: ForecastTarget) -> JSON {
    let id: JSON =
      switch target.place {
      case .current: .null
      case .saved(let id): .int(id)
      }
    return .object([
      ("kind", .string(target.place == .current ? "current" : "saved")), ("id", id),
      ("number", target.number.map { .int(Int64($0)) } ?? .null), ("name", .string(target.name)),
    ])
  }

  /// `show --json`'s document for a view named `day`, `week` or `hourly` (nil for another
  /// name), for front-ends outside this module (cloudy-web's forecast API).
  public static func show(
    _ model: ForecastViewModel, weather: WeatherData, age: ForecastAge, viewNamed name: String
  ) -> JSON? {
    ShowView(rawValue: name).map { show(model, weather: weather, age: age, view: $0) }
  }

  static func show(
    _ model: ForecastViewModel, weather: WeatherData, age: ForecastAge, view: ShowView,
    count: Int? = nil
  ) -> JSON {
    let zone = model.timeZone
    var members: [(String, JSON)] = [
      ("place", place(model.target)),
      ("provider", .string(weather.provider.rawValue)),
      ("credit", .optional(weather.provider.credit)),
      ("fetchedAt", .int(weather.fetchedAt)),
      ("ageSeconds", .int(age.seconds)),
      ("age", .string(age.text)),
      ("fromCache", .bool(age.fromCache)),
      ("timeZone", .string(zone.identifier)),
      ("timeZoneNote", .optional(zone.fallbackNote)),
      ("settings", model.settings.jsonObject),
      ("view", .string(view.rawValue)),
    ]
    let shown = self.view(view, of: model, count: count)
    if let shown { members.append(shown.member) }
    let lacking = shown?.lacking
    members += [
      ("issuedAt", .int(weather.issuedAt)),
      ("contents", contents(weather.contents)),
      ("missing", .optional(model.missingText(for: view.part))),
      ("lacking", lacking.map(values) ?? .array([])),
      (
        "lackingText",
        .optional(lacking.flatMap { ForecastViewModel.lackingText($0, part: view.part) })
      ),
      ("lackingQuantities", .array((shown?.lackingQuantities ?? []).map { .string($0.rawValue) })),
    ]
    return .object(members)
  }

  /// The view's own member (`day`, `week` or `hourly`) and the shown values it lacks; nil when
  /// the forecast has no such part.
  private static func view(_ view: ShowView, of model: ForecastViewModel, count: Int?) -> (
    member: (String, JSON), lacking: [WeatherValue], lackingQuantities: [QuantityKind]
  )? {
    switch view {
    case .day:
      return model.day.map {
        (
          ("day", day($0)), $0.missing,
          QuantityKind.lacking(QuantityKind.conditions, in: [$0.quantities])
        )
      }
    case .week:
      guard let week = model.days(count ?? ForecastViewModel.weekDays) else { return nil }
      let object: JSON = .object([
        ("numberOfDays", .int(Int64(week.numberOfDays))),
        ("days", .array(week.days.map(weekDay))),
        ("cachedDays", .int(Int64(model.cachedDays))),
      ])
      return (
        ("week", object), week.missing,
        QuantityKind.lacking(QuantityKind.days, in: week.days.map(\.quantities))
      )
    case .hourly:
      guard let hourly = model.hourly(hours: count ?? ForecastViewModel.defaultHours) else {
        return nil
      }
      let object: JSON = .object([
        ("numberOfHours", .int(Int64(hourly.numberOfHours))),
        // Each hour made as it is written: 384 hours of quantities are never held whole.
        (
          "hours",
          .lazyArray(count: hourly.hours.count) { [hours = hourly.hours] in hour(hours[$0]) }
        ),
        ("cachedHours", .int(Int64(model.cachedHours))),
      ])
      return (
        ("hourly", object), hourly.missing,
        QuantityKind.lacking(QuantityKind.conditions, in: hourly.hours.map(\.quantities))
      )
    }
  }

  /// A value in the store's units, rounded (two decimals); null when the response lacked it.
  static func number(_ value: Double?) -> JSON { value.map(JSON.measurement) ?? .null }

  /// An amount of precipitation in inches, to four decimals: 0.1 mm, the step Open-Meteo and
  /// Dark Sky report in, is 0.0039 in, which two decimals would write as 0; null when the
  /// response lacked it.
  static func inches(_ value: Double?) -> JSON {
    guard let value, value.isFinite else { return .null }
    return .double((value * 10_000).rounded() / 10_000)
  }

  /// A text the view formatted; null (never "–") when the response lacked the value.
  static func text(_ text: String, _ value: (some Any)?) -> JSON {
    value == nil ? .null : .string(text)
  }

  /// `"quantities"`: one member per quantity held, `{"value", "unit", "text"}` in the units
  /// the settings choose; `value` to four decimals (a whole number for Beaufort and unix
  /// times), never rounded for display. Each quantity is written on one line of the pretty
  /// output: it reads as one item, and 384 hours of fourteen quantities on five lines each made
  /// `show --hourly --json` four times the bytes it was.
  public static func quantities(_ rows: [QuantityRow]) -> JSON {
    .object(
      rows.map { row in
        let quantity = row.quantity
        let value: JSON =
          quantity.isWhole
          ? .int(Int64(quantity.value))
          : quantity.value.isFinite ? .double((quantity.value * 10_000).rounded() / 10_000) : .null
        return (
          row.kind.rawValue,
          .inlineObject([
            ("value", value), ("unit", .string(quantity.unit)), ("text", .string(quantity.text)),
          ])
        )
      })
  }

  static func values(_ values: [WeatherValue]) -> JSON {
    .array(values.map { .string($0.rawValue) })
  }

  static func day(_ day: DayViewModel) -> JSON {
    let data = day.conditions
    return .object([
      ("time", .int(data.time)),
      ("dateText", .string(day.date)),
      ("timeText", .string(day.time)),
      ("summary", .optional(data.summary)),
      ("temperature", text(day.temperature, data.temperature)),
      ("windSpeed", text(day.windSpeed, data.windSpeed)),
      ("icon", .optional(data.icon?.rawValue)),
      ("temperatureFahrenheit", number(data.temperature)),
      ("windSpeedMph", number(data.windSpeed)),
      ("precipitationProbability", .optional(data.precipitationProbability)),
      ("apparentTemperature", .optional(day.apparentTemperature)),
      ("apparentTemperatureFahrenheit", number(data.apparentTemperature)),
      ("precipitation", .optional(day.precipitation)),
      ("precipitationInches", inches(data.precipitation)),
      ("missing", values(day.missing)),
      ("quantities", quantities(day.quantities)),
    ])
  }

  static func weekDay(_ row: WeatherDayViewModel) -> JSON {
    let data = row.data
    return .object([
      ("time", .int(data.time)),
      ("weekday", .string(row.day)),
      ("date", .string(row.date)),
      (
        "temperature",
        data.temperatureMin == nil && data.temperatureMax == nil ? .null : .string(row.temperature)
      ),
      ("windSpeed", text(row.windSpeed, data.windSpeed)),
      ("summary", .optional(data.summary)),
      ("icon", .optional(data.icon?.rawValue)),
      ("temperatureMinFahrenheit", number(data.temperatureMin)),
      ("temperatureMaxFahrenheit", number(data.temperatureMax)),
      ("windSpeedMph", number(data.windSpeed)),
      ("precipitationProbability", .optional(data.precipitationProbability)),
      ("precipitation", .optional(row.precipitation)),
      ("precipitationInches", inches(data.precipitationSum)),
      ("apparentTemperature", .optional(row.apparentTemperature)),
      ("apparentTemperatureMinFahrenheit", number(data.apparentTemperatureMin)),
      ("apparentTemperatureMaxFahrenheit", number(data.apparentTemperatureMax)),
      ("sunrise", data.sunrise.map { .int($0) } ?? .null),
      ("sunriseText", .optional(row.sunrise)),
      ("sunset", data.sunset.map { .int($0) } ?? .null),
      ("sunsetText", .optional(row.sunset)),
      ("missing", values(row.missing)),
      ("quantities", quantities(row.quantities)),
    ])
  }

  static func hour(_ row: WeatherHourViewModel) -> JSON {
    let data = row.data
    return .object([
      ("time", .int(data.time)),
      ("dateText", .string(row.date)),
      ("timeText", .string(row.time)),
      ("temperature", text(row.temperature, data.temperature)),
      ("windSpeed", text(row.windSpeed, data.windSpeed)),
      ("precipitation", .optional(row.precipitation)),
      ("summary", .optional(data.summary)),
      ("icon", .optional(data.icon?.rawValue)),
      ("temperatureFahrenheit", number(data.temperature)),
      ("windSpeedMph", number(data.windSpeed)),
      ("precipitationProbability", .optional(data.precipitationProbability)),
      ("apparentTemperature", .optional(row.apparentTemperature)),
      ("apparentTemperatureFahrenheit", number(data.apparentTemperature)),
      ("precipitationAmount", .optional(row.precipitationAmount)),
      ("precipitationInches", inches(data.precipitation)),
      ("missing", values(row.missing)),
      ("quantities", quantities(row.quantities)),
    ])
  }

  /// Which parts the provider's response held.
  public static func contents(_ contents: ForecastContents) -> JSON {
    .object([
      ("current", .bool(contents.contains(.current))),
      ("hourly", .bool(contents.contains(.hourly))),
      ("daily", .bool(contents.contains(.daily))),
    ])
  }

  /// What a cached forecast holds, for fetch and import.
  public static func cached(_ weather: WeatherData) -> [(String, JSON)] {
    [
      ("provider", .string(weather.provider.rawValue)),
      ("credit", .optional(weather.provider.credit)), ("fetchedAt", .int(weather.fetchedAt)),
      ("days", .int(Int64(weather.days.count))), ("hours", .int(Int64(weather.hours.count))),
    ]
  }
}

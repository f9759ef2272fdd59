public import CloudyModels
public import CloudyStoring

/// Cached forecasts, one per place: the saved places' and the current location's
/// (`location_id` NULL), each replaced whole when a new one is fetched.
public struct ForecastRepository {
  public let database: Database

  public init(database: Database) {
    self.database = database
  }

  /// Replaces the cached forecast of `place` in one transaction: a reader sees the old forecast
  /// or the new one, never a mix, and a failure leaves the old one in place.
  public func save(_ weather: WeatherData, for place: Place) throws {
    try database.write { db in try Self.replace(weather, for: place, in: db) }
  }

  /// Changes the cached forecast of `place` in one transaction: `change` is given the cached
  /// forecast and returns what to store in its place, and no other process can write between
  /// the read and the write (an air-quality answer added to a forecast must not put back a
  /// forecast another process fetched meanwhile). All or nothing: a failure anywhere leaves
  /// the file as it was. Returns the forecast before and after; nil, with nothing written,
  /// when none is cached.
  @discardableResult
  public func update(for place: Place, _ change: (WeatherData) throws -> WeatherData) throws
    -> (cached: WeatherData, stored: WeatherData)?
  {
    try database.write { db in
      guard let cached = try Self.latest(for: place, in: db) else { return nil }
      let stored = try change(cached)
      try Self.replace(stored, for: place, in: db)
      return (cached, stored)
    }
  }

  /// `save`'s work, inside the caller's write transaction.
  private static func replace(_ weather: WeatherData, for place: Place, in db: Database) throws {
    if case .saved(let id) = place,
      try db.scalarInt("SELECT count(*) FROM location WHERE id = ?", [id]) == 0
    {
      throw LocationError.notFound("with id \(id)")
    }
    try db.execute("DELETE FROM forecast WHERE location_id IS ?", [place.locationID])
    // A place saved without a zone (by coordinates at sea, from a file without one) takes
    // its first forecast's, so every view (alerts too) reads its times in local time; a
    // zone the place has is never changed by a forecast, and only a region's zone
    // ("America/Phoenix") is taken, not the UTC or fixed offset an answer falls back on.
    // Synced like any place field.
    if case .saved(let id) = place, weather.timeZone.contains("/"),
      !weather.timeZone.hasPrefix("Etc/")
    {
      try db.execute(
        "UPDATE location SET time_zone = ? WHERE id = ? AND time_zone IS NULL",
        [weather.timeZone, id])
    }
    let forecastID = try Self.insertForecast(weather, for: place, in: db)
    // Rows without a value are not kept (the schema refuses them too).
    for day in weather.days where day.hasValue { try Self.insert(day, of: forecastID, in: db) }
    for hour in weather.hours where hour.hasValue {
      try Self.insert(hour, of: forecastID, in: db)
    }
  }

  /// The forecast's own row (the current conditions among it); its id.
  private static func insertForecast(
    _ weather: WeatherData, for place: Place, in db: Database
  ) throws -> Int64 {
    let current = weather.current
    try db.execute(
      """
      INSERT INTO forecast (location_id, provider, fetched_at, latitude, longitude, time_zone,
        observed_at, summary, icon, temperature, wind_speed, precipitation_probability,
        issued_at, has_current, apparent_temperature, precipitation, last_modified, fresh_until
        \(ReadingsColumns.allList))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?\(ReadingsColumns.allPlaceholders))
      """,
      [
        place.locationID, weather.provider.rawValue, weather.fetchedAt,
        weather.coordinate.latitude, weather.coordinate.longitude, weather.timeZone,
        current.time, current.summary, current.icon?.rawValue, current.temperature,
        current.windSpeed, Self.percent(current.precipitationProbability), weather.issuedAt,
        weather.contents.contains(.current) ? 1 : 0, current.apparentTemperature,
        current.precipitation, weather.lastModified, weather.freshUntil,
      ] + ReadingsColumns.weatherValues(current.readings)
        + ReadingsColumns.airQualityValues(current.readings))
    return db.lastInsertedRowID
  }

  private static func insert(_ day: WeatherDayData, of forecastID: Int64, in db: Database) throws {
    try db.execute(
      """
      INSERT INTO forecast_day (forecast_id, time, summary, icon, temperature_min,
        temperature_max, wind_speed, precipitation_probability, precipitation_sum,
        apparent_temperature_min, apparent_temperature_max, sunrise, sunset
        \(ReadingsColumns.weatherList))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?\(ReadingsColumns.weatherPlaceholders))
      """,
      [
        forecastID, day.time, day.summary, day.icon?.rawValue, day.temperatureMin,
        day.temperatureMax, day.windSpeed, Self.percent(day.precipitationProbability),
        day.precipitationSum, day.apparentTemperatureMin, day.apparentTemperatureMax,
        day.sunrise, day.sunset,
      ] + ReadingsColumns.weatherValues(day.readings))
  }

  private static func insert(_ hour: WeatherHourData, of forecastID: Int64, in db: Database)
    throws
  {
    try db.execute(
      """
      INSERT INTO forecast_hour (forecast_id, time, summary, icon, temperature, wind_speed,
        precipitation_probability, precipitation, apparent_temperature
        \(ReadingsColumns.weatherList))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?\(ReadingsColumns.weatherPlaceholders))
      """,
      [
        forecastID, hour.time, hour.summary, hour.icon?.rawValue, hour.temperature,
        hour.windSpeed, Self.percent(hour.precipitationProbability), hour.precipitation,
        hour.apparentTemperature,
      ] + ReadingsColumns.weatherValues(hour.readings))
    // Air quality only for an hour that has it (migration 11): most hours of a forecast have
    // none, and a row of NULLs would cost every one of them.
    guard hour.readings.hasAirQuality else { return }
    try db.execute(
      """
      INSERT INTO forecast_air_quality (forecast_id, time\(ReadingsColumns.airQualityList))
      VALUES (?, ?\(ReadingsColumns.airQualityPlaceholders))
      """,
      [forecastID, hour.time] + ReadingsColumns.airQualityValues(hour.readings))
  }

  /// The newest cached forecast of `place`, read in one snapshot; nil if none is cached.
  /// A NULL column is a value the response did not have, read as nil (never 0).
  public func latest(for place: Place) throws -> WeatherData? {
    try latest(for: place, reading: .all)
  }

  /// The same with the current conditions, days or hours read only when `parts` names them
  /// (see `ForecastStoring`):
  /// for a part left out, one `EXISTS` says whether the forecast has it. `show --week` reads
  /// no hours (48 rows and a statement, a tenth of its work).
  public func latest(for place: Place, reading parts: ForecastContents) throws -> WeatherData? {
    try database.read { db in try Self.latest(for: place, reading: parts, in: db) }
  }

  /// `latest`'s work, inside the caller's transaction.
  private static func latest(
    for place: Place, reading parts: ForecastContents = .all, in db: Database
  ) throws -> WeatherData? {
    guard
      let (id, header) = try readForecast(
        of: place, current: parts.contains(.current), in: db)
    else { return nil }
    var weather = header
    if parts.contains(.daily) {
      weather.days = try readDays(of: id, in: db)
      if !weather.days.isEmpty { weather.contents.insert(.daily) }
    } else if try hasRows(in: "forecast_day", of: id, in: db) {
      weather.contents.insert(.daily)
    }
    if parts.contains(.hourly) {
      weather.hours = try readHours(of: id, in: db)
      if !weather.hours.isEmpty { weather.contents.insert(.hourly) }
    } else if try hasRows(in: "forecast_hour", of: id, in: db) {
      weather.contents.insert(.hourly)
    }
    return weather
  }

  /// Whether forecast `forecastID` has rows in `table` (`forecast_day` or `forecast_hour`, a
  /// name from this file, never input), without reading them.
  private static func hasRows(in table: String, of forecastID: Int64, in db: Database) throws
    -> Bool
  {
    try db.scalarInt(
      "SELECT EXISTS (SELECT 1 FROM \(table) WHERE forecast_id = ?)", [forecastID]) == 1
  }

  /// The forecast's own row, as weather without days or hours yet, and its id. Its current
  /// conditions only when `current`: a view of the days or the hours shows none of them, and
  /// the 27 columns it would not read are most of what preparing the statement costs. Without
  /// them the conditions hold their time alone (`contents` still says whether the forecast
  /// has them, as it does for days and hours not read).
  private static func readForecast(of place: Place, current: Bool, in db: Database) throws -> (
    Int64, WeatherData
  )? {
    // Columns 0-10 are the same in both statements; the conditions follow from 11.
    let statement =
      current
      ? """
      SELECT id, provider, fetched_at, latitude, longitude, time_zone, observed_at,
        coalesce(issued_at, observed_at), has_current, last_modified, fresh_until, summary, icon,
        temperature, wind_speed, precipitation_probability, apparent_temperature, precipitation
        \(ReadingsColumns.allList)
      FROM forecast WHERE location_id IS ? ORDER BY fetched_at DESC LIMIT 1
      """
      : """
      SELECT id, provider, fetched_at, latitude, longitude, time_zone, observed_at,
        coalesce(issued_at, observed_at), has_current, last_modified, fresh_until
      FROM forecast WHERE location_id IS ? ORDER BY fetched_at DESC LIMIT 1
      """
    return try db.queryFirst(statement, [place.locationID]) { row in
      let conditions =
        current
        ? WeatherConditions(
          time: row.int64(6), summary: row.optionalString(11),
          icon: Self.icon(row.optionalString(12)),
          temperature: row.optionalDouble(13), windSpeed: row.optionalDouble(14),
          precipitationProbability: Self.fraction(row.optionalDouble(15)),
          apparentTemperature: row.optionalDouble(16),
          precipitation: row.optionalDouble(17),
          readings: ReadingsColumns.read(
            row, from: 18, airQuality: 18 + Int32(ReadingsColumns.weather.count)))
        : WeatherConditions(
          time: row.int64(6), summary: nil, icon: nil, temperature: nil, windSpeed: nil)
      return (
        row.int64(0),
        WeatherData(
          provider: ForecastProviderKind(rawValue: row.string(1)) ?? .openMeteo,
          fetchedAt: row.int64(2),
          coordinate: try Coordinate(latitude: row.double(3), longitude: row.double(4)),
          timeZone: row.string(5),
          current: conditions,
          days: [], hours: [], issuedAt: row.int64(7),
          contents: row.int64(8) == 1 ? .current : [], lastModified: row.optionalString(9),
          freshUntil: row.isNull(10) ? nil : row.int64(10))
      )
    }
  }

  private static func readDays(of forecastID: Int64, in db: Database) throws -> [WeatherDayData] {
    try db.query(
      """
      SELECT time, summary, icon, temperature_min, temperature_max, wind_speed,
        precipitation_probability, precipitation_sum, apparent_temperature_min,
        apparent_temperature_max, sunrise, sunset\(ReadingsColumns.weatherList)
      FROM forecast_day WHERE forecast_id = ? ORDER BY time
      """, [forecastID]
    ) { row in
      WeatherDayData(
        time: row.int64(0), summary: row.optionalString(1),
        icon: Self.icon(row.optionalString(2)),
        temperatureMin: row.optionalDouble(3), temperatureMax: row.optionalDouble(4),
        windSpeed: row.optionalDouble(5),
        precipitationProbability: Self.fraction(row.optionalDouble(6)),
        precipitationSum: row.optionalDouble(7), apparentTemperatureMin: row.optionalDouble(8),
        apparentTemperatureMax: row.optionalDouble(9),
        sunrise: row.isNull(10) ? nil : row.int64(10),
        sunset: row.isNull(11) ? nil : row.int64(11),
        readings: ReadingsColumns.read(row, from: 12))
    }
  }

  private static func readHours(of forecastID: Int64, in db: Database) throws -> [WeatherHourData] {
    try db.query(
      """
      SELECT h.time, h.summary, h.icon, h.temperature, h.wind_speed,
        h.precipitation_probability, h.precipitation, h.apparent_temperature
        \(ReadingsColumns.weatherList)\(ReadingsColumns.joinedAirQualityList)
      FROM forecast_hour AS h
        LEFT JOIN forecast_air_quality AS a ON a.forecast_id = h.forecast_id AND a.time = h.time
      WHERE h.forecast_id = ? ORDER BY h.time
      """, [forecastID]
    ) { row in
      WeatherHourData(
        time: row.int64(0), summary: row.optionalString(1),
        icon: Self.icon(row.optionalString(2)),
        temperature: row.optionalDouble(3), windSpeed: row.optionalDouble(4),
        precipitationProbability: Self.fraction(row.optionalDouble(5)),
        apparentTemperature: row.optionalDouble(7),
        precipitation: row.optionalDouble(6),
        readings: ReadingsColumns.read(
          row, from: 8, airQuality: 8 + Int32(ReadingsColumns.weather.count)))
    }
  }

  /// The chance of precipitation as stored (migration 11): percent, 0…100, as humidity and
  /// cloud cover are; the model's is a fraction. A whole percent (every provider's) is stored
  /// whole, in one byte where the fraction took eight, and reads back as exactly the fraction
  /// it came from.
  static func percent(_ fraction: Double?) -> Double? {
    fraction.map {
      let whole = ($0 * 100).rounded()
      return whole / 100 == $0 ? whole : $0 * 100
    }
  }

  /// The model's fraction, 0…1, of a stored percent.
  static func fraction(_ percent: Double?) -> Double? { percent.map { $0 / 100 } }

  /// An icon as stored; a name this build does not know (written by hand) reads as `cloudy`.
  private static func icon(_ name: String?) -> WeatherIcon? {
    name.map { WeatherIcon(rawValue: $0) ?? .cloudy }
  }

  /// Deletes forecasts whose data was issued before `cutoff` (unix seconds): an old response
  /// imported today is as old as its data. Returns how many.
  @discardableResult
  public func prune(issuedBefore cutoff: Int64) throws -> Int {
    try database.write { db in
      try db.execute(
        "DELETE FROM forecast WHERE coalesce(issued_at, observed_at) < ?", [cutoff])
      return db.changes
    }
  }

  public func count() throws -> Int {
    Int(try database.scalarInt("SELECT count(*) FROM forecast"))
  }
}

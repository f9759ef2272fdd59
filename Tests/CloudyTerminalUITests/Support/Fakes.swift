import CloudyModels
import CloudyPlatform
import CloudyServices
import CloudyStoring
import CloudyTerminalUI
import CloudyViewModels

// The in-memory stores of CloudyViewModelsTests (test targets cannot import each other),
// plus a forecast store and a clock.

/// A store failure the fakes throw on demand.
struct FakeStoreFailure: Error, Equatable {}

/// An in-memory `LocationStoring` with the repository's rules (positions, selection after
/// remove, unique names) and a switch to make the next write fail.
final class FakeLocationStore: LocationStoring {
  var locations: [Location] = []
  var current: Coordinate?
  var selection: Place?
  var failWrites = false
  private(set) var writes: [String] = []
  private var nextID: Location.ID = 1

  func snapshot() throws -> LocationsSnapshot {
    LocationsSnapshot(locations: locations, currentLocation: current, selection: selection)
  }

  private func validated(_ name: String) throws -> String {
    do { return try PlaceName.validated(name) } catch { throw LocationError.invalidName(error) }
  }

  private func write(_ name: String) throws {
    if failWrites { throw FakeStoreFailure() }
    writes.append(name)
  }

  @discardableResult
  func add(_ new: NewLocation) throws -> Location {
    let name = try validated(new.name)
    if let existing = locations.first(where: { PlaceName.sameName($0.name, name) }) {
      throw LocationError.duplicateName(existing.name)
    }
    try write("add")
    let location = Location(
      id: nextID, name: name, query: new.query, coordinate: new.coordinate,
      countryCode: new.countryCode, region: new.region, timeZone: new.timeZone, source: new.source,
      position: locations.count)
    nextID += 1
    locations.append(location)
    if selection == nil { selection = .saved(location.id) }
    return location
  }

  func rename(_ id: Location.ID, to newName: String) throws -> Location {
    let name = try validated(newName)
    guard let index = locations.firstIndex(where: { $0.id == id }) else {
      throw LocationError.notFound("with id \(id)")
    }
    if let other = locations.first(where: { $0.id != id && PlaceName.sameName($0.name, name) }) {
      throw LocationError.duplicateName(other.name)
    }
    try write("rename")
    locations[index].name = name
    return locations[index]
  }

  func move(_ id: Location.ID, to position: Int) throws {
    guard let from = locations.firstIndex(where: { $0.id == id }) else {
      throw LocationError.notFound("with id \(id)")
    }
    guard locations.indices.contains(position) else {
      throw LocationError.positionOutOfRange(position + 1, count: locations.count)
    }
    try write("move")
    locations.insert(locations.remove(at: from), at: position)
    for index in locations.indices { locations[index].position = index }
  }

  func remove(_ id: Location.ID) throws {
    guard let index = locations.firstIndex(where: { $0.id == id }) else {
      throw LocationError.notFound("with id \(id)")
    }
    try write("remove")
    locations.remove(at: index)
    for index in locations.indices { locations[index].position = index }
    if selection == .saved(id) {
      selection =
        locations.isEmpty
        ? (current == nil ? nil : .current) : .saved(locations[min(index, locations.count - 1)].id)
    }
  }

  func select(_ selection: Place) throws {
    switch selection {
    case .current:
      guard current != nil else { throw LocationError.noCurrentLocation }
    case .saved(let id):
      guard locations.contains(where: { $0.id == id }) else {
        throw LocationError.notFound("with id \(id)")
      }
    }
    try write("select")
    self.selection = selection
  }

  func setCurrentLocation(_ coordinate: Coordinate?) throws {
    try write("current")
    current = coordinate
    if coordinate == nil, selection == .current {
      selection = locations.first.map { .saved($0.id) }
    }
    if coordinate != nil, selection == nil { selection = .current }
  }
}

final class FakeSettingsStore: SettingsStoring {
  var stored = Settings.defaults
  var failWrites = false
  private(set) var writes = 0

  func settings() throws -> Settings { stored }

  private func write() throws {
    if failWrites { throw FakeStoreFailure() }
    writes += 1
  }

  func set(_ time: TimeNotation) throws {
    try write()
    stored.time = time
  }
  func set(_ units: UnitsNotation) throws {
    try write()
    stored.units = units
  }
  func set(_ temperature: TemperatureNotation) throws {
    try write()
    stored.temperature = temperature
  }
  func reset() throws {
    try write()
    stored = .defaults
  }
}

/// Answers from a fixed table; records the queries it was asked.
final class FakeGeocoder: Geocoder, @unchecked Sendable {
  // @unchecked: tests use one instance on one thread; `asked` is only for assertions.
  var results: [String: [PlaceCandidate]] = [:]
  var nearMatches: [PlaceCandidate] = []
  var error: GeocodingError?
  var asked: [String] = []

  func search(_ query: String, limit: Int) throws(GeocodingError) -> [PlaceCandidate] {
    asked.append(query)
    if let error { throw error }
    return Array((results[query] ?? []).prefix(limit))
  }

  func suggestions(for query: String, limit: Int) -> [PlaceCandidate] {
    Array(nearMatches.prefix(limit))
  }
}

func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
  (try? Coordinate(latitude: latitude, longitude: longitude)) ?? Coordinate.zero
}

extension Coordinate {
  static let zero: Coordinate = {
    do { return try Coordinate(latitude: 0, longitude: 0) } catch { return zero }
  }()
}

func candidate(
  _ name: String, _ region: String?, _ country: String = "US", _ latitude: Double,
  _ longitude: Double, population: Int = 1000
) -> PlaceCandidate {
  PlaceCandidate(
    name: name, region: region, countryCode: country, countryName: "Country \(country)",
    coordinate: coordinate(latitude, longitude), timeZone: "America/New_York",
    population: population)
}

let richmondVA = candidate("Richmond", "Virginia", "US", 37.5538, -77.4603, population: 226_610)
let richmondCA = candidate("Richmond", "California", "US", 37.9358, -122.3477, population: 110_000)
let paris = candidate("Paris", "Île-de-France", "FR", 48.8534, 2.3488, population: 2_138_551)

func place(_ name: String, _ latitude: Double = 37.5538, _ longitude: Double = -77.4603)
  -> NewLocation
{
  NewLocation(name: name, coordinate: coordinate(latitude, longitude), source: .coordinates)
}

/// Cached forecasts by place.
final class FakeForecastStore: ForecastStoring {
  var cached: [Place: WeatherData] = [:]

  func latest(for place: Place) throws -> WeatherData? { cached[place] }
  func save(_ weather: WeatherData, for place: Place) throws { cached[place] = weather }
  func prune(fetchedBefore cutoff: Int64) throws -> Int { 0 }
}

/// A clock the test moves.
final class FakeClock: @unchecked Sendable {
  var now: Int64 = Sample.observed + 12 * 60
}

enum Sample {
  /// Thu, January 15 2026, 09:15 in Richmond (14:15 UTC).
  static let observed: Int64 = 1_768_486_500
  /// Local midnight of that day in New York.
  static let midnight: Int64 = 1_768_453_200

  static func weather(fetchedAt: Int64 = observed) -> WeatherData {
    WeatherData(
      provider: .openMeteo, fetchedAt: fetchedAt, coordinate: richmondVA.coordinate,
      timeZone: "America/New_York",
      current: WeatherConditions(
        time: observed, summary: "Partly Cloudy", icon: .partlyCloudyDay, temperature: 68,
        windSpeed: 10, precipitationProbability: 0.2),
      days: (0..<7).map { index in
        WeatherDayData(
          time: midnight + Int64(index) * 86_400, summary: "Day \(index)", icon: .clearDay,
          temperatureMin: 32, temperatureMax: 50 + Double(index), windSpeed: 10)
      },
      hours: (0..<48).map { index in
        WeatherConditions(
          time: observed - 900 + Int64(index) * 3_600, summary: "Hour \(index)", icon: .cloudy,
          temperature: 60, windSpeed: 5, precipitationProbability: 0.15)
      })
  }
}

/// An app on fakes, with what the test needs to poke at.
struct AppFixture {
  let locations = FakeLocationStore()
  let settings = FakeSettingsStore()
  let forecasts = FakeForecastStore()
  let geocoder = FakeGeocoder()
  let clock = FakeClock()

  func app(_ options: CloudyApp.Options = CloudyApp.Options()) throws -> CloudyApp {
    let clock = clock
    return try CloudyApp(
      CloudyApp.Dependencies(
        locationStore: locations, settingsStore: settings, forecastStore: forecasts,
        geocoder: geocoder, zones: InstalledTimeZones(), now: { clock.now }),
      options: options)
  }

  /// Richmond saved (and so selected) with a forecast fetched 12 minutes ago.
  @discardableResult
  func withRichmond() throws -> Location {
    let location = try locations.add(richmondVA.newLocation(query: "Richmond, VA"))
    forecasts.cached[.saved(location.id)] = Sample.weather()
    return location
  }
}

extension CloudyApp {
  /// The frame as text, trailing spaces trimmed, one line per row.
  func screenText(_ columns: Int = 80, _ rows: Int = 24) -> String {
    render(TerminalSize(columns: columns, rows: rows)).map { line in
      String(line.text.reversed().drop { $0 == " " }.reversed())
    }.joined(separator: "\n")
  }

  @discardableResult
  func press(_ keys: Key...) -> [AppEffect] {
    keys.flatMap { handle($0) }
  }

  func type(_ text: String) {
    for character in text { _ = handle(.character(character)) }
  }
}

import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

/// A fresh folder under /tmp, removed when the test is done with it.
final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/cloudy-store-test-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// The bytes of a file, to prove a refusal left it untouched.
func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
  // Test inputs are valid by construction; a throw here fails the test, not the process.
  (try? Coordinate(latitude: latitude, longitude: longitude)) ?? Coordinate.zero
}

extension Coordinate {
  static let zero: Coordinate = {
    do { return try Coordinate(latitude: 0, longitude: 0) } catch { return zero }
  }()
}

func place(_ name: String, _ latitude: Double = 37.5538, _ longitude: Double = -77.4603)
  -> NewLocation
{
  NewLocation(
    name: name, coordinate: coordinate(latitude, longitude), countryCode: "US", source: .coordinates
  )
}

/// Runs SQL through a plain connection, bypassing Cloudy's checks (to build odd files).
func rawExecute(_ path: String, _ sql: String) throws {
  let database = try Database(path: path, access: .create)
  try database.executeScript(sql)
}

/// A migrated database in a temporary folder.
func migratedDatabase(in folder: TemporaryFolder, name: String = "cloudy.sqlite") throws -> Database
{
  try DatabaseFile.openForWriting(path: folder.file(name))
}

func sampleWeather(fetchedAt: Int64 = 1_700_000_000, temperature: Double = 50) -> WeatherData {
  WeatherData(
    provider: .darkSky, fetchedAt: fetchedAt, coordinate: coordinate(37.55, -77.46),
    timeZone: "America/New_York",
    current: WeatherConditions(
      time: fetchedAt, summary: "Clear", icon: .clearDay, temperature: temperature, windSpeed: 5,
      precipitationProbability: 0.1),
    days: (0..<7).map { day in
      WeatherDayData(
        time: fetchedAt + Int64(day) * 86_400, summary: "Day \(day)", icon: .rain,
        temperatureMin: 40 + Double(day),
        temperatureMax: 60 + Double(day), windSpeed: 10, precipitationProbability: 0.5)
    },
    hours: (0..<48).map { hour in
      WeatherHourData(
        time: fetchedAt + Int64(hour) * 3_600, summary: "Hour \(hour)", icon: .cloudy,
        temperature: 45 + Double(hour) / 10,
        windSpeed: 3, precipitationProbability: nil)
    })
}

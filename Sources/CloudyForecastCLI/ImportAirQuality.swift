import CloudyCLI
import CloudyDecoding
import CloudyJSON
import CloudyModels
import CloudyServices
import CloudyStoring
import CloudyViewModels

/// `cloudy-forecast import` of a saved Open-Meteo air-quality answer: its indexes and
/// pollutants are added to the place's cached forecast (to the hours of the same time and to
/// the current conditions), which must be there already; the weather is not changed.
///
/// `--json`: `{ "place": {…}, "file": "aq.json", "format": "open-meteo-air-quality",
/// "hours": 48, "current": true }` (how many cached hours and whether the current conditions
/// took a value).
enum ImportAirQuality {
  static func run(
    file: String, body: [UInt8], target: ForecastTarget, databasePath: DatabasePath, json: Bool
  ) throws {
    let answer: AirQualityAnswer
    do {
      answer = try AirQualityAnswer.decode(body)
    } catch {
      throw CommandError.unusableResponse(
        file: file, service: "Open-Meteo's air-quality API", error)
    }
    guard !answer.isEmpty else {
      throw CommandError.unusableInput(
        "\(file) is an Open-Meteo air-quality answer without a value Cloudy keeps (european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide, pollen); nothing was changed"
      )
    }
    let store = try StoreAccess.forecastStore(writing: databasePath)
    // Read, merged and written back in one transaction: all or nothing, and a forecast another
    // process stores meanwhile is never replaced by the older one this read.
    guard let (cached, merged) = try store.update(for: target.place, answer.merged(into:)) else {
      throw CommandError.notFound(
        "no forecast of \(target.name) is cached to add the air quality to; import or fetch its forecast first (nothing was changed)"
      )
    }
    let hours = zip(merged.hours, cached.hours).filter { $0.readings != $1.readings }.count
    let current = merged.current.readings != cached.current.readings
    if json {
      Output.json(
        .object([
          ("place", ForecastJSON.place(target)), ("file", .string(file)),
          ("format", .string("open-meteo-air-quality")), ("hours", .int(Int64(hours))),
          ("current", .bool(current)),
        ]))
    } else {
      Output.line(
        "Imported \(file) (Open-Meteo air quality) into the forecast of \(target.name): \(current ? "current conditions, " : "")\(MessageText.counted(hours, "hour"))."
      )
    }
  }
}

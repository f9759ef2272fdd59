import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyViewModels

/// Whether a saved response is a forecast of the place it is imported for.
///
/// A weather model answers for the grid cell nearest the coordinate it was asked about, so a
/// response's coordinate lies within a few kilometres of the place (Open-Meteo snaps to cells of
/// 1–25 km; Dark Sky echoed the request). Farther than `limitKilometres` it is another place's
/// forecast, and importing it would show one city's weather under another's name.
enum ImportPlace {
  static let limitKilometres = 50.0

  /// Great-circle distance in kilometres (haversine, mean Earth radius 6371.0088 km).
  static func kilometres(_ a: Coordinate, _ b: Coordinate) -> Double {
    GreatCircle.kilometres(
      latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude,
      longitude2: b.longitude)
  }

  /// "3,871 km" (whole kilometres, grouped), or "12.3 km" under 100 km.
  static func text(kilometres: Double) -> String {
    if kilometres < 100 { return DecimalText.fixed(kilometres, decimals: 1) + " km" }
    var digits = String(Int(kilometres.rounded()))
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return digits + grouped + " km"
  }

  /// Refuses a response farther than the limit from the target, naming both and the distance.
  static func check(
    file: String, response: Coordinate, target: ForecastTarget, force: Bool
  ) throws(CommandError) -> Double {
    let distance = kilometres(response, target.coordinate)
    guard distance > limitKilometres, !force else { return distance }
    throw CommandError.unusableInput(
      "\(file) is a forecast for \(response.displayText), \(text(kilometres: distance)) from \(target.name) (\(target.coordinate.displayText)); nothing was changed (choose its place with --place, or add --force to import it as \(target.name)'s anyway)"
    )
  }
}

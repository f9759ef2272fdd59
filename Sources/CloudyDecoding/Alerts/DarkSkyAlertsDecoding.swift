import CloudyModels
import CloudyServices

/// Reads the `alerts` array of a Dark Sky or Pirate Weather response: `title`, `severity`
/// (warning, watch, advisory: CAP's severe, moderate, minor; or CAP's own words, as Pirate
/// Weather passes them on), `time`, `expires` (unix
/// seconds), `regions`, `description`, `uri`. The service already matched them to the place
/// it was asked about; they carry no identifier, so the `uri` (the NWS's CAP link) stands for
/// one, else the title and issue time.
enum DarkSkyAlertsDecoding {
  /// Pirate Weather or Dark Sky, by the response's flags.
  static func source(_ document: JSONField) throws(ForecastError) -> AlertSource {
    try DarkSkyDecoding.service(document) == .pirateWeather ? .pirateWeather : .darkSky
  }

  static func decode(_ document: JSONField, notes: inout [String]) throws(ForecastError)
    -> [WeatherAlert]
  {
    guard let list = try document.optional("alerts") else { return [] }
    let source = try source(document)
    var alerts: [WeatherAlert] = []
    for entry in try list.elements() {
      let title = try entry.optional("title")?.string().trimmingWhitespace() ?? ""
      let time = try entry.required("time").number()
      let expires = try entry.optional("expires")?.number()
      let uri = try entry.optional("uri")?.string().trimmingWhitespace() ?? ""
      var regions: [String] = []
      for region in try entry.optional("regions")?.elements() ?? [] {
        let name = try region.string().trimmingWhitespace()
        if !name.isEmpty { regions.append(name) }
      }
      let event = title.isEmpty ? "Alert" : title
      let description = try entry.optional("description")?.string().trimmingWhitespace()
      alerts.append(
        WeatherAlert(
          identifier: uri.isEmpty ? "\(event)@\(Int64(time))" : uri,
          sender: source.text, sent: Int64(time), event: event,
          severity: AlertSeverity(darkSky: try entry.optional("severity")?.string() ?? ""),
          headline: title.isEmpty ? nil : title,
          description: description?.isEmpty == false ? description : nil,
          senderName: source.text, areas: regions,
          // Some responses write a negative or zero expiry for "unknown".
          expires: expires.flatMap { $0 > time ? Int64($0) : nil }, source: source))
    }
    if !alerts.isEmpty { notes.append("kept \(alerts.count) alert(s) from the response") }
    return alerts
  }
}

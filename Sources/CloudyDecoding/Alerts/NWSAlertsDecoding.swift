import CloudyJSON
import CloudyModels
import CloudyServices

/// Reads the NWS's `alerts/active?point=…` answer (GeoJSON: a FeatureCollection of `wx:Alert`
/// features, or one such Feature) into the alerts it holds for a place.
///
/// The NWS's properties are CAP's under other names (`messageType`, `areaDesc`, references as
/// objects) plus `ends`, when the weather ends: its `expires` is only when the message will be
/// reissued. A feature with a polygon that misses the place is left out with a note; one with
/// no geometry (zone alerts) applies to the place asked about, as the NWS matched it by zone.
enum NWSAlertsDecoding {
  static func isAlert(_ feature: JSONNode) -> Bool {
    guard let properties = feature["properties"], case .object = properties.value else {
      return false
    }
    if case .string(let type)? = properties["@type"]?.value, type == "wx:Alert" { return true }
    return properties["messageType"] != nil && properties["event"] != nil
  }

  static func decode(_ document: JSONField, for place: Coordinate, notes: inout [String])
    throws(ForecastError) -> [WeatherAlert]
  {
    let features: [JSONField]
    if case .string("Feature")? = try document.optional("type")?.value {
      features = [document]
    } else {
      features = try document.required("features").elements()
    }
    var alerts: [WeatherAlert] = []
    for feature in features {
      if let alert = try alert(feature, for: place, notes: &notes) { alerts.append(alert) }
    }
    return alerts
  }

  private static func alert(_ feature: JSONField, for place: Coordinate, notes: inout [String])
    throws(ForecastError) -> WeatherAlert?
  {
    let properties = try feature.required("properties")
    let identifier = try properties.required(anyOf: ["id", "identifier"]).string()
    if let status = try properties.optional("status")?.string(), status != "Actual" {
      notes.append("left out \(identifier): its status is \(status), not Actual")
      return nil
    }
    let rawType = try properties.required("messageType").string()
    guard let type = AlertMessageType(rawValue: rawType) else {
      if rawType == "Ack" || rawType == "Error" { return nil }
      throw .invalidResponse("\(properties.path).messageType \"\(rawType)\" is not a CAP type")
    }
    var references: [AlertReference] = []
    for reference in try properties.optional("references")?.elements() ?? [] {
      references.append(
        AlertReference(
          sender: try reference.optional("sender")?.string() ?? "",
          identifier: try reference.required("identifier").string(),
          sent: try reference.optional("sent")?.string() ?? ""))
    }
    func time(_ key: String) throws(ForecastError) -> Int64? {
      guard let field = try properties.optional(key) else { return nil }
      let raw = try field.string()
      guard let reading = CAPTime.parse(raw) else {
        throw .invalidResponse("\(field.path) \"\(raw)\" is not a time")
      }
      if !reading.hadOffset { notes.append("\(field.path) \(raw) has no offset; read as UTC") }
      return reading.seconds
    }
    func text(_ key: String) throws(ForecastError) -> String? {
      let value = try properties.optional(key)?.string().trimmingWhitespace()
      return value?.isEmpty == false ? value : nil
    }
    var alert = WeatherAlert(
      identifier: identifier, sender: try text("sender") ?? "w-nws.webmaster@noaa.gov",
      sent: try time("sent") ?? 0, messageType: type, references: references,
      event: AlertPeriod.eventName(
        event: try text("event"), headline: try text("headline"), category: try text("category")),
      severity: AlertSeverity(cap: try text("severity") ?? ""),
      urgency: AlertUrgency(cap: try text("urgency") ?? ""),
      certainty: AlertCertainty(cap: try text("certainty") ?? ""),
      headline: AlertPeriod.oneLine(try text("headline")), description: try text("description"),
      instruction: try text("instruction"), senderName: try text("senderName"), language: "en-US",
      areas: (try text("areaDesc"))?.split(separator: ";").map {
        String($0).trimmingWhitespace()
      }.filter { !$0.isEmpty } ?? [],
      onset: try time("onset"), effective: try time("effective"), expires: try time("expires"),
      ends: try time("ends"), source: .nws)
    var parameters: [(name: String, value: String)] = []
    if let listed = try properties.optional("parameters"), case .object = listed.value {
      for name in ["eventEndingTime", "VTEC"] {
        guard let values = try listed.optional(name), case .array = values.value else { continue }
        for value in try values.elements() {
          if case .string(let text) = value.value { parameters.append((name, text)) }
        }
      }
    }
    AlertPeriod.settle(
      &alert, statedEnd: AlertPeriod.statedEnd(parameters: parameters), notes: &notes)
    if let geometry = try feature.optional("geometry") {
      let area = try Self.area(geometry)
      if area.hasGeometry, !area.contains(place) {
        guard type != .alert, !references.isEmpty else {
          notes.append(
            "left out \(alert.event) (\(identifier)): its polygon does not contain the place")
          return nil
        }
        notes.append(
          "\(alert.event) (\(identifier)) no longer covers the place: it ends what it updates")
        alert.messageType = .cancel
      }
    }
    return alert
  }

  /// A GeoJSON Polygon or MultiPolygon ([longitude, latitude] pairs); the outer rings.
  private static func area(_ geometry: JSONField) throws(ForecastError) -> AlertArea {
    let type = try geometry.required("type").string()
    let coordinates = try geometry.required("coordinates")
    var polygons: [JSONField] = []
    switch type {
    case "Polygon": polygons = [coordinates]
    case "MultiPolygon": polygons = try coordinates.elements()
    default: return AlertArea()
    }
    var area = AlertArea()
    for polygon in polygons {
      guard let outer = try polygon.elements().first else { continue }
      var ring: [(latitude: Double, longitude: Double)] = []
      for point in try outer.elements() {
        let pair = try point.elements()
        guard pair.count >= 2 else { throw .invalidResponse("\(point.path) is not a position") }
        ring.append((try pair[1].number(), try pair[0].number()))
      }
      area.polygons.append(ring)
    }
    return area
  }
}

import CloudyModels
import CloudyServices
import CloudyXML

/// Reads one CAP 1.2 document (`<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">`) into
/// the alert it is for a place.
///
/// Of several `<info>` blocks (one per language) the one in the reader's language is kept,
/// else English, else the first. Its areas decide whether the alert is for the place: an area
/// with a polygon or circle that holds the place, or an area with none (geocodes only), which
/// applies to the place asked about. An Alert whose areas all miss the place is left out with
/// a note; an Update or Cancel that misses it still ends what it names, for this place.
enum CAPDecoding {
  static let namespace12 = "urn:oasis:names:tc:emergency:cap:1.2"
  static let namespacePrefix = "urn:oasis:names:tc:emergency:cap:"

  static func decode(
    _ root: XMLElement, for place: Coordinate, languages: [String], source: AlertSource,
    notes: inout [String]
  ) throws(ForecastError) -> WeatherAlert? {
    let identifier = try required(root, "identifier")
    let sender = try required(root, "sender")
    let sent = try time(root, "sent", of: identifier, notes: &notes) ?? 0
    let type = try messageType(root, identifier)
    guard let type else { return nil }
    // Exercises, tests, system messages and drafts are not weather people are warned of.
    if let status = text(root, "status"), status != "Actual" {
      notes.append("left out \(identifier): its status is \(status), not Actual")
      return nil
    }
    let references = AlertReference.list(capText: root.child("references")?.text ?? "")
    let infos = root.children.filter { $0.name == "info" }
    guard let info = Self.info(infos, languages: languages) else {
      // A Cancel may carry no <info>: it ends what it names all the same.
      guard type == .cancel else {
        throw .invalidResponse("the CAP alert \(identifier) has no <info> block")
      }
      return WeatherAlert(
        identifier: identifier, sender: sender, sent: sent, messageType: type,
        references: references, event: "Cancelled", severity: .unknown, source: source)
    }
    var alert = WeatherAlert(
      identifier: identifier, sender: sender, sent: sent, messageType: type,
      references: references,
      event: AlertPeriod.eventName(
        event: text(info, "event"), headline: text(info, "headline"),
        category: text(info, "category")),
      severity: AlertSeverity(cap: text(info, "severity") ?? ""),
      urgency: AlertUrgency(cap: text(info, "urgency") ?? ""),
      certainty: AlertCertainty(cap: text(info, "certainty") ?? ""),
      headline: AlertPeriod.oneLine(text(info, "headline")),
      description: text(info, "description"), instruction: text(info, "instruction"),
      senderName: AlertPeriod.oneLine(text(info, "senderName")),
      language: text(info, "language") ?? "en-US",
      onset: try time(info, "onset", of: identifier, notes: &notes),
      effective: try time(info, "effective", of: identifier, notes: &notes),
      expires: try time(info, "expires", of: identifier, notes: &notes), source: source)
    let parameters = info.children.filter { $0.name == "parameter" }.compactMap {
      parameter -> (name: String, value: String)? in
      guard let name = text(parameter, "valueName"), let value = text(parameter, "value") else {
        return nil
      }
      return (name, value)
    }
    AlertPeriod.settle(
      &alert, statedEnd: AlertPeriod.statedEnd(parameters: parameters), notes: &notes)
    let areas = info.children.filter { $0.name == "area" }
    var kept: [String] = []
    var anyHolds = areas.isEmpty
    for area in areas {
      let shape = try Self.shape(of: area, identifier)
      if !shape.hasGeometry || shape.contains(place) {
        anyHolds = true
        if let description = text(area, "areaDesc") { kept.append(description) }
      }
    }
    if !anyHolds {
      guard type != .alert, !references.isEmpty else {
        notes.append(
          "left out \(alert.event) (\(identifier)): its areas do not contain the place")
        return nil
      }
      notes.append(
        "\(alert.event) (\(identifier)) no longer covers the place: it ends what it updates")
      alert.messageType = .cancel
    }
    alert.areas = kept
    return alert
  }

  /// The `<info>` in the first of `languages` that one has (by language, `fr` matching
  /// `fr-CA`, `fr_CA.UTF-8` too), else English, else the first. CAP's default language is
  /// en-US.
  static func info(_ infos: [XMLElement], languages: [String]) -> XMLElement? {
    func language(_ info: XMLElement) -> String {
      (text(info, "language") ?? "en-US").lowercased()
    }
    func matches(_ info: XMLElement, _ wanted: String) -> Bool {
      let have = language(info)
      // A POSIX locale ("fr_CA.UTF-8", "de_DE@euro") reads as its BCP 47 tag ("fr-ca").
      let want = String(
        wanted.lowercased().prefix { $0 != "." && $0 != "@" }.map { $0 == "_" ? "-" : $0 })
      return have == want || have.hasPrefix(want + "-")
        || (want.split(separator: "-").first.map { have == $0 || have.hasPrefix($0 + "-") }
          ?? false)
    }
    for wanted in languages + ["en"] {
      if let info = infos.first(where: { matches($0, wanted) }) { return info }
    }
    return infos.first
  }

  /// Alert, Update or Cancel; nil for Ack and Error (messages between systems, not alerts).
  private static func messageType(_ root: XMLElement, _ identifier: String)
    throws(ForecastError) -> AlertMessageType?
  {
    let raw = try required(root, "msgType")
    if let type = AlertMessageType(rawValue: raw) { return type }
    if raw == "Ack" || raw == "Error" { return nil }
    throw .invalidResponse("the CAP alert \(identifier) has an unknown msgType \"\(raw)\"")
  }

  private static func shape(of area: XMLElement, _ identifier: String) throws(ForecastError)
    -> AlertArea
  {
    var shape = AlertArea()
    for polygon in area.children where polygon.name == "polygon" {
      let pairs = polygon.text.split(whereSeparator: {
        $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r"
      })
      var ring: [(latitude: Double, longitude: Double)] = []
      for pair in pairs {
        let parts = pair.split(separator: ",")
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1])
        else {
          throw .invalidResponse(
            "the CAP alert \(identifier) has a polygon point \"\(pair)\" that is not \"lat,lon\"")
        }
        ring.append((latitude, longitude))
      }
      if ring.count >= 3 { shape.polygons.append(ring) }
    }
    for circle in area.children where circle.name == "circle" {
      let parts = circle.text.trimmingWhitespace().split(separator: " ")
      let centre = parts.first?.split(separator: ",") ?? []
      guard parts.count == 2, centre.count == 2, let latitude = Double(centre[0]),
        let longitude = Double(centre[1]), let radius = Double(parts[1])
      else {
        throw .invalidResponse(
          "the CAP alert \(identifier) has a circle \"\(circle.text)\" that is not \"lat,lon radius\""
        )
      }
      shape.circles.append((latitude, longitude, radius))
    }
    return shape
  }

  static func text(_ element: XMLElement, _ name: String) -> String? {
    guard let child = element.child(name) else { return nil }
    let text = child.text.trimmingWhitespace()
    return text.isEmpty ? nil : text
  }

  private static func required(_ element: XMLElement, _ name: String) throws(ForecastError)
    -> String
  {
    guard let value = text(element, name) else {
      throw .invalidResponse("the CAP <\(element.name)> has no <\(name)>")
    }
    return value
  }

  private static func time(
    _ element: XMLElement, _ name: String, of identifier: String, notes: inout [String]
  ) throws(ForecastError) -> Int64? {
    guard let raw = text(element, name) else { return nil }
    guard let reading = CAPTime.parse(raw) else {
      throw .invalidResponse(
        "the CAP alert \(identifier) has a <\(name)> \"\(raw)\" that is not a time")
    }
    if !reading.hadOffset {
      notes.append("\(identifier): <\(name)> \(raw) has no offset; read as UTC")
    }
    return reading.seconds
  }
}

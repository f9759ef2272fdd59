import CloudyModels
import CloudyXML

/// Waypoints from a GPX file (GPS Exchange Format 1.0 and 1.1), as GPS units, Garmin BaseCamp,
/// OsmAnd, gpsbabel and route planners write them: each `<wpt lat=".." lon="..">` with a
/// `<name>` is a place. Route and track points (`rte`, `trk`) are a path, not places: they are
/// counted as left out. Read only; Cloudy never writes GPX.
enum PlacesGPX {
  static func read(_ bytes: [UInt8]) throws(ImportRefusal) -> PlacesExchange.ReadResult {
    let root = try XMLReader.document(bytes, root: "gpx", kind: "GPX")
    var router = RecordProblems(foreign: true)
    var places: [PlacesDocument.Place] = []
    var qualifiers: [String?] = []
    let waypoints = root.children.filter { $0.name == "wpt" }
    for (offset, waypoint) in waypoints.enumerated() {
      let context = RecordContext(
        line: waypoint.line, item: "waypoint \(offset + 1)", number: offset + 1)
      let name = waypoint.child("name")?.text.trimmingWhitespace() ?? ""
      guard !name.isEmpty else {
        router.omit(context.problem("name", "no name; a place needs one"))
        continue
      }
      var record = ProblemList()
      let checked = PlaceFields.name(name, field: "name", context, &record)
      let coordinate = XMLPosition.coordinate(
        latitude: waypoint.attribute("lat"), longitude: waypoint.attribute("lon"),
        fields: ("lat", "lon"), context, &record)
      if router.settle(record), let checked, let coordinate {
        places.append(
          PlacesDocument.Place(
            name: checked, query: nil, coordinate: coordinate, countryCode: nil, region: nil,
            timeZone: nil, source: .coordinates, selected: false, origin: context.origin))
        qualifiers.append(nil)
      }
    }
    for path in root.children where path.name == "rte" || path.name == "trk" {
      let kind = path.name == "rte" ? "a route" : "a track"
      let context = RecordContext(line: path.line, item: nil, number: nil)
      router.omit(context.problem(path.name, "\(kind) is a path, not a place"))
    }
    return try router.finish(
      places, qualifiers: qualifiers, format: .gpx, itemLabel: "waypoint")
  }
}

/// Coordinates written as XML text: GPX's `lat`/`lon` attributes, KML's `lon,lat[,alt]`.
enum XMLPosition {
  static func coordinate(
    latitude: String?, longitude: String?, fields: (String, String), _ context: RecordContext,
    _ problems: inout ProblemList
  ) -> Coordinate? {
    func number(_ text: String?, _ field: String) -> (value: Double, text: String)? {
      let trimmed = text?.trimmingWhitespace() ?? ""
      guard !trimmed.isEmpty else {
        problems.add(context.problem(field, "is missing"))
        return nil
      }
      guard let value = NumberText.parseCell(trimmed, decimalComma: false) else {
        problems.add(context.problem(field, "\"\(trimmed)\" is not a number"))
        return nil
      }
      return (value, trimmed)
    }
    let latitude = number(latitude, fields.0)
    let longitude = number(longitude, fields.1)
    return PlaceFields.coordinate(
      latitude: latitude, longitude: longitude, fields: fields, context, &problems)
  }
}

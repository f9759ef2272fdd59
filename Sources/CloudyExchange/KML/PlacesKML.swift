import CloudyModels

/// Placemarks from a KML file (KML 2.2), as Google My Maps, Google Earth and QGIS export them:
/// every `<Placemark>` with a `<Point>`, at any depth of `<Document>` and `<Folder>`, is a place
/// named by its `<name>`; `<coordinates>` is `longitude,latitude[,altitude]`. Placemarks that
/// are lines or areas (My Maps' drawn routes and shapes) are counted as left out. An
/// `<address>`, when present, tells repeated names apart. Read only; Cloudy never writes KML.
/// KMZ (a zip of a KML file) is not read: unzip it first.
enum PlacesKML {
  static func read(_ bytes: [UInt8]) throws(ImportRefusal) -> PlacesExchange.ReadResult {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      throw ImportRefusal(
        ExchangeProblem(
          line: nil, field: nil,
          message: "this is a KMZ (zip) file; unzip it and import the doc.kml inside"))
    }
    let root = try XMLReader.document(bytes, root: "kml", kind: "KML")
    var router = RecordProblems(foreign: true)
    var places: [PlacesDocument.Place] = []
    var qualifiers: [String?] = []
    for (offset, placemark) in root.descendants("Placemark").enumerated() {
      let context = RecordContext(
        line: placemark.line, item: "placemark \(offset + 1)", number: offset + 1)
      let name = placemark.child("name")?.text.trimmingWhitespace() ?? ""
      guard !name.isEmpty else {
        router.omit(context.problem("name", "no name; a place needs one"))
        continue
      }
      let point = placemark.child("Point") ?? placemark.child("MultiGeometry")?.child("Point")
      guard let point else {
        let shape = placemark.children.first { child in
          ["LineString", "LinearRing", "Polygon", "MultiGeometry", "Track", "MultiTrack", "Model"]
            .contains(child.name)
        }
        router.omit(
          context.problem(
            "geometry",
            shape.map { "is a \($0.name), not a point" } ?? "has no Point; it has no position"))
        continue
      }
      var record = ProblemList()
      let checked = PlaceFields.name(name, field: "name", context, &record)
      let parts = (point.child("coordinates")?.text ?? "").trimmingWhitespace()
        .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      var coordinate: Coordinate?
      if parts.count == 2 || parts.count == 3 {
        coordinate = XMLPosition.coordinate(
          latitude: parts[1], longitude: parts[0],
          fields: ("latitude (coordinates)", "longitude (coordinates)"), context, &record)
      } else {
        record.add(
          context.problem(
            "coordinates", "is not \"longitude,latitude\" or \"longitude,latitude,altitude\""))
      }
      if router.settle(record), let checked, let coordinate {
        places.append(
          PlacesDocument.Place(
            name: checked, query: nil, coordinate: coordinate, countryCode: nil, region: nil,
            timeZone: nil, source: .coordinates, selected: false, origin: context.origin))
        let address = placemark.child("address")?.text.trimmingWhitespace()
        qualifiers.append(address.flatMap { DistinctNames.locality(in: $0, name: checked) })
      }
    }
    return try router.finish(
      places, qualifiers: qualifiers, format: .kml, itemLabel: "placemark")
  }
}

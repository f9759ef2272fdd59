import CloudyModels
import CloudyXML

/// Placemarks from a KML file (KML 2.2), as Google My Maps, Google Earth and QGIS export them:
/// every `<Placemark>` with a `<Point>`, at any depth of `<Document>` and `<Folder>`, is a place
/// named by its `<name>`; `<coordinates>` is `longitude,latitude[,altitude]`. Placemarks that
/// are lines or areas (My Maps' drawn routes and shapes) are counted as left out. An
/// `<address>`, when present, tells repeated names apart. Read only; Cloudy never writes KML.
/// KMZ (a zip of a KML file) is unzipped by `cloudy-db` before it gets here (ZIPFoundation needs
/// Foundation, which this target does without); zip bytes that reach this reader are refused.
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
      guard let (place, qualifier) = place(of: placemark, number: offset + 1, &router) else {
        continue
      }
      places.append(place)
      qualifiers.append(qualifier)
    }
    return try router.finish(
      places, qualifiers: qualifiers, format: .kml, itemLabel: "placemark")
  }

  /// The place a placemark stands for, with what may tell its name apart (a locality in its
  /// `<address>`); nil when it is left out or has problems (which go to `router`).
  private static func place(
    of placemark: XMLElement, number: Int, _ router: inout RecordProblems
  ) -> (place: PlacesDocument.Place, qualifier: String?)? {
    let context = RecordContext(
      line: placemark.line, item: "placemark \(number)", number: number)
    let name = placemark.child("name")?.text.trimmingWhitespace() ?? ""
    guard !name.isEmpty else {
      router.omit(context.problem("name", "no name; a place needs one"))
      return nil
    }
    let point = placemark.child("Point") ?? placemark.child("MultiGeometry")?.child("Point")
    guard let point else {
      router.omit(context.problem("geometry", whyNotAPoint(placemark)))
      return nil
    }
    var record = ProblemList()
    let checked = PlaceFields.name(name, field: "name", context, &record)
    let position = coordinate(of: point, context, &record)
    guard router.settle(record), let checked, let position else { return nil }
    let place = PlacesDocument.Place(
      name: checked, query: nil, coordinate: position, countryCode: nil, region: nil,
      timeZone: nil, source: .coordinates, selected: false, origin: context.origin)
    let address = placemark.child("address")?.text.trimmingWhitespace()
    return (place, address.flatMap { DistinctNames.locality(in: $0, name: checked) })
  }

  /// Why a placemark without a `<Point>` is left out: the shape it is (a drawn route or area),
  /// or that it has no position at all.
  private static func whyNotAPoint(_ placemark: XMLElement) -> String {
    let shape = placemark.children.first { child in
      ["LineString", "LinearRing", "Polygon", "MultiGeometry", "Track", "MultiTrack", "Model"]
        .contains(child.name)
    }
    return shape.map { "is a \($0.name), not a point" } ?? "has no Point; it has no position"
  }

  /// A `<Point>`'s `longitude,latitude[,altitude]`.
  private static func coordinate(
    of point: XMLElement, _ context: RecordContext, _ record: inout ProblemList
  ) -> Coordinate? {
    let parts = (point.child("coordinates")?.text ?? "").trimmingWhitespace()
      .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 || parts.count == 3 else {
      record.add(
        context.problem(
          "coordinates", "is not \"longitude,latitude\" or \"longitude,latitude,altitude\""))
      return nil
    }
    return XMLPosition.coordinate(
      latitude: parts[1], longitude: parts[0],
      fields: ("latitude (coordinates)", "longitude (coordinates)"), context, &record)
  }
}

import CloudyJSON
import CloudyModels

/// Saved places as GeoJSON (RFC 7946), for maps: geojson.io, QGIS, GitHub's viewer, Leaflet.
///
/// Written: a FeatureCollection with one Point Feature per place in the user's order;
/// coordinates in RFC 7946's order, `[longitude, latitude]`, WGS 84, no `crs` member:
///
///     {
///       "type": "FeatureCollection",
///       "features": [
///         {
///           "type": "Feature",
///           "geometry": {"type": "Point", "coordinates": [-77.46026, 37.55376]},
///           "properties": {"name": "Richmond, Virginia, US", "region": "Virginia",
///             "country": "US", "time_zone": "America/New_York", "source": "gazetteer",
///             "selected": true}
///         }
///       ]
///     }
///
/// `region`, `country` and `time_zone` are null when unknown.
///
/// Read: a FeatureCollection or a single Feature from any tool. Each feature needs a Point
/// geometry (`[lon, lat]` or `[lon, lat, altitude]`; the altitude is dropped) and a name in
/// its properties — `name`, `Name`, `NAME`, `title` or `Title`. Optional properties, in any
/// case: region (`region`, `state`, `province`, `adm1name`, `admin_name`), country code
/// (`country`, `country_code`, `iso_a2`, `iso2`, `cc`), `time_zone` (`timezone`, `timeZone`,
/// `tz`), `source`, `selected`. Other properties, `id`, `bbox` and foreign members are ignored;
/// a `crs` member is accepted only when it names WGS 84 longitude/latitude (CRS84 or EPSG:4326,
/// as QGIS and GDAL write it). Any other geometry is refused, naming the feature.
enum PlacesGeoJSON {
  // MARK: - Writing

  /// A foreign member (RFC 7946 §6.1) naming Cloudy as the writer, so that an import reads
  /// Cloudy's own fields (source, selected, time_zone) only from Cloudy's files.
  static let generator = "cloudy-db export"

  static func write(_ document: PlacesDocument) -> [UInt8] {
    let features: [JSON] = document.places.map { place in
      .object([
        ("type", .string("Feature")),
        (
          "geometry",
          .object([
            ("type", .string("Point")),
            (
              "coordinates",
              .array([.decimal(place.coordinate.longitude), .decimal(place.coordinate.latitude)])
            ),
          ])
        ),
        (
          "properties",
          .object([
            ("name", .string(place.name)), ("region", .optional(place.region)),
            ("country", .optional(place.countryCode)), ("time_zone", .optional(place.timeZone)),
            ("source", .string(place.source.rawValue)), ("selected", .bool(place.selected)),
          ])
        ),
      ])
    }
    return JSON.object([
      ("type", .string("FeatureCollection")), ("generator", .string(generator)),
      ("features", .array(features)),
    ])
    .exported()
  }

  // MARK: - Reading

  /// Property names for each field, compared ignoring ASCII case and `_`, best first. From other
  /// tools' files only the first three are read (`foreignFields`).
  static let aliases: [(field: String, names: [String])] = [
    ("name", ["name", "title"]),
    ("region", ["region", "state", "province", "adm1name", "adminname", "admin1"]),
    ("country", ["countrycode", "country", "isoa2", "iso2", "cc"]),
    ("time_zone", ["timezone", "tz", "tzid"]),
    ("source", ["source"]),
    ("selected", ["selected"]),
    ("query", ["query"]),
  ]
  static let foreignFields: Set<String> = ["name", "region", "country"]

  /// The properties Cloudy wrote before it marked its files with `generator`, in its order:
  /// a file whose every feature has exactly these is an older Cloudy export.
  static let writtenProperties = ["name", "region", "country", "time_zone", "source", "selected"]

  static func read(_ bytes: [UInt8]) throws(ImportRefusal) -> PlacesExchange.ReadResult {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw ImportRefusal(error.problem)
    }
    let top = RecordContext(line: root.line, item: nil, number: nil)
    guard case .object = root.value else {
      throw ImportRefusal(top.problem(nil, "a GeoJSON file is an object, this is \(root.kindName)"))
    }
    try checkCRS(root)
    let features = try features(of: root, top)
    let foreign = !isCloudys(root, features)
    var router = RecordProblems(foreign: foreign)
    var places: [PlacesDocument.Place] = []
    var qualifiers: [String?] = []
    var ignored: [String] = []
    var seenIgnored: Set<String> = []
    for (offset, feature) in features.enumerated() {
      let context = RecordContext(
        line: feature.line, item: "feature \(offset + 1)", number: offset + 1)
      var record = ProblemList()
      let found = place(
        feature, context, foreign: foreign, &record, &router, ignored: &ignored, seen: &seenIgnored)
      if router.settle(record), let (place, qualifier) = found {
        places.append(place)
        qualifiers.append(qualifier)
      }
    }
    return try router.finish(
      places, qualifiers: qualifiers, format: .geojson, itemLabel: "feature",
      ignoredFields: ignored)
  }

  /// The features of a FeatureCollection, or a single Feature; anything else is refused.
  private static func features(of root: JSONNode, _ top: RecordContext) throws(ImportRefusal)
    -> [JSONNode]
  {
    switch root["type"]?.value {
    case .string("FeatureCollection"):
      guard let list = root["features"], case .array(let elements) = list.value else {
        throw ImportRefusal(top.problem("features", "a FeatureCollection needs a features list"))
      }
      return elements
    case .string("Feature"):
      return [root]
    case .string(let other):
      throw ImportRefusal(
        top.problem(
          "type",
          "\"\(other)\"; only a FeatureCollection or a Feature of Points can be imported"))
    default:
      throw ImportRefusal(
        top.problem("type", "missing; this is not GeoJSON (a FeatureCollection is expected)"))
    }
  }

  /// Cloudy's export: marked with `generator`, or (before the mark) every feature with exactly
  /// the properties Cloudy writes.
  private static func isCloudys(_ root: JSONNode, _ features: [JSONNode]) -> Bool {
    if case .string(generator) = root["generator"]?.value { return true }
    guard !features.isEmpty else { return false }
    return features.allSatisfy { feature in
      guard case .object(let members) = feature["properties"]?.value else { return false }
      return members.map(\.key) == writtenProperties
    }
  }

  /// RFC 7946 dropped `crs`; older writers (GDAL, QGIS) still add one naming WGS 84. Any other
  /// reference system means the numbers are not longitude/latitude.
  private static func checkCRS(_ root: JSONNode) throws(ImportRefusal) {
    guard let crs = root["crs"], !crs.isNull else { return }
    let accepted = [
      "urn:ogc:def:crs:ogc:1.3:crs84", "urn:ogc:def:crs:ogc::crs84", "urn:ogc:def:crs:epsg::4326",
      "epsg:4326", "crs84",
    ]
    if case .string(let name) = crs["properties"]?["name"]?.value,
      accepted.contains(String(decoding: name.utf8.map(lowercased), as: UTF8.self))
    {
      return
    }
    throw ImportRefusal(
      ExchangeProblem(
        line: crs.line, field: "crs",
        message:
          "the coordinates are not WGS 84 longitude/latitude; export the layer as EPSG:4326 (RFC 7946 GeoJSON)"
      ))
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }

  private static func normalized(_ key: String) -> String {
    String(decoding: key.utf8.filter { $0 != 0x5F && $0 != 0x2D }.map(lowercased), as: UTF8.self)
  }

  private static func place(
    _ feature: JSONNode, _ context: RecordContext, foreign: Bool, _ problems: inout ProblemList,
    _ router: inout RecordProblems, ignored: inout [String], seen: inout Set<String>
  ) -> (PlacesDocument.Place, String?)? {
    guard isFeature(feature, context, &problems) else { return nil }
    let properties = propertyMembers(of: feature, context, &problems)
    var fields = FeatureFields(properties, foreign: foreign)
    // Google Takeout keeps the place's details in `location` (2020s) or `Location` (2017).
    let google = foreign ? GoogleSavedPlace(properties) : nil
    if google != nil { fields.usedKeys.formUnion(["location", "Location"]) }
    for member in properties
    where !fields.usedKeys.contains(member.key) && seen.insert(member.key).inserted {
      ignored.append(member.key)
    }
    guard
      let position = placePosition(
        feature, context, foreign: foreign, google: google, &problems, &router)
    else { return nil }
    let rawName =
      fields.text("name", context, &problems) ?? google?.name.map { ("location.name", $0) }
    if foreign, rawName.map({ $0.value.trimmingWhitespace().isEmpty }) ?? true {
      router.omit(context.problem(rawName?.key ?? "properties", "no name; a place needs one"))
      return nil
    }
    let name = placeName(rawName, fields, context, &problems)
    let details = placeDetails(fields, google: google, foreign: foreign, context, &problems)
    guard let name, let coordinate = position.value else { return nil }
    let qualifier = google?.address.flatMap { DistinctNames.locality(in: $0, name: name) }
    return (
      PlacesDocument.Place(
        name: name, query: details.query, coordinate: coordinate, countryCode: details.country,
        region: details.region, timeZone: details.timeZone,
        source: details.source ?? .coordinates, selected: details.selected,
        origin: context.origin),
      qualifier
    )
  }

  private static func isFeature(
    _ feature: JSONNode, _ context: RecordContext, _ problems: inout ProblemList
  ) -> Bool {
    guard case .object = feature.value else {
      problems.add(context.problem(nil, "is \(feature.kindName), not a Feature object"))
      return false
    }
    guard case .string("Feature") = feature["type"]?.value else {
      problems.add(context.problem("type", "is not \"Feature\""))
      return false
    }
    return true
  }

  /// A feature's `properties`: none when absent or null, none and a problem when not an object.
  private static func propertyMembers(
    of feature: JSONNode, _ context: RecordContext, _ problems: inout ProblemList
  ) -> [JSONNode.Member] {
    switch feature["properties"]?.value {
    case .object(let members): return members
    case .null, nil: return []
    default:
      problems.add(
        context.problem("properties", "is \(feature["properties"]!.kindName), not an object"))
      return []
    }
  }

  /// A feature's properties matched to the fields they fill: each field from its best-named
  /// property (`aliases`), and the property keys so used.
  private struct FeatureFields {
    var chosen: [String: (key: String, node: JSONNode)] = [:]
    var usedKeys: Set<String> = []

    init(_ properties: [JSONNode.Member], foreign: Bool) {
      for (field, names) in PlacesGeoJSON.aliases
      where !foreign || PlacesGeoJSON.foreignFields.contains(field) {
        for name in names {
          // An exact lower-case key wins over other spellings ("name" over "Name").
          let matches = properties.filter {
            PlacesGeoJSON.normalized($0.key) == name && !usedKeys.contains($0.key)
          }
          guard let match = matches.first(where: { $0.key == name }) ?? matches.first else {
            continue
          }
          chosen[field] = (match.key, match.node)
          usedKeys.insert(match.key)
          break
        }
      }
    }

    /// A field's text and the key it came from: nil when absent or null; a number is read as
    /// its text, except for the name.
    func text(_ field: String, _ context: RecordContext, _ problems: inout ProblemList)
      -> (key: String, value: String)?
    {
      guard let (key, node) = chosen[field] else { return nil }
      switch node.value {
      case .null: return nil
      case .string(let value): return (key, value)
      case .number(let number) where field != "name": return (key, number.text)
      default:
        problems.add(context.problem(key, "is \(node.kindName), not text"))
        return nil
      }
    }
  }

  /// Where a feature's place is: its geometry's position, or Google's saved place's when it
  /// has one. Nil when the feature is left out, as `position` says or when Google saved no
  /// position for it.
  private static func placePosition(
    _ feature: JSONNode, _ context: RecordContext, foreign: Bool, google: GoogleSavedPlace?,
    _ problems: inout ProblemList, _ router: inout RecordProblems
  ) -> ReadPosition? {
    guard let position = position(feature, context, foreign: foreign, &problems, &router)
    else { return nil }
    if let google, google.hasNoPosition(position.value) {
      router.omit(
        context.problem("geometry", "[0, 0] and no location: Google saved no position for it"))
      return nil
    }
    return ReadPosition(value: google?.coordinate ?? position.value)
  }

  /// The place's name, checked; nil and a problem when it is missing, null or unusable.
  private static func placeName(
    _ rawName: (key: String, value: String)?, _ fields: FeatureFields, _ context: RecordContext,
    _ problems: inout ProblemList
  ) -> String? {
    if let (key, value) = rawName {
      return PlaceFields.name(value, field: key, context, &problems)
    } else if fields.chosen["name"] == nil {
      problems.add(context.problem("properties", "no name (a \"name\" or \"title\" property)"))
    } else if fields.chosen["name"]?.node.isNull == true {
      problems.add(context.problem(fields.chosen["name"]!.key, "is null; a place needs a name"))
    }
    return nil
  }

  /// A place's optional fields, as read from a feature.
  private struct PlaceDetails {
    var region: String?
    var country: String?
    var timeZone: String?
    var source: LocationSource?
    var query: String?
    var selected: Bool
  }

  /// The optional fields, each checked in the order a problem list names them; a continent
  /// given as another tool's region is no region.
  private static func placeDetails(
    _ fields: FeatureFields, google: GoogleSavedPlace?, foreign: Bool, _ context: RecordContext,
    _ problems: inout ProblemList
  ) -> PlaceDetails {
    var region = fields.text("region", context, &problems).flatMap {
      PlaceFields.text($0.value, field: $0.key, context, &problems)
    }
    if foreign, let named = region, Continents.contains(named) { region = nil }
    let country =
      (fields.text("country", context, &problems)
      ?? google?.countryCode.map { ("location.country_code", $0) })
      .flatMap { PlaceFields.countryCode($0.value, field: $0.key, context, &problems) }
    let timeZone = fields.text("time_zone", context, &problems).flatMap {
      PlaceFields.timeZone($0.value, field: $0.key, context, &problems)
    }
    let source = fields.text("source", context, &problems).map {
      PlaceFields.source($0.value, field: $0.key, context, &problems)
    }
    let query = fields.text("query", context, &problems).flatMap {
      PlaceFields.text($0.value, field: $0.key, context, &problems)
    }
    return PlaceDetails(
      region: region, country: country, timeZone: timeZone, source: source, query: query,
      selected: selected(fields, context, &problems))
  }

  /// `selected`: true or false, or text a spreadsheet would write for one; absent or null is
  /// false.
  private static func selected(
    _ fields: FeatureFields, _ context: RecordContext, _ problems: inout ProblemList
  ) -> Bool {
    guard let (key, node) = fields.chosen["selected"] else { return false }
    switch node.value {
    case .bool(let flag): return flag
    case .null: return false
    case .string(let value): return PlaceFields.flag(value, field: key, context, &problems)
    default:
      problems.add(context.problem(key, "is \(node.kindName), not true or false"))
      return false
    }
  }

  /// Where a feature is: a Point's position, or an outline's centre (other tools' files).
  /// Nil when the feature is left out (no geometry, a line) or its position is bad (a problem
  /// added); `.value` nil when the position was read but is out of range.
  private static func position(
    _ feature: JSONNode, _ context: RecordContext, foreign: Bool, _ problems: inout ProblemList,
    _ router: inout RecordProblems
  ) -> ReadPosition? {
    let geometry = feature["geometry"]
    guard let geometry, !geometry.isNull else {
      if foreign {
        router.omit(context.problem("geometry", "is missing; the feature has no position"))
        return nil
      }
      problems.add(context.problem("geometry", "is missing; a place needs a Point"))
      return ReadPosition(value: nil)
    }
    guard case .object = geometry.value, case .string(let type) = geometry["type"]?.value else {
      problems.add(context.problem("geometry", "is not a GeoJSON geometry object"))
      return ReadPosition(value: nil)
    }
    switch type {
    case "Point":
      return ReadPosition(value: point(geometry["coordinates"], context, &problems))
    case "Polygon" where foreign, "MultiPolygon" where foreign:
      guard let centre = outlineCentre(geometry, type: type, context, &problems) else {
        return ReadPosition(value: nil)
      }
      router.leftOut.outlines += 1
      return ReadPosition(
        value: PlaceFields.coordinate(
          latitude: (centre.latitude, "\(centre.latitude)"),
          longitude: (centre.longitude, "\(centre.longitude)"),
          fields: ("latitude (centre of the outline)", "longitude (centre of the outline)"),
          context, &problems))
    case "LineString" where foreign, "MultiLineString" where foreign, "MultiPoint" where foreign,
      "GeometryCollection" where foreign:
      router.omit(context.problem("geometry", "is a \(type), not a place"))
      return nil
    default:
      problems.add(
        context.problem("geometry", "is a \(type); only Point features can be imported as places"))
      return ReadPosition(value: nil)
    }
  }

  /// A position that was read: `value` nil when it is missing or bad (its problem added).
  struct ReadPosition {
    let value: Coordinate?
  }

  /// The `[longitude, latitude]` of a Point's `coordinates`.
  private static func point(
    _ coordinates: JSONNode?, _ context: RecordContext, _ problems: inout ProblemList
  ) -> Coordinate? {
    guard let coordinates, case .array(let positions) = coordinates.value else {
      problems.add(context.problem("geometry.coordinates", "is missing or not a list"))
      return nil
    }
    guard positions.count == 2 || positions.count == 3 else {
      problems.add(
        context.problem(
          "geometry.coordinates",
          "has \(positions.count) numbers; a position is [longitude, latitude] or [longitude, latitude, altitude]"
        ))
      return nil
    }
    var numbers: [JSONNumber] = []
    for (index, position) in positions.enumerated() {
      guard case .number(let number) = position.value else {
        let which = ["longitude", "latitude", "altitude"][index]
        problems.add(
          context.problem(
            "geometry.coordinates", "the \(which) is \(position.kindName), not a number"))
        return nil
      }
      numbers.append(number)
    }
    return PlaceFields.coordinate(
      latitude: (numbers[1].value, numbers[1].text), longitude: (numbers[0].value, numbers[0].text),
      fields: ("latitude (geometry.coordinates[1])", "longitude (geometry.coordinates[0])"),
      context, &problems)
  }

  /// The centre of a Polygon's or MultiPolygon's outer rings.
  private static func outlineCentre(
    _ geometry: JSONNode, type: String, _ context: RecordContext, _ problems: inout ProblemList
  ) -> (longitude: Double, latitude: Double)? {
    func ring(_ node: JSONNode) -> [(Double, Double)]? {
      guard case .array(let positions) = node.value else { return nil }
      var ring: [(Double, Double)] = []
      for position in positions {
        guard case .array(let pair) = position.value, pair.count >= 2,
          case .number(let longitude) = pair[0].value, case .number(let latitude) = pair[1].value
        else { return nil }
        ring.append((longitude.value, latitude.value))
      }
      return ring
    }
    func outer(_ polygon: JSONNode) -> [(Double, Double)]? {
      guard case .array(let rings) = polygon.value, let first = rings.first else { return nil }
      return ring(first)
    }
    var outers: [[(Double, Double)]] = []
    switch geometry["coordinates"]?.value {
    case .array(let items) where type == "MultiPolygon":
      for polygon in items {
        guard let ring = outer(polygon) else {
          outers = []
          break
        }
        outers.append(ring)
      }
    case .array where type == "Polygon":
      if let ring = outer(geometry["coordinates"]!) { outers = [ring] }
    default: break
    }
    guard !outers.isEmpty, let centre = OutlineCentre.centre(of: outers) else {
      problems.add(
        context.problem("geometry.coordinates", "is not a \(type)'s list of rings of positions"))
      return nil
    }
    return centre
  }
}

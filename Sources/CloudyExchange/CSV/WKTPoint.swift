import CloudyModels

/// A position written as Well-Known Text in one CSV cell, as the tools that have no latitude and
/// longitude columns write it: Google My Maps' "Download as CSV" (`WKT` column,
/// `POINT (5.2652943 52.1516656)`), the Wikidata Query Service (`Point(69.165833333 34.532777777)`),
/// QGIS and GDAL (`POINT(-71.1 42.3)`, `POINT Z (…)`). Longitude comes first, as in GeoJSON.
///
/// Why its own reader: a cell of WKT is the one place such files keep a position, and reading
/// it by its shape lets `cloudy-db import` take the file without the user naming columns.
enum WKTPoint {
  /// What one cell holds.
  enum Cell: Equatable {
    /// A point: the longitude and latitude as written (checked by the caller like any number).
    case point(longitude: String, latitude: String)
    /// Another geometry (`LINESTRING`, `POLYGON`, …): a path or an area, not a place.
    case otherGeometry(String)
    /// A point on another body: the Wikidata Query Service writes a globe's IRI before the
    /// points of the Moon or Mars (`<http://www.wikidata.org/entity/Q405> Point(…)`).
    case otherGlobe(String)
    /// `POINT EMPTY`, or WKT this reader cannot take apart.
    case unreadable
  }

  /// The geometry names of WKT (ISO 19125), upper-case.
  private static let geometryNames: Set<String> = [
    "POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON",
    "GEOMETRYCOLLECTION", "TRIANGLE", "TIN", "POLYHEDRALSURFACE", "CIRCULARSTRING",
  ]

  /// Wikidata's item for the Earth: a globe IRI naming it is the Earth too.
  private static let earth = "http://www.wikidata.org/entity/Q2"

  /// The cell read as WKT; nil when it is not WKT at all (empty, a number, a name).
  static func read(_ raw: String) -> Cell? {
    var text = Substring(raw.trimmingWhitespace())
    var globe: String?
    if text.hasPrefix("<"), let close = text.firstIndex(of: ">") {
      globe = String(text[text.index(after: text.startIndex)..<close])
      text = text[text.index(after: close)...].drop { $0 == " " }
    }
    if text.hasPrefix("SRID="), let semicolon = text.firstIndex(of: ";") {
      text = text[text.index(after: semicolon)...]
    }
    let keyword = text.prefix { $0.isLetter }
    let name = keyword.uppercased()
    guard geometryNames.contains(name) else { return nil }
    var rest = text.dropFirst(keyword.count).drop { $0 == " " }
    // `POINT Z (…)`, `POINT M (…)`, `POINT ZM (…)`: the extra ordinates are dropped.
    for dimension in ["ZM", "Z", "M"]
    where rest.uppercased().hasPrefix(dimension + " ")
      || rest.uppercased().hasPrefix(dimension + "(")
    {
      rest = rest.dropFirst(dimension.count).drop { $0 == " " }
      break
    }
    guard name == "POINT" else { return .otherGeometry(name) }
    if let globe, globe != earth { return .otherGlobe(globe) }
    guard rest.hasPrefix("("), rest.hasSuffix(")") else { return .unreadable }
    let numbers = rest.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard numbers.count == 2 || numbers.count == 3 || numbers.count == 4 else { return .unreadable }
    return .point(longitude: String(numbers[0]), latitude: String(numbers[1]))
  }

  /// True when every non-empty cell is WKT and at least one is a point: the column that holds
  /// the file's positions. Empty cells are allowed (My Maps leaves a row without a shape empty).
  static func isPointColumn<Cells: Sequence<String>>(_ cells: Cells) -> Bool {
    var sawPoint = false
    for cell in cells where !cell.trimmingWhitespace().isEmpty {
      switch read(cell) {
      case nil: return false
      case .point?: sawPoint = true
      case .otherGeometry?, .otherGlobe?, .unreadable?: continue
      }
    }
    return sawPoint
  }
}

public import CloudyModels
import CloudyXML

/// The file formats `cloudy-db export` writes and `cloudy-db import` reads.
public enum ExchangeFormat: String, CaseIterable, Sendable {
  /// Cloudy's own versioned document: everything (see `PlacesJSON`).
  case json
  /// RFC 4180, one place per row, for spreadsheets (see `PlacesCSV`).
  case csv
  /// RFC 7946 FeatureCollection of Points, for maps (see `PlacesGeoJSON`).
  case geojson
  /// GPS Exchange Format waypoints, as GPS units and route planners export them (read only).
  case gpx
  /// Keyhole Markup Language placemarks, as Google My Maps and Earth export them (read only).
  case kml

  /// The formats `export` can write: GPX and KML are read, never written.
  public static let writable: [ExchangeFormat] = [.json, .csv, .geojson]

  /// The format of a file from its contents: JSON with `"format": "cloudy-places"` is Cloudy's,
  /// JSON with a GeoJSON `"type"` is GeoJSON, XML whose root is `gpx` or `kml` is GPX or KML,
  /// anything else that does not start with `{` or `[` is CSV. For JSON that says neither, a `.geojson` name means GeoJSON, else Cloudy's JSON (whose
  /// reader then says what is missing).
  public static func detect(_ bytes: [UInt8], fileName: String?) -> ExchangeFormat {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    let start = body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    if start.first == UInt8(ascii: "<") {
      let head = String(decoding: start.prefix(4096), as: UTF8.self)
      if let root = XMLReader.rootName(head) {
        if root == "gpx" { return .gpx }
        if root == "kml" { return .kml }
      }
    }
    guard let first = start.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    else { return .csv }
    // Look for the marker keys near the top without parsing the whole file twice.
    let head = String(decoding: start.prefix(4096), as: UTF8.self)
    if head.contains("\"cloudy-places\"") { return .json }
    if head.contains("\"FeatureCollection\"") || head.contains("\"Feature\"") { return .geojson }
    let lower = fileName.map { String(decoding: $0.utf8.map(Self.lowercased), as: UTF8.self) }
    return lower?.hasSuffix(".geojson") == true ? .geojson : .json
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }
}

/// Reading and writing the formats: bytes in, a checked `PlacesDocument` out, and back.
public enum PlacesExchange {
  /// What an import read: the places (validated), and what the file held that Cloudy ignores.
  public struct ReadResult: Sendable {
    public var document: PlacesDocument
    public var format: ExchangeFormat
    /// Columns (CSV) or properties (GeoJSON) that were not used, in file order.
    public var ignoredFields: [String]
    /// True for a file another tool wrote: only names, positions, country codes and regions
    /// are read from it, and records it cannot use are left out rather than refusing it.
    public var foreign: Bool
    /// What a foreign file held that is not imported, and names made distinct.
    public var leftOut: LeftOut

    public init(
      document: PlacesDocument, format: ExchangeFormat, ignoredFields: [String] = [],
      foreign: Bool = false, leftOut: LeftOut = LeftOut()
    ) {
      self.document = document
      self.format = format
      self.ignoredFields = ignoredFields
      self.foreign = foreign
      self.leftOut = leftOut
    }
  }

  /// CSV columns named by the user (`--name-column`, …) for headers no alias matches.
  public struct Columns: Sendable, Equatable {
    public var name: String?
    public var latitude: String?
    public var longitude: String?

    public init(name: String? = nil, latitude: String? = nil, longitude: String? = nil) {
      self.name = name
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// Parses and validates a whole file. Every problem found is in the refusal; nothing is
  /// partial: a result means every place in it can be stored.
  public static func read(
    _ input: [UInt8], format: ExchangeFormat?, fileName: String?, columns: Columns = Columns()
  )
    throws(ImportRefusal) -> ReadResult
  {
    guard input.count <= ExchangeLimits.maximumBytes else {
      throw ImportRefusal(
        ExchangeProblem(
          line: nil, field: nil,
          message:
            "the file has \(input.count) bytes, over the import limit of \(ExchangeLimits.maximumBytes / 1_048_576) MiB"
        ))
    }
    var bytes = input
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      throw ImportRefusal(
        ExchangeProblem(
          line: 1, field: nil,
          message: "the file is UTF-16 text; save it as UTF-8 (\"CSV UTF-8\" in spreadsheets)"))
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let chosen = format ?? ExchangeFormat.detect(bytes, fileName: fileName)
    switch chosen {
    case .json:
      return ReadResult(document: try PlacesJSON.read(bytes), format: .json, ignoredFields: [])
    case .csv: return try PlacesCSV.read(bytes, columns: columns)
    case .geojson: return try PlacesGeoJSON.read(bytes)
    case .gpx: return try PlacesGPX.read(bytes)
    case .kml: return try PlacesKML.read(bytes)
    }
  }

  /// The file for `document` in `format`. With `forecasts`, Cloudy's JSON gives every place a
  /// `forecast` (null when none is cached); CSV and GeoJSON never carry forecasts.
  public static func write(
    _ document: PlacesDocument, as format: ExchangeFormat, forecasts: Bool = false
  )
    -> [UInt8]
  {
    switch format {
    case .json: PlacesJSON.write(document, forecasts: forecasts)
    case .csv: PlacesCSV.write(document)
    case .geojson: PlacesGeoJSON.write(document)
    case .gpx, .kml:
      preconditionFailure("\(format) is read, never written; export offers `writable`")
    }
  }
}

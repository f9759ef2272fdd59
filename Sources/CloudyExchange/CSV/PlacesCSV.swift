import CloudyModels

/// Saved places as CSV (RFC 4180), for spreadsheets.
///
/// Written: UTF-8 without a byte-order mark, CRLF line ends, one header row
///
///     name,latitude,longitude,region,country,time_zone,source,selected
///
/// and one row per place in the user's order. A field is quoted only when it holds a comma, a
/// quote (doubled inside), a line break or surrounding spaces. `country` is the ISO 3166-1
/// alpha-2 code, `selected` is `true` or `false`; empty cells are "none". Numbers are written
/// in full (`37.5407`), never in a locale's format.
///
/// Read: the header may name its columns in any order and any case, with spaces, `_` or `-`
/// ignored (`Time Zone`, `time-zone`); these names are understood, the first listed winning
/// when a file has several:
///
/// | field | header names |
/// |---|---|
/// | name | name, title, place, place name, city, label |
/// | latitude | latitude, lat, y |
/// | longitude | longitude, lon, lng, long, x |
/// | region | region, state, province, admin_name, adm1name, admin1, subcountry |
/// | country | country_code, iso2, iso_a2, cc, country |
/// | time_zone | time_zone, timezone, tz, tzid |
/// | source | source |
/// | selected | selected |
/// | query | query |
///
/// Other columns are ignored and reported. The separator may be `,`, `;` or tab (then a decimal
/// comma, `48,8566`, is read too). A byte-order mark, CRLF/LF/CR line ends and blank lines are
/// fine; see `CSVReader`.
enum PlacesCSV {
  static let header = [
    "name", "latitude", "longitude", "region", "country", "time_zone", "source", "selected",
  ]

  // MARK: - Writing

  static func write(_ document: PlacesDocument) -> [UInt8] {
    var output: [UInt8] = []
    func record(_ fields: [String]) {
      for (index, field) in fields.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        appendField(field, to: &output)
      }
      output += [0x0D, 0x0A]
    }
    record(header)
    for place in document.places {
      record([
        place.name, NumberText.write(place.coordinate.latitude),
        NumberText.write(place.coordinate.longitude), place.region ?? "",
        place.countryCode ?? "", place.timeZone ?? "", place.source.rawValue,
        place.selected ? "true" : "false",
      ])
    }
    return output
  }

  static func appendField(_ field: String, to output: inout [UInt8]) {
    let bytes = Array(field.utf8)
    let needsQuotes =
      bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
      || bytes.first == 0x20 || bytes.last == 0x20
    guard needsQuotes else {
      output += bytes
      return
    }
    output.append(0x22)
    for byte in bytes {
      if byte == 0x22 { output.append(0x22) }
      output.append(byte)
    }
    output.append(0x22)
  }

  // MARK: - Reading

  enum Column: String, CaseIterable {
    case name, latitude, longitude, region, country
    case timeZone = "time_zone"
    case source, selected, query
    /// A column of WKT points (`POINT (lon lat)`), found by what it holds (see `WKTPoint`).
    case point = "wkt"

    /// Normalized header names (lower-case, without spaces, `_`, `-` and `.`), best first.
    var aliases: [String] {
      switch self {
      case .name: ["name", "title", "place", "placename", "city", "label"]
      case .latitude: ["latitude", "lat", "y"]
      case .longitude: ["longitude", "lon", "lng", "long", "x"]
      case .region:
        ["region", "state", "province", "adminname", "adm1name", "admin1", "subcountry"]
      case .country: ["countrycode", "iso2", "isoa2", "cc", "country"]
      case .timeZone: ["timezone", "tz", "tzid"]
      case .source: ["source"]
      case .selected: ["selected"]
      case .query: ["query"]
      case .point: []
      }
    }
  }

  static func normalized(_ header: String) -> String {
    String(
      decoding: header.trimmingWhitespace().utf8.compactMap { byte -> UInt8? in
        if byte == 0x20 || byte == 0x5F || byte == 0x2D || byte == 0x2E { return nil }
        return (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
      }, as: UTF8.self)
  }

  /// The places in `bytes`, and the header names of the columns that were not used.
  static func read(_ bytes: [UInt8], columns named: PlacesExchange.Columns = .init())
    throws(ImportRefusal) -> PlacesExchange.ReadResult
  {
    let (separator, headerRecord, rows) = try headerAndRows(bytes)
    let headers = headerRecord.fields
    // Cloudy's own export has exactly Cloudy's header; any other file is read for its names,
    // positions, country codes and regions only.
    let foreign = headers.map { $0.trimmingWhitespace() } != header
    try refuseGoogleList(headers, line: headerRecord.line, named: named)
    var columns = try mapColumns(headers, rows: rows, line: headerRecord.line, named: named)
    var router = RecordProblems(foreign: foreign)
    if foreign {
      try ColumnJudgement.judge(
        &columns, headers: headers, rows: rows, named: named, line: headerRecord.line,
        notes: &router.leftOut.notes)
    }
    var ignored = unusedHeaders(headers, columns)
    if foreign { ignoreCloudyOnlyColumns(&columns, &ignored) }
    var places: [PlacesDocument.Place] = []
    for record in rows {
      if let place = rowPlace(
        record, columns, headerCount: headers.count, separator: separator, foreign: foreign,
        &router)
      {
        places.append(place)
      }
    }
    return try router.finish(
      places, qualifiers: [], format: .csv, itemLabel: nil, ignoredFields: ignored,
      nameField: columns[.name]?.header ?? "name")
  }

  /// The file's separator, its header record and the records after it; an empty file (nothing
  /// but blanks, or no record at all) is refused.
  private static func headerAndRows(_ bytes: [UInt8]) throws(ImportRefusal) -> (
    separator: UInt8, header: CSVRecord, rows: ArraySlice<CSVRecord>
  ) {
    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      throw ImportRefusal(ExchangeProblem(line: nil, field: nil, message: "the file is empty"))
    }
    let separator = CSVReader.detectSeparator(bytes)
    let records: [CSVRecord]
    do {
      records = try CSVReader.records(bytes, separator: separator)
    } catch {
      throw ImportRefusal(error)
    }
    guard let headerRecord = records.first else {
      throw ImportRefusal(ExchangeProblem(line: nil, field: nil, message: "the file is empty"))
    }
    return (separator, headerRecord, records.dropFirst())
  }

  /// A foreign file's time zone, source, selected and query columns are not read: they are
  /// reported with the ignored ones.
  private static func ignoreCloudyOnlyColumns(
    _ columns: inout [Column: (index: Int, header: String)], _ ignored: inout [String]
  ) {
    for column in [Column.timeZone, .source, .selected, .query] {
      guard let (_, header) = columns.removeValue(forKey: column) else { continue }
      ignored.append(header)
    }
  }

  /// The place in one row after the header, or nil when the row is left out or has problems
  /// (which go to `router`).
  private static func rowPlace(
    _ record: CSVRecord, _ columns: [Column: (index: Int, header: String)], headerCount: Int,
    separator: UInt8, foreign: Bool, _ router: inout RecordProblems
  ) -> PlacesDocument.Place? {
    let context = RecordContext(line: record.line, item: nil, number: nil)
    if foreign, cellIsEmpty(record, columns[.name]?.index) {
      router.omit(context.problem(columns[.name]?.header ?? "name", "no name; a place needs one"))
      return nil
    }
    if foreign, let point = columns[.point], let why = notAPosition(record, point.index) {
      router.omit(context.problem(point.header, why))
      return nil
    }
    var problems = ProblemList()
    defer { _ = router.settle(problems) }
    if record.fields.count > headerCount,
      record.fields[headerCount...].contains(where: { !$0.trimmingWhitespace().isEmpty })
    {
      problems.add(
        context.problem(
          nil,
          "\(record.fields.count) fields, but the header has \(headerCount) (is a comma inside a name not quoted?)"
        ))
      return nil
    }
    guard var place = place(record, columns, separator: separator, context, &problems),
      problems.isEmpty
    else { return nil }
    if foreign, let region = place.region, Continents.contains(region) { place.region = nil }
    return place
  }

  /// Why a row's WKT cell gives no place: it is empty, or a path or an area.
  private static func notAPosition(_ record: CSVRecord, _ index: Int) -> String? {
    let text = ColumnJudgement.cell(record, index)
    if text.isEmpty { return "no position; a place needs one" }
    if case .otherGeometry(let kind)? = WKTPoint.read(text) { return "is a \(kind), not a point" }
    return nil
  }

  private static func cellIsEmpty(_ record: CSVRecord, _ index: Int?) -> Bool {
    guard let index, index < record.fields.count else { return true }
    return record.fields[index].trimmingWhitespace().isEmpty
  }

  /// Google Takeout's saved lists ("Want to go.csv", "Favourite places.csv") have a title, a
  /// note and a Google Maps link per place, and no position: nothing in them says where a place
  /// is, so they cannot be imported (the same places in "Saved Places.json" can).
  private static func refuseGoogleList(
    _ headers: [String], line: Int, named: PlacesExchange.Columns
  ) throws(ImportRefusal) {
    let names = Set(headers.map(normalized))
    guard names.contains("title"), names.contains("url"), named.latitude == nil,
      !names.contains(where: { Column.latitude.aliases.contains($0) })
    else { return }
    throw ImportRefusal(
      ExchangeProblem(
        line: line, field: nil,
        message:
          "this is a Google Maps saved list (Title, Note, URL): it holds names and links but no positions; import Google Takeout's \"Saved Places.json\" instead"
      ))
  }

  /// Which column holds which field.
  private static func mapColumns(
    _ headers: [String], rows: ArraySlice<CSVRecord>, line: Int, named: PlacesExchange.Columns
  ) throws(ImportRefusal) -> [Column: (index: Int, header: String)] {
    var columns: [Column: (index: Int, header: String)] = [:]
    var used: Set<Int> = []
    try takeNamedColumns(headers, line: line, named: named, &columns, &used)
    try takeColumnsByAlias(headers, line: line, &columns, &used)
    dropLoneXOrY(&columns)
    takePointColumn(headers, rows: rows, &columns)
    try refuseMissingColumns(columns, headers, line: line)
    return columns
  }

  /// The header names of the columns no field uses, in file order.
  private static func unusedHeaders(
    _ headers: [String], _ columns: [Column: (index: Int, header: String)]
  ) -> [String] {
    let usedIndices = Set(columns.values.map(\.index))
    return headers.indices.filter { !usedIndices.contains($0) }.map {
      headers[$0].trimmingWhitespace().isEmpty ? "(column \($0 + 1))" : headers[$0]
    }
  }

  /// Without a latitude and a longitude column, a column of WKT points gives the positions
  /// (Google My Maps' `WKT`, the Wikidata Query Service's `Point(lon lat)`); a lone latitude or
  /// longitude column is then left unused.
  private static func takePointColumn(
    _ headers: [String], rows: ArraySlice<CSVRecord>,
    _ columns: inout [Column: (index: Int, header: String)]
  ) {
    guard columns[.latitude] == nil || columns[.longitude] == nil else { return }
    let used = Set(columns.values.map(\.index))
    guard
      let index = headers.indices.first(where: { index in
        !used.contains(index)
          && WKTPoint.isPointColumn(rows.lazy.map { ColumnJudgement.cell($0, index) })
      })
    else { return }
    columns[.point] = (index, headers[index])
    columns[.latitude] = nil
    columns[.longitude] = nil
  }

  /// Columns the user named come first, matched exactly as written (case and spaces aside); a
  /// name the header does not have refuses the file.
  private static func takeNamedColumns(
    _ headers: [String], line: Int, named: PlacesExchange.Columns,
    _ columns: inout [Column: (index: Int, header: String)], _ used: inout Set<Int>
  ) throws(ImportRefusal) {
    for (column, wanted) in [
      (Column.name, named.name), (.latitude, named.latitude),
      (.longitude, named.longitude),
    ] {
      guard let wanted else { continue }
      guard
        let index = headers.indices.first(where: {
          headers[$0].trimmingWhitespace().lowercased() == wanted.trimmingWhitespace().lowercased()
        })
      else {
        let found = headers.map { "\"\($0)\"" }.joined(separator: ", ")
        throw ImportRefusal(
          ExchangeProblem(
            line: line, field: nil,
            message: "the header has no column \"\(wanted)\" (found \(found))"))
      }
      columns[column] = (index, headers[index])
      used.insert(index)
    }
  }

  /// Each field not yet placed takes the first unused column under its best alias; two unused
  /// columns under the same alias refuse the file.
  private static func takeColumnsByAlias(
    _ headers: [String], line: Int,
    _ columns: inout [Column: (index: Int, header: String)], _ used: inout Set<Int>
  ) throws(ImportRefusal) {
    let normalizedHeaders = headers.map(normalized)
    for column in Column.allCases where columns[column] == nil {
      for alias in column.aliases {
        let matches = normalizedHeaders.indices.filter {
          normalizedHeaders[$0] == alias && !used.contains($0)
        }
        if matches.count > 1 {
          throw ImportRefusal(
            ExchangeProblem(
              line: line, field: nil,
              message:
                "columns \(matches[0] + 1) and \(matches[1] + 1) are both \"\(headers[matches[0]].trimmingWhitespace())\"; keep one"
            ))
        }
        if let index = matches.first {
          columns[column] = (index, headers[index])
          used.insert(index)
          break
        }
      }
    }
  }

  /// x/y only stand for longitude/latitude together (QGIS writes X,Y; a lone x is something else).
  private static func dropLoneXOrY(_ columns: inout [Column: (index: Int, header: String)]) {
    if let x = columns[.longitude], let y = columns[.latitude],
      (normalized(x.header) == "x") != (normalized(y.header) == "y")
    {
      if normalized(x.header) == "x" { columns[.longitude] = nil } else { columns[.latitude] = nil }
    }
  }

  private static func refuseMissingColumns(
    _ columns: [Column: (index: Int, header: String)], _ headers: [String], line: Int
  ) throws(ImportRefusal) {
    let needed = columns[.point] == nil ? [Column.name, .latitude, .longitude] : [Column.name]
    let missing = needed.filter { columns[$0] == nil }
    if !missing.isEmpty {
      let found = headers.map { "\"\($0)\"" }.joined(separator: ", ")
      throw ImportRefusal(
        ExchangeProblem(
          line: line, field: nil,
          message:
            "the header has no \(missing.map(\.rawValue).joined(separator: " or ")) column; it needs name, latitude and longitude (found \(found))"
        ))
    }
  }

  private static func place(
    _ record: CSVRecord, _ columns: [Column: (index: Int, header: String)], separator: UInt8,
    _ context: RecordContext, _ problems: inout ProblemList
  ) -> PlacesDocument.Place? {
    func cell(_ column: Column) -> String {
      guard let index = columns[column]?.index, index < record.fields.count else { return "" }
      return record.fields[index]
    }
    func field(_ column: Column) -> String { columns[column]?.header ?? column.rawValue }
    func number(_ column: Column) -> (value: Double, text: String)? {
      let text = cell(column).trimmingWhitespace()
      guard !text.isEmpty else {
        problems.add(context.problem(field(column), "is empty"))
        return nil
      }
      guard let value = NumberText.parseCell(text, decimalComma: separator != 0x2C) else {
        problems.add(context.problem(field(column), "\"\(text)\" is not a number"))
        return nil
      }
      return (value, text)
    }
    let name = PlaceFields.name(cell(.name), field: field(.name), context, &problems)
    let coordinate: Coordinate?
    if columns[.point] != nil {
      coordinate = pointCoordinate(cell(.point), field: field(.point), context, &problems)
    } else {
      coordinate = PlaceFields.coordinate(
        latitude: number(.latitude), longitude: number(.longitude),
        fields: (field(.latitude), field(.longitude)), context, &problems)
    }
    let region = PlaceFields.text(cell(.region), field: field(.region), context, &problems)
    let country = PlaceFields.countryCode(
      cell(.country), field: field(.country), context, &problems)
    let timeZone = PlaceFields.timeZone(
      cell(.timeZone), field: field(.timeZone), context, &problems)
    let source = PlaceFields.source(cell(.source), field: field(.source), context, &problems)
    let selected = PlaceFields.flag(cell(.selected), field: field(.selected), context, &problems)
    let query = PlaceFields.text(cell(.query), field: field(.query), context, &problems)
    guard let name, let coordinate else { return nil }
    return PlacesDocument.Place(
      name: name, query: query, coordinate: coordinate, countryCode: country, region: region,
      timeZone: timeZone, source: source, selected: selected, origin: context.origin)
  }

  /// The position in a WKT cell; its numbers are checked like any latitude and longitude.
  private static func pointCoordinate(
    _ text: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  ) -> Coordinate? {
    switch WKTPoint.read(text) {
    case .point(let longitude, let latitude)?:
      return XMLPosition.coordinate(
        latitude: latitude, longitude: longitude,
        fields: ("latitude (\(field))", "longitude (\(field))"), context, &problems)
    case .otherGlobe(let globe)?:
      problems.add(context.problem(field, "is a point on another globe (\(globe)), not on Earth"))
    case .otherGeometry(let kind)?:
      problems.add(context.problem(field, "is a \(kind), not a point"))
    case .unreadable?, nil:
      problems.add(context.problem(field, "\"\(text.trimmingWhitespace())\" is not a WKT point"))
    }
    return nil
  }
}

import CloudyModels

/// Columns of another tool's CSV judged by what they hold, not only by their header: a header
/// says what a column was meant for, its cells what it is.
///
/// - A name column of links (`http://www.wikidata.org/entity/Q249884`, as the Wikidata Query
///   Service writes an item) is not the names: the `…Label` column beside it is, and is taken,
///   with a note.
/// - A name column that repeats across most rows ("Houston" in 24 of 25) while another text
///   column differs in every row (the street address) is most likely the city, not the place's
///   name. Which one the user means cannot be known, so the file is refused, naming both; a
///   column the user named (`Columns.name`) is never second-guessed.
/// - A country column in which no cell is an ISO 3166-1 alpha-2 code (entity links, names,
///   three-letter codes) is not read, with a note: it is not a reason to refuse every row. A
///   column of codes with a few bad cells still names those cells as problems.
enum ColumnJudgement {
  typealias Columns = [PlacesCSV.Column: (index: Int, header: String)]

  static func judge(
    _ columns: inout Columns, headers: [String], rows: ArraySlice<CSVRecord>,
    named: PlacesExchange.Columns, line: Int, notes: inout [String]
  ) throws(ImportRefusal) {
    if named.name == nil {
      takeLabelsForLinks(&columns, headers: headers, rows: rows, notes: &notes)
      try refuseRepeatingNames(columns, headers: headers, rows: rows, line: line)
    }
    ignoreCountriesThatAreNotCodes(&columns, rows: rows, notes: &notes)
  }

  static func cell(_ record: CSVRecord, _ index: Int) -> String {
    index < record.fields.count ? record.fields[index].trimmingWhitespace() : ""
  }

  static func isLink(_ text: String) -> Bool {
    text.hasPrefix("http://") || text.hasPrefix("https://")
  }

  /// Most names are links and `<header>Label` exists: the labels are the names.
  private static func takeLabelsForLinks(
    _ columns: inout Columns, headers: [String], rows: ArraySlice<CSVRecord>,
    notes: inout [String]
  ) {
    guard let name = columns[.name] else { return }
    let cells = rows.map { cell($0, name.index) }.filter { !$0.isEmpty }
    let links = cells.filter(isLink)
    guard let firstLink = links.first, links.count * 2 > cells.count else { return }
    let used = Set(columns.values.map(\.index))
    let wanted = PlacesCSV.normalized(name.header) + "label"
    guard
      let label = headers.indices.first(where: {
        !used.contains($0) && PlacesCSV.normalized(headers[$0]) == wanted
      })
    else { return }
    columns[.name] = (label, headers[label])
    notes.append(
      "names read from \"\(headers[label])\": \"\(name.header)\" holds links (\(firstLink)), not names"
    )
  }

  /// The name column gives one name to most of the file's places (rows at different positions;
  /// a row repeating a place is `RepeatedPlaces`' concern) while another text column is
  /// different in every row: refused, naming both (`ImportRefusal.nameColumnChoice`).
  private static func refuseRepeatingNames(
    _ columns: Columns, headers: [String], rows: ArraySlice<CSVRecord>, line: Int
  ) throws(ImportRefusal) {
    guard let name = columns[.name], rows.count >= 3 else { return }
    var places: Set<String> = []
    var counts: [String: (count: Int, text: String)] = [:]
    for record in rows {
      let text = cell(record, name.index)
      guard !text.isEmpty else { continue }
      let key = PlaceName.uniquenessKey(text)
      guard places.insert(key + "|" + position(record, columns)).inserted else { continue }
      counts[key] = ((counts[key]?.count ?? 0) + 1, counts[key]?.text ?? text)
    }
    guard places.count >= 3, let top = counts.values.max(by: { $0.count < $1.count }),
      top.count * 2 > places.count
    else { return }
    let used = Set(columns.values.map(\.index))
    guard
      let candidate = headers.indices.first(where: {
        !used.contains($0) && differsInEveryRow(rows, $0)
      })
    else { return }
    var refusal = ImportRefusal(
      ExchangeProblem(
        line: line, field: name.header,
        message:
          "\"\(top.text)\" names \(top.count) of the \(places.count) places, while \"\(headers[candidate])\" is different in every row: which column holds the names?"
      ))
    refusal.nameColumnChoice = .init(repeating: name.header, candidate: headers[candidate])
    throw refusal
  }

  /// A row's position on a grid of about 50 m, as text: rows with the same name and position
  /// are one place written twice.
  private static func position(_ record: CSVRecord, _ columns: Columns) -> String {
    var latitude: Double?
    var longitude: Double?
    if let point = columns[.point] {
      if case .point(let lon, let lat)? = WKTPoint.read(cell(record, point.index)) {
        latitude = NumberText.parseCell(lat, decimalComma: false)
        longitude = NumberText.parseCell(lon, decimalComma: false)
      }
    } else if let lat = columns[.latitude], let lon = columns[.longitude] {
      latitude = NumberText.parseCell(cell(record, lat.index), decimalComma: true)
      longitude = NumberText.parseCell(cell(record, lon.index), decimalComma: true)
    }
    guard let latitude, let longitude, latitude.isFinite, longitude.isFinite else { return "?" }
    return "\((latitude * 2000).rounded())/\((longitude * 2000).rounded())"
  }

  /// Every row has text in the column, no two alike, each with a letter and none of it a link
  /// or a position: a column that could name each place (a store number such as
  /// `47370-257954` has no letter).
  private static func differsInEveryRow(_ rows: ArraySlice<CSVRecord>, _ index: Int) -> Bool {
    var seen: Set<String> = []
    for record in rows {
      let text = cell(record, index)
      guard text.contains(where: \.isLetter), !isLink(text), WKTPoint.read(text) == nil,
        seen.insert(PlaceName.uniquenessKey(text)).inserted
      else { return false }
    }
    return true
  }

  /// No cell of the country column is a two-letter code: the column is not read.
  private static func ignoreCountriesThatAreNotCodes(
    _ columns: inout Columns, rows: ArraySlice<CSVRecord>, notes: inout [String]
  ) {
    guard let country = columns[.country] else { return }
    let cells = rows.map { cell($0, country.index) }.filter { !$0.isEmpty }
    guard let first = cells.first, !cells.contains(where: isCountryCode) else { return }
    columns[.country] = nil
    notes.append(
      "countries not read: \"\(country.header)\" holds no two-letter ISO 3166-1 codes (it holds \"\(first)\")"
    )
  }

  static func isCountryCode(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 2 && bytes.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
  }
}

import CloudyModels

/// Where a record is in a file, for the problems found in it.
struct RecordContext {
  let line: Int
  /// "feature 3", "place 2"; nil for CSV, whose records are named by line.
  let item: String?
  let number: Int?

  func problem(_ field: String?, _ message: String) -> ExchangeProblem {
    ExchangeProblem(line: line, item: item, field: field, message: message)
  }

  var origin: PlacesDocument.Origin { PlacesDocument.Origin(line: line, item: number) }
}

/// The rules every imported place meets, whatever the format: the same the store and
/// `cloudy-locations add` apply, checked here so that a file is refused whole, with every bad
/// field named, before anything is written.
enum PlaceFields {
  /// Longest region or query kept (the name's own limit is `PlaceName.maximumLength`).
  static let maximumTextLength = 200

  static func name(
    _ raw: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  )
    -> String?
  {
    do {
      return try PlaceName.validated(raw)
    } catch {
      problems.add(context.problem(field, error.description))
      return nil
    }
  }

  /// A latitude/longitude pair; each bad half is named on its own. A half that could not be
  /// read at all (nil; its problem already added) still lets the other half be checked.
  static func coordinate(
    latitude: (value: Double, text: String)?, longitude: (value: Double, text: String)?,
    fields: (String, String), _ context: RecordContext, _ problems: inout ProblemList
  ) -> Coordinate? {
    func check(_ half: (value: Double, text: String)?, _ limit: Double, _ field: String) -> Bool {
      guard let half else { return false }
      if !half.value.isFinite {
        problems.add(context.problem(field, "\(half.text) is not a finite number"))
        return false
      }
      if !(-limit...limit).contains(half.value) {
        problems.add(
          context.problem(field, "\(half.text) is outside \(Int(-limit))…\(Int(limit))"))
        return false
      }
      return true
    }
    let latitudeOK = check(latitude, 90, fields.0)
    let longitudeOK = check(longitude, 180, fields.1)
    guard latitudeOK, longitudeOK, let latitude, let longitude else { return nil }
    return try? Coordinate(latitude: latitude.value, longitude: longitude.value)
  }

  /// ISO 3166-1 alpha-2, any case (stored upper-case); empty means none.
  static func countryCode(
    _ raw: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  ) -> String? {
    let text = raw.trimmingWhitespace()
    guard !text.isEmpty else { return nil }
    let bytes = Array(text.utf8)
    guard bytes.count == 2, bytes.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
      problems.add(
        context.problem(
          field, "\"\(text)\" is not a two-letter ISO 3166-1 country code (such as US or FR)"))
      return nil
    }
    return String(decoding: bytes.map { $0 & ~0x20 }, as: UTF8.self)
  }

  /// Free text (region, query): trimmed, empty means none, no control characters.
  static func text(
    _ raw: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  )
    -> String?
  {
    let text = raw.trimmingWhitespace()
    guard !text.isEmpty else { return nil }
    if text.unicodeScalars.count > maximumTextLength {
      problems.add(
        context.problem(
          field,
          "is \(text.unicodeScalars.count) characters long; at most \(maximumTextLength) are kept"))
      return nil
    }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      problems.add(context.problem(field, "contains a control character (a line break or tab)"))
      return nil
    }
    return text
  }

  /// An IANA time zone name such as `America/New_York` or `Etc/GMT+5`; empty means none.
  /// Only its spelling is checked: whether this machine knows the zone is the viewer's concern.
  static func timeZone(
    _ raw: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  ) -> String? {
    let text = raw.trimmingWhitespace()
    guard !text.isEmpty else { return nil }
    let allowed = text.utf8.allSatisfy { byte in
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "+")
    }
    guard allowed, text.utf8.count <= 64, !text.hasPrefix("/"), !text.hasSuffix("/"),
      !text.contains("//")
    else {
      problems.add(
        context.problem(field, "\"\(text)\" is not a time zone name (such as Europe/Paris)"))
      return nil
    }
    return text
  }

  /// `gazetteer`, `coordinates` or `geocoding-service`; empty means `coordinates` (the
  /// coordinates came from the file, as if typed).
  static func source(
    _ raw: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  ) -> LocationSource {
    let text = raw.trimmingWhitespace()
    guard !text.isEmpty else { return .coordinates }
    guard let source = LocationSource(rawValue: text) else {
      problems.add(
        context.problem(
          field,
          "\"\(text)\" is not a source; use \(LocationSource.allCases.map(\.rawValue).joined(separator: ", "))"
        ))
      return .coordinates
    }
    return source
  }

  /// A yes/no cell as spreadsheets write it: true/false, yes/no, 1/0, x; empty means no.
  static func flag(
    _ raw: String, field: String, _ context: RecordContext, _ problems: inout ProblemList
  )
    -> Bool
  {
    switch String(decoding: raw.trimmingWhitespace().utf8.map { $0 | 0x20 }, as: UTF8.self) {
    case "", "false", "no", "n", "0", "f": return false
    case "true", "yes", "y", "1", "t", "x": return true
    default:
      problems.add(context.problem(field, "\"\(raw)\" is not true or false"))
      return false
    }
  }

  /// The checks across places: no name twice (the store's case rule), at most one selection,
  /// not more places than the documented limit. `itemLabel` is "feature" or "place" for formats
  /// that number their records, nil for CSV (named by line).
  static func checkList(
    _ places: [PlacesDocument.Place], currentSelected: Bool, itemLabel: String?,
    nameField: String = "name", _ problems: inout ProblemList
  ) {
    if places.count > ExchangeLimits.maximumPlaces {
      problems.add(
        ExchangeProblem(
          line: nil, field: nil,
          message:
            "the file has \(places.count) places, over the limit of \(ExchangeLimits.maximumPlaces)"
        ))
    }
    var check = PlaceListCheck(places: places, itemLabel: itemLabel, nameField: nameField)
    for (index, place) in places.enumerated() {
      check.checkName(of: place, at: index, &problems)
      guard place.selected else { continue }
      check.checkSelection(of: place, currentSelected: currentSelected, &problems)
    }
  }
}

/// One pass of `PlaceFields.checkList` over the places: where each name (by the store's case
/// rule) was first seen, and the place selected so far.
private struct PlaceListCheck {
  let places: [PlacesDocument.Place]
  let itemLabel: String?
  let nameField: String
  var firstByKey: [String: Int] = [:]
  var selected: PlacesDocument.Place?

  init(places: [PlacesDocument.Place], itemLabel: String?, nameField: String) {
    self.places = places
    self.itemLabel = itemLabel
    self.nameField = nameField
    firstByKey.reserveCapacity(places.count)
  }

  /// A name already in the file is a problem naming where it first was.
  mutating func checkName(
    of place: PlacesDocument.Place, at index: Int, _ problems: inout ProblemList
  ) {
    let key = PlaceName.uniquenessKey(place.name)
    if let firstIndex = firstByKey[key] {
      let here = context(place)
      let first = places[firstIndex]
      let same = first.name == place.name ? "" : " as \"\(first.name)\""
      problems.add(
        here.problem(
          nameField,
          "\"\(place.name)\" is already in the file\(same) (\(location(first))); names are compared ignoring case"
        ))
    } else {
      firstByKey[key] = index
    }
  }

  /// A selected place is a problem when another place, or the current location, already is.
  mutating func checkSelection(
    of place: PlacesDocument.Place, currentSelected: Bool, _ problems: inout ProblemList
  ) {
    let here = context(place)
    if let selected {
      problems.add(
        here.problem(
          "selected", "another place is already selected (\(location(selected))); select one"))
    } else if currentSelected {
      problems.add(
        here.problem("selected", "the current location is already selected; select one"))
    } else {
      selected = place
    }
  }

  /// A place's record as its problems name it: its line, and its item when the format numbers
  /// them.
  func context(_ place: PlacesDocument.Place) -> RecordContext {
    let number = place.origin?.item
    return RecordContext(
      line: place.origin?.line ?? 0,
      item: number.flatMap { number in itemLabel.map { "\($0) \(number)" } }, number: number)
  }

  /// Where another place is, as a problem points to it.
  func location(_ place: PlacesDocument.Place) -> String {
    let other = context(place)
    return other.item.map { "\($0), line \(other.line)" } ?? "line \(other.line)"
  }
}

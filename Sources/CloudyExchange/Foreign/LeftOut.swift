import CloudyModels

/// What a file written by another tool held that is not imported, kept apart from the places so
/// the report can count it by reason.
///
/// Two kinds, because they ask different things of the user:
/// - `omitted`: records that are not places at all — no position (Google's `[0,0]` with no
///   location, a feature without geometry), a line or a track, an empty name. They are skipped
///   and counted on every import; there is nothing to fix.
/// - `invalid`: records that look like places but cannot be stored (a latitude of 91, a country
///   code of three letters). Plain `import` refuses the file and says how many would be
///   imported; `import --skip-invalid` imports the rest in one transaction and lists these.
///
/// Cloudy's own exports never use either: a problem in one of them refuses the whole file.
public struct LeftOut: Sendable, Equatable {
  /// Records that are not places, one problem each, in file order.
  public internal(set) var omitted: [ExchangeProblem] = []
  /// Problems of the records that cannot be stored, in file order (a record may have several).
  public internal(set) var invalid: [ExchangeProblem] = []
  /// How many records `invalid` speaks of.
  public internal(set) var invalidRecords = 0
  /// Names made distinct because the file had them more than once.
  public internal(set) var renamed: [Renamed] = []
  /// Polygons and MultiPolygons imported as the place at their centre.
  public internal(set) var outlines = 0
  /// Records that repeat a place already in the file (`RepeatedPlaces`), imported once.
  public internal(set) var repeated: [Repeated] = []
  /// How near a record with an earlier record's name must be to repeat it.
  public static let repeatedWithinMetres = RepeatedPlaces.metres
  /// What was decided about the file's columns, to be said on import ("countries not read:
  /// …", "names read from …").
  public internal(set) var notes: [String] = []

  /// A repeated name and the name it was imported under.
  public struct Renamed: Sendable, Equatable {
    public let original: String
    public let name: String
    public let origin: String
  }

  /// A record with the name and position of an earlier one: where it is, and where the place
  /// it repeats is.
  public struct Repeated: Sendable, Equatable {
    public let name: String
    public let origin: String
    public let first: String
  }

  public init() {}

  public var isEmpty: Bool {
    omitted.isEmpty && invalid.isEmpty && renamed.isEmpty && outlines == 0 && repeated.isEmpty
      && notes.isEmpty
  }

  /// Problems grouped by reason, most frequent first (ties in file order), each with its count
  /// and first occurrence: what the report prints before any example, so that a reason met
  /// once is never hidden behind thousands of another.
  public static func byReason(_ problems: [ExchangeProblem]) -> [(
    reason: String, count: Int, first: ExchangeProblem
  )] {
    var order: [String] = []
    var groups: [String: (count: Int, first: ExchangeProblem)] = [:]
    for problem in problems {
      let reason = problem.reason
      if let group = groups[reason] {
        groups[reason] = (group.count + 1, group.first)
      } else {
        groups[reason] = (1, problem)
        order.append(reason)
      }
    }
    return order.enumerated().sorted { lhs, rhs in
      let left = groups[lhs.element]!.count
      let right = groups[rhs.element]!.count
      return left != right ? left > right : lhs.offset < rhs.offset
    }.map {
      (reason: $0.element, count: groups[$0.element]!.count, first: groups[$0.element]!.first)
    }
  }
}

extension ExchangeProblem {
  /// The problem without what differs from record to record (quoted values, numbers, array
  /// indexes), so that "latitude: 91 is outside -90…90" and "latitude: 95 is outside -90…90"
  /// are one reason.
  public var reason: String {
    var text = ""
    var inQuote = false
    var lastWasNumber = false
    let whole = (field.map { "\($0): " } ?? "") + message
    for character in whole {
      if character == "\"" {
        if !inQuote { text += "\"…\"" }
        inQuote.toggle()
        lastWasNumber = false
        continue
      }
      if inQuote { continue }
      let isDigit = character.isASCII && character.isNumber
      if isDigit || (lastWasNumber && (character == "." || character == ",")) {
        if !lastWasNumber { text += "N" }
        lastWasNumber = isDigit || lastWasNumber
        continue
      }
      lastWasNumber = false
      text.append(character)
    }
    return text
  }
}

/// Routes each record's problems: into the refusal for Cloudy's own files (all or nothing),
/// into `LeftOut.invalid` for other tools' files (imported only with `--skip-invalid`).
struct RecordProblems {
  let foreign: Bool
  var problems = ProblemList()
  var leftOut = LeftOut()

  /// Takes one record's problems; true when the record is clean and its place can be kept.
  mutating func settle(_ record: ProblemList) -> Bool {
    guard !record.isEmpty else { return true }
    if foreign {
      leftOut.invalid += record.problems
      leftOut.invalidRecords += 1
    } else {
      for problem in record.problems { problems.add(problem) }
    }
    return false
  }

  /// The places read, checked across the file (names told apart first in a foreign file), as
  /// the read's result; throws the refusal when anything must refuse the file.
  mutating func finish(
    _ places: [PlacesDocument.Place], qualifiers: [String?], format: ExchangeFormat,
    itemLabel: String?, ignoredFields: [String] = [], nameField: String = "name"
  ) throws(ImportRefusal) -> PlacesExchange.ReadResult {
    var places = places
    var qualifiers = qualifiers
    if foreign {
      RepeatedPlaces.remove(
        &places, qualifiers: &qualifiers, leftOut: &leftOut, itemLabel: itemLabel)
      DistinctNames.apply(
        &places, qualifiers: qualifiers, leftOut: &leftOut, itemLabel: itemLabel)
    }
    PlaceFields.checkList(
      places, currentSelected: false, itemLabel: itemLabel, nameField: nameField, &problems)
    try problems.check()
    return PlacesExchange.ReadResult(
      document: PlacesDocument(places: places), format: format, ignoredFields: ignoredFields,
      foreign: foreign, leftOut: leftOut)
  }

  /// A record that is not a place: counted, never a reason to refuse a foreign file. In
  /// Cloudy's own files there are none, so there it is a problem like any other.
  mutating func omit(_ problem: ExchangeProblem) {
    if foreign { leftOut.omitted.append(problem) } else { problems.add(problem) }
  }
}

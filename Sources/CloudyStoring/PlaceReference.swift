public import CloudyModels

/// How a user points at a saved place without an index path: by the number the list shows, or
/// by name; a front-end that hands a place to another process names it by its id, which a
/// reorder or a rename in between cannot change.
public enum PlaceReference: Hashable, Sendable {
  /// The place's id (`location.id`), as `cloudy-locations list --json` gives it.
  case id(Location.ID)
  /// 1-based, over Saved Locations in the order the list shows them.
  case number(Int)
  /// Matched ignoring case: the whole name first, else a unique beginning ("Rich" for
  /// "Richmond, Virginia, US"); else as the place was added or without accents (see
  /// `index(in:)`).
  case name(String)

  /// What the command line accepts: digits only (ASCII) mean a row number, anything else a
  /// name. A place whose name is all digits is reached with `asName: true` (`--name`).
  public init(_ typed: String, asName: Bool = false) {
    let trimmed = typed.trimmingWhitespace()
    if !asName, !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      // Digits that overflow Int are a row that does not exist; Int.max says so.
      self = .number(Int(trimmed) ?? Int.max)
    } else {
      self = .name(typed)
    }
  }

  /// How many candidates an ambiguity error names.
  public static let namedCandidates = 5

  /// The index in `locations` (the list, in order) of the place meant. The rules, in order:
  /// the exact name; the name ignoring case; the one name that begins with it, ignoring case;
  /// then, folded by `PlaceNameKey` (no accents, case or apostrophes), the name or the query it
  /// was added under (what the user typed: "Wien" for the place saved as Vienna, "Poznan" for
  /// Poznań), else the one name that begins with it. Several matches are refused with the
  /// candidates at every step.
  /// Case is Unicode case here; a store that looks names up in an index folds ASCII case
  /// only, and falls back to these rules for text with other letters (see
  /// `LocationRepository.locate`).
  public func index(in locations: [Location]) throws(PlaceReferenceError) -> Int {
    switch self {
    case .id(let id):
      guard let index = locations.firstIndex(where: { $0.id == id }) else {
        throw .noPlaceWithID(id)
      }
      return index
    case .number(let number):
      guard number >= 1, number <= locations.count else {
        throw .rowOutOfRange(number, count: locations.count)
      }
      return number - 1
    case .name(let typed):
      let name = typed.trimmingWhitespace()
      if let exact = locations.firstIndex(where: { $0.name == name }) { return exact }
      let lowered = name.lowercased()
      let equal = locations.indices.filter { locations[$0].name.lowercased() == lowered }
      let matches =
        equal.isEmpty
        ? locations.indices.filter {
          !lowered.isEmpty && locations[$0].name.lowercased().hasPrefix(lowered)
        }
        : equal
      guard let first = matches.first else {
        if let folded = try Self.foldedIndex(typed, in: locations) { return folded }
        throw .noPlaceNamed(
          typed, saved: locations.prefix(Self.namedCandidates).map(\.name),
          savedCount: locations.count)
      }
      guard matches.count == 1 else {
        throw .ambiguousName(
          typed,
          matches: matches.prefix(Self.namedCandidates).map { "\($0 + 1) \(locations[$0].name)" },
          matchCount: matches.count)
      }
      return first
    }
  }

  /// The place `typed` names once accents, case and apostrophes are folded: one whose name or
  /// query is the same, else the one whose name begins with it; nil when none does.
  public static func foldedIndex(_ typed: String, in locations: [Location])
    throws(PlaceReferenceError)
    -> Int?
  {
    let key = PlaceNameKey.fold(typed)
    guard !key.isEmpty else { return nil }
    let keys = locations.map { (PlaceNameKey.fold($0.name), $0.query.map(PlaceNameKey.fold)) }
    var matches = keys.indices.filter { keys[$0].0 == key || keys[$0].1 == key }
    if matches.isEmpty {
      matches = keys.indices.filter { keys[$0].0.hasPrefix(key) }
    }
    guard let first = matches.first else { return nil }
    guard matches.count == 1 else {
      throw .ambiguousName(
        typed,
        matches: matches.prefix(namedCandidates).map { "\($0 + 1) \(locations[$0].name)" },
        matchCount: matches.count)
    }
    return first
  }
}

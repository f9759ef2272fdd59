/// How a candidate matched what the user typed. Only a whole-name match is a place the user
/// named: front-ends save one of those on their own, and offer the others to be chosen on purpose.
public enum PlaceMatch: Hashable, Sendable {
  /// The query is the place's name, ignoring case, diacritics, punctuation and St/Saint.
  case name
  /// The query is one of the place's other names (a local name, an exonym, an old name, a code,
  /// another script): "Wien" for Vienna. Carries the name as the user typed it.
  case alternateName(String)
  /// The place's name begins with the query ("Springf" → Springfield), or, when given, one of
  /// its other names does ("Mosk" → Moscow by "Moskva").
  case prefix(alternateName: String?)
  /// A name a few letters away from the query ("Richmnd" → Richmond).
  case near

  /// True when the user named this place whole: what `add NAME` may save without being asked.
  public var isWholeName: Bool {
    switch self {
    case .name, .alternateName: true
    case .prefix, .near: false
    }
  }

  /// The other name that matched, when it is not the place's own name.
  public var alternateName: String? {
    switch self {
    case .alternateName(let name): name
    case .prefix(let name): name
    case .name, .near: nil
    }
  }
}

public import CloudyModels
public import CloudyServices
public import CloudyStoring

/// The "add a place" screen: the user types a query, sees candidates, chooses one to save.
///
/// Setting `query.value` searches at once (geocoding is local and synchronous) and moves
/// `state` through `.searching` to `.results`, `.closeMatches`, `.noResults` or `.failed`; a
/// blank query is `.idle`. `candidates` are updated before `state` announces them, so a state
/// observer reads the new rows.
///
/// Every front-end follows one rule: only a place the user named whole is saved without asking
/// (`bestNamedCandidate`, the first row in `.results`); prefix and near matches are offered, and
/// saved only when the user picks one (`choose(at:)`).
///
/// The store is opened only when a candidate is chosen (`openStore`), so a front-end that only
/// searches never creates the database.
///
/// Threading: a plain, non-`Sendable` class, used on the thread (or task) that created it.
public final class AddLocationViewModel {
  /// What the screen shows while the user types: one state at a time, so no front-end can show
  /// results and an error together.
  public enum State: Equatable, Sendable {
    /// Nothing typed yet (or only spaces).
    case idle
    case searching
    /// The first row names the place whole (by its name or another of its names); the rows
    /// after it may be other places of that name, then longer names that begin with it.
    case results
    /// Nothing is named so; the rows are the closest places (names that begin with the query,
    /// or are spelled nearly like it), to be chosen on purpose.
    case closeMatches
    /// Nothing matches, not even nearly.
    case noResults
    /// The query cannot be looked up (empty qualifiers, too long, no place list).
    case failed(GeocodingError)
  }

  // MARK: - Properties

  /// What the user typed; the front-end writes it, the view model searches.
  public let query = Observable("")
  public let state = Observable(State.idle)
  /// The place saved by `choose(at:)`, announced after the store accepted it.
  public let chosen = Observable<Location?>(nil)

  /// The rows of the last search, best first: whole-name matches then prefix matches, or, when
  /// nothing begins with the query, near matches ("Richmnd" → Richmond, …). Each says how it
  /// matched (`PlaceCandidate.match`).
  public private(set) var candidates: [PlaceCandidate] = []
  /// The most candidates a search returns.
  public let limit: Int

  private let geocoder: any Geocoder
  private let openStore: () throws -> any LocationStoring
  private var queryObservation: ObservationToken?

  // MARK: - Initialization

  /// - Parameters:
  ///   - limit: the most candidates shown (at least 1).
  ///   - openStore: called when a candidate is chosen, and only then.
  public init(
    geocoder: any Geocoder, limit: Int = 10, openStore: @escaping () throws -> any LocationStoring
  ) {
    self.geocoder = geocoder
    self.limit = max(1, limit)
    self.openStore = openStore
    queryObservation = query.bind { [weak self] text in self?.search(text) }
  }

  /// For a front-end whose store is already open.
  public convenience init(geocoder: any Geocoder, limit: Int = 10, store: any LocationStoring) {
    self.init(geocoder: geocoder, limit: limit, openStore: { store })
  }

  // MARK: - Rows

  public var numberOfRows: Int { candidates.count }

  /// nil for a row that does not exist.
  public func viewModel(at row: Int) -> PlaceCandidateRowViewModel? {
    guard candidates.indices.contains(row) else { return nil }
    return PlaceCandidateRowViewModel(
      candidate: candidates[row], number: row + 1, query: query.value.trimmingWhitespace())
  }

  /// The row to save when the user does not choose: the first, if the user named it whole.
  public var bestNamedCandidate: Int? {
    state.value == .results && candidates.first?.match.isWholeName == true ? 0 : nil
  }

  // MARK: - Actions

  /// Saves the candidate at `row` (0-based) with the query that found it, then announces it
  /// on `chosen`. Throws `AddLocationError.noSuchCandidate` for a row that does not exist, and
  /// whatever the store throws (a duplicate name, say); nothing is saved then.
  @discardableResult
  public func choose(at row: Int) throws -> Location {
    guard candidates.indices.contains(row) else {
      throw AddLocationError.noSuchCandidate(row + 1, count: candidates.count)
    }
    let store = try openStore()
    let location = try store.add(
      candidates[row].newLocation(query: query.value.trimmingWhitespace()))
    chosen.value = location
    return location
  }

  // MARK: - Searching

  private func search(_ typed: String) {
    let text = typed.trimmingWhitespace()
    guard !text.isEmpty else {
      candidates = []
      state.value = .idle
      return
    }
    state.value = .searching
    do {
      candidates = try geocoder.search(text, limit: limit)
    } catch {
      candidates = []
      state.value = .failed(error)
      return
    }
    if candidates.isEmpty {
      candidates = geocoder.suggestions(for: text, limit: min(limit, 5))
    }
    state.value =
      candidates.first?.match.isWholeName == true
      ? .results : candidates.isEmpty ? .noResults : .closeMatches
  }
}

/// One candidate row, e.g. "Vienna, Wien, AT" / "48.2085° N, 16.3721° E" / "matched “Wien”".
public struct PlaceCandidateRowViewModel: Hashable, Sendable {
  public let candidate: PlaceCandidate
  /// 1-based, as the command line's `--pick` counts.
  public let number: Int
  /// What the user typed, to say how the row matched it.
  public let query: String

  public init(candidate: PlaceCandidate, number: Int, query: String = "") {
    self.candidate = candidate
    self.number = number
    self.query = query
  }

  public var text: String { candidate.displayName }
  public var detailText: String { candidate.coordinate.displayText }
  /// How it matched: the place's name, another of its names, a prefix, or nearly.
  public var match: PlaceMatch { candidate.match }
  /// True when the user named this place whole (its name or another of its names).
  public var isWholeName: Bool { candidate.match.isWholeName }

  /// Said beside the row when the match is not simply the place's name: `matched “Wien”`,
  /// `begins with “Springf”`, `spelled like “Richmnd”`; nil for a place named as typed.
  public var matchText: String? {
    let typed = query.split(separator: ",", maxSplits: 1).first.map(String.init) ?? query
    switch candidate.match {
    case .name: return nil
    case .alternateName(let name): return "matched \u{201C}\(name)\u{201D}"
    case .prefix(let name?): return "matched \u{201C}\(name)\u{201D}"
    case .prefix(nil): return "begins with \u{201C}\(typed.trimmingWhitespace())\u{201D}"
    case .near: return "spelled like \u{201C}\(typed.trimmingWhitespace())\u{201D}"
    }
  }

  /// "Vienna, Wien, AT — matched “Wien”": the text with how it matched, when that says more.
  public var textWithMatch: String {
    matchText.map { "\(text) \u{2014} \($0)" } ?? text
  }
}

/// Why choosing a candidate was refused; nothing was saved.
public enum AddLocationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A 1-based candidate number outside the list.
  case noSuchCandidate(Int, count: Int)

  public var description: String {
    switch self {
    case .noSuchCandidate(let number, let count):
      count == 0
        ? "there is no candidate \(number): the search found no places"
        : "there is no candidate \(number): the search found \(count) (1…\(count))"
    }
  }
}

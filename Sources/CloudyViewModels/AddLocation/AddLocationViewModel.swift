import CloudyModels
import CloudyServices
import CloudyStoring

/// The "add a place" screen: the user types a query, sees candidates, chooses one to save.
///
/// Setting `query.value` searches at once (geocoding is local and synchronous) and moves
/// `state` through `.searching` to `.results`, `.noResults` or `.failed`; a blank query is
/// `.idle`. `candidates` (and, after `.noResults`, `suggestions`) are updated before `state`
/// announces them, so a state observer reads the new rows.
///
/// The store is opened only when a candidate is chosen (`openStore`), so a front-end that only
/// searches never creates the database.
///
/// Threading: a plain, non-`Sendable` class, used on the thread (or task) that created it.
public final class AddLocationViewModel {
  public enum State: Equatable, Sendable {
    /// Nothing typed yet (or only spaces).
    case idle
    case searching
    /// `candidates` holds the matches, best first.
    case results
    /// Nothing matches; `suggestions` holds near matches (maybe none).
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

  /// The matches of the last search, best first.
  public private(set) var candidates: [PlaceCandidate] = []
  /// Near matches when the last search found nothing ("Richmnd" → Richmond, …).
  public private(set) var suggestions: [PlaceCandidate] = []
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
    return PlaceCandidateRowViewModel(candidate: candidates[row], number: row + 1)
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
      suggestions = []
      state.value = .idle
      return
    }
    state.value = .searching
    do {
      candidates = try geocoder.search(text, limit: limit)
    } catch {
      candidates = []
      suggestions = []
      state.value = .failed(error)
      return
    }
    suggestions = candidates.isEmpty ? geocoder.suggestions(for: text, limit: 5) : []
    state.value = candidates.isEmpty ? .noResults : .results
  }
}

/// One candidate row, e.g. "Richmond, Virginia, US" / "37.5538° N, 77.4603° W".
public struct PlaceCandidateRowViewModel: Hashable, Sendable {
  public let candidate: PlaceCandidate
  /// 1-based, as the command line's `--pick` counts.
  public let number: Int

  public var text: String { candidate.displayName }
  public var detailText: String { candidate.coordinate.displayText }
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

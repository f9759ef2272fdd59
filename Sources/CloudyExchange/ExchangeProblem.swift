/// One thing wrong with a file being imported, and where: the line, the feature or place
/// (GeoJSON, Cloudy JSON), and the field, so the user can find and fix it.
public struct ExchangeProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based line the problem is on (for a record: the line it starts on).
  public var line: Int?
  /// "feature 3" or "place 2" (1-based), for formats whose records span lines.
  public var item: String?
  /// The column, property or key: "latitude", "geometry", "settings.time".
  public var field: String?
  public var message: String

  public init(line: Int?, item: String? = nil, field: String?, message: String) {
    self.line = line
    self.item = item
    self.field = field
    self.message = message
  }

  /// E.g. `feature 3 (line 17), geometry: a LineString; only Point features can be imported`.
  public var description: String {
    var place: [String] = []
    switch (item, line) {
    case (let item?, let line?): place.append("\(item) (line \(line))")
    case (let item?, nil): place.append(item)
    case (nil, let line?): place.append("line \(line)")
    case (nil, nil): break
    }
    if let field { place.append(field) }
    return place.isEmpty ? message : "\(place.joined(separator: ", ")): \(message)"
  }
}

/// Why a file was not imported: the problems found, the first `ExchangeLimits.problemsListed`
/// listed in file order, and every problem counted by reason, so that a reason met once is named
/// even when thousands of another come first. Nothing was written.
public struct ImportRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  public let problems: [ExchangeProblem]
  /// Problems found beyond those listed.
  public let unlisted: Int
  /// Every problem's reason (`ExchangeProblem.reason`), most frequent first, with its count and
  /// first occurrence.
  public let reasons: [Reason]
  /// Set when the refusal is a question of which CSV column holds the names: the command line
  /// says how to choose (the fact is in the problem).
  public internal(set) var nameColumnChoice: NameColumnChoice?

  /// A name column that repeats across most rows, and a column that differs in every row.
  public struct NameColumnChoice: Equatable, Sendable {
    public let repeating: String
    public let candidate: String
  }

  /// One reason, how often it occurs, and where first.
  public struct Reason: Equatable, Sendable {
    public let reason: String
    public let count: Int
    public let first: ExchangeProblem
  }

  public init(problems: [ExchangeProblem], unlisted: Int = 0) {
    self.problems = problems
    self.unlisted = unlisted
    self.reasons = LeftOut.byReason(problems).map {
      Reason(reason: $0.reason, count: $0.count, first: $0.first)
    }
  }

  /// All the problems of a file: the first ones listed, every one counted by reason.
  public init(all: [ExchangeProblem]) {
    let listed = ExchangeLimits.problemsListed
    self.problems = Array(all.prefix(listed))
    self.unlisted = max(0, all.count - listed)
    self.reasons = LeftOut.byReason(all).map {
      Reason(reason: $0.reason, count: $0.count, first: $0.first)
    }
  }

  init(_ problem: ExchangeProblem) {
    self.init(problems: [problem])
  }

  public var count: Int { problems.count + unlisted }

  public var description: String {
    problems.map(\.description).joined(separator: "\n")
      + (unlisted > 0 ? "\n… and \(unlisted) more" : "")
  }
}

/// Gathers the problems of a whole file, so one run names every bad row, not just the first.
struct ProblemList {
  private(set) var problems: [ExchangeProblem] = []

  var isEmpty: Bool { problems.isEmpty }
  var count: Int { problems.count }

  mutating func add(_ problem: ExchangeProblem) {
    problems.append(problem)
  }

  /// Throws when anything was found, listing the problems in line order (checks across
  /// places, such as duplicates, are found after the rows they concern).
  func check() throws(ImportRefusal) {
    guard problems.isEmpty else {
      let ordered = problems.enumerated().sorted { lhs, rhs in
        (lhs.element.line ?? 0, lhs.offset) < (rhs.element.line ?? 0, rhs.offset)
      }.map(\.element)
      throw ImportRefusal(all: ordered)
    }
  }
}

/// The documented limits on what `cloudy-db import` reads (README, *Export and import*).
public enum ExchangeLimits {
  /// 64 MiB: a GeoJSON export of 100,000 places is 34 MB, a JSON export with forecasts
  /// (a week and 48 hours each) about 13 MB per 1,000 places.
  public static let maximumBytes = 64 * 1024 * 1024
  /// The store is measured up to 100,000 places (README, *Performance*).
  public static let maximumPlaces = 100_000
  /// Problems listed in one refusal; the rest are counted (and every reason is named).
  public static let problemsListed = 100
}

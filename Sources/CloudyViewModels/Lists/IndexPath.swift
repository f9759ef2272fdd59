/// A row in a sectioned list, as list front-ends address it: section, then row, both 0-based.
///
/// Cloudy's own type, so that the view models need neither Foundation nor UIKit; the command
/// line shows rows 1-based.
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var section: Int
  public var row: Int

  public init(row: Int, section: Int) {
    self.row = row
    self.section = section
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  public var description: String { "[\(section), \(row)]" }
}

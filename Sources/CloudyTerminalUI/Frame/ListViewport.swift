/// The window a long list is seen through: which row the cursor is on and which row is at the
/// top, so a frame draws only the rows that fit, whatever the list's length (100,000 places
/// draw as fast as 10).
public struct ListViewport: Hashable, Sendable {
  /// The cursor's row, 0-based over the selectable rows.
  public var cursor = 0
  /// The first line shown, 0-based over the list's lines (titles included).
  public var top = 0

  public init(cursor: Int = 0, top: Int = 0) {
    self.cursor = cursor
    self.top = top
  }

  /// Moves the cursor by `delta` rows, kept inside `0..<count`.
  public mutating func move(by delta: Int, count: Int) {
    cursor = count == 0 ? 0 : min(max(0, cursor + delta), count - 1)
  }

  /// Keeps the cursor inside the list after it shrank.
  public mutating func clamp(count: Int) {
    move(by: 0, count: count)
  }

  /// Scrolls so that line `line` (the cursor's) is among the `height` lines shown, and the
  /// list does not end above the bottom when it is long enough to fill it.
  public mutating func reveal(line: Int, height: Int, lineCount: Int) {
    guard height > 0 else { return }
    if line < top { top = line }
    if line >= top + height { top = line - height + 1 }
    top = max(0, min(top, max(0, lineCount - height)))
  }
}

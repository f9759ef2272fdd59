/// A row of temperatures as one line of block heights (▁ to █; under ASCII `_.-=+*#`), lowest
/// to highest of the values given: the shape of the next hours at a glance. At most `width`
/// cells: more values than that are sampled evenly; a missing value is a space.
public enum Sparkline {
  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  static let ascii: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]

  public static func line(_ values: [Double?], width: Int, unicode: Bool) -> String {
    guard width > 0, !values.isEmpty else { return "" }
    let present = values.compactMap { $0 }
    guard let low = present.min(), let high = present.max() else { return "" }
    let levels = unicode ? blocks : ascii
    let count = min(width, values.count)
    var text = ""
    for cell in 0..<count {
      let index = count == values.count ? cell : cell * (values.count - 1) / max(1, count - 1)
      guard let value = values[index] else {
        text.append(" ")
        continue
      }
      let level = high > low ? Int(((value - low) / (high - low) * 7).rounded()) : 3
      text.append(levels[min(7, max(0, level))])
    }
    return text
  }
}

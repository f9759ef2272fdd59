public import CloudyJSON
import CloudyModels
import CloudyPlatform

/// Writing to the terminal without Foundation.
public enum Output {
  /// Prints to standard output (through Swift's `print`, which is buffered and flushed at exit),
  /// with control characters escaped: a line is one line, whatever a name in the file holds.
  public static func line(_ text: String) {
    print(MessageText.visible(text))
  }

  /// Lines as `line` prints them, in one `print`: `cloudy-locations list` prints 1,000, and a
  /// `print` per line (its lock and stream calls) was a sixth of the command.
  public static func lines(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    var text = ""
    text.reserveCapacity(lines.reduce(lines.count) { $0 + $1.utf8.count })
    for (index, line) in lines.enumerated() {
      if index > 0 { text += "\n" }
      text += MessageText.visible(line)
    }
    print(text)
  }

  /// `--json`: one document, indented, keys in the order the shape lists them.
  public static func json(_ value: JSON) {
    value.render { StandardOutput.write($0) }
  }

  /// One compact JSON document on one line (JSON Lines, for `--watch --json`).
  public static func jsonLine(_ value: JSON) {
    print(value.compact())
  }

  /// Writes what standard output has buffered, so a reader of a pipe sees it now.
  public static func flush() {
    StandardOutput.flush()
  }

  /// One line on standard error, written at once.
  public static func error(_ text: String) {
    StandardError.write(text.hasSuffix("\n") ? text : text + "\n")
  }
}

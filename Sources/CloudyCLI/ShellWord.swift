/// Text a user can paste into a shell as one argument: the one quoting rule for every hint
/// that shows a command to run.
public enum ShellWord {
  /// `text` as is when no shell would interpret any of its characters (letters, digits and
  /// `-_.,/:@%+=` only, ASCII), else in single quotes, with each `'` written as `'\''` — so
  /// `$`, `;`, `*`, `!`, spaces and quotes never reach the shell as syntax.
  public static func quoted(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "-_.,/:@%+=".unicodeScalars.contains($0)
      }
    if plain { return text }
    var result = "'"
    for character in text { result += character == "'" ? "'\\''" : String(character) }
    return result + "'"
  }
}

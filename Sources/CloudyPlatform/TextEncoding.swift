#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The user's locale for a terminal program: whether the terminal expects UTF-8.
public enum TextEncoding {
  /// Adopts the environment's locale (`LANG`, `LC_ALL`, …) for the C library, as ncurses needs
  /// before it starts, and says whether its character set is UTF-8.
  public static func adoptUserLocale() -> Bool {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    return codeset.uppercased().filter { $0 != "-" } == "UTF8"
  }

  /// Decodes the keyboard as UTF-8 whatever the user's locale says: terminals send UTF-8 (tmux,
  /// every current emulator), and under `LANG=C` a paste of "Paris Zürich" otherwise stopped at
  /// the ü. Only the display falls back to ASCII under a non-UTF-8 locale (the caller's glyphs,
  /// chosen from `adoptUserLocale` first). False when no UTF-8 locale is installed.
  @discardableResult
  public static func readInputAsUTF8() -> Bool {
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
      return true
    }
    return false
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the standard streams are a terminal: a full-screen app draws only on one.
public enum TerminalStreams {
  public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

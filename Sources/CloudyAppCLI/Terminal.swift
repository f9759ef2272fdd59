import CNcurses
import CloudyTerminalUI

/// The terminal through ncurses: full screen, raw keys, lines drawn. The only code that
/// imports CNcurses. `stop()` gives the terminal back as it was and may be called any number
/// of times, from every way out.
final class Terminal {
  private(set) var isActive = false
  private let color: Bool

  /// Takes over the terminal: alternate screen, no echo, raw keys (Ctrl-C arrives as a key),
  /// no cursor, keypad decoding, reads that never wait.
  init(color: Bool) {
    // Esc alone must not wait a second for the rest of an escape sequence.
    set_escdelay(25)
    initscr()
    raw()
    noecho()
    nonl()
    keypad(cloudy_stdscr(), true)
    Self.defineCommonKeys()
    nodelay(cloudy_stdscr(), true)
    curs_set(0)
    self.color = color && has_colors()
    if self.color {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_BLACK), Int16(COLOR_CYAN))
      init_pair(2, Int16(COLOR_RED), -1)
      init_pair(3, Int16(COLOR_CYAN), -1)
      init_pair(4, Int16(COLOR_YELLOW), -1)
      init_pair(5, Int16(COLOR_WHITE), Int16(COLOR_RED))
    }
    isActive = true
  }

  /// The sequences terminals send for Home, End, PgUp and PgDn whatever `TERM` says: inside
  /// tmux or screen with `TERM=xterm-256color` (a common setting), Home arrives as `ESC [1~`
  /// while the terminfo entry expects `ESC OH`; an unknown sequence would read as Esc, which
  /// cancels Add Location or a rename. Each is defined only where terminfo left it free.
  private static func defineCommonKeys() {
    let sequences: [(String, Int32)] = [
      ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME),
      ("\u{1B}OH", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
      ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[5~", KEY_PPAGE),
      ("\u{1B}[6~", KEY_NPAGE),
    ]
    for (sequence, key) in sequences where key_defined(sequence) == 0 {
      define_key(sequence, key)
    }
  }

  /// The next draw clears the terminal and writes every line, whatever ncurses thinks is there.
  func redrawAll() {
    clearok(cloudy_stdscr(), true)
  }

  /// The size ncurses knows.
  var size: TerminalSize {
    TerminalSize(columns: Int(cloudy_columns()), rows: Int(cloudy_lines()))
  }

  /// After SIGWINCH: reads the new size from the kernel.
  func adoptWindowSize() {
    cloudy_adopt_window_size()
  }

  /// Draws a frame; ncurses writes only the cells that changed.
  func draw(_ lines: [ScreenLine]) {
    for (row, line) in lines.enumerated() {
      cloudy_draw_line(Int32(row), line.text, attributes(LineLook.of(line.style, color: color)))
    }
    refresh()
  }

  private func attributes(_ look: LineLook) -> Int32 {
    var value = cloudy_attr_normal()
    if look.bold { value |= cloudy_attr_bold() }
    if look.reverse { value |= cloudy_attr_reverse() }
    if look.dim { value |= cloudy_attr_dim() }
    if let pair = look.colorPair { value |= cloudy_color_pair(Int32(pair)) }
    return value
  }

  /// The keys waiting (none when nothing is); `resized` when ncurses saw the size change.
  func readKeys() -> (keys: [Key], resized: Bool) {
    var keys: [Key] = []
    var resized = false
    var code: Int32 = 0
    while true {
      let result = cloudy_read_key(&code)
      if result == ERR { break }
      if result == KEY_CODE_YES {
        if code == KEY_RESIZE {
          resized = true
        } else if let key = Self.functionKey(code) {
          keys.append(key)
        }
      } else if let key = Self.characterKey(code) {
        keys.append(key)
      }
    }
    return (keys, resized)
  }

  private static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_PPAGE: .pageUp
    case KEY_NPAGE: .pageDown
    case KEY_HOME: .home
    case KEY_END: .end
    case KEY_ENTER: .enter
    case KEY_BACKSPACE: .backspace
    default: nil
    }
  }

  private static func characterKey(_ code: Int32) -> Key? {
    switch code {
    case 3: return .interrupt
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 21: return .clearLine
    case 12: return .redraw
    case 26: return .suspend
    default:
      guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// Gives the terminal back: normal screen, echo, cooked keys, cursor.
  func stop() {
    guard isActive else { return }
    isActive = false
    curs_set(1)
    endwin()
  }

  /// Takes the terminal again after `stop()` (back from a suspension): ncurses restores its
  /// modes on the next refresh; the caller redraws everything.
  func resume() {
    guard !isActive else { return }
    isActive = true
    refresh()
    curs_set(0)
    clearok(cloudy_stdscr(), true)
  }

  deinit { stop() }
}

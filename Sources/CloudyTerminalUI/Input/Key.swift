/// A key press as the screens understand it; the terminal layer turns ncurses' codes into these.
public enum Key: Hashable, Sendable {
  case character(Character)
  case up
  case down
  case pageUp
  case pageDown
  case home
  case end
  case enter
  case escape
  case backspace
  /// Ctrl-C: quits from anywhere (the terminal is in raw mode, so it arrives as a key).
  case interrupt
  /// Ctrl-U: clears a text field.
  case clearLine
  /// Ctrl-L: draws the whole screen again (after another program wrote over it).
  case redraw
  /// Ctrl-Z: gives the terminal back and stops, as a shell's job; `fg` brings the app back.
  case suspend
}

// ncurses with wide-character input (wget_wch), for the `cloudy` app's terminal layer only.
#ifndef CLOUDY_NCURSES_SHIM_H
#define CLOUDY_NCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <unistd.h>

// ncurses' globals (stdscr, LINES, COLS) are mutable C variables, which Swift 6 refuses to touch
// from Swift code; these accessors read them in C.
static inline WINDOW *cloudy_stdscr(void) { return stdscr; }
static inline int cloudy_lines(void) { return LINES; }
static inline int cloudy_columns(void) { return COLS; }

// Reads one key without waiting: OK with a character, KEY_CODE_YES with a function key (both in
// *key), ERR when nothing is waiting.
static inline int cloudy_read_key(int *key) {
  wint_t value = 0;
  int result = wget_wch(stdscr, &value);
  *key = (int)value;
  return result;
}

// Draws one line: moves to the row's start, sets the attributes, writes the UTF-8 text (already
// fitted to the width) and clears what is left of the row.
static inline void cloudy_draw_line(int row, const char *text, int attributes) {
  attrset(attributes);
  mvaddstr(row, 0, text);
  clrtoeol();
  attrset(A_NORMAL);
}

// Reads the terminal's size from the kernel (after SIGWINCH) and tells ncurses; ioctl is variadic,
// which Swift cannot call.
static inline void cloudy_adopt_window_size(void) {
  struct winsize size;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0) {
    resizeterm(size.ws_row, size.ws_col);
  }
}

// Attribute values are macros built from NCURSES_BITS, which Swift does not import.
static inline int cloudy_attr_reverse(void) { return A_REVERSE; }
static inline int cloudy_attr_bold(void) { return A_BOLD; }
static inline int cloudy_attr_dim(void) { return A_DIM; }
static inline int cloudy_attr_normal(void) { return A_NORMAL; }
static inline int cloudy_color_pair(int pair) { return COLOR_PAIR(pair); }

#endif

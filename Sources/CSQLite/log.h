#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: SQLITE_CONFIG_LOG through a function.
static inline int cloudy_sqlite3_config_log(void (*callback)(void *, int, const char *),
                                            void *context) {
  return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}

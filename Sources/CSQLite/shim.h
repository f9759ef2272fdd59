/* The session extension (changesets for sync) is compiled into Debian's libsqlite3, but
   sqlite3.h declares its API only when both macros are defined before it is included. */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

// libdbus-1, the reference D-Bus library, for desktop notifications (CloudyDesktopBus).
#include <dbus/dbus.h>

#!/usr/bin/python3
"""A stand-in for a desktop's notification server, for the tests: it owns
org.freedesktop.Notifications on the session bus given in DBUS_SESSION_BUS_ADDRESS and writes
each call it receives as one JSON line to the file named by its first argument (then "ready"
once it owns the name). Ids follow the Desktop Notifications Specification: a new notification
gets the next id, a Notify with replaces_id keeps that id."""
import json
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

log = open(sys.argv[1], "a", buffering=1)


def write(record):
    log.write(json.dumps(record) + "\n")


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.next_id = 0

    @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i",
                         out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout):
        if replaces_id:
            notification_id = int(replaces_id)
        else:
            self.next_id += 1
            notification_id = self.next_id
        write({"call": "Notify", "app_name": str(app_name), "replaces_id": int(replaces_id),
               "summary": str(summary), "body": str(body),
               "urgency": int(hints["urgency"]) if "urgency" in hints else None,
               "id": notification_id})
        return notification_id

    @dbus.service.method("org.freedesktop.Notifications", in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        write({"call": "CloseNotification", "id": int(notification_id)})

    @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body"]

    @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ["cloudy-test-stand-in", "Cloudy", "1", "1.2"]


DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName("org.freedesktop.Notifications", bus)
server = Server(bus)
write({"call": "ready"})
GLib.MainLoop().run()

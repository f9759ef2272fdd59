-- Migration 9: which alerts this device has shown as a desktop notification.
--
-- `cloudy-forecast alerts --watch --notify` notifies each alert once per device: a restarted
-- watcher (a reboot, `systemctl --user restart cloudy-alerts`) must not notify it again, and
-- an Update or a Cancel must find the notification it replaces or closes. Each device notifies
-- its own user, so this table is the device's own: migration 4's triggers do not capture it
-- and it is never synced.
--
-- alert_notified.identifier:      the CAP identifier of the alert notified.
-- alert_notified.location_id:     the place it was notified for (NULL: the current location);
--                                 not a foreign key, so removing a place forgets nothing here.
-- alert_notified.notification_id: the id the notification server gave (Notify's answer).
-- alert_notified.notified_at:     unix seconds.
-- alert_notified.closed_at:       unix seconds when it was closed (the alert ended, was
--                                 cancelled or went below the alert level) or replaced by an
--                                 Update's notification; NULL while it is shown.

CREATE TABLE alert_notified (
  identifier      TEXT    PRIMARY KEY NOT NULL CHECK (length(identifier) > 0),
  location_id     INTEGER,
  notification_id INTEGER NOT NULL CHECK (notification_id BETWEEN 0 AND 4294967295),
  notified_at     INTEGER NOT NULL,
  closed_at       INTEGER
);

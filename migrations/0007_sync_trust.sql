-- Cloudy schema, version 7: sync that a wrong clock cannot poison.
--
-- A change received with a clock more than a day ahead of this machine's (a device whose clock
-- woke in the year 9999, a damaged file) is not taken: taking it would carry this device's
-- clock there, and every device's after it, for ever. It waits here, with its place in its
-- device's sequence, until this machine's clock is within a day of it or the user accepts it
-- (`cloudy-db sync --accept-held`); `cloudy-db sync --status` and `cloudy-db check` report
-- it. The columns are sync_change's.
--
-- The capture triggers and their clock tick (in 0004, the settings trigger re-made in 0005)
-- are unchanged.
CREATE TABLE sync_held (
  origin  TEXT NOT NULL CHECK (length(origin) = 16),
  seq     INTEGER NOT NULL CHECK (seq > 0),
  wall    INTEGER NOT NULL CHECK (wall >= 0),
  counter INTEGER NOT NULL CHECK (counter >= 0),
  entity  TEXT NOT NULL,
  key     TEXT NOT NULL,
  field   TEXT NOT NULL,
  value,
  PRIMARY KEY (origin, seq)
) WITHOUT ROWID;

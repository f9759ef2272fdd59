-- Cloudy schema, version 4: places and settings sync between a user's devices.
--
-- The merge rule: every change of one field (a place's name, its position, its removal, one
-- setting) is a row of sync_change, stamped with a hybrid logical clock (wall, counter, origin);
-- per field the greatest clock wins, on every device, whatever order the rows arrive in. The
-- rows travel as SQLite session changesets (`cloudy-db sync`); a device keeps every row it made
-- or received, keyed by (origin, seq), so a change travels through any device and a replay is
-- a no-op. What the location and settings tables hold is the winners, materialized.
--
-- Capture is in the schema: the triggers below record every change of a synced column in the
-- same transaction as the change, whoever makes it (the tools, the apps, an import, the
-- sqlite3 shell). While `cloudy-db sync` writes what it received (sync_device.applying = 1)
-- they stand aside. Not synced: the selection, the current location, forecasts.
--
-- Read the winning values with: SELECT * FROM sync_value WHERE entity = 'place';

-- This copy of the database: its device id, its clock and its sequence of changes.
CREATE TABLE sync_device (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  device        TEXT NOT NULL CHECK (length(device) = 16),   -- random, lower-case hex
  name          TEXT,                                       -- the host's name, for people
  wall          INTEGER NOT NULL DEFAULT 0 CHECK (wall >= 0), -- clock: unix ms, never behind
  counter       INTEGER NOT NULL DEFAULT 0 CHECK (counter >= 0), -- any clock seen
  seq           INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0), -- the last seq given to a change
  applying      INTEGER NOT NULL DEFAULT 0 CHECK (applying IN (0, 1)),
  file_identity TEXT,              -- 'device:inode' of the file this id belongs to
  last_error    TEXT               -- the last sync failure, for `cloudy-db sync --status`
);
INSERT INTO sync_device (id, device) VALUES (1, lower(hex(randomblob(8))));

-- The wall clock in unix milliseconds (the triggers' "now").
CREATE VIEW sync_now AS
  SELECT CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) AS ms;

-- A saved place's global id: random, never reused, the same on every device.
CREATE TABLE sync_place (
  location_id INTEGER PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE CHECK (length(uid) = 16)
);

-- Every change of a synced field made here or received, by (origin device, its sequence).
--   entity 'place':   key = sync_place.uid; field name | query | latitude | longitude |
--                     country_code | region | time_zone | source | position | removed (1) |
--                     merged_into (the uid of the same place saved on another device)
--   entity 'setting': key = 'settings'; field = the settings column
CREATE TABLE sync_change (
  origin  TEXT NOT NULL CHECK (length(origin) = 16),
  seq     INTEGER NOT NULL CHECK (seq > 0),
  wall    INTEGER NOT NULL CHECK (wall >= 0),
  counter INTEGER NOT NULL CHECK (counter >= 0),
  entity  TEXT NOT NULL CHECK (entity IN ('place', 'setting')),
  key     TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 64),
  field   TEXT NOT NULL CHECK (length(field) BETWEEN 1 AND 64),
  value,
  PRIMARY KEY (origin, seq)
) WITHOUT ROWID;
CREATE INDEX sync_change_by_field ON sync_change (entity, key, field, wall, counter, origin);
CREATE INDEX sync_change_merged ON sync_change (value) WHERE field = 'merged_into';

-- The winning value of every field: the row with the greatest (wall, counter, origin).
CREATE VIEW sync_value AS
  SELECT entity, key, field, value, wall, counter, origin FROM sync_change AS c
  WHERE NOT EXISTS (
    SELECT 1 FROM sync_change AS n
    WHERE n.entity = c.entity AND n.key = c.key AND n.field = c.field
      AND (n.wall, n.counter, n.origin) > (c.wall, c.counter, c.origin));

-- What this device sent where: the greatest seq of each origin written to a destination (a
-- sync folder's id, a hub's address).
CREATE TABLE sync_sent (
  destination TEXT NOT NULL,
  origin      TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  PRIMARY KEY (destination, origin)
) WITHOUT ROWID;

-- The number of the last change file this device wrote into each sync folder (by the folder's
-- id): numbers never go back, even when old files are cleared from the folder, so no device
-- takes a new file for one it applied already.
CREATE TABLE sync_written (
  destination TEXT PRIMARY KEY,
  number      INTEGER NOT NULL CHECK (number > 0)
) WITHOUT ROWID;

-- The change files this device applied: (the device that wrote it, its number).
CREATE TABLE sync_file (
  writer     TEXT NOT NULL,
  number     INTEGER NOT NULL,
  changes    INTEGER NOT NULL,
  applied_at INTEGER NOT NULL,  -- unix seconds
  PRIMARY KEY (writer, number)
) WITHOUT ROWID;

-- The devices heard from, with when (unix seconds) and, when they said, their name.
CREATE TABLE sync_peer (
  device     TEXT PRIMARY KEY CHECK (length(device) = 16),
  name       TEXT,
  last_seen  INTEGER NOT NULL
) WITHOUT ROWID;

-- Capture. (A value is written `+NEW.column`: without the column's affinity, so a compound
-- SELECT whose first value is text cannot turn the coordinates that follow into text.)
-- Each trigger ticks the clock once (past the wall clock and every clock seen), then
-- records one row per changed field with consecutive sequence numbers.

CREATE TRIGGER sync_location_added AFTER INSERT ON location
WHEN (SELECT applying FROM sync_device) = 0
BEGIN
  INSERT INTO sync_place (location_id, uid) VALUES (NEW.id, lower(hex(randomblob(8))))
    ON CONFLICT (location_id) DO UPDATE SET uid = excluded.uid;
  UPDATE sync_device
    SET counter = CASE WHEN (SELECT ms FROM sync_now) > wall THEN 0 ELSE counter + 1 END,
        wall = max(wall, (SELECT ms FROM sync_now));
  INSERT INTO sync_change (origin, seq, wall, counter, entity, key, field, value)
    SELECT d.device, d.seq + row_number() OVER (ORDER BY f.n), d.wall, d.counter, 'place', p.uid,
           f.field, f.value
    FROM sync_device AS d, sync_place AS p,
      (SELECT 1 AS n, 'name' AS field, +NEW.name AS value
       UNION ALL SELECT 2, 'query', +NEW.query
       UNION ALL SELECT 3, 'latitude', +NEW.latitude
       UNION ALL SELECT 4, 'longitude', +NEW.longitude
       UNION ALL SELECT 5, 'country_code', +NEW.country_code
       UNION ALL SELECT 6, 'region', +NEW.region
       UNION ALL SELECT 7, 'time_zone', +NEW.time_zone
       UNION ALL SELECT 8, 'source', +NEW.source
       UNION ALL SELECT 9, 'position', +NEW.position) AS f
    WHERE p.location_id = NEW.id AND f.value IS NOT NULL;
  UPDATE sync_device
    SET seq = (SELECT max(seq) FROM sync_change WHERE origin = sync_device.device);
END;

CREATE TRIGGER sync_location_changed AFTER UPDATE ON location
WHEN (SELECT applying FROM sync_device) = 0
  AND (NEW.name IS NOT OLD.name OR NEW.query IS NOT OLD.query
    OR NEW.latitude IS NOT OLD.latitude OR NEW.longitude IS NOT OLD.longitude
    OR NEW.country_code IS NOT OLD.country_code OR NEW.region IS NOT OLD.region
    OR NEW.time_zone IS NOT OLD.time_zone OR NEW.source IS NOT OLD.source
    OR NEW.position IS NOT OLD.position)
BEGIN
  INSERT INTO sync_place (location_id, uid) VALUES (NEW.id, lower(hex(randomblob(8))))
    ON CONFLICT (location_id) DO NOTHING;
  UPDATE sync_device
    SET counter = CASE WHEN (SELECT ms FROM sync_now) > wall THEN 0 ELSE counter + 1 END,
        wall = max(wall, (SELECT ms FROM sync_now));
  INSERT INTO sync_change (origin, seq, wall, counter, entity, key, field, value)
    SELECT d.device, d.seq + row_number() OVER (ORDER BY f.n), d.wall, d.counter, 'place', p.uid,
           f.field, f.value
    FROM sync_device AS d, sync_place AS p,
      (SELECT 1 AS n, 'name' AS field, +NEW.name AS value, NEW.name IS NOT OLD.name AS changed
       UNION ALL SELECT 2, 'query', +NEW.query, NEW.query IS NOT OLD.query
       UNION ALL SELECT 3, 'latitude', +NEW.latitude, NEW.latitude IS NOT OLD.latitude
       UNION ALL SELECT 4, 'longitude', +NEW.longitude, NEW.longitude IS NOT OLD.longitude
       UNION ALL SELECT 5, 'country_code', +NEW.country_code,
                        NEW.country_code IS NOT OLD.country_code
       UNION ALL SELECT 6, 'region', +NEW.region, NEW.region IS NOT OLD.region
       UNION ALL SELECT 7, 'time_zone', +NEW.time_zone, NEW.time_zone IS NOT OLD.time_zone
       UNION ALL SELECT 8, 'source', +NEW.source, NEW.source IS NOT OLD.source
       UNION ALL SELECT 9, 'position', +NEW.position, NEW.position IS NOT OLD.position) AS f
    WHERE p.location_id = NEW.id AND f.changed;
  UPDATE sync_device
    SET seq = (SELECT max(seq) FROM sync_change WHERE origin = sync_device.device);
END;

-- A removal is a field too (a tombstone). Places merged into the removed one go with it: they
-- are the same place, saved on another device.
CREATE TRIGGER sync_location_removed AFTER DELETE ON location
WHEN (SELECT applying FROM sync_device) = 0
BEGIN
  UPDATE sync_device
    SET counter = CASE WHEN (SELECT ms FROM sync_now) > wall THEN 0 ELSE counter + 1 END,
        wall = max(wall, (SELECT ms FROM sync_now));
  INSERT INTO sync_change (origin, seq, wall, counter, entity, key, field, value)
    SELECT d.device, d.seq + row_number() OVER (ORDER BY r.uid), d.wall, d.counter, 'place',
           r.uid, 'removed', 1
    FROM sync_device AS d,
      (SELECT uid FROM sync_place WHERE location_id = OLD.id
       UNION
       SELECT m.key FROM sync_change AS m
       WHERE m.field = 'merged_into' AND m.entity = 'place'
         AND m.value = (SELECT uid FROM sync_place WHERE location_id = OLD.id)) AS r;
  UPDATE sync_device
    SET seq = coalesce((SELECT max(seq) FROM sync_change WHERE origin = sync_device.device), 0);
  DELETE FROM sync_place WHERE location_id = OLD.id;
END;

CREATE TRIGGER sync_settings_changed AFTER UPDATE ON settings
WHEN (SELECT applying FROM sync_device) = 0
  AND (NEW.time_notation IS NOT OLD.time_notation
    OR NEW.units_notation IS NOT OLD.units_notation
    OR NEW.temperature_notation IS NOT OLD.temperature_notation)
BEGIN
  UPDATE sync_device
    SET counter = CASE WHEN (SELECT ms FROM sync_now) > wall THEN 0 ELSE counter + 1 END,
        wall = max(wall, (SELECT ms FROM sync_now));
  INSERT INTO sync_change (origin, seq, wall, counter, entity, key, field, value)
    SELECT d.device, d.seq + row_number() OVER (ORDER BY f.n), d.wall, d.counter, 'setting',
           'settings', f.field, f.value
    FROM sync_device AS d,
      (SELECT 1 AS n, 'time_notation' AS field, +NEW.time_notation AS value,
              NEW.time_notation IS NOT OLD.time_notation AS changed
       UNION ALL SELECT 2, 'units_notation', +NEW.units_notation,
                        NEW.units_notation IS NOT OLD.units_notation
       UNION ALL SELECT 3, 'temperature_notation', +NEW.temperature_notation,
                        NEW.temperature_notation IS NOT OLD.temperature_notation) AS f
    WHERE f.changed;
  UPDATE sync_device
    SET seq = (SELECT max(seq) FROM sync_change WHERE origin = sync_device.device);
END;

-- What was saved before this version becomes this device's first changes, so an upgraded file
-- syncs like a new one: every place, and each setting that is not the default (defaults are
-- not edits: a device that never changed a setting takes the others').
INSERT INTO sync_place (location_id, uid) SELECT id, lower(hex(randomblob(8))) FROM location;
UPDATE sync_device SET wall = (SELECT ms FROM sync_now);
WITH fields (n, key, entity, field, value) AS (
  SELECT 1, p.uid, 'place', 'name', +l.name FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 2, p.uid, 'place', 'query', +l.query FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 3, p.uid, 'place', 'latitude', +l.latitude FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 4, p.uid, 'place', 'longitude', +l.longitude FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 5, p.uid, 'place', 'country_code', +l.country_code FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 6, p.uid, 'place', 'region', +l.region FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 7, p.uid, 'place', 'time_zone', +l.time_zone FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 8, p.uid, 'place', 'source', +l.source FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 9, p.uid, 'place', 'position', +l.position FROM location AS l JOIN sync_place AS p ON p.location_id = l.id
  UNION ALL SELECT 10, 'settings', 'setting', 'time_notation', +time_notation FROM settings WHERE time_notation <> '12h'
  UNION ALL SELECT 11, 'settings', 'setting', 'units_notation', +units_notation FROM settings WHERE units_notation <> 'imperial'
  UNION ALL SELECT 12, 'settings', 'setting', 'temperature_notation', +temperature_notation FROM settings WHERE temperature_notation <> 'fahrenheit'
)
INSERT INTO sync_change (origin, seq, wall, counter, entity, key, field, value)
  SELECT d.device, row_number() OVER (ORDER BY f.key, f.n), d.wall, 0, f.entity, f.key, f.field,
         f.value
  FROM sync_device AS d, fields AS f
  WHERE f.value IS NOT NULL;
UPDATE sync_device
  SET seq = coalesce((SELECT max(seq) FROM sync_change WHERE origin = sync_device.device), 0);

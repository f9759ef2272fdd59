-- Cloudy schema, version 5: severe-weather alerts, which alerts a user is shown, and the national
-- services as forecast providers.
--
-- alert: one CAP 1.2 message (OASIS Common Alerting Protocol) about one place, as a national
-- service published it (the NWS, MeteoAlarm, a CAP file a user saved, the `alerts` of a Dark Sky
-- or Pirate Weather response). Rows are messages, not verdicts: an Update or a Cancel is stored
-- as its own row naming what it replaces or ends in `refs`, and whether an alert is active is
-- decided when it is shown (Cloudy's view models), so a message that arrives before the one it
-- updates is still read right:
--   * active: begun (onset, else effective, else sent <= now) and not ended (now < ends, else
--     expires; neither: until cancelled), and no Update or Cancel names it in its refs;
--   * location_id NULL means the device's current location, as in forecast;
--   * instants (sent, onset, effective, expires, ends, fetched_at) are unix seconds, UTC; a CAP
--     time without an offset is read as UTC;
--   * severity, urgency, certainty in lower case ('severe', 'immediate', 'likely'); message_type
--     as CAP spells it ('Alert', 'Update', 'Cancel');
--   * refs: CAP's `references` as CAP writes it, space-separated "sender,identifier,sent"
--     triples ('' when none);
--   * areas: the area descriptions, joined with '; ' (the NWS's own areaDesc separator).
-- One row per (place, identifier): a message fetched again replaces its row.
-- Pruned with forecasts: `cloudy-forecast prune` deletes alerts that ended (ends, else expires,
-- else sent) before its cutoff.
--
-- alert_fetch: the HTTP validators and freshness of each place's last answer from a source.
--
-- settings.alert_level: which alerts banners, Locations marks and `--watch` show:
-- 'all' | 'moderate' (moderate and above; the default) | 'severe' (severe and above) | 'none'.
--
-- forecast.provider may now be 'met-norway' (Locationforecast 2.0) or 'nws' (api.weather.gov).
-- A CHECK cannot be changed with ALTER TABLE, so forecast is rebuilt as 0003 did (create, copy,
-- drop, rename, recreate its indexes); forecast_day and forecast_hour name it by name and are
-- left as they are. Cloudy's Migrator runs this file with foreign_keys OFF and refuses to commit
-- unless PRAGMA foreign_key_check is empty.

CREATE TABLE alert (
  id           INTEGER PRIMARY KEY,
  location_id  INTEGER REFERENCES location (id) ON DELETE CASCADE,
  source       TEXT NOT NULL
               CHECK (source IN ('nws', 'meteoalarm', 'cap', 'dark-sky', 'pirate-weather')),
  identifier   TEXT NOT NULL CHECK (length(identifier) > 0),
  sender       TEXT NOT NULL,
  sent         INTEGER NOT NULL,
  message_type TEXT NOT NULL CHECK (message_type IN ('Alert', 'Update', 'Cancel')),
  refs         TEXT NOT NULL DEFAULT '',
  event        TEXT NOT NULL,
  severity     TEXT NOT NULL
               CHECK (severity IN ('extreme', 'severe', 'moderate', 'minor', 'unknown')),
  urgency      TEXT NOT NULL
               CHECK (urgency IN ('immediate', 'expected', 'future', 'past', 'unknown')),
  certainty    TEXT NOT NULL
               CHECK (certainty IN ('observed', 'likely', 'possible', 'unlikely', 'unknown')),
  headline     TEXT,
  description  TEXT,
  instruction  TEXT,
  sender_name  TEXT,
  language     TEXT,
  areas        TEXT NOT NULL DEFAULT '',
  onset        INTEGER,
  effective    INTEGER,
  expires      INTEGER,
  ends         INTEGER,
  fetched_at   INTEGER NOT NULL
);
-- One row per message and place (NULL location_id is the current location, counted as 0).
CREATE UNIQUE INDEX alert_identity ON alert (ifnull(location_id, 0), identifier);
-- A place's alerts are a lookup on this index.
CREATE INDEX alert_by_location ON alert (location_id);
-- prune by when an alert ended
CREATE INDEX alert_by_end ON alert (coalesce(ends, expires, sent));

-- What Cloudy last heard from an alert source for a place, so the next fetch asks only when
-- the source's Cache-Control / Expires allow (fresh_until, unix seconds) and then conditionally
-- (If-None-Match with etag, If-Modified-Since with last_modified, as the source sent them).
CREATE TABLE alert_fetch (
  location_id   INTEGER REFERENCES location (id) ON DELETE CASCADE,
  source        TEXT NOT NULL CHECK (source IN ('nws', 'meteoalarm')),
  etag          TEXT,
  last_modified TEXT,
  fresh_until   INTEGER,
  checked_at    INTEGER NOT NULL
);
CREATE UNIQUE INDEX alert_fetch_identity ON alert_fetch (ifnull(location_id, 0), source);

ALTER TABLE settings ADD COLUMN alert_level TEXT NOT NULL DEFAULT 'moderate'
  CHECK (alert_level IN ('all', 'moderate', 'severe', 'none'));

CREATE TABLE forecast_new (
  id                        INTEGER PRIMARY KEY,
  location_id               INTEGER REFERENCES location (id) ON DELETE CASCADE,
  provider                  TEXT NOT NULL
                            CHECK (provider IN ('open-meteo', 'dark-sky', 'pirate-weather',
                                                'met-norway', 'nws')),
  fetched_at                INTEGER NOT NULL,
  latitude                  REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude                 REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  time_zone                 TEXT NOT NULL,  -- IANA name the provider reported
  observed_at               INTEGER NOT NULL,
  summary                   TEXT,
  icon                      TEXT,
  temperature               REAL,  -- °F
  wind_speed                REAL CHECK (wind_speed IS NULL OR wind_speed >= 0),  -- mph
  precipitation_probability REAL
                            CHECK (precipitation_probability IS NULL
                                   OR precipitation_probability BETWEEN 0 AND 1),
  issued_at                 INTEGER
                            CHECK (issued_at IS NULL OR issued_at BETWEEN 0 AND 7258118400),
  has_current               INTEGER NOT NULL DEFAULT 1 CHECK (has_current IN (0, 1)),
  apparent_temperature      REAL,  -- °F
  precipitation             REAL CHECK (precipitation IS NULL OR precipitation >= 0)  -- in
);
INSERT INTO forecast_new (id, location_id, provider, fetched_at, latitude, longitude, time_zone,
    observed_at, summary, icon, temperature, wind_speed, precipitation_probability, issued_at,
    has_current, apparent_temperature, precipitation)
  SELECT id, location_id, provider, fetched_at, latitude, longitude, time_zone, observed_at,
    summary, icon, temperature, wind_speed, precipitation_probability, issued_at, has_current,
    apparent_temperature, precipitation
  FROM forecast;
DROP TABLE forecast;
ALTER TABLE forecast_new RENAME TO forecast;

-- The indexes went with the old table; the same ones again.
-- "The latest forecast of one location" is a lookup on this index, not a scan.
CREATE INDEX forecast_latest ON forecast (location_id, fetched_at DESC);
-- prune by age
CREATE INDEX forecast_by_fetched_at ON forecast (fetched_at);
-- prune by the data's age
CREATE INDEX forecast_by_issued_at ON forecast (issued_at);

-- Sync (migration 4) records the new setting like the other three: its trigger is made again
-- with the column in it.
DROP TRIGGER sync_settings_changed;
CREATE TRIGGER sync_settings_changed AFTER UPDATE ON settings
WHEN (SELECT applying FROM sync_device) = 0
  AND (NEW.time_notation IS NOT OLD.time_notation
    OR NEW.units_notation IS NOT OLD.units_notation
    OR NEW.temperature_notation IS NOT OLD.temperature_notation
    OR NEW.alert_level IS NOT OLD.alert_level)
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
                        NEW.temperature_notation IS NOT OLD.temperature_notation
       UNION ALL SELECT 4, 'alert_level', +NEW.alert_level,
                        NEW.alert_level IS NOT OLD.alert_level) AS f
    WHERE f.changed;
  UPDATE sync_device
    SET seq = (SELECT max(seq) FROM sync_change WHERE origin = sync_device.device);
END;

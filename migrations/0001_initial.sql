-- Cloudy schema, version 1.
--
-- Readable and runnable with the sqlite3 CLI. Cloudy embeds this file at build time, applies it
-- in one transaction, records it in cloudy_migration with its SHA-256 and mirrors the version in
-- PRAGMA user_version. Never edit it once released: add 0002_….sql instead.
--
-- Conventions, so the file needs nothing but sqlite3 to read:
--   * notations are text: '12h' | '24h', 'imperial' | 'metric', 'fahrenheit' | 'celsius';
--   * created_at / updated_at are ISO-8601 UTC text ('2026-11-22T15:04:05.123Z');
--   * forecast instants (fetched_at, observed_at, time) are unix seconds, UTC
--     (read them with datetime(time, 'unixepoch'));
--   * forecasts are stored in ONE unit system, the US one the Cloudy app fetched from Dark Sky:
--     temperatures in degrees Fahrenheit, wind speeds in miles per hour, precipitation
--     probability as a fraction 0…1. Views convert on display (°C = (°F − 32) / 1.8,
--     KPH = MPH × 1.609344).

-- Saved places, in the user's order.
CREATE TABLE location (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL
               CHECK (length(trim(name)) > 0 AND length(name) <= 200)
               UNIQUE COLLATE NOCASE,
  query        TEXT,                        -- what the user typed, when it was a search
  latitude     REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude    REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  country_code TEXT CHECK (country_code IS NULL OR length(country_code) = 2),
  region       TEXT,                        -- first-level subdivision, e.g. 'Virginia'
  time_zone    TEXT,                        -- IANA name, e.g. 'America/New_York'
  source       TEXT NOT NULL
               CHECK (source IN ('gazetteer', 'coordinates', 'geocoding-service')),
  position     INTEGER NOT NULL,            -- 0-based order in the list
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX location_by_position ON location (position);

-- The device's own position ("Current Location"); set by hand on this platform. One row or none.
CREATE TABLE current_location (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  latitude   REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude  REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Which place the day and week views show: the current location or one saved place.
-- One row or none (none: nothing selected). Deleting the saved place deletes the selection.
CREATE TABLE selection (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  kind        TEXT NOT NULL CHECK (kind IN ('current', 'saved')),
  location_id INTEGER REFERENCES location (id) ON DELETE CASCADE,
  CHECK ((kind = 'saved') = (location_id IS NOT NULL))
);

-- How numbers are shown. Exactly one row; defaults are the Cloudy app's.
CREATE TABLE settings (
  id                   INTEGER PRIMARY KEY CHECK (id = 1),
  time_notation        TEXT NOT NULL DEFAULT '12h'
                       CHECK (time_notation IN ('12h', '24h')),
  units_notation       TEXT NOT NULL DEFAULT 'imperial'
                       CHECK (units_notation IN ('imperial', 'metric')),
  temperature_notation TEXT NOT NULL DEFAULT 'fahrenheit'
                       CHECK (temperature_notation IN ('fahrenheit', 'celsius')),
  updated_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO settings (id) VALUES (1);

-- The last forecast fetched for a place: current conditions here, days and hours below.
-- location_id NULL means the device's current location (replaced when that position changes).
CREATE TABLE forecast (
  id                        INTEGER PRIMARY KEY,
  location_id               INTEGER REFERENCES location (id) ON DELETE CASCADE,
  provider                  TEXT NOT NULL CHECK (provider IN ('open-meteo', 'dark-sky')),
  fetched_at                INTEGER NOT NULL,
  latitude                  REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude                 REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  time_zone                 TEXT NOT NULL,  -- IANA name the provider reported
  observed_at               INTEGER NOT NULL,
  summary                   TEXT NOT NULL,
  icon                      TEXT NOT NULL,
  temperature               REAL NOT NULL,  -- °F
  wind_speed                REAL NOT NULL CHECK (wind_speed >= 0),  -- mph
  precipitation_probability REAL CHECK (precipitation_probability BETWEEN 0 AND 1)
);
-- "The latest forecast of one location" is a lookup on this index, not a scan.
CREATE INDEX forecast_latest ON forecast (location_id, fetched_at DESC);
-- prune by age
CREATE INDEX forecast_by_fetched_at ON forecast (fetched_at);

CREATE TABLE forecast_day (
  forecast_id               INTEGER NOT NULL REFERENCES forecast (id) ON DELETE CASCADE,
  time                      INTEGER NOT NULL,  -- local midnight of the day
  summary                   TEXT NOT NULL,
  icon                      TEXT NOT NULL,
  temperature_min           REAL NOT NULL,     -- °F
  temperature_max           REAL NOT NULL,     -- °F
  wind_speed                REAL NOT NULL CHECK (wind_speed >= 0),  -- mph
  precipitation_probability REAL CHECK (precipitation_probability BETWEEN 0 AND 1),
  PRIMARY KEY (forecast_id, time),
  CHECK (temperature_min <= temperature_max)
) WITHOUT ROWID;

CREATE TABLE forecast_hour (
  forecast_id               INTEGER NOT NULL REFERENCES forecast (id) ON DELETE CASCADE,
  time                      INTEGER NOT NULL,  -- start of the hour
  summary                   TEXT NOT NULL,
  icon                      TEXT NOT NULL,
  temperature               REAL NOT NULL,     -- °F
  wind_speed                REAL NOT NULL CHECK (wind_speed >= 0),  -- mph
  precipitation_probability REAL CHECK (precipitation_probability BETWEEN 0 AND 1),
  PRIMARY KEY (forecast_id, time)
) WITHOUT ROWID;

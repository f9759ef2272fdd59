-- Cloudy schema, version 3: a cached forecast keeps what the response holds.
--
-- Responses leave values out (an Open-Meteo request that asked for no weather code, a Dark Sky
-- day without wind): every value a view shows may now be NULL, so a row is kept when it has a
-- time and at least one value, and a view shows a NULL as missing ("–", JSON null), never as 0.
-- The CHECKs still hold for every value that is there.
--
-- New columns, NULL when the response did not have them (and in every forecast stored before):
--   * precipitation (forecast, forecast_hour): the amount, in inches (the store's US units),
--     over the hour; precipitation_sum (forecast_day): the day's total, in inches;
--   * apparent_temperature (forecast, forecast_hour), apparent_temperature_min / _max
--     (forecast_day): "feels like", °F;
--   * sunrise, sunset (forecast_day): unix seconds, UTC.
-- The provider may be 'pirate-weather' (read as the Dark Sky family, named as itself).
--
-- forecast_day / forecast_hour rows hold at least one value besides their time (CHECK below);
-- the forecast row's values may all be NULL (its parts are in has_current and the child rows).
--
-- NOT NULL cannot be dropped and a CHECK cannot be changed with ALTER TABLE, so the three tables
-- are rebuilt as https://www.sqlite.org/lang_altertable.html ("Making Other Kinds Of Table
-- Schema Changes") describes: create the new table, copy, drop the old, rename the new,
-- recreate the indexes. Cloudy's Migrator runs this file in one transaction with foreign_keys
-- OFF (set before BEGIN) and refuses to commit unless PRAGMA foreign_key_check is empty.

CREATE TABLE forecast_new (
  id                        INTEGER PRIMARY KEY,
  location_id               INTEGER REFERENCES location (id) ON DELETE CASCADE,
  provider                  TEXT NOT NULL
                            CHECK (provider IN ('open-meteo', 'dark-sky', 'pirate-weather')),
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
    has_current)
  SELECT id, location_id, provider, fetched_at, latitude, longitude, time_zone, observed_at,
    summary, icon, temperature, wind_speed, precipitation_probability, issued_at, has_current
  FROM forecast;

CREATE TABLE forecast_day_new (
  forecast_id               INTEGER NOT NULL REFERENCES forecast (id) ON DELETE CASCADE,
  time                      INTEGER NOT NULL,  -- local midnight of the day
  summary                   TEXT,
  icon                      TEXT,
  temperature_min           REAL,              -- °F
  temperature_max           REAL,              -- °F
  wind_speed                REAL CHECK (wind_speed IS NULL OR wind_speed >= 0),  -- mph
  precipitation_probability REAL
                            CHECK (precipitation_probability IS NULL
                                   OR precipitation_probability BETWEEN 0 AND 1),
  precipitation_sum         REAL CHECK (precipitation_sum IS NULL OR precipitation_sum >= 0),
  apparent_temperature_min  REAL,              -- °F
  apparent_temperature_max  REAL,              -- °F
  sunrise                   INTEGER,           -- unix seconds
  sunset                    INTEGER,           -- unix seconds
  PRIMARY KEY (forecast_id, time),
  CHECK (temperature_min IS NULL OR temperature_max IS NULL
         OR temperature_min <= temperature_max),
  CHECK (apparent_temperature_min IS NULL OR apparent_temperature_max IS NULL
         OR apparent_temperature_min <= apparent_temperature_max),
  CHECK (coalesce(summary, icon, temperature_min, temperature_max, wind_speed,
                  precipitation_probability, precipitation_sum, apparent_temperature_min,
                  apparent_temperature_max, sunrise, sunset) IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO forecast_day_new (forecast_id, time, summary, icon, temperature_min,
    temperature_max, wind_speed, precipitation_probability)
  SELECT forecast_id, time, summary, icon, temperature_min, temperature_max, wind_speed,
    precipitation_probability
  FROM forecast_day;

CREATE TABLE forecast_hour_new (
  forecast_id               INTEGER NOT NULL REFERENCES forecast (id) ON DELETE CASCADE,
  time                      INTEGER NOT NULL,  -- start of the hour
  summary                   TEXT,
  icon                      TEXT,
  temperature               REAL,              -- °F
  wind_speed                REAL CHECK (wind_speed IS NULL OR wind_speed >= 0),  -- mph
  precipitation_probability REAL
                            CHECK (precipitation_probability IS NULL
                                   OR precipitation_probability BETWEEN 0 AND 1),
  precipitation             REAL CHECK (precipitation IS NULL OR precipitation >= 0),  -- in
  apparent_temperature      REAL,              -- °F
  PRIMARY KEY (forecast_id, time),
  CHECK (coalesce(summary, icon, temperature, wind_speed, precipitation_probability,
                  precipitation, apparent_temperature) IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO forecast_hour_new (forecast_id, time, summary, icon, temperature, wind_speed,
    precipitation_probability)
  SELECT forecast_id, time, summary, icon, temperature, wind_speed, precipitation_probability
  FROM forecast_hour;

DROP TABLE forecast_hour;
DROP TABLE forecast_day;
DROP TABLE forecast;
ALTER TABLE forecast_new RENAME TO forecast;
ALTER TABLE forecast_day_new RENAME TO forecast_day;
ALTER TABLE forecast_hour_new RENAME TO forecast_hour;

-- The indexes went with the old table; the same ones again.
-- "The latest forecast of one location" is a lookup on this index, not a scan.
CREATE INDEX forecast_latest ON forecast (location_id, fetched_at DESC);
-- prune by age
CREATE INDEX forecast_by_fetched_at ON forecast (fetched_at);
-- prune by the data's age
CREATE INDEX forecast_by_issued_at ON forecast (issued_at);

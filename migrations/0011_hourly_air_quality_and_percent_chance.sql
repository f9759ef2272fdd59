-- Migration 11: what a cached hour costs. Issue 38 made an hour 1.6 times the bytes it was;
-- two changes bring it back under 1.4 without losing a value (Benchmarks/README.md):
--
-- 1. An hour's air quality in a table of its own, with pollen. Open-Meteo publishes air
--    quality for five days, the forecast holds sixteen, and only a place whose forecast came
--    from Open-Meteo has it at all: six air-quality columns on every hour were six NULLs (six
--    header bytes) on most of them. forecast_air_quality holds a row only for an hour that has
--    a value, and the pollen Open-Meteo publishes in Europe beside it:
--      alder_pollen, birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen
--        grains per cubic metre of air (grains/m³), as the answer gives them; NULL where the
--        answer has none (outside Europe, past its four days), never 0.
--    The current conditions keep theirs on the forecast row (one row a forecast), pollen added.
--    An air-quality row belongs to its hour (forecast_id, time): deleting the hour, or the
--    forecast, deletes it.
--
-- 2. The chance of precipitation in percent, 0…100, as humidity and cloud cover are (it was a
--    fraction 0…1): every provider gives whole percents (Dark Sky's 0.07 is 7 %), which SQLite
--    keeps in one byte where the fraction took eight. A value is converted so that dividing
--    by 100 gives it back exactly: whole percents become integers; any other stays p × 100.
--
-- forecast, forecast_day and forecast_hour are rebuilt (a CHECK cannot be changed with ALTER
-- TABLE, and ALTER TABLE … DROP COLUMN would rewrite each whole-number REAL, which SQLite keeps
-- in one to three bytes, as eight), as https://www.sqlite.org/lang_altertable.html describes:
-- create, copy, drop, rename, recreate the indexes. Every value is copied. The Migrator runs
-- this file in one transaction with foreign_keys OFF and refuses to commit unless PRAGMA
-- foreign_key_check is empty.

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
  precipitation_probability REAL  -- percent
                            CHECK (precipitation_probability IS NULL
                                   OR precipitation_probability BETWEEN 0 AND 100),
  issued_at                 INTEGER
                            CHECK (issued_at IS NULL OR issued_at BETWEEN 0 AND 7258118400),
  has_current               INTEGER NOT NULL DEFAULT 1 CHECK (has_current IN (0, 1)),
  apparent_temperature      REAL,  -- °F
  precipitation             REAL CHECK (precipitation IS NULL OR precipitation >= 0),  -- in
  last_modified             TEXT,
  fresh_until               INTEGER,
  humidity                  REAL CHECK (humidity IS NULL OR humidity BETWEEN 0 AND 100),
  dew_point                 REAL,  -- °F
  pressure                  REAL CHECK (pressure IS NULL OR pressure > 0),  -- Pa, whole
  wind_direction            REAL CHECK (wind_direction IS NULL OR wind_direction BETWEEN 0 AND 360),
  wind_gust                 REAL CHECK (wind_gust IS NULL OR wind_gust >= 0),  -- mph
  uv_index                  REAL CHECK (uv_index IS NULL OR uv_index >= 0),
  visibility                REAL CHECK (visibility IS NULL OR visibility >= 0),  -- m
  cloud_cover               REAL CHECK (cloud_cover IS NULL OR cloud_cover BETWEEN 0 AND 100),
  european_aqi              REAL CHECK (european_aqi IS NULL OR european_aqi >= 0),
  us_aqi                    REAL CHECK (us_aqi IS NULL OR us_aqi >= 0),
  pm2_5                     REAL CHECK (pm2_5 IS NULL OR pm2_5 >= 0),  -- µg/m³
  pm10                      REAL CHECK (pm10 IS NULL OR pm10 >= 0),
  ozone                     REAL CHECK (ozone IS NULL OR ozone >= 0),
  nitrogen_dioxide          REAL CHECK (nitrogen_dioxide IS NULL OR nitrogen_dioxide >= 0),
  alder_pollen              REAL CHECK (alder_pollen IS NULL OR alder_pollen >= 0),  -- grains/m³
  birch_pollen              REAL CHECK (birch_pollen IS NULL OR birch_pollen >= 0),
  grass_pollen              REAL CHECK (grass_pollen IS NULL OR grass_pollen >= 0),
  mugwort_pollen            REAL CHECK (mugwort_pollen IS NULL OR mugwort_pollen >= 0),
  olive_pollen              REAL CHECK (olive_pollen IS NULL OR olive_pollen >= 0),
  ragweed_pollen            REAL CHECK (ragweed_pollen IS NULL OR ragweed_pollen >= 0)
);
INSERT INTO forecast_new (id, location_id, provider, fetched_at, latitude, longitude, time_zone,
    observed_at, summary, icon, temperature, wind_speed, precipitation_probability, issued_at,
    has_current, apparent_temperature, precipitation, last_modified, fresh_until, humidity,
    dew_point, pressure, wind_direction, wind_gust, uv_index, visibility, cloud_cover,
    european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide)
  SELECT id, location_id, provider, fetched_at, latitude, longitude, time_zone, observed_at,
    summary, icon, temperature, wind_speed,
    CASE WHEN round(precipitation_probability * 100) / 100.0 = precipitation_probability
         THEN round(precipitation_probability * 100) ELSE precipitation_probability * 100 END,
    issued_at, has_current, apparent_temperature, precipitation, last_modified, fresh_until,
    humidity, dew_point, pressure, wind_direction, wind_gust, uv_index, visibility,
    cloud_cover, european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide
  FROM forecast;

CREATE TABLE forecast_day_new (
  forecast_id               INTEGER NOT NULL REFERENCES forecast (id) ON DELETE CASCADE,
  time                      INTEGER NOT NULL,  -- local midnight of the day
  summary                   TEXT,
  icon                      TEXT,
  temperature_min           REAL,              -- °F
  temperature_max           REAL,              -- °F
  wind_speed                REAL CHECK (wind_speed IS NULL OR wind_speed >= 0),  -- mph
  precipitation_probability REAL               -- percent, the day's highest
                            CHECK (precipitation_probability IS NULL
                                   OR precipitation_probability BETWEEN 0 AND 100),
  precipitation_sum         REAL CHECK (precipitation_sum IS NULL OR precipitation_sum >= 0),
  apparent_temperature_min  REAL,              -- °F
  apparent_temperature_max  REAL,              -- °F
  sunrise                   INTEGER,           -- unix seconds
  sunset                    INTEGER,           -- unix seconds
  humidity                  REAL CHECK (humidity IS NULL OR humidity BETWEEN 0 AND 100),
  dew_point                 REAL,              -- °F
  pressure                  REAL CHECK (pressure IS NULL OR pressure > 0),  -- Pa, whole
  wind_direction            REAL CHECK (wind_direction IS NULL OR wind_direction BETWEEN 0 AND 360),
  wind_gust                 REAL CHECK (wind_gust IS NULL OR wind_gust >= 0),  -- mph
  uv_index                  REAL CHECK (uv_index IS NULL OR uv_index >= 0),
  visibility                REAL CHECK (visibility IS NULL OR visibility >= 0),  -- m
  cloud_cover               REAL CHECK (cloud_cover IS NULL OR cloud_cover BETWEEN 0 AND 100),
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
    temperature_max, wind_speed, precipitation_probability, precipitation_sum,
    apparent_temperature_min, apparent_temperature_max, sunrise, sunset, humidity, dew_point,
    pressure, wind_direction, wind_gust, uv_index, visibility, cloud_cover)
  SELECT forecast_id, time, summary, icon, temperature_min, temperature_max, wind_speed,
    CASE WHEN round(precipitation_probability * 100) / 100.0 = precipitation_probability
         THEN round(precipitation_probability * 100) ELSE precipitation_probability * 100 END,
    precipitation_sum, apparent_temperature_min, apparent_temperature_max, sunrise, sunset,
    humidity, dew_point, pressure, wind_direction, wind_gust, uv_index, visibility, cloud_cover
  FROM forecast_day;

CREATE TABLE forecast_hour_new (
  forecast_id               INTEGER NOT NULL REFERENCES forecast (id) ON DELETE CASCADE,
  time                      INTEGER NOT NULL,  -- start of the hour
  summary                   TEXT,
  icon                      TEXT,
  temperature               REAL,              -- °F
  wind_speed                REAL CHECK (wind_speed IS NULL OR wind_speed >= 0),  -- mph
  precipitation_probability REAL               -- percent
                            CHECK (precipitation_probability IS NULL
                                   OR precipitation_probability BETWEEN 0 AND 100),
  precipitation             REAL CHECK (precipitation IS NULL OR precipitation >= 0),  -- in
  apparent_temperature      REAL,              -- °F
  humidity                  REAL CHECK (humidity IS NULL OR humidity BETWEEN 0 AND 100),
  dew_point                 REAL,              -- °F
  pressure                  REAL CHECK (pressure IS NULL OR pressure > 0),  -- Pa, whole
  wind_direction            REAL CHECK (wind_direction IS NULL OR wind_direction BETWEEN 0 AND 360),
  wind_gust                 REAL CHECK (wind_gust IS NULL OR wind_gust >= 0),  -- mph
  uv_index                  REAL CHECK (uv_index IS NULL OR uv_index >= 0),
  visibility                REAL CHECK (visibility IS NULL OR visibility >= 0),  -- m
  cloud_cover               REAL CHECK (cloud_cover IS NULL OR cloud_cover BETWEEN 0 AND 100),
  PRIMARY KEY (forecast_id, time),
  CHECK (coalesce(summary, icon, temperature, wind_speed, precipitation_probability,
                  precipitation, apparent_temperature) IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO forecast_hour_new (forecast_id, time, summary, icon, temperature, wind_speed,
    precipitation_probability, precipitation, apparent_temperature, humidity, dew_point,
    pressure, wind_direction, wind_gust, uv_index, visibility, cloud_cover)
  SELECT forecast_id, time, summary, icon, temperature, wind_speed,
    CASE WHEN round(precipitation_probability * 100) / 100.0 = precipitation_probability
         THEN round(precipitation_probability * 100) ELSE precipitation_probability * 100 END,
    precipitation, apparent_temperature, humidity, dew_point, pressure, wind_direction,
    wind_gust, uv_index, visibility, cloud_cover
  FROM forecast_hour;

CREATE TABLE forecast_air_quality (
  forecast_id      INTEGER NOT NULL,
  time             INTEGER NOT NULL,  -- the hour's start, as in forecast_hour
  european_aqi     REAL CHECK (european_aqi IS NULL OR european_aqi >= 0),
  us_aqi           REAL CHECK (us_aqi IS NULL OR us_aqi >= 0),
  pm2_5            REAL CHECK (pm2_5 IS NULL OR pm2_5 >= 0),  -- µg/m³
  pm10             REAL CHECK (pm10 IS NULL OR pm10 >= 0),
  ozone            REAL CHECK (ozone IS NULL OR ozone >= 0),
  nitrogen_dioxide REAL CHECK (nitrogen_dioxide IS NULL OR nitrogen_dioxide >= 0),
  alder_pollen     REAL CHECK (alder_pollen IS NULL OR alder_pollen >= 0),  -- grains/m³
  birch_pollen     REAL CHECK (birch_pollen IS NULL OR birch_pollen >= 0),
  grass_pollen     REAL CHECK (grass_pollen IS NULL OR grass_pollen >= 0),
  mugwort_pollen   REAL CHECK (mugwort_pollen IS NULL OR mugwort_pollen >= 0),
  olive_pollen     REAL CHECK (olive_pollen IS NULL OR olive_pollen >= 0),
  ragweed_pollen   REAL CHECK (ragweed_pollen IS NULL OR ragweed_pollen >= 0),
  PRIMARY KEY (forecast_id, time),
  FOREIGN KEY (forecast_id, time) REFERENCES forecast_hour (forecast_id, time)
    ON DELETE CASCADE,
  CHECK (coalesce(european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide, alder_pollen,
                  birch_pollen, grass_pollen, mugwort_pollen, olive_pollen,
                  ragweed_pollen) IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO forecast_air_quality (forecast_id, time, european_aqi, us_aqi, pm2_5, pm10, ozone,
    nitrogen_dioxide)
  SELECT forecast_id, time, european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide
  FROM forecast_hour
  WHERE coalesce(european_aqi, us_aqi, pm2_5, pm10, ozone, nitrogen_dioxide) IS NOT NULL;

DROP TABLE forecast_hour;
DROP TABLE forecast_day;
DROP TABLE forecast;
ALTER TABLE forecast_new RENAME TO forecast;
ALTER TABLE forecast_day_new RENAME TO forecast_day;
ALTER TABLE forecast_hour_new RENAME TO forecast_hour;

-- The indexes went with the old table; the same ones again (migration 3's).
CREATE INDEX forecast_latest ON forecast (location_id, fetched_at DESC);
CREATE INDEX forecast_by_fetched_at ON forecast (fetched_at);
CREATE INDEX forecast_by_issued_at ON forecast (issued_at);

-- Migration 8: every quantity a weather app shows, and the unit each person reads it in.
--
-- Base units (one per quantity; views convert on display, as for °F, mph and inches since 0001):
--   humidity, cloud_cover      percent, 0…100 (relative humidity; the sky's fraction covered)
--   dew_point                  °F, as every temperature
--   pressure                   Pa (whole pascals; 101320 is 1013.2 hPa), reduced to mean sea level
--   wind_direction             degrees 0…360, where the wind blows FROM (meteorological)
--   wind_gust                  mph, as wind_speed
--   uv_index                   the UV index itself (no unit)
--   visibility                 metres
--   european_aqi, us_aqi       the European (EEA) and US (EPA) air-quality indexes
--   pm2_5, pm10, ozone,        µg/m³
--   nitrogen_dioxide
-- Percent, whole pascals and whole metres keep these values whole, which SQLite stores as one-
-- to three-byte integers in a REAL column (a fraction takes eight); a value the response lacked
-- is NULL (one header byte), never 0.
--
-- forecast (the current conditions) and forecast_hour get every column; forecast_day gets the
-- weather's (no air quality: Open-Meteo publishes it hourly), and in a day uv_index and
-- wind_gust are the day's maximum, wind_direction the dominant one.
--
-- settings: one unit per quantity, text as the command line accepts it:
--   wind_unit          'km/h' | 'm/s' | 'mph' | 'kn' | 'bft'
--   pressure_unit      'hpa' | 'inhg' | 'mmhg' | 'kpa'
--   precipitation_unit 'mm' | 'in'
--   distance_unit      'km' | 'mi'
--   air_quality_scale  'european' | 'us'
-- A database from before keeps what its units said: 'imperial' becomes mph, inHg, in, mi (the
-- defaults) and 'metric' km/h, hPa, mm, km. units_notation stays, for a device still running a
-- Cloudy from before this change (which reads it for wind and precipitation): Cloudy writes
-- 'imperial' there when the wind is in mph, else 'metric'. When such a device's units_notation
-- arrives by sync and disagrees with the wind here, the wind follows it (mph or km/h); only the
-- wind, so that a newer device's own wind_unit, applied after it, still wins.

ALTER TABLE settings ADD COLUMN wind_unit TEXT NOT NULL DEFAULT 'mph'
  CHECK (wind_unit IN ('km/h', 'm/s', 'mph', 'kn', 'bft'));
ALTER TABLE settings ADD COLUMN pressure_unit TEXT NOT NULL DEFAULT 'inhg'
  CHECK (pressure_unit IN ('hpa', 'inhg', 'mmhg', 'kpa'));
ALTER TABLE settings ADD COLUMN precipitation_unit TEXT NOT NULL DEFAULT 'in'
  CHECK (precipitation_unit IN ('mm', 'in'));
ALTER TABLE settings ADD COLUMN distance_unit TEXT NOT NULL DEFAULT 'mi'
  CHECK (distance_unit IN ('km', 'mi'));
ALTER TABLE settings ADD COLUMN air_quality_scale TEXT NOT NULL DEFAULT 'european'
  CHECK (air_quality_scale IN ('european', 'us'));

-- The metric preset for a database whose units were metric. No notation column changes, so
-- the sync trigger records nothing: every device derives the same from the units it has.
UPDATE settings
  SET wind_unit = 'km/h', pressure_unit = 'hpa', precipitation_unit = 'mm', distance_unit = 'km'
  WHERE units_notation = 'metric';

ALTER TABLE forecast ADD COLUMN humidity REAL CHECK (humidity IS NULL OR humidity BETWEEN 0 AND 100);
ALTER TABLE forecast ADD COLUMN dew_point REAL;
ALTER TABLE forecast ADD COLUMN pressure REAL CHECK (pressure IS NULL OR pressure > 0);
ALTER TABLE forecast ADD COLUMN wind_direction REAL
  CHECK (wind_direction IS NULL OR wind_direction BETWEEN 0 AND 360);
ALTER TABLE forecast ADD COLUMN wind_gust REAL CHECK (wind_gust IS NULL OR wind_gust >= 0);
ALTER TABLE forecast ADD COLUMN uv_index REAL CHECK (uv_index IS NULL OR uv_index >= 0);
ALTER TABLE forecast ADD COLUMN visibility REAL CHECK (visibility IS NULL OR visibility >= 0);
ALTER TABLE forecast ADD COLUMN cloud_cover REAL
  CHECK (cloud_cover IS NULL OR cloud_cover BETWEEN 0 AND 100);
ALTER TABLE forecast ADD COLUMN european_aqi REAL CHECK (european_aqi IS NULL OR european_aqi >= 0);
ALTER TABLE forecast ADD COLUMN us_aqi REAL CHECK (us_aqi IS NULL OR us_aqi >= 0);
ALTER TABLE forecast ADD COLUMN pm2_5 REAL CHECK (pm2_5 IS NULL OR pm2_5 >= 0);
ALTER TABLE forecast ADD COLUMN pm10 REAL CHECK (pm10 IS NULL OR pm10 >= 0);
ALTER TABLE forecast ADD COLUMN ozone REAL CHECK (ozone IS NULL OR ozone >= 0);
ALTER TABLE forecast ADD COLUMN nitrogen_dioxide REAL
  CHECK (nitrogen_dioxide IS NULL OR nitrogen_dioxide >= 0);

ALTER TABLE forecast_hour ADD COLUMN humidity REAL
  CHECK (humidity IS NULL OR humidity BETWEEN 0 AND 100);
ALTER TABLE forecast_hour ADD COLUMN dew_point REAL;
ALTER TABLE forecast_hour ADD COLUMN pressure REAL CHECK (pressure IS NULL OR pressure > 0);
ALTER TABLE forecast_hour ADD COLUMN wind_direction REAL
  CHECK (wind_direction IS NULL OR wind_direction BETWEEN 0 AND 360);
ALTER TABLE forecast_hour ADD COLUMN wind_gust REAL CHECK (wind_gust IS NULL OR wind_gust >= 0);
ALTER TABLE forecast_hour ADD COLUMN uv_index REAL CHECK (uv_index IS NULL OR uv_index >= 0);
ALTER TABLE forecast_hour ADD COLUMN visibility REAL
  CHECK (visibility IS NULL OR visibility >= 0);
ALTER TABLE forecast_hour ADD COLUMN cloud_cover REAL
  CHECK (cloud_cover IS NULL OR cloud_cover BETWEEN 0 AND 100);
ALTER TABLE forecast_hour ADD COLUMN european_aqi REAL
  CHECK (european_aqi IS NULL OR european_aqi >= 0);
ALTER TABLE forecast_hour ADD COLUMN us_aqi REAL CHECK (us_aqi IS NULL OR us_aqi >= 0);
ALTER TABLE forecast_hour ADD COLUMN pm2_5 REAL CHECK (pm2_5 IS NULL OR pm2_5 >= 0);
ALTER TABLE forecast_hour ADD COLUMN pm10 REAL CHECK (pm10 IS NULL OR pm10 >= 0);
ALTER TABLE forecast_hour ADD COLUMN ozone REAL CHECK (ozone IS NULL OR ozone >= 0);
ALTER TABLE forecast_hour ADD COLUMN nitrogen_dioxide REAL
  CHECK (nitrogen_dioxide IS NULL OR nitrogen_dioxide >= 0);

ALTER TABLE forecast_day ADD COLUMN humidity REAL
  CHECK (humidity IS NULL OR humidity BETWEEN 0 AND 100);
ALTER TABLE forecast_day ADD COLUMN dew_point REAL;
ALTER TABLE forecast_day ADD COLUMN pressure REAL CHECK (pressure IS NULL OR pressure > 0);
ALTER TABLE forecast_day ADD COLUMN wind_direction REAL
  CHECK (wind_direction IS NULL OR wind_direction BETWEEN 0 AND 360);
ALTER TABLE forecast_day ADD COLUMN wind_gust REAL CHECK (wind_gust IS NULL OR wind_gust >= 0);
ALTER TABLE forecast_day ADD COLUMN uv_index REAL CHECK (uv_index IS NULL OR uv_index >= 0);
ALTER TABLE forecast_day ADD COLUMN visibility REAL CHECK (visibility IS NULL OR visibility >= 0);
ALTER TABLE forecast_day ADD COLUMN cloud_cover REAL
  CHECK (cloud_cover IS NULL OR cloud_cover BETWEEN 0 AND 100);

-- Sync records the new settings like the others: the trigger of migration 5 made again with
-- them in it.
DROP TRIGGER sync_settings_changed;
CREATE TRIGGER sync_settings_changed AFTER UPDATE ON settings
WHEN (SELECT applying FROM sync_device) = 0
  AND (NEW.time_notation IS NOT OLD.time_notation
    OR NEW.units_notation IS NOT OLD.units_notation
    OR NEW.temperature_notation IS NOT OLD.temperature_notation
    OR NEW.alert_level IS NOT OLD.alert_level
    OR NEW.wind_unit IS NOT OLD.wind_unit
    OR NEW.pressure_unit IS NOT OLD.pressure_unit
    OR NEW.precipitation_unit IS NOT OLD.precipitation_unit
    OR NEW.distance_unit IS NOT OLD.distance_unit
    OR NEW.air_quality_scale IS NOT OLD.air_quality_scale)
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
                        NEW.alert_level IS NOT OLD.alert_level
       UNION ALL SELECT 5, 'wind_unit', +NEW.wind_unit, NEW.wind_unit IS NOT OLD.wind_unit
       UNION ALL SELECT 6, 'pressure_unit', +NEW.pressure_unit,
                        NEW.pressure_unit IS NOT OLD.pressure_unit
       UNION ALL SELECT 7, 'precipitation_unit', +NEW.precipitation_unit,
                        NEW.precipitation_unit IS NOT OLD.precipitation_unit
       UNION ALL SELECT 8, 'distance_unit', +NEW.distance_unit,
                        NEW.distance_unit IS NOT OLD.distance_unit
       UNION ALL SELECT 9, 'air_quality_scale', +NEW.air_quality_scale,
                        NEW.air_quality_scale IS NOT OLD.air_quality_scale) AS f
    WHERE f.changed;
  UPDATE sync_device
    SET seq = (SELECT max(seq) FROM sync_change WHERE origin = sync_device.device);
END;

-- An older device's units, received by sync: the wind follows them (see above). Sync applies
-- the fields of a file in name order, so a newer device's wind_unit comes after its
-- units_notation and wins.
CREATE TRIGGER sync_legacy_units_received AFTER UPDATE OF units_notation ON settings
WHEN (SELECT applying FROM sync_device) = 1
  AND NEW.units_notation IS NOT OLD.units_notation
  AND (NEW.wind_unit = 'mph') IS NOT (NEW.units_notation = 'imperial')
BEGIN
  UPDATE settings
    SET wind_unit = CASE NEW.units_notation WHEN 'imperial' THEN 'mph' ELSE 'km/h' END
    WHERE id = NEW.id;
END;

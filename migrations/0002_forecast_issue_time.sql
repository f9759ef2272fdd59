-- Cloudy schema, version 2: when a forecast's data was issued, and which parts it held.
--
-- fetched_at says when Cloudy stored a forecast (a fetch, or an import of a saved file); the
-- age a user sees is the data's own, so it is recorded separately:
--   * issued_at: unix seconds (UTC) of the provider's "now" in the response (its current
--     time), or its first hour (or day) when it had no current block;
--   * has_current: 1 when the response had a current block; 0 when it did not, and the
--     current columns of the row (observed_at, summary, icon, temperature, wind_speed,
--     precipitation_probability) then repeat its first hour (or its first day: the maximum).
-- A forecast without hourly or daily data simply has no forecast_hour / forecast_day rows.
-- Forecasts stored before this version were fetched (or imported) with a current block, so
-- their issue time is their observed_at.

ALTER TABLE forecast ADD COLUMN issued_at INTEGER
  CHECK (issued_at IS NULL OR issued_at BETWEEN 0 AND 7258118400);
ALTER TABLE forecast ADD COLUMN has_current INTEGER NOT NULL DEFAULT 1
  CHECK (has_current IN (0, 1));
UPDATE forecast SET issued_at = observed_at;
-- prune by the data's age
CREATE INDEX forecast_by_issued_at ON forecast (issued_at);

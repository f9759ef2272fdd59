-- Migration 6: what a forecast's answer said about asking again.
--
-- MET Norway's terms ask clients to keep the `Last-Modified` and `Expires` headers of an answer,
-- not to ask again before `Expires`, and then to ask with `If-Modified-Since` (a 304 means
-- "unchanged"). They belong to the forecast they came with, which is replaced whole on the
-- next fetch, so they are two columns of `forecast`:
--
-- forecast.last_modified: the `Last-Modified` header, as sent (an HTTP date), or NULL.
-- forecast.fresh_until:   unix seconds from `Expires`, or NULL when the service did not say.

ALTER TABLE forecast ADD COLUMN last_modified TEXT;
ALTER TABLE forecast ADD COLUMN fresh_until INTEGER;

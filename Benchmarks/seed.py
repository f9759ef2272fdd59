#!/usr/bin/env python3
"""Seed a Cloudy benchmark database, deterministically.

  Benchmarks/seed.py --cloudy-db PATH/TO/cloudy-db --places 1000 --out FILE

1. Runs `cloudy-db migrate --db FILE`, so the schema and the migration record are Cloudy's own.
2. Inserts PLACES saved places (real names and coordinates from the gazetteer,
   Sources/CloudyGazetteerData/places.tsv, chosen with a fixed random seed), each with one cached
   forecast: 1 current + 7 daily + 48 hourly rows, as the providers store them (°F, mph, 0…1).
3. Sets the settings (12h / metric / celsius) and selects one place (the one in the middle of
   the list). Then checkpoints the WAL so the file stands alone.

Same arguments, same bytes of data (only created_at/updated_at differ). Python 3 stdlib only.
"""
import argparse
import os
import random
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GAZETTEER = os.path.join(ROOT, "Sources", "CloudyGazetteerData", "places.tsv")
SEED = 20261122
NOW = 1795000000  # the fixed "fetched at" of the seeded forecasts (unix seconds, 2026-11-18)
# Names the benchmark adds itself; they must not already be saved.
RESERVED = {"richmond"}
ICONS = ["clear-day", "clear-night", "rain", "snow", "sleet", "wind", "fog", "cloudy",
         "partly-cloudy-day", "partly-cloudy-night"]
SUMMARIES = ["Clear", "Partly cloudy", "Overcast", "Light rain", "Snow", "Fog", "Windy", "Drizzle"]


def gazetteer_places():
    with open(GAZETTEER, "rb") as f:
        data = f.read()
    header = data[: data.index(b"\n")].split(b"\t")
    ranges = [(int(header[i]), int(header[i + 1])) for i in range(2, 12, 2)]
    def lines(section):
        start, end = ranges[section]
        return data[start:end].decode("utf-8").splitlines()
    regions = {}
    for line in lines(1):
        country, admin1, name = line.split("\t")
        regions[(country, admin1)] = name
    zones = lines(3)
    places = []
    for line in lines(4):
        key, name, country, admin1, lat, lon, _pop, zone = line.split("\t")
        if key in RESERVED:
            continue
        if not name:
            name = " ".join(w[:1].upper() + w[1:] for w in key.split(" "))
        region = regions.get((country, admin1))
        places.append((name, country, region, float(lat), float(lon), zones[int(zone)]))
    return places


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cloudy-db", required=True, help="the cloudy-db executable")
    parser.add_argument("--places", type=int, default=1000)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(args.out + suffix):
            os.unlink(args.out + suffix)
    subprocess.run([args.cloudy_db, "migrate", "--db", args.out], check=True, stdout=subprocess.DEVNULL)

    rng = random.Random(SEED)
    pool = gazetteer_places()
    order = list(range(len(pool)))
    rng.shuffle(order)
    chosen, seen = [], set()
    for index in order:
        if len(chosen) == args.places:
            break
        name, country, region, lat, lon, zone = pool[index]
        display = ", ".join(p for p in (name, region, country) if p)
        if display.casefold() in seen or len(display) > 200:
            continue
        seen.add(display.casefold())
        chosen.append((display, name, country, region, lat, lon, zone))
    if len(chosen) < args.places:
        sys.exit(f"seed: only {len(chosen)} distinct places in the gazetteer")

    db = sqlite3.connect(args.out, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = OFF")  # seeding only; the benchmark opens it as Cloudy does
    db.execute("BEGIN IMMEDIATE")
    db.executemany(
        "INSERT INTO location (id, name, query, latitude, longitude, country_code, region, time_zone,"
        " source, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'gazetteer', ?)",
        ((i + 1, display, name, lat, lon, country, region, zone, i)
         for i, (display, name, country, region, lat, lon, zone) in enumerate(chosen)))

    def forecasts():
        for i, (_d, _n, _c, _r, lat, lon, zone) in enumerate(chosen):
            fetched = NOW - rng.randrange(0, 6 * 3600)
            yield (i + 1, i + 1, "open-meteo", fetched, lat, lon, zone, fetched, SUMMARIES[i % 8],
                   ICONS[i % 10], round(rng.uniform(-10, 100), 1), round(rng.uniform(0, 40), 1),
                   round(rng.random() * 100))
    db.executemany(
        "INSERT INTO forecast (id, location_id, provider, fetched_at, latitude, longitude, time_zone,"
        " observed_at, summary, icon, temperature, wind_speed, precipitation_probability, issued_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (row + (row[7],) for row in forecasts()))

    midnight = NOW - NOW % 86400
    def days():
        for i in range(len(chosen)):
            for d in range(7):
                low = round(rng.uniform(-10, 80), 1)
                yield (i + 1, midnight + 86400 * d, SUMMARIES[(i + d) % 8], ICONS[(i + d) % 10],
                       low, round(low + rng.uniform(0, 20), 1), round(rng.uniform(0, 40), 1),
                       round(rng.random() * 100))
    db.executemany(
        "INSERT INTO forecast_day (forecast_id, time, summary, icon, temperature_min,"
        " temperature_max, wind_speed, precipitation_probability) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        days())

    hour0 = NOW - NOW % 3600
    def hours():
        for i in range(len(chosen)):
            for h in range(48):
                yield (i + 1, hour0 + 3600 * h, SUMMARIES[(i + h) % 8], ICONS[(i + h) % 10],
                       round(rng.uniform(-10, 100), 1), round(rng.uniform(0, 40), 1),
                       round(rng.random() * 100))
    db.executemany(
        "INSERT INTO forecast_hour (forecast_id, time, summary, icon, temperature, wind_speed,"
        " precipitation_probability) VALUES (?, ?, ?, ?, ?, ?, ?)", hours())

    db.execute("UPDATE settings SET time_notation = '12h', units_notation = 'metric',"
               " temperature_notation = 'celsius' WHERE id = 1")
    db.execute("INSERT OR REPLACE INTO selection (id, kind, location_id) VALUES (1, 'saved', ?)",
               (len(chosen) // 2 + 1,))
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


if __name__ == "__main__":
    main()

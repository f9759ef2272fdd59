#!/usr/bin/env python3
"""What every quantity costs (issue 38): the database's bytes per cached hour, and
`cloudy-forecast show --hourly --hours 384 --json` of 1,000 places, each against the tree
before the change.

    python3 Benchmarks/quantities.py --bin .build-release/release \
        --before-bin .build-before/build/release [--places 1000] [--rounds 2]

`--before-bin` is a release build of dcc34bd (the tree before issue 38):

    mkdir -p .build-before/src && git archive dcc34bd | tar -x -C .build-before/src
    swift build -c release --package-path .build-before/src --scratch-path .build-before/build \
        --product cloudy-forecast     # and --product cloudy-locations

Each tree makes its own database: the same places, then the same Open-Meteo answer (made here,
shaped as Cloudy's request asks since issue 38: every hourly variable, 384 hours, 16 days,
values with the decimals Open-Meteo writes) imported into the first place and copied to the
others in SQL. The old tree keeps what it reads of it; the new one every quantity. Sizes are
after VACUUM: forecast_hour's bytes (dbstat) per hour, and the whole file's. `show` is timed as
one loop over every place, old and new loops interleaved round by round so that the machine's
load touches both alike; the ratio is of the medians. Python 3 standard library and the sqlite3
CLI only. Not a test: it prints figures beside the issue's targets and never fails on them.
"""
import argparse
import json
import math
import os
import sqlite3
import statistics
import subprocess
import tempfile
import time

HOURS = 384
DAYS = 16
START = 1_767_225_600  # 2026-01-01T00:00Z


def answer():
    """An Open-Meteo answer as the issue-38 request asks for it (°F, mph, inch, unix times)."""
    times = [START + 3600 * h for h in range(HOURS)]

    def wave(h, mean, amplitude, decimals, period=24.0, phase=0.0):
        return round(mean + amplitude * math.sin(2 * math.pi * (h + phase) / period), decimals)

    hourly = {
        "time": times,
        "temperature_2m": [wave(h, 50, 9, 1) for h in range(HOURS)],
        "weather_code": [(0, 1, 2, 3, 61, 3)[h % 6] for h in range(HOURS)],
        "wind_speed_10m": [wave(h, 9, 5, 1, 31) for h in range(HOURS)],
        "precipitation_probability": [int(wave(h, 30, 30, 0, 17)) for h in range(HOURS)],
        "is_day": [1 if 7 <= h % 24 < 18 else 0 for h in range(HOURS)],
        "apparent_temperature": [wave(h, 47, 10, 1) for h in range(HOURS)],
        "precipitation": [round(max(0, wave(h, 0, 0.03, 3, 17)), 3) for h in range(HOURS)],
        "relative_humidity_2m": [int(wave(h, 70, 20, 0, 24, 12)) for h in range(HOURS)],
        "dew_point_2m": [wave(h, 40, 6, 1) for h in range(HOURS)],
        "pressure_msl": [wave(h, 1013, 9, 1, 97) for h in range(HOURS)],
        "wind_direction_10m": [int(wave(h, 180, 170, 0, 53)) for h in range(HOURS)],
        "wind_gusts_10m": [wave(h, 17, 8, 1, 31) for h in range(HOURS)],
        "uv_index": [max(0.0, wave(h, 1, 3, 2, 24, -7)) if 7 <= h % 24 < 18 else 0.0
                     for h in range(HOURS)],
        "visibility": [float(int(wave(h, 24000, 10000, 0, 41)) // 20 * 20) for h in range(HOURS)],
        "cloud_cover": [int(wave(h, 50, 50, 0, 19)) for h in range(HOURS)],
    }
    units = {"time": "unixtime", "temperature_2m": "°F", "weather_code": "wmo code",
             "wind_speed_10m": "mp/h", "precipitation_probability": "%", "is_day": "",
             "apparent_temperature": "°F", "precipitation": "inch", "relative_humidity_2m": "%",
             "dew_point_2m": "°F", "pressure_msl": "hPa", "wind_direction_10m": "°",
             "wind_gusts_10m": "mp/h", "uv_index": "", "visibility": "m", "cloud_cover": "%"}
    days = [START + 86400 * d for d in range(DAYS)]
    daily = {
        "time": days, "weather_code": [3] * DAYS,
        "temperature_2m_max": [59.1] * DAYS, "temperature_2m_min": [41.3] * DAYS,
        "wind_speed_10m_max": [14.2] * DAYS, "precipitation_probability_max": [40] * DAYS,
        "precipitation_sum": [0.12] * DAYS, "apparent_temperature_max": [57.2] * DAYS,
        "apparent_temperature_min": [38.4] * DAYS, "sunrise": [d + 27000 for d in days],
        "sunset": [d + 60000 for d in days], "uv_index_max": [3.45] * DAYS,
        "wind_gusts_10m_max": [25.3] * DAYS, "wind_direction_10m_dominant": [250] * DAYS,
    }
    daily_units = {key: "" for key in daily}
    daily_units.update({"time": "unixtime", "temperature_2m_max": "°F",
                        "temperature_2m_min": "°F", "wind_speed_10m_max": "mp/h",
                        "precipitation_sum": "inch", "apparent_temperature_max": "°F",
                        "apparent_temperature_min": "°F", "sunrise": "unixtime",
                        "sunset": "unixtime", "wind_gusts_10m_max": "mp/h",
                        "wind_direction_10m_dominant": "°", "precipitation_probability_max": "%"})
    current = {key: values[0] for key, values in hourly.items() if key != "precipitation_probability"}
    current_units = {key: units[key] for key in current}
    return {"latitude": 52.52, "longitude": 13.42, "generationtime_ms": 0.5,
            "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT",
            "elevation": 38.0, "current_units": current_units, "current": current,
            "hourly_units": units, "hourly": hourly, "daily_units": daily_units, "daily": daily}


def run(bin_dir, tool, args, db):
    result = subprocess.run([os.path.join(bin_dir, tool)] + args + ["--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{tool} {args}: {result.returncode} {result.stderr}")
    return result


def seed(bin_dir, folder, places, response):
    """A database made by this tree's tools: `places` places, each with the same forecast."""
    db = os.path.join(folder, "cloudy.sqlite")
    for index in range(places):
        run(bin_dir, "cloudy-locations",
            ["add", "--name", f"P{index:04d}", "--lat", "52.52", "--lon", f"{13.42 + index * 1e-4:.4f}"],
            db)
    run(bin_dir, "cloudy-forecast", ["import", response, "--place", "P0000"], db)
    with sqlite3.connect(db) as conn:
        def columns(table):
            return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        forecast = [c for c in columns("forecast") if c not in ("id", "location_id")]
        hour = [c for c in columns("forecast_hour") if c != "forecast_id"]
        day = [c for c in columns("forecast_day") if c != "forecast_id"]
        source = conn.execute("SELECT id FROM forecast").fetchone()[0]
        for (location,) in conn.execute("SELECT id FROM location WHERE name <> 'P0000'").fetchall():
            conn.execute(f"INSERT INTO forecast (location_id, {', '.join(forecast)}) "
                         f"SELECT ?, {', '.join(forecast)} FROM forecast WHERE id = ?",
                         (location, source))
            new = conn.execute("SELECT last_insert_rowid()").fetchone()[0]
            for table, cols in (("forecast_hour", hour), ("forecast_day", day)):
                conn.execute(f"INSERT INTO {table} (forecast_id, {', '.join(cols)}) "
                             f"SELECT ?, {', '.join(cols)} FROM {table} WHERE forecast_id = ?",
                             (new, source))
    subprocess.run(["sqlite3", db, "PRAGMA wal_checkpoint(TRUNCATE); VACUUM;"], check=True,
                   stdout=subprocess.DEVNULL)
    return db


def sizes(db):
    out = subprocess.run(
        ["sqlite3", db,
         "SELECT (SELECT sum(pgsize) FROM dbstat WHERE name = 'forecast_hour'),"
         " (SELECT count(*) FROM forecast_hour),"
         " (SELECT page_count * page_size FROM pragma_page_count, pragma_page_size)"],
        check=True, stdout=subprocess.PIPE, text=True).stdout.strip().split("|")
    table, hours, file = (int(x) for x in out)
    return table / hours, file / hours, hours


def show_loop(bin_dir, db, places):
    start = time.perf_counter()
    out = 0
    for index in range(places):
        result = run(bin_dir, "cloudy-forecast",
                     ["show", f"P{index:04d}", "--hourly", "--hours", str(HOURS), "--json"], db)
        out += len(result.stdout)
    return time.perf_counter() - start, out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build-release/release")
    parser.add_argument("--before-bin", default=".build-before/build/release")
    parser.add_argument("--places", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        response = os.path.join(folder, "open-meteo.json")
        with open(response, "w") as file:
            json.dump(answer(), file)
        dbs = {}
        for name, bin_dir in (("before", args.before_bin), ("after", args.bin)):
            os.makedirs(os.path.join(folder, name))
            dbs[name] = (bin_dir, seed(bin_dir, os.path.join(folder, name), args.places, response))
        print(f"{args.places} places × {HOURS} hours (Open-Meteo, every issue-38 variable)")
        before = sizes(dbs["before"][1])
        after = sizes(dbs["after"][1])
        print(f"forecast_hour bytes per hour: before {before[0]:.1f}, after {after[0]:.1f}"
              f" (× {after[0] / before[0]:.2f}; target ≤ × 1.40)")
        print(f"whole file bytes per cached hour: before {before[1]:.1f}, after {after[1]:.1f}"
              f" (× {after[1] / before[1]:.2f})")
        times = {"before": [], "after": []}
        output = {}
        for _ in range(args.rounds):
            for name in ("before", "after"):
                seconds, out = show_loop(*dbs[name], args.places)
                times[name].append(seconds)
                output[name] = out
        b, a = statistics.median(times["before"]), statistics.median(times["after"])
        print(f"show --hourly --hours {HOURS} --json, {args.places} places, median of"
              f" {args.rounds}: before {b:.2f} s, after {a:.2f} s (× {a / b:.2f}; target ≤ × 1.10)")
        print(f"JSON per place: before {output['before'] / args.places / 1024:.0f} KiB,"
              f" after {output['after'] / args.places / 1024:.0f} KiB")


if __name__ == "__main__":
    main()

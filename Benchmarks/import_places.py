#!/usr/bin/env python3
"""Import of 100,000 places from CSV and from GeoJSON: `cloudy-db import` (release build) beside
the sqlite3 CLI's `.import` of the same CSV into a table of the same shape (the floor for that
work: parse the CSV, check the same constraints, insert in one transaction).

python3 standard library only; needs `swift build -c release --product cloudy-db` and `sqlite3`.
Not a test: it prints seconds and peak memory beside the targets (issue 22: ≤ 2× sqlite3's time,
≤ 100 MiB) and never fails on them. Method and results: Benchmarks/README.md ("Import").
"""
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PLACES = 100_000
RUNS = 3


def run(argv, stdin=None):
    """Wall seconds and peak resident memory (MiB) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    err = child.stderr.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed: {err}")
    return elapsed, usage.ru_maxrss / 1024


def main():
    tool = os.path.join(ROOT, ".build", "release", "cloudy-db")
    if not os.path.exists(tool):
        sys.exit("build first: swift build -c release --product cloudy-db")
    rng = random.Random(22)
    rows = [
        (f"Place {i} {rng.choice(['Nord', 'Süd', 'Ost', 'West'])}", round(rng.uniform(-89, 89), 5),
         round(rng.uniform(-179, 179), 5), rng.choice(["US", "FR", "DE", "JP", "BR"]))
        for i in range(PLACES)
    ]
    with tempfile.TemporaryDirectory() as folder:
        csv_path = os.path.join(folder, "places.csv")
        with open(csv_path, "w", encoding="utf-8", newline="") as f:
            f.write("name,latitude,longitude,country_code\r\n")
            for name, lat, lon, cc in rows:
                f.write(f"{name},{lat},{lon},{cc}\r\n")
        geojson_path = os.path.join(folder, "places.geojson")
        with open(geojson_path, "w", encoding="utf-8") as f:
            json.dump({"type": "FeatureCollection", "features": [
                {"type": "Feature", "properties": {"name": n, "country_code": cc},
                 "geometry": {"type": "Point", "coordinates": [lon, lat]}}
                for n, lat, lon, cc in rows]}, f)
        schema = (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; CREATE TABLE place ("
            "name TEXT NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200) "
            "UNIQUE COLLATE NOCASE, latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90), "
            "longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180), "
            "country_code TEXT CHECK (country_code IS NULL OR length(country_code) = 2));")
        results = {}
        for label in ("sqlite3 .import (CSV)", "cloudy-db import CSV", "cloudy-db import GeoJSON"):
            times, memory = [], []
            for attempt in range(RUNS):
                db = os.path.join(folder, f"{attempt}-{len(results)}.sqlite")
                if label.startswith("sqlite3"):
                    script = f"{schema}\nBEGIN;\n.import --csv --skip 1 {csv_path} place\nCOMMIT;\n"
                    with open(os.path.join(folder, "script.sql"), "w") as f:
                        f.write(script)
                    with open(os.path.join(folder, "script.sql")) as stdin:
                        seconds, mib = run(["sqlite3", db], stdin=stdin)
                else:
                    path = csv_path if "CSV" in label else geojson_path
                    seconds, mib = run([tool, "import", path, "--db", db])
                times.append(seconds)
                memory.append(mib)
            results[label] = (statistics.median(times), max(memory))
        floor = results["sqlite3 .import (CSV)"][0]
        print(f"{PLACES:,} places, median of {RUNS} runs, release build")
        print(f"{'':28} {'seconds':>8} {'× sqlite3':>10} {'peak MiB':>9}")
        for label, (seconds, mib) in results.items():
            print(f"{label:28} {seconds:8.2f} {seconds / floor:10.2f} {mib:9.1f}")
        print("targets: ≤ 2× sqlite3's time, ≤ 100 MiB")


if __name__ == "__main__":
    main()

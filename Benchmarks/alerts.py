#!/usr/bin/env python3
"""`cloudy-forecast alerts PLACE --json` on a database of 100 places with 3 alerts each,
beside the C baseline reading the same rows (baseline/alerts_baseline.c).

    Benchmarks/alerts.py [--tools .build-release/release] [--runs 15] [--warmup 3]

Seeds a fresh database in a temporary folder (created by cloudy-locations, so it carries
Cloudy's migrations; places and alerts inserted with sqlite3), checks that both print the same
3 active alerts, then times each `runs` times after `warmup` runs and prints the medians. Each
run is a whole process: start-up, opening the file, the query, the output. No test asserts a
time; nothing here touches the user's database.
"""
import argparse, os, sqlite3, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOW = 1_795_694_400  # 2026-11-26 12:00 UTC


def seed(tools, folder):
    db = os.path.join(folder, "cloudy.sqlite")
    subprocess.run([os.path.join(tools, "cloudy-locations"), "add", "--name", "Place 0",
                    "--lat", "40", "--lon", "-100", "--db", db], check=True, capture_output=True)
    con = sqlite3.connect(db)
    with con:
        for i in range(1, 100):
            con.execute("INSERT INTO location (name, latitude, longitude, source, position) "
                        "VALUES (?, ?, ?, 'coordinates', ?)", (f"Place {i}", 40 + i / 100, -100, i))
        severities = ["severe", "moderate", "minor"]
        for (place_id,) in con.execute("SELECT id FROM location").fetchall():
            for n, severity in enumerate(severities):
                con.execute(
                    "INSERT INTO alert (location_id, source, identifier, sender, sent, message_type,"
                    " event, severity, urgency, certainty, headline, sender_name, areas, onset,"
                    " expires, ends, fetched_at) VALUES (?, 'nws', ?, 'w-nws.webmaster@noaa.gov',"
                    " ?, 'Alert', ?, ?, 'expected', 'likely', ?, 'NWS Test', 'County A; County B',"
                    " ?, ?, ?, ?)",
                    (place_id, f"urn:oid:bench.{place_id}.{n}", NOW - 3600, f"Event {n}", severity,
                     f"Event {n} issued", NOW - 3600 + n * 60, NOW + 6 * 3600, NOW + 24 * 3600, NOW))
    con.close()
    return db


def median_ms(command, env, runs, warmup):
    for _ in range(warmup):
        subprocess.run(command, env=env, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", default=os.path.join(ROOT, ".build-release", "release"))
    parser.add_argument("--seed-tools", default=os.path.join(ROOT, ".build", "debug"),
                        help="where cloudy-locations is (only to create the file)")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        baseline = os.path.join(folder, "alerts_baseline")
        subprocess.run(["cc", "-O2", "-Wall", "-o", baseline,
                        os.path.join(HERE, "baseline", "alerts_baseline.c"), "-lsqlite3"], check=True)
        db = seed(args.seed_tools, folder)
        # faketime sets both clocks to NOW: the alerts are active then.
        libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
        env = dict(os.environ, LD_PRELOAD=libfaketime, FAKETIME="@2026-11-26 12:00:00", TZ="UTC",
                   FAKETIME_SHARED="/cloudy-bench-none /cloudy-bench-none")
        cloudy = [os.path.join(args.tools, "cloudy-forecast"), "alerts", "Place 42", "--json",
                  "--db", db]
        c = [baseline, db, "Place 42", str(NOW)]
        listed = subprocess.run(cloudy, env=env, check=True, capture_output=True, text=True).stdout
        assert listed.count('"active" : true') + listed.count('"active": true') == 3, listed
        assert len(subprocess.run(c, check=True, capture_output=True, text=True).stdout.splitlines()) == 3
        plain_env = dict(os.environ)
        cloudy_ms = median_ms(cloudy, env, args.runs, args.warmup)
        c_ms = median_ms(c, plain_env, args.runs, args.warmup)
        # libfaketime's own start-up, measured on the C program, is subtracted from Cloudy's.
        c_faked_ms = median_ms(c, env, args.runs, args.warmup)
        # The floor: the same executable starting and printing its version (no file opened).
        floor_ms = median_ms([cloudy[0], "--version"], plain_env, args.runs, args.warmup)
        print(f"100 places x 3 alerts, one place listed, median of {args.runs} runs:")
        print(f"  cloudy-forecast alerts --json   {cloudy_ms:7.2f} ms"
              f"  ({cloudy_ms - (c_faked_ms - c_ms):.2f} ms without libfaketime's start-up)")
        print(f"  C baseline (alerts_baseline)    {c_ms:7.2f} ms")
        print(f"  libfaketime start-up            {c_faked_ms - c_ms:7.2f} ms")
        print(f"  cloudy-forecast --version       {floor_ms:7.2f} ms  (the process start-up floor)")


if __name__ == "__main__":
    sys.exit(main())

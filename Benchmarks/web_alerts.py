#!/usr/bin/env python3
"""What the alerts add to cloudy-web's pages: `/places` (a mark per place), `/` (the banner) and
`/places/{id}/alerts`, on 100 places with 3 active alerts each, against the same pages on the
same file with its alerts deleted.

    Benchmarks/web_alerts.py [--tools .build/debug] [--runs 200]

Before each timed request another connection commits a write that changes nothing (cloudy-web
keeps each page until the file changes): what is timed is the first request after a change,
noticing it and making the page (reading the places, the alerts and the settings; the HTML),
not serving a kept copy. Requests go one at a time over one keep-alive connection; the median
is printed. No test
asserts a time; nothing here touches the user's database.
"""
import argparse, http.client, os, sqlite3, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def seed(tools, folder, now):
    db = os.path.join(folder, "cloudy.sqlite")
    subprocess.run([os.path.join(tools, "cloudy-locations"), "add", "--name", "Place 0",
                    "--lat", "40", "--lon", "-100", "--db", db], check=True, capture_output=True)
    con = sqlite3.connect(db)
    with con:
        for i in range(1, 100):
            con.execute("INSERT INTO location (name, latitude, longitude, source, position) "
                        "VALUES (?, ?, ?, 'coordinates', ?)", (f"Place {i}", 40 + i / 100, -100, i))
        for (place_id,) in con.execute("SELECT id FROM location").fetchall():
            for n, severity in enumerate(["severe", "moderate", "minor"]):
                con.execute(
                    "INSERT INTO alert (location_id, source, identifier, sender, sent, message_type,"
                    " event, severity, urgency, certainty, headline, description, sender_name,"
                    " areas, onset, expires, ends, fetched_at) VALUES (?, 'nws', ?,"
                    " 'w-nws.webmaster@noaa.gov', ?, 'Alert', ?, ?, 'expected', 'likely', ?, ?,"
                    " 'NWS Test', 'County A; County B', ?, ?, ?, ?)",
                    (place_id, f"urn:oid:bench.{place_id}.{n}", now - 3600, f"Event {n}", severity,
                     f"Event {n} issued", "A description of some length. " * 20,
                     now - 3600, now + 6 * 3600, now + 24 * 3600, now))
    con.close()
    return db


def median_ms(connection, path, runs, writer):
    times = []
    for _ in range(runs + 10):
        with writer:
            writer.execute("UPDATE settings SET alert_level = alert_level")
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status == 200, (path, response.status)
    return statistics.median(times[10:]), len(body)


def measure(tools, db, runs):
    web = subprocess.Popen([os.path.join(tools, "cloudy-web"), "--db", db, "--offline",
                            "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
    port = int(web.stdout.readline().strip().rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port)
    place = sqlite3.connect(db).execute("SELECT id FROM location WHERE position = 0").fetchone()[0]
    writer = sqlite3.connect(db)
    results = {path: median_ms(connection, path, runs, writer)
               for path in ["/places", "/", f"/places/{place}/alerts"]}
    writer.close()
    web.terminate()
    web.wait()
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = seed(args.tools, folder, int(time.time()))
        with_alerts = measure(args.tools, db, args.runs)
        con = sqlite3.connect(db)
        with con:
            con.execute("DELETE FROM alert")
        con.close()
        without = measure(args.tools, db, args.runs)
    print(f"100 places, 3 active alerts each vs none; median of {args.runs} requests "
          f"(load {os.getloadavg()[0]:.1f}):")
    for path, (ms, size) in with_alerts.items():
        base_ms, base_size = list(without.values())[list(with_alerts).index(path)]
        print(f"  {path.split('/places/')[0] + ('/places/ID/alerts' if 'alerts' in path else ''):<20}"
              f" {ms:7.2f} ms {size:7d} B   without alerts {base_ms:7.2f} ms {base_size:7d} B")


if __name__ == "__main__":
    sys.exit(main())

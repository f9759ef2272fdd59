#!/usr/bin/env python3
"""`cloudy-forecast fetch --alerts --all` for 20 places in the United States against a loopback
stand-in for the NWS alerts API: wall time, requests and bytes on the wire.

    Benchmarks/alerts_fetch.py [--tools .build-release/release] [--runs 7]

Three cases, each run `runs` times on a fresh copy of the same seeded database:
  cold         nothing fetched before: 20 requests, 20 full answers;
  fresh        fetched a moment ago, the answers said `Cache-Control: max-age=60`: nothing asked;
  revalidated  fetched before with `max-age=0`: 20 conditional requests, each a 304.
The stand-in serves the NWS answer recorded by pynws (the repository's alerts fixture, one
Flood Watch, 5 KB) with an ETag and Last-Modified, and counts what crosses the wire (request
line and headers in; status line, headers and body out). Nothing here touches the user's
database or the internet; no test asserts a time.
"""
import argparse, http.server, os, shutil, sqlite3, statistics, subprocess, tempfile, threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIXTURE = os.path.join(ROOT, "Tests", "CloudyProvidersTests", "Fixtures", "Alerts",
                       "nws-alerts-portland-2019-12-20-flood-watch-update.json")
PLACES = 20


class StandIn(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        with open(FIXTURE, "rb") as f:
            self.body = f.read()
        self.max_age = 60
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.requests = 0
            self.not_modified = 0
            self.bytes_in = 0
            self.bytes_out = 0
            self.agents = set()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    etag = '"bench-1"'
    last_modified = "Fri, 20 Dec 2019 10:00:00 GMT"

    def log_message(self, *args):
        pass

    def do_GET(self):
        server = self.server
        inbound = len(self.raw_requestline) + len(str(self.headers).encode())
        unchanged = self.headers.get("If-None-Match") == self.etag
        body = b"" if unchanged else server.body
        status = 304 if unchanged else 200
        headers = [
            ("Content-Type", "application/geo+json"),
            ("Cache-Control", f"public, max-age={server.max_age}"),
            ("ETag", self.etag),
            ("Last-Modified", self.last_modified),
            ("Content-Length", str(len(body))),
        ]
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(body)
        head = len(f"HTTP/1.1 {status} OK\r\n") + sum(len(f"{n}: {v}\r\n") for n, v in headers) + 2
        with server.lock:
            server.requests += 1
            server.not_modified += 1 if unchanged else 0
            server.bytes_in += inbound
            server.bytes_out += head + len(body)
            server.agents.add(self.headers.get("User-Agent", ""))


def seed(seed_tools, folder):
    db = os.path.join(folder, "seed.sqlite")
    subprocess.run([os.path.join(seed_tools, "cloudy-locations"), "add", "--name", "Place 0",
                    "--lat", "45.52", "--lon", "-122.68", "--db", db],
                   check=True, capture_output=True)
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE location SET country_code = 'US'")
        for i in range(1, PLACES):
            con.execute("INSERT INTO location (name, latitude, longitude, country_code, source,"
                        " position) VALUES (?, ?, ?, 'US', 'coordinates', ?)",
                        (f"Place {i}", 45.52 + i / 100, -122.68, i))
    con.close()
    return db


def run_case(tools, seed_db, folder, server, env, runs, warm, max_age_before):
    times, counts = [], None
    for n in range(runs):
        db = os.path.join(folder, f"case-{n}.sqlite")
        shutil.copyfile(seed_db, db)
        command = [os.path.join(tools, "cloudy-forecast"), "fetch", "--alerts", "--all",
                   "--json", "--db", db]
        if warm:
            server.max_age = max_age_before
            subprocess.run(command, env=env, check=True, capture_output=True)
        server.max_age = 60
        server.reset()
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
        counts = (server.requests, server.not_modified, server.bytes_in, server.bytes_out)
        os.remove(db)
    return statistics.median(times), counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", default=os.path.join(ROOT, ".build-release", "release"))
    parser.add_argument("--seed-tools", default=os.path.join(ROOT, ".build", "debug"),
                        help="where cloudy-locations is (only to create the file)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    server = StandIn()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = dict(os.environ, CLOUDY_NWS_URL=f"http://127.0.0.1:{server.server_address[1]}",
               CLOUDY_CONTACT="benchmark@example.invalid")
    folder = tempfile.mkdtemp(prefix="cloudy-alerts-fetch-")
    try:
        seed_db = seed(args.seed_tools, folder)
        cases = [("cold", False, 60), ("fresh", True, 60), ("revalidated", True, 0)]
        print(f"fetch --alerts --all, {PLACES} places, median of {args.runs} runs; "
              f"load {os.getloadavg()[0]:.1f}")
        print(f"{'case':<12} {'wall ms':>8} {'requests':>9} {'304s':>5} {'bytes in':>9} "
              f"{'bytes out':>10}")
        for name, warm, max_age in cases:
            ms, (requests, not_modified, bytes_in, bytes_out) = run_case(
                args.tools, seed_db, folder, server, env, args.runs, warm, max_age)
            print(f"{name:<12} {ms:8.1f} {requests:9d} {not_modified:5d} {bytes_in:9d} "
                  f"{bytes_out:10d}")
        print("User-Agent:", "; ".join(sorted(server.agents)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        server.shutdown()


if __name__ == "__main__":
    main()

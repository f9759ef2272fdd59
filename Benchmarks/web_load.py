#!/usr/bin/env python3
"""cloudy-web under load, beside the two anchors issue 23 names, in one run:

- wrk on 127.0.0.1 against `GET /api/places` and `GET /` (1,000 saved places, the selected one
  with a cached forecast) at 1 and 64 connections: requests per second and p99 latency;
- nginx serving the very bytes of each answer as a static file (the limit for those bytes), and
  `GET /healthz` (the framework and cloudy-web's access checks, no store: the floor);
- event fan-out: 100 open `GET /events` streams, a `cloudy-settings set` from another process,
  the time until each stream has its `change` event (p50/p99/max over several rounds);
- memory (VmRSS) with the 100 streams open, idle CPU over 10 s, start to `listening on`.

Needs release builds (`swift build -c release --product cloudy-web`, also cloudy-settings and
cloudy-locations), wrk and nginx (Debian: `apt-get install wrk nginx-light`). Standard library
only. Not a test: it prints the numbers beside the targets and never fails on them. Method and
results: Benchmarks/README.md ("Web").
"""
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RELEASE = os.path.join(ROOT, ".build", "release")
PLACES = 1_000
STREAMS = 100
DURATION = "8s"


def tool(name):
    path = os.path.join(RELEASE, name)
    if not os.path.exists(path):
        sys.exit(f"build first: swift build -c release --product {name}")
    return path


def seed(db):
    """1,000 places by coordinates (one transaction per 100 through the JSON import), and the
    Auckland recording cached for the first."""
    rows = [{"name": f"Place {i:04d}", "latitude": round(-60 + (i * 0.11) % 120, 4),
             "longitude": round(-170 + (i * 0.37) % 340, 4)} for i in range(PLACES)]
    document = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": r["name"]},
         "geometry": {"type": "Point", "coordinates": [r["longitude"], r["latitude"]]}} for r in rows]}
    with tempfile.NamedTemporaryFile("w", suffix=".geojson", delete=False) as f:
        json.dump(document, f)
    subprocess.run([tool("cloudy-db"), "import", f.name, "--db", db], check=True,
                   stdout=subprocess.DEVNULL)
    os.unlink(f.name)
    fixture = os.path.join(ROOT, "Tests", "CloudyToolTests", "Fixtures", "open-meteo-auckland.json")
    subprocess.run([tool("cloudy-forecast"), "import", fixture, "--place", "1", "--force",
                    "--db", db], check=True, stdout=subprocess.DEVNULL)


def start_web(db):
    began = time.perf_counter()
    web = subprocess.Popen([tool("cloudy-web"), "--db", db, "--listen", "127.0.0.1:0", "--offline"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = web.stdout.readline().decode()
    started = time.perf_counter() - began
    port = int(line.strip().rsplit(":", 1)[1])
    return web, port, started


def fetch(port, path):
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return body


def fetch_status(url):
    """The status of one GET of `url` (http://127.0.0.1:PORT/PATH): a row is only worth its
    number if the answer is the 200 it claims to time."""
    port, _, path = url.split("127.0.0.1:", 1)[1].partition("/")
    with socket.create_connection(("127.0.0.1", int(port))) as s:
        s.sendall(f"GET /{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        head = s.recv(64)
    return int(head.split(b" ", 2)[1])


def wrk(url, connections):
    out = subprocess.run(["wrk", "-t", "2" if connections > 1 else "1", "-c", str(connections),
                          "-d", DURATION, "--latency", url], capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    return rps, float(p99.group(1)) * scale


def nginx_serving(files):
    """nginx on a free port serving `files` (name → bytes) from a temporary root."""
    folder = tempfile.mkdtemp()
    # nginx's workers run as www-data when started by root: mkdtemp's 0700 made every answer a
    # 403 of 300 bytes (the anchors of the run before 2026-11-26 were those 403s).
    os.chmod(folder, 0o755)
    for name, body in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(body)
        os.chmod(os.path.join(folder, name), 0o644)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    conf = os.path.join(folder, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""worker_processes 2; daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{ access_log off; default_type application/octet-stream;
  server {{ listen 127.0.0.1:{port}; root {folder}; }} }}
""")
    server = subprocess.Popen(["nginx", "-c", conf, "-p", folder], stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    return server, port, folder


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_streams(port, count):
    streams = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        streams.append(s)
    for s in streams:  # wait for the hello event
        data = b""
        while b"event: hello" not in data:
            data += s.recv(4096)
    return streams


def fan_out(db, port, streams, rounds=5):
    latencies = []
    values = ["24h", "12h"]
    for index in range(rounds):
        began = time.perf_counter()
        subprocess.run([tool("cloudy-settings"), "set", "time", values[index % 2], "--db", db],
                       check=True, stdout=subprocess.DEVNULL)
        committed = time.perf_counter()
        for s in streams:
            data = b""
            s.settimeout(5)
            while b"event: change" not in data:
                data += s.recv(4096)
            latencies.append((time.perf_counter() - committed) * 1000)
        time.sleep(0.3)
        for s in streams:  # drain a second change event, if the watcher saw two
            s.settimeout(0.05)
            try:
                while s.recv(4096):
                    pass
            except OSError:
                pass
    latencies.sort()
    return latencies


def main():
    for needed in ["wrk", "nginx"]:
        if not shutil.which(needed):
            sys.exit(f"{needed} is missing: apt-get install wrk nginx-light")
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "cloudy.sqlite")
        seed(db)
        web, port, started = start_web(db)
        try:
            bodies = {"places.json": fetch(port, "/api/places"), "weather.html": fetch(port, "/")}
            nginx, nginx_port, nginx_folder = nginx_serving(bodies | {"healthz": b"ok\n"})
            rows = []
            try:
                for connections in (1, 64):
                    for label, url in [
                        ("GET /api/places", f"http://127.0.0.1:{port}/api/places"),
                        ("  nginx, same bytes", f"http://127.0.0.1:{nginx_port}/places.json"),
                        ("GET /", f"http://127.0.0.1:{port}/"),
                        ("  nginx, same bytes", f"http://127.0.0.1:{nginx_port}/weather.html"),
                        ("GET /healthz (floor)", f"http://127.0.0.1:{port}/healthz"),
                    ]:
                        status = fetch_status(url)
                        if status != 200:
                            print(f"  note: {url} answers {status}, not 200")
                        rps, p99 = wrk(url, connections)
                        rows.append((label, connections, rps, p99))
            finally:
                nginx.terminate()
                shutil.rmtree(nginx_folder, ignore_errors=True)
            print(f"{'request':24} {'conns':>5} {'req/s':>9} {'p99 ms':>8}")
            for label, connections, rps, p99 in rows:
                print(f"{label:24} {connections:>5} {rps:>9.0f} {p99:>8.2f}")
            by = {(label, c): rps for label, c, rps, _ in rows}
            api64 = [r for r in rows if r[0] == "GET /api/places" and r[1] == 64][0]
            nginx64 = rows[rows.index(api64) + 1]
            print(f"\n/api/places at 64 connections: {api64[2] / nginx64[2] * 100:.0f} % of nginx's "
                  f"throughput for the same bytes (target ≥ 50 %); p99 {api64[3]:.2f} ms (target ≤ 5 ms)")
            page64 = [r for r in rows if r[0] == "GET /" and r[1] == 64][0]
            print(f"GET / at 64 connections: p99 {page64[3]:.2f} ms (target ≤ 5 ms)")
            print(f"body sizes: /api/places {len(bodies['places.json'])} B, / {len(bodies['weather.html'])} B")

            streams = open_streams(port, STREAMS)
            time.sleep(0.5)
            memory = rss_mib(web.pid)
            latencies = fan_out(db, port, streams)
            p99 = latencies[int(len(latencies) * 0.99) - 1]
            print(f"\nevent fan-out to {STREAMS} streams, from cloudy-settings' exit: "
                  f"p50 {statistics.median(latencies):.1f} ms, p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms "
                  f"(target p99 ≤ 250 ms)")
            print(f"memory with {STREAMS} streams open: {memory:.1f} MiB VmRSS (target ≤ 60 MiB)")
            before = cpu_seconds(web.pid)
            time.sleep(10)
            idle = (cpu_seconds(web.pid) - before) / 10 * 100
            print(f"idle CPU with {STREAMS} streams open, over 10 s: {idle:.2f} % (target ≤ 0.5 %)")
            for s in streams:
                s.close()
            print(f"start to `listening on`: {started * 1000:.0f} ms (target ≤ 100 ms)")
        finally:
            web.send_signal(signal.SIGTERM)
            web.wait(10)


if __name__ == "__main__":
    main()

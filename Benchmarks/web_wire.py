#!/usr/bin/env python3
"""cloudy-web at the speed of the wire (issue 32): the same answer plain, gzipped and as a 304,
against nginx serving the very same bytes pre-compressed (`gzip_static on`) on this machine.

For `GET /api/places` (1,000 saved places) at 1 and 64 connections, wrk measures requests per
second and p99 latency of:
- plain (no Accept-Encoding), gzip (`Accept-Encoding: gzip`), and a 304 (`If-None-Match` with the
  tag the gzip answer carried), each beside nginx doing the same with the same bytes;
- `GET /healthz`, the empty route (framework and access checks, no store): the floor a 304 is
  measured against.
It also counts the bytes on the wire (status line, headers and body) of each answer, prints the
machine's load average beside each row (other work on the machine moves every figure), and
measures the 304 against the empty route in five pairs run back to back (their median ratio).
`--bin DIR` measures the release binaries in DIR instead of .build/release.

Targets (issue 32): /api/places ≥ 50 % of nginx's rate and p99 ≤ 5 ms at 64 connections; a 304
≥ 80 % of the empty route's rate. Needs release builds (`swift build -c release --product
cloudy-web`, and cloudy-db, cloudy-forecast) plus wrk and nginx from Debian
(`apt-get install wrk nginx`): for this benchmark only, never for the tests. Standard library
only; it prints the table for Benchmarks/README.md ("Web: the wire") and never fails on it.
"""
import gzip
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_load  # noqa: E402  (seed, start_web, wrk's parsing)


def exchange(port, path, headers=()):
    """One request; (status, header dict, body, bytes on the wire)."""
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers]
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    fields = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.decode().partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, body, len(data)


def wrk(url, connections, headers=(), duration=None):
    args = ["wrk", "-t", "2" if connections > 1 else "1", "-c", str(connections),
            "-d", duration or web_load.DURATION, "--latency"]
    for name, value in headers:
        args += ["-H", f"{name}: {value}"]
    out = subprocess.run(args + [url], capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    if non2xx:
        print(f"  note: {non2xx.group(1)} answers were not 2xx/3xx for {url} {headers}")
    return rps, float(p99.group(1)) * scale


def nginx_gzip_static(name, body):
    """nginx on a free port serving `name` and `name.gz` (gzip_static on, etags on)."""
    folder = tempfile.mkdtemp()
    os.chmod(folder, 0o755)  # nginx's workers run as www-data when started by root
    with open(os.path.join(folder, name), "wb") as f:
        f.write(body)
    with open(os.path.join(folder, name + ".gz"), "wb") as f:
        f.write(gzip.compress(body, 6))
    for file in (name, name + ".gz"):
        os.chmod(os.path.join(folder, file), 0o644)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    conf = os.path.join(folder, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""worker_processes 2; daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{ access_log off; default_type application/json; gzip_static on; gzip_vary on; etag on;
  server {{ listen 127.0.0.1:{port}; root {folder}; }} }}
""")
    server = subprocess.Popen(["nginx", "-c", conf, "-p", folder], stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    return server, port, folder


def main():
    # `--bin DIR`: the release binaries to measure (default .build/release), so a build from
    # before a change can be measured beside the one after, at the same moments.
    if "--bin" in sys.argv:
        web_load.RELEASE = os.path.abspath(sys.argv[sys.argv.index("--bin") + 1])
    for needed in ["wrk", "nginx"]:
        if not shutil.which(needed):
            sys.exit(f"{needed} is missing: apt-get install wrk nginx")
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "cloudy.sqlite")
        web_load.seed(db)
        web, port, _ = web_load.start_web(db)
        try:
            _, _, plain, _ = exchange(port, "/api/places")
            nginx, nginx_port, nginx_folder = nginx_gzip_static("places.json", plain)
            try:
                gz = [("Accept-Encoding", "gzip")]
                _, web_head, _, _ = exchange(port, "/api/places", gz)
                _, nginx_head, _, _ = exchange(nginx_port, "/places.json", gz)
                web_304 = gz + [("If-None-Match", web_head["etag"])]
                nginx_304 = gz + [("If-None-Match", nginx_head.get("etag", ""))]
                cases = [
                    ("plain", [], []),
                    ("gzip", gz, gz),
                    ("304", web_304, nginx_304),
                ]
                sizes = {}
                for label, web_headers, nginx_headers in cases:
                    w = exchange(port, "/api/places", web_headers)
                    n = exchange(nginx_port, "/places.json", nginx_headers)
                    sizes[label] = (w[0], w[3], n[0], n[3])
                rows = []
                for connections in (1, 64):
                    for label, web_headers, nginx_headers in cases:
                        w = wrk(f"http://127.0.0.1:{port}/api/places", connections, web_headers)
                        n = wrk(f"http://127.0.0.1:{nginx_port}/places.json", connections,
                                nginx_headers)
                        rows.append((label, connections, w, n, os.getloadavg()[0]))
                    floor = wrk(f"http://127.0.0.1:{port}/healthz", connections)
                    rows.append(("empty route /healthz", connections, floor, None,
                                 os.getloadavg()[0]))
                # The 304 against the empty route, back to back five times at 64 connections:
                # on a machine shared with other work the load moves between two rows minutes
                # apart, so the ratio is taken from pairs seconds apart, and their median.
                pairs = []
                for _ in range(5):
                    a = wrk(f"http://127.0.0.1:{port}/api/places", 64, web_304, duration="4s")
                    b = wrk(f"http://127.0.0.1:{port}/healthz", 64, duration="4s")
                    pairs.append((a[0], b[0], os.getloadavg()[0]))
            finally:
                nginx.terminate()
                shutil.rmtree(nginx_folder, ignore_errors=True)
        finally:
            web.send_signal(signal.SIGTERM)
            web.wait(10)

    print(f"machine: {os.cpu_count()} cores; load average (1 min) after each row in the last column")
    print("| GET /api/places | conns | cloudy-web req/s | p99 ms | nginx req/s | p99 ms | cloudy-web / nginx | load |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, connections, w, n, load in rows:
        if n is None:
            print(f"| {label} | {connections} | {w[0]:.0f} | {w[1]:.2f} | | | | {load:.1f} |")
        else:
            print(f"| {label} | {connections} | {w[0]:.0f} | {w[1]:.2f} | {n[0]:.0f} | {n[1]:.2f} "
                  f"| {w[0] / n[0] * 100:.0f} % | {load:.1f} |")
    print("\n| answer | cloudy-web status, bytes on the wire | nginx status, bytes on the wire |")
    print("|---|---:|---:|")
    for label, (ws, wb, ns, nb) in sizes.items():
        print(f"| {label} | {ws}, {wb} B | {ns}, {nb} B |")
    print("\n304 and the empty route back to back (64 connections, 4 s each):")
    print("| pair | 304 req/s | /healthz req/s | 304 / empty | load |")
    print("|---:|---:|---:|---:|---:|")
    for index, (a, b, load) in enumerate(pairs, 1):
        print(f"| {index} | {a:.0f} | {b:.0f} | {a / b * 100:.0f} % | {load:.1f} |")
    ratios = sorted(a / b for a, b, _ in pairs)
    print(f"median: {ratios[len(ratios) // 2] * 100:.0f} % of the empty route's rate")
    by = {(label, c): w for label, c, w, _, _ in rows}
    for connections in (1, 64):
        ratio = by[("304", connections)][0] / by[("empty route /healthz", connections)][0] * 100
        print(f"\n304 at {connections} connections: {ratio:.0f} % of the empty route's rate "
              f"(target ≥ 80 %)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How soon `cloudy-web --sync-folder` takes a change a folder device wrote (issue 37): a
laptop adds a place and runs `cloudy-db sync --folder`; from that command's exit, the server's
database is polled every 5 ms until the place is there. Ten edits.

    python3 Benchmarks/sync_hub_latency.py .build/release

Python 3 standard library only. Not a test.
"""
import os, subprocess, sys, time, tempfile, sqlite3, statistics
b = sys.argv[1]
root = tempfile.mkdtemp(prefix="hublat-")
server, laptop, sync = [os.path.join(root, n) for n in ("server.sqlite", "laptop.sqlite", "sync")]
subprocess.run([f"{b}/cloudy-locations", "add", "--name", "Home", "--lat", "1", "--lon", "2", "--db", server], check=True, capture_output=True)
web = subprocess.Popen([f"{b}/cloudy-web", "--offline", "--listen", "127.0.0.1:0", "--sync-folder", sync, "--db", server], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
time.sleep(3)
lat = []
for i in range(10):
    name = f"P{i}"
    subprocess.run([f"{b}/cloudy-locations", "add", "--name", name, "--lat", "3", "--lon", str(i), "--db", laptop], check=True, capture_output=True)
    subprocess.run([f"{b}/cloudy-db", "sync", "--folder", sync, "--db", laptop], check=True, capture_output=True)
    t = time.perf_counter()
    while True:
        c = sqlite3.connect(f"file:{server}?mode=ro", uri=True)
        found = c.execute("select count(*) from location where name = ?", (name,)).fetchone()[0]
        c.close()
        if found: break
        time.sleep(0.005)
    lat.append(time.perf_counter() - t)
    time.sleep(0.3)
web.terminate(); web.wait()
lat.sort()
print(f"folder -> hub: median {statistics.median(lat)*1000:.0f} ms, max {lat[-1]*1000:.0f} ms over {len(lat)}")

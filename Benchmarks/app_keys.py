#!/usr/bin/env python3
"""The cloudy app's key latency, memory and start-up, at 1,000 and 100,000 saved places.

Usage: Benchmarks/app_keys.py [BUILD_FOLDER]   (default .build/release, else .build/debug)

For each size: a database is made with cloudy-locations (one place, so the file is migrated as
the app expects) and filled with sqlite3; one forecast is cached (cloudy-forecast import of the
recorded Open-Meteo response). cloudy runs in a tmux pane (80x24) with CLOUDY_FRAME_LOG, which
records, for each key, the nanoseconds from the key read to the frame written, and the
CLOCK_MONOTONIC moment of the first frame. Keys are sent one at a time, each after the previous
frame was logged. Peak memory is the process's VmHWM. Not a test: nothing asserts a time.
"""
import os, subprocess, sys, tempfile, time, statistics, shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = sys.argv[1] if len(sys.argv) > 1 else next(
    (p for p in (os.path.join(ROOT, ".build/release"), os.path.join(ROOT, ".build/debug"))
     if os.path.exists(os.path.join(p, "cloudy"))), None)
FIXTURE = os.path.join(ROOT, "Tests/CloudyToolTests/Fixtures/open-meteo-auckland.json")
SOCKET = f"cloudy-bench-{os.getpid()}"

def run(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw)

def tmux(*args):
    return run("tmux", "-L", SOCKET, "-f", "/dev/null", *args).stdout

def seed(folder, count):
    db = os.path.join(folder, "cloudy.sqlite")
    run(f"{build}/cloudy-locations", "add", "--name", "Auckland", "--lat", "-36.85", "--lon", "174.76", "--db", db)
    run(f"{build}/cloudy-forecast", "import", FIXTURE, "--db", db)
    run("sqlite3", db, f"""
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count - 1})
      INSERT INTO location (name, latitude, longitude, source, position)
      SELECT 'Place ' || i, (i % 170) - 85, (i % 350) - 175, 'coordinates', i FROM n;""")
    return db

def log_lines(path):
    try:
        with open(path) as f:
            return f.read().split("\n")[:-1]
    except FileNotFoundError:
        return []

def wait_lines(path, count, deadline=60):
    end = time.time() + deadline
    while time.time() < end:
        lines = log_lines(path)
        if len(lines) >= count:
            return lines
        time.sleep(0.002)
    raise SystemExit(f"no frame logged within {deadline} s ({path})")

def measure(count):
    folder = tempfile.mkdtemp(prefix="cloudy-bench-")
    try:
        db = seed(folder, count)
        log = os.path.join(folder, "frames.log")
        launched = time.monotonic_ns()
        tmux("new-session", "-d", "-x", "80", "-y", "24",
             f"env LANG=C.UTF-8 CLOUDY_FRAME_LOG={log} {build}/cloudy --db {db} --offline; sleep 60")
        first = wait_lines(log, 1)[0]
        startup_ms = (int(first.split()[1]) - launched) / 1e6
        pid = tmux("display-message", "-p", "#{pane_pid}").strip()
        app = open(f"/proc/{pid}/task/{pid}/children").read().split()[0]
        # (screen, keys): each key is timed on the screen it is answered on.
        plan = [("weather", ["j"] * 20 + ["h"] * 10),
                ("locations", ["l"] + ["j"] * 30 + ["NPage"] * 10 + ["End", "Home"] + ["k"] * 10),
                ("settings", ["Escape", "s"] + ["j", "k"] * 10 + ["Enter"] * 4),
                ("addLocation", ["Escape", "a"] + list("Richmond") + ["BSpace"] * 8),
                # Changes, each key timed from its read to the frame drawn after the commit:
                # move down/up (J/K), select (Enter, back with l), remove (d, y).
                ("changes", ["Escape", "l", "j", "j"] + ["J", "K"] * 5
                 + ["Enter", "l", "j", "d", "y", "d", "y"]),
               ]
        results = {}
        for screen, keys in plan:
            for key in keys:
                before = len(log_lines(log))
                tmux("send-keys", key)
                lines = wait_lines(log, before + 1)
            for line in log_lines(log):
                if line.startswith("key "):
                    _, name, ns = line.split()
                    # The change keys are reported together (the navigation keys among them
                    # too, which only makes the figure more pessimistic).
                    label = "changes (J/K, Enter, d y)" if screen == "changes" else name
                    results.setdefault(label, []).append(int(ns) / 1e6)
            open(log, "w").close()
        status = open(f"/proc/{app}/status").read()
        peak = next(l for l in status.split("\n") if l.startswith("VmHWM")).split()[1]
        tmux("send-keys", "q")
        return startup_ms, int(peak) / 1024, results
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)

if build is None:
    raise SystemExit("cloudy is not built: swift build -c release --product cloudy (and the tools)")
print(f"build: {build}")
print("| places | screen | keys | median ms | p95 ms | max ms | within 16 ms |")
print("|---:|---|---:|---:|---:|---:|---|")
summary = []
for count in (1_000, 100_000):
    startup, peak, results = measure(count)
    summary.append((count, startup, peak))
    for screen, times in results.items():
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"| {count:,} | {screen} | {len(times)} | {statistics.median(times):.2f} | {p95:.2f} | {times[-1]:.2f} | {'yes' if times[-1] < 16 else 'no'} |")
print()
print("| places | start-up to first frame ms | peak memory MiB |")
print("|---:|---:|---:|")
for count, startup, peak in summary:
    print(f"| {count:,} | {startup:.0f} | {peak:.1f} |")

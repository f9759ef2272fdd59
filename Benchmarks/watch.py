#!/usr/bin/env python3
"""Live updates: latency from a writer's commit to `--watch` output, and the watcher's idle cost.

Called by scripts/benchmark-watch; python3 standard library only. Method: Benchmarks/README.md
("Live updates"). Not a test: it prints figures beside the targets and never fails on them.
"""
import argparse
import os
import queue
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TARGET_MAX_MS = 250.0
TARGET_IDLE_CPU = 0.5  # % of one core
TARGET_MIB = 15.0


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime (fields 14 and 15)


def vm_hwm_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build-release", "release"))
    parser.add_argument("--changes", type=int, default=100)
    parser.add_argument("--idle", type=float, default=60.0)
    args = parser.parse_args()
    tool = os.path.join(args.bin, "cloudy-settings")
    folder = tempfile.mkdtemp(prefix="cloudy-watch-bench-")
    db = os.path.join(folder, "cloudy.sqlite")
    subprocess.run([tool, "set", "time", "12h", "--db", db], check=True, stdout=subprocess.DEVNULL)

    watcher = subprocess.Popen([tool, "show", "--watch", "--json", "--db", db],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = queue.Queue()

    def read():
        for line in watcher.stdout:
            lines.put((time.monotonic(), line))

    threading.Thread(target=read, daemon=True).start()
    lines.get(timeout=30)  # the first view

    # The writer: a plain SQLite connection set up as Cloudy's (WAL, synchronous=FULL,
    # BEGIN IMMEDIATE); the clock is read the moment COMMIT returns.
    writer = sqlite3.connect(db, isolation_level=None, timeout=5)
    writer.execute("PRAGMA synchronous = FULL")
    latencies = []
    busy = 0
    value = "12h"
    for _ in range(args.changes):
        value = "24h" if value == "12h" else "12h"
        try:
            writer.execute("BEGIN IMMEDIATE")
            writer.execute("UPDATE settings SET time_notation = ?", (value,))
            writer.execute("COMMIT")
        except sqlite3.OperationalError:
            busy += 1
            continue
        committed = time.monotonic()
        seen, line = lines.get(timeout=30)
        assert f'"time":"{value}"'.encode() in line, line
        latencies.append((seen - committed) * 1000)
        time.sleep(0.02)
    # A commit that changes nothing visible: no line expected.
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE settings SET time_notation = ?", (value,))
    writer.execute("COMMIT")
    writer.close()

    time.sleep(2)
    spurious = lines.qsize()
    clock_ticks = os.sysconf("SC_CLK_TCK")
    before, started = cpu_ticks(watcher.pid), time.monotonic()
    time.sleep(args.idle)
    after, ended = cpu_ticks(watcher.pid), time.monotonic()
    idle_cpu = (after - before) / clock_ticks / (ended - started) * 100
    hwm = vm_hwm_kib(watcher.pid) / 1024
    watcher.terminate()
    status = watcher.wait(timeout=10)

    median, worst = statistics.median(latencies), max(latencies)
    rows = [
        ("commit → output, median", f"{median:.1f} ms", ""),
        ("commit → output, max", f"{worst:.1f} ms",
         "ok" if worst <= TARGET_MAX_MS else "MISSED", f"≤ {TARGET_MAX_MS:.0f} ms"),
        (f"idle CPU over {args.idle:.0f} s", f"{idle_cpu:.3f} % of a core",
         "ok" if idle_cpu <= TARGET_IDLE_CPU else "MISSED", f"≤ {TARGET_IDLE_CPU} %"),
        ("peak memory (VmHWM)", f"{hwm:.1f} MiB",
         "ok" if hwm <= TARGET_MIB else "MISSED", f"≤ {TARGET_MIB:.0f} MiB"),
        ("writer busy errors", str(busy), "ok" if busy == 0 else "MISSED", "0"),
        ("lines after a no-op commit", str(spurious), "ok" if spurious == 0 else "MISSED", "0"),
        ("exit status on SIGTERM", str(status), "ok" if status == 0 else "MISSED", "0"),
    ]
    print(f"cloudy-settings show --watch --json, {len(latencies)} changes, {args.bin}")
    print("| measure | value | target | status |")
    print("|---|---:|---|---|")
    for row in rows:
        name, value_text, *rest = row
        verdict = rest[0] if rest else ""
        target = rest[1] if len(rest) > 1 else ""
        print(f"| {name} | {value_text} | {target} | {verdict} |")
    print(f"latency ms p10/p50/p90/max: "
          f"{statistics.quantiles(latencies, n=10)[0]:.1f} / {median:.1f} / "
          f"{statistics.quantiles(latencies, n=10)[8]:.1f} / {worst:.1f}")
    subprocess.run(["rm", "-rf", folder])


if __name__ == "__main__":
    sys.exit(main())

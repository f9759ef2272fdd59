#!/usr/bin/env python3
"""What sync costs (issue 30): bytes per edit, applying 100 change files, a new device's first
sync of 1,000 places, an idle `sync --watch`, and what recording changes adds to a write.

    python3 Benchmarks/sync_cost.py --bin .build-release/release \
        [--before-bin /tmp/cloudy-before/.build/release] [--runs 200] [--idle 60]

Python 3 standard library only; drives the built executables as processes. `--before-bin` is a
release build of the tree before sync (31ee73f): the write commands are timed there and here,
interleaved run by run so that a change in the machine's load touches both alike, and reported
as ratios. Not a test: it prints figures beside the issue's targets and never fails on them.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time


def run(bin_dir, tool, args, db, check=True):
    result = subprocess.run([os.path.join(bin_dir, tool)] + args + ["--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and result.returncode != 0:
        raise SystemExit(f"{tool} {args}: {result.returncode} {result.stderr}")
    return result


def timed(bin_dir, tool, args, db):
    start = time.perf_counter()
    run(bin_dir, tool, args, db)
    return time.perf_counter() - start


def newest_file(folder, device):
    path = os.path.join(folder, device)
    names = sorted(n for n in os.listdir(path) if n.endswith(".changes"))
    return os.path.join(path, names[-1])


def device_id(bin_dir, db):
    return json.loads(run(bin_dir, "cloudy-db", ["sync", "--status", "--json"], db).stdout)["device"]


def bytes_per_edit(bin_dir, root):
    folder, db = os.path.join(root, "bytes-sync"), os.path.join(root, "bytes.sqlite")
    run(bin_dir, "cloudy-locations", ["add", "--name", "Bergen", "--lat", "60.39", "--lon", "5.32"],
        db)
    run(bin_dir, "cloudy-db", ["sync", "--folder", folder], db)
    device = device_id(bin_dir, db)
    sizes = {}
    for label, tool, args in [
            ("rename", "cloudy-locations", ["rename", "Bergen", "Bergen, Vestland"]),
            ("setting", "cloudy-settings", ["set", "temperature", "celsius"]),
            ("add", "cloudy-locations", ["add", "--name", "Tromsø", "--lat", "69.65", "--lon",
                                         "18.96"])]:
        run(bin_dir, tool, args, db)
        run(bin_dir, "cloudy-db", ["sync", "--folder", folder], db)
        path = newest_file(folder, device)
        with open(path, "rb") as f:
            data = f.read()
        header = data.index(b"\n") + 1
        sizes[label] = {"file": len(data), "header": header, "changeset": len(data) - header}
    return sizes


def apply_hundred(bin_dir, root, devices=5):
    folder = os.path.join(root, "hundred-sync")
    writer = os.path.join(root, "hundred-writer.sqlite")
    run(bin_dir, "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"],
        writer)
    run(bin_dir, "cloudy-db", ["sync", "--folder", folder], writer)
    readers = [os.path.join(root, f"hundred-reader{i}.sqlite") for i in range(devices)]
    for reader in readers:
        run(bin_dir, "cloudy-db", ["sync", "--folder", folder], reader)
    for i in range(100):
        if i % 2:
            run(bin_dir, "cloudy-locations", ["rename", "1", f"Alpha {i}"], writer)
        else:
            run(bin_dir, "cloudy-settings", ["set", "time", "12h" if i % 4 else "24h"], writer)
        run(bin_dir, "cloudy-db", ["sync", "--folder", folder], writer)
    files = len(os.listdir(os.path.join(folder, device_id(bin_dir, writer))))
    applying, idle = [], []
    for reader in readers:
        start = time.perf_counter()
        result = run(bin_dir, "cloudy-db", ["sync", "--folder", folder, "--json"], reader)
        applying.append(time.perf_counter() - start)
        applied = json.loads(result.stdout)["applied"]
        idle.append(timed(bin_dir, "cloudy-db", ["sync", "--folder", folder], reader))
    return {"files_in_folder": files, "changes_applied": applied,
            "sync_ms_median": statistics.median(applying) * 1000,
            "nothing_new_sync_ms_median": statistics.median(idle) * 1000,
            "samples": len(readers)}


def first_sync_of_thousand(bin_dir, root, samples=3):
    folder = os.path.join(root, "thousand-sync")
    source = os.path.join(root, "thousand.sqlite")
    csv = os.path.join(root, "thousand.csv")
    with open(csv, "w") as f:
        f.write("name,latitude,longitude\n")
        for i in range(1000):
            f.write(f"Place {i},{(i % 170) - 85 + 0.5},{(i * 7 % 350) - 175 + 0.25}\n")
    result = run(bin_dir, "cloudy-db", ["import", csv, "--json"], source)
    added = len(json.loads(result.stdout).get("added", []))
    run(bin_dir, "cloudy-db", ["sync", "--folder", folder], source)
    sizes = [os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(folder)
             for n in names if n.endswith(".changes")]
    times = []
    for i in range(samples):
        fresh = os.path.join(root, f"thousand-new{i}.sqlite")
        start = time.perf_counter()
        run(bin_dir, "cloudy-db", ["sync", "--folder", folder], fresh)
        times.append(time.perf_counter() - start)
        shown = json.loads(run(bin_dir, "cloudy-locations", ["list", "--json"], fresh).stdout)
        saved = [s for s in shown["sections"] if s["kind"] == "saved"][0]["rows"]
        assert len(saved) == added, (len(saved), added)
    return {"places": added, "change_file_bytes": sum(sizes),
            "first_sync_ms_median": statistics.median(times) * 1000,
            "samples": [round(t * 1000, 1) for t in times]}


def idle_watch_cpu(bin_dir, root, seconds):
    folder, db = os.path.join(root, "idle-sync"), os.path.join(root, "idle.sqlite")
    run(bin_dir, "cloudy-locations", ["add", "--name", "Alpha", "--lat", "1", "--lon", "2"], db)
    process = subprocess.Popen([os.path.join(bin_dir, "cloudy-db"), "sync", "--folder", folder,
                                "--watch", "--db", db], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        time.sleep(2)

        def ticks():
            with open(f"/proc/{process.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])  # utime + stime

        first, start = ticks(), time.monotonic()
        time.sleep(seconds)
        used, elapsed = ticks() - first, time.monotonic() - start
    finally:
        process.terminate()
        process.wait()
    hz = os.sysconf("SC_CLK_TCK")
    return {"seconds": round(elapsed, 1), "cpu_ticks": used,
            "percent_of_a_core": round(100 * used / hz / elapsed, 3)}


def write_overhead(before_bin, after_bin, root, runs):
    """Median wall time of each command, before and after, interleaved run by run."""
    dbs = {label: os.path.join(root, f"write-{label}.sqlite") for label in ("before", "after")}
    bins = {"before": before_bin, "after": after_bin}
    for label in bins:
        run(bins[label], "cloudy-locations", ["add", "--name", "Seed", "--lat", "0", "--lon",
                                              "0"], dbs[label])
    commands = {
        "cloudy-locations add": lambda i: ("cloudy-locations",
                                           ["add", "--name", f"Place {i}", "--lat",
                                            str(i % 80), "--lon", str(i % 170)]),
        "cloudy-settings set": lambda i: ("cloudy-settings",
                                          ["set", "time", "24h" if i % 2 else "12h"]),
        "cloudy-settings show (reads; a control)": lambda i: ("cloudy-settings", ["show"]),
    }
    results = {}
    for name, make in commands.items():
        samples = {"before": [], "after": []}
        for i in range(runs + 5):
            order = ("before", "after") if i % 2 else ("after", "before")
            for label in order:
                tool, args = make(i)
                elapsed = timed(bins[label], tool, args, dbs[label])
                if i >= 5:  # warm-up
                    samples[label].append(elapsed)
        before = statistics.median(samples["before"]) * 1000
        after = statistics.median(samples["after"]) * 1000
        results[name] = {"before_ms": round(before, 2), "after_ms": round(after, 2),
                         "ratio": round(after / before, 3), "runs": runs}
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="release build folder of this tree")
    parser.add_argument("--before-bin", help="release build folder of the tree before sync")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--idle", type=float, default=60.0)
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="cloudy-sync-cost-")
    try:
        figures = {"bytes_per_edit": bytes_per_edit(args.bin, root)}
        print(json.dumps(figures, indent=2), flush=True)
        figures["apply_100_files"] = apply_hundred(args.bin, root)
        print(json.dumps(figures["apply_100_files"], indent=2), flush=True)
        figures["first_sync_1000_places"] = first_sync_of_thousand(args.bin, root)
        print(json.dumps(figures["first_sync_1000_places"], indent=2), flush=True)
        figures["idle_watch"] = idle_watch_cpu(args.bin, root, args.idle)
        print(json.dumps(figures["idle_watch"], indent=2), flush=True)
        if args.before_bin:
            figures["write_overhead"] = write_overhead(args.before_bin, args.bin, root, args.runs)
            print(json.dumps(figures["write_overhead"], indent=2), flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

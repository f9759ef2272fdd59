#!/usr/bin/env python3
"""What a sync costs when the folder is full of files already applied (issue 37): one writer's
subfolder holding N change files (empty: they are never read, being applied already) and N rows
in `sync_file`, then `cloudy-db sync --folder`, timed five times.

    python3 Benchmarks/sync_scan.py --bin .build/release [--files 100000]

Python 3 standard library only. Run it with two builds to compare (`--bin` of each); the
figures in Benchmarks/README.md are ratios. Not a test.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the build folder with the executables")
    parser.add_argument("--files", type=int, default=100_000)
    options = parser.parse_args()
    root = tempfile.mkdtemp(prefix="cloudy-scan-")
    db, folder = os.path.join(root, "device.sqlite"), os.path.join(root, "sync")

    def run(tool, *args):
        subprocess.run([os.path.join(options.bin, tool)] + list(args) + ["--db", db],
                       check=True, capture_output=True)

    run("cloudy-locations", "add", "--name", "Home", "--lat", "1", "--lon", "2")
    run("cloudy-db", "sync", "--folder", folder)
    writer = "00000000000000ab"
    os.makedirs(os.path.join(folder, writer))
    for number in range(1, options.files + 1):
        open(os.path.join(folder, writer, "%08d.changes" % number), "w").close()
    connection = sqlite3.connect(db)
    connection.executemany(
        "INSERT INTO sync_file (writer, number, changes, applied_at) VALUES (?, ?, 1, 0)",
        ((writer, number) for number in range(1, options.files + 1)))
    connection.commit()
    connection.close()
    times = []
    for _ in range(5):
        start = time.perf_counter()
        run("cloudy-db", "sync", "--folder", folder)
        times.append(time.perf_counter() - start)
    print(f"{options.files} applied files: a sync takes {statistics.median(times) * 1000:.0f} ms "
          f"(median of 5; fastest {min(times) * 1000:.0f} ms)")
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

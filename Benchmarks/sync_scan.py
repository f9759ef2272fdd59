#!/usr/bin/env python3
"""What a sync costs when the folder is full of files already applied (issue 37): one writer's
subfolder holding N change files (empty: they are never read, being applied already) and N rows
in `sync_file`, then `cloudy-db sync --folder`: the first sync after the files came (it reads
every name) and the syncs after it (median of 5).

    python3 Benchmarks/sync_scan.py --bin .build-release/release \
        [--before-bin /work/wt-old/.build-release/release] [--files 100000]

Only `cloudy-db` is run. The set-up waits `SETTLE` seconds before timing, as a folder that filled
a while ago has (a sync remembers a subfolder only once its times are two seconds old). With
`--before-bin`, each build gets a set-up of its own and their syncs are interleaved, so a
change in the machine's load touches both alike; the figures in Benchmarks/README.md are the
ratios. Python 3 standard library only. Not a test.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time

SETTLE = 2.5
WRITER = "00000000000000ab"


def set_up(root, bin_dir, files):
    db, folder = os.path.join(root, "device.sqlite"), os.path.join(root, "sync")
    os.makedirs(root)
    sync(bin_dir, db, folder)
    os.makedirs(os.path.join(folder, WRITER))
    for number in range(1, files + 1):
        open(os.path.join(folder, WRITER, "%08d.changes" % number), "w").close()
    connection = sqlite3.connect(db)
    connection.executemany(
        "INSERT INTO sync_file (writer, number, changes, applied_at) VALUES (?, ?, 1, 0)",
        ((WRITER, number) for number in range(1, files + 1)))
    connection.commit()
    connection.close()
    return db, folder


def sync(bin_dir, db, folder):
    start = time.perf_counter()
    subprocess.run([os.path.join(bin_dir, "cloudy-db"), "sync", "--folder", folder, "--db", db],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the build folder with cloudy-db")
    parser.add_argument("--before-bin", help="another build to compare, interleaved")
    parser.add_argument("--files", type=int, default=100_000)
    options = parser.parse_args()
    builds = {"after": os.path.abspath(options.bin)}
    if options.before_bin:
        builds = {"before": os.path.abspath(options.before_bin), **builds}
    root = tempfile.mkdtemp(prefix="cloudy-scan-")
    try:
        setups = {name: set_up(os.path.join(root, name), bin_dir, options.files)
                  for name, bin_dir in builds.items()}
        time.sleep(SETTLE)
        first = {name: sync(bin_dir, *setups[name]) for name, bin_dir in builds.items()}
        later = {name: [] for name in builds}
        for _ in range(5):
            for name, bin_dir in builds.items():
                later[name].append(sync(bin_dir, *setups[name]))
        for name in builds:
            print(f"{name}: {options.files} applied files: the first sync takes "
                  f"{first[name] * 1000:.0f} ms, later ones "
                  f"{statistics.median(later[name]) * 1000:.0f} ms "
                  f"(median of 5; fastest {min(later[name]) * 1000:.0f} ms)")
        if options.before_bin:
            print(f"after/before: first {first['after'] / first['before']:.2f}, later "
                  f"{statistics.median(later['after']) / statistics.median(later['before']):.3f}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

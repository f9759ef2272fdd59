#!/usr/bin/env python3
"""What applying change files costs per file (issue 37): a new device's first sync over a folder
of N change files written by another device, one edit each (a rename, a setting, every tenth a
new place), as a household's folder fills over the years.

    python3 Benchmarks/sync_apply.py --bin .build-release/release \
        [--before-bin /work/wt-old/.build-release/release] [--files 10000] [--rounds 3]

Only `cloudy-db` is run. The files are made here, in change file format 1 (docs/sync.md: a
one-line header, then an SQLite session changeset of `sync_change` rows, written byte by byte
as SQLite's session extension lays them out), because making 100,000 of them with the tools
would take hours; they hold what the capture triggers record for the same edits. Each round
times, for each build in turn (interleaved, so a change in the machine's load touches both
alike), `cloudy-db sync --folder` of a fresh database over a fresh copy of the folder (a sync
may write into the folder, and no build should see another's files), then checks that the
device shows every place with its last name and the last setting. Python 3 standard library
only. Not a test: it prints files per second for each build and their ratio.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import struct
import subprocess
import tempfile
import time
import zlib

WRITER = "00000000000000cd"
START = 1_790_000_000_000  # unix ms, 2026-09


def varint(value):
    """SQLite's variable-length integer (as the session extension writes lengths)."""
    if value < 0x80:
        return bytes([value])
    groups = []
    while value:
        groups.append(value & 0x7F)
        value >>= 7
    groups.reverse()
    return bytes([g | 0x80 for g in groups[:-1]] + [groups[-1]])


def encode(value):
    if value is None:
        return b"\x05"
    if isinstance(value, int):
        return b"\x01" + struct.pack(">q", value)
    if isinstance(value, float):
        return b"\x02" + struct.pack(">d", value)
    data = value.encode()
    return b"\x03" + varint(len(data)) + data


def change_file(number, changes):
    """A change file of `changes` ((seq, wall, entity, key, field, value), …)."""
    body = b"T" + varint(8) + bytes([1, 2, 0, 0, 0, 0, 0, 0]) + b"sync_change\x00"
    for seq, wall, entity, key, field, value in changes:
        body += bytes([18, 0]) + b"".join(
            encode(v) for v in (WRITER, seq, wall, 0, entity, key, field, value))
    header = (f"cloudy-changes 1 {WRITER} {number} {len(body)} "
              f"{zlib.crc32(body) & 0xFFFFFFFF:08x} bench\n")
    return header.encode() + body


def make_folder(root, files):
    """The writer's folder of `files` change files, and what a device must show after it."""
    folder = os.path.join(root, "folder")
    os.makedirs(os.path.join(folder, WRITER))
    with open(os.path.join(folder, "cloudy-sync.txt"), "w") as marker:
        marker.write("cloudy-sync 1\nfolder 00000000000000ef\n")
    seq, names, settings = 0, {}, {}
    for number in range(1, files + 1):
        wall = START + number * 1000
        changes = []

        def change(entity, key, field, value):
            nonlocal seq
            seq += 1
            changes.append((seq, wall, entity, key, field, value))

        kind = number % 10
        if kind == 1 or not names:
            key = f"{len(names) + 1:016x}"
            names[key] = f"Place {len(names) + 1}"
            for field, value in (("name", names[key]), ("latitude", (len(names) % 80) + 0.5),
                                 ("longitude", (len(names) % 170) + 0.25),
                                 ("source", "coordinates"), ("position", len(names))):
                change("place", key, field, value)
        elif kind in (2, 4, 6, 8):
            key = f"{1 + number % len(names):016x}"
            names[key] = f"Place {int(key, 16)} ({number})"
            change("place", key, "name", names[key])
        elif kind in (3, 7):
            settings["time_notation"] = "24h" if number % 4 == 3 else "12h"
            change("setting", "settings", "time_notation", settings["time_notation"])
        else:
            settings["temperature_notation"] = "celsius" if number % 3 else "fahrenheit"
            change("setting", "settings", "temperature_notation",
                   settings["temperature_notation"])
        with open(os.path.join(folder, WRITER, "%08d.changes" % number), "wb") as out:
            out.write(change_file(number, changes))
    return folder, sorted(names.values()), settings


def shown(db):
    connection = sqlite3.connect(db)
    try:
        names = sorted(row[0] for row in connection.execute("SELECT name FROM location"))
        row = connection.execute("SELECT time_notation, temperature_notation FROM settings")
        time_notation, temperature = row.fetchone()
    finally:
        connection.close()
    return names, {"time_notation": time_notation, "temperature_notation": temperature}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="release build folder of this tree")
    parser.add_argument("--before-bin", help="release build folder to compare (none: time --bin "
                        "alone)")
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    builds = {"after": os.path.abspath(options.bin)}
    if options.before_bin:
        builds = {"before": os.path.abspath(options.before_bin), **builds}
    root = tempfile.mkdtemp(prefix="cloudy-apply-")
    try:
        folder, names, settings = make_folder(root, options.files)
        seconds = {name: [] for name in builds}
        for round_number in range(options.rounds):
            for name, bin_dir in builds.items():
                copy = os.path.join(root, f"{name}-{round_number}-folder")
                shutil.copytree(folder, copy)
                db = os.path.join(root, f"{name}-{round_number}.sqlite")
                cloudy_db = os.path.join(bin_dir, "cloudy-db")
                # The database made first (not timed): a new device's file.
                subprocess.run([cloudy_db, "sync", "--folder", os.path.join(root, "empty"),
                                "--db", db], check=True, capture_output=True)
                start = time.perf_counter()
                subprocess.run([cloudy_db, "sync", "--folder", copy, "--db", db], check=True,
                               capture_output=True)
                seconds[name].append(time.perf_counter() - start)
                got_names, got_settings = shown(db)
                if got_names != names or any(got_settings[k] != v for k, v in settings.items()):
                    raise SystemExit(f"{name}: the device does not show the writer's places "
                                     f"({len(got_names)} of {len(names)}) and settings")
                print(f"  round {round_number + 1}: {name} {seconds[name][-1]:.2f} s", flush=True)
                shutil.rmtree(copy)
        rates = {name: options.files / statistics.median(times) for name, times in seconds.items()}
        for name in builds:
            median = statistics.median(seconds[name])
            print(f"{name}: {median:.2f} s for {options.files} files, {rates[name]:.0f} files/s, "
                  f"{median / options.files * 1000:.3f} ms per file (median of {options.rounds})")
        if options.before_bin:
            print(f"after/before: {rates['after'] / rates['before']:.1f}x files per second")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

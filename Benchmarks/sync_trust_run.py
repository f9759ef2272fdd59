#!/usr/bin/env python3
"""Sync trust run (issue 37): devices that edit through one folder while ordinary accidents
happen to them must end with the same places and settings, nothing lost, nothing back.

    python3 Benchmarks/sync_trust_run.py --bin .build/debug [--seed 37] [--ops 300]

Python 3 standard library only; drives the built executables as processes, as users run them,
and reads each device's file with the sqlite3 module only to observe. Beside the convergence run
(sync_convergence.py: skewed clocks, partitions, kills) this one adds, at seeded moments:
- a device whose clock is two days ahead (libfaketime), so its changes are held by the others
  until each runs `cloudy-db sync --accept-held` at the end (what a user told about it does);
- a restore by copy: a device's file is copied aside, the device goes on editing and syncing,
  then the copy is put back with `cp` over the live file (after removing -wal/-shm) and it edits
  on;
- a tidied folder: every device's numbered change files below its snapshot's number are
  removed, then a device leaves and its whole subfolder is removed;
- a late joiner: a new device's first sync after all of that.

Pass: after the devices sync until quiet, every device shows the same places and settings
(diverged 0), every place added and never removed is there (lost 0), no removed place is back
(resurrected 0), and `cloudy-db check` passes everywhere. Not a test: prints what it found and
exits 1 when the run does not pass.
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

from sync_convergence import tidy_below_snapshots

FAKETIME = next((p for p in ["/usr/bin/faketime", "/usr/local/bin/faketime"]
                 if os.access(p, os.X_OK)), None)


class Device:
    def __init__(self, root, name, bin_dir, ahead=None):
        self.name, self.bin_dir, self.ahead = name, bin_dir, ahead
        self.db = os.path.join(root, f"{name}.sqlite")

    def run(self, tool, args, check=True):
        command = [os.path.join(self.bin_dir, tool)] + args + ["--db", self.db]
        if self.ahead:
            command = [FAKETIME, "-f", self.ahead] + command
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        if check and result.returncode != 0:
            raise SystemExit(f"{self.name}: {tool} {args}: {result.returncode} {result.stderr}")
        return result

    def sync(self, folder):
        return json.loads(self.run("cloudy-db", ["sync", "--folder", folder, "--json"]).stdout)

    def places(self):
        view = json.loads(self.run("cloudy-locations", ["list", "--json"]).stdout)
        return [row for section in view["sections"] if section["kind"] == "saved"
                for row in section["rows"]]

    def state(self):
        places = [(p["name"], round(p["latitude"], 4), round(p["longitude"], 4))
                  for p in self.places()]
        settings = json.loads(self.run("cloudy-settings", ["show", "--json"]).stdout)
        return json.dumps([places, settings], sort_keys=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the build folder with the executables")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--ops", type=int, default=300)
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    if FAKETIME is None:
        raise SystemExit("faketime is needed (apt-get install faketime)")
    rng = random.Random(options.seed)
    root = tempfile.mkdtemp(prefix="cloudy-trust-")
    folder = os.path.join(root, "sync")
    devices = [Device(root, f"d{i}", options.bin) for i in range(3)]
    devices.append(Device(root, "ahead", options.bin, ahead="+2d"))
    added, removed = set(), set()
    counter = 0
    events = {int(options.ops * 0.3): "backup", int(options.ops * 0.5): "restore",
              int(options.ops * 0.7): "tidy", int(options.ops * 0.9): "leave"}
    backup = os.path.join(root, "backup.sqlite")
    restored = devices[0]
    left = None
    held = 0
    for step in range(options.ops):
        event = events.get(step)
        if event == "backup":
            restored.sync(folder)
            shutil.copyfile(restored.db, backup)
        elif event == "restore":
            restored.sync(folder)  # what it made since the backup has left it: nothing to lose
            for suffix in ("-wal", "-shm"):
                if os.path.exists(restored.db + suffix):
                    os.remove(restored.db + suffix)
            subprocess.run(["cp", backup, restored.db], check=True)
        elif event == "tidy":
            for device in devices:
                device.sync(folder)
            tidy_below_snapshots(folder)
        elif event == "leave":
            left = devices.pop(1)
            left.sync(folder)
            for device in devices:
                device.sync(folder)
            device_id = json.loads(left.run("cloudy-db", ["sync", "--status", "--json"]).stdout)[
                "device"]
            shutil.rmtree(os.path.join(folder, device_id), ignore_errors=True)
        device = rng.choice(devices)
        places = device.places()
        choice = rng.random()
        if choice < 0.35 or not places:
            counter += 1
            name = f"Place {counter}"
            device.run("cloudy-locations", ["add", "--name", name, "--lat",
                                            str(rng.uniform(-60, 60)), "--lon",
                                            str(rng.uniform(-170, 170))])
            added.add(name)
        elif choice < 0.45:
            target = rng.choice(places)["name"]
            device.run("cloudy-locations", ["remove", "--name", target], check=False)
            removed.add(target)
        elif choice < 0.55:
            device.run("cloudy-settings", ["set", "temperature",
                                           rng.choice(["celsius", "fahrenheit"])])
        else:
            target = rng.choice(places)["name"]
            device.run("cloudy-locations",
                       ["move", "--name", target, str(rng.randint(1, len(places)))], check=False)
        if rng.random() < 0.3:
            report = device.sync(folder)
            held += report.get("held", 0)
    joiner = Device(root, "late", options.bin)
    devices.append(joiner)
    for _ in range(6):
        for device in devices:
            device.sync(folder)
    for device in devices:
        device.run("cloudy-db", ["sync", "--accept-held"])
    for _ in range(6):
        for device in devices:
            device.sync(folder)
    states = {device.name: device.state() for device in devices}
    diverged = len(set(states.values())) - 1
    shown = {p["name"] for p in devices[0].places()}
    # A place is kept unless a removal of it was made; renames do not happen here.
    lost = sorted(name for name in added - removed if name not in shown)
    resurrected = sorted(name for name in removed if name in shown)
    results = [device.run("cloudy-db", ["check"], check=False) for device in devices]
    checks = [result.returncode for result in results]
    for device, result in zip(devices, results):
        if result.returncode != 0:
            print(f"check {device.name}: {result.stdout.strip()} {result.stderr.strip()}")
    print(f"devices {len(devices)} (late joiner included; one left), ops {options.ops}, "
          f"places added {len(added)}, removed {len(removed)}, changes held on the way {held}")
    print(f"lost {len(lost)}, diverged {diverged}, resurrected {len(resurrected)}, "
          f"check failures {sum(1 for c in checks if c != 0)}")
    if lost or resurrected:
        print("lost:", lost, "resurrected:", resurrected)
    if not options.keep:
        shutil.rmtree(root, ignore_errors=True)
    else:
        print("kept:", root)
    sys.exit(0 if not (lost or diverged or resurrected or any(checks)) else 1)


if __name__ == "__main__":
    main()

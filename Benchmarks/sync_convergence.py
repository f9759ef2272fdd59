#!/usr/bin/env python3
"""Sync convergence run (issue 30): devices that edit, lose their sync, crash and disagree about
the time must end with the same places and settings, the right edits winning.

    python3 Benchmarks/sync_convergence.py --bin .build/release [--seed 30] [--time-scale 0.1]

Python 3 standard library only; it drives the built executables (`cloudy-locations`,
`cloudy-settings`, `cloudy-db`) as processes, as users run them, and reads each device's file
with the sqlite3 module only to choose targets and to observe (never to write).

Set-up: N devices (default 5), each its own database, all running `cloudy-db sync --folder F
--watch` on one folder F (a folder on this machine: the carrier is instant, so what is measured
is Cloudy's own part). Each device's clock is skewed by a fixed offset within +-5 min (libfaketime
preloaded into every process of that device, watcher included).

Then OPS seeded random operations (add, rename, move, select, remove, set), of which 20 % are
pairs on the same field on two devices launched together (two renames of one place, or one
setting given two values), and 5 % are a removal on one device with an edit of the same place on
another right after it. Meanwhile:
- partitions: a device's watcher is stopped for 5-60 s (times multiplied by --time-scale) while
  the device goes on editing;
- WRITE_KILLS write commands are SIGKILLed at a random moment within their usual duration, and
  APPLY_KILLS times a watcher that has a backlog of change files to apply is SIGKILLed at a random
  moment within the usual time to apply it; `cloudy-db check` runs after every kill.

Pass: after every partition heals and the devices go quiet, every device shows the same places
(names, coordinates, order: `cloudy-locations list --json`) and settings (`cloudy-settings show
--json`); no removed place is back; for every field, the value shown is that of an edit no other
edit had seen before it was made (the one, when there is one: an edit made after seeing another
must win), and `cloudy-db check` passes everywhere.

Accidents (issue 37; `--no-accidents` leaves them out, as the issue-30 run was): one more
device whose clock is AHEAD_DAYS days ahead (default 2, beyond the one-day bound: the others
hold its changes), a restore by `cp` (one device's file copied aside at 30 % of the
operations, put back over the live file with `cp` at 50 %, its -wal/-shm removed first), a
tidied folder at 70 % (each device's numbered files below its snapshot's number removed, as
docs/sync.md allows) and a late joiner at 90 % (a new device that then edits like the others).
After the partitions heal, every device runs `cloudy-db sync --accept-held` (what a user told
about the held changes does) until none holds any; only then are the devices compared. Held
changes are what `cloudy-db check` is meant to report until then, so a check failing with them
alone is counted, not a problem. Besides the oracle: lost (a place added and never removed
that no device shows), diverged (devices that differ from device 0), resurrected (a removed
place shown again).

Then a latency phase: EDITS edits, one at a time, with every watcher running; for each, the time
from the command's exit (its commit is before it) to the change being in each other device's
file, polled every 2 ms; p50/p99 printed.

Not a test: it prints what it found and exits 1 when the run does not pass.
"""
import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

SETTINGS = {"time": ("time_notation", ["12h", "24h"]),
            "units": ("units_notation", ["imperial", "metric"]),
            "temperature": ("temperature_notation", ["fahrenheit", "celsius"])}


def forget_wrapper(pid):
    """Removes what the faketime wrapper `pid` (ended) may have left in /dev/shm: a wrapper
    whose child is killed leaves its semaphore and shared memory, and a later wrapper given the
    same pid then fails with `sem_open: File exists`."""
    for name in (f"/dev/shm/sem.faketime_sem_{pid}", f"/dev/shm/faketime_shm_{pid}"):
        try:
            os.unlink(name)
        except FileNotFoundError:
            pass


def child_of(process):
    """The tool `faketime` runs for `process` (its one child), once it has forked."""
    for _ in range(500):
        try:
            with open(f"/proc/{process.pid}/task/{process.pid}/children") as f:
                children = f.read().split()
        except FileNotFoundError:
            return None
        if children:
            return int(children[0])
        if process.poll() is not None:
            return None
        time.sleep(0.001)
    return None


def signal_tool(process, number):
    """Sends `number` to the tool under `process` (the faketime wrapper), which then ends with
    the tool's status."""
    pid = child_of(process)
    if pid is not None:
        try:
            os.kill(pid, number)
        except ProcessLookupError:
            pass


def tidy_below_snapshots(folder):
    """Removes, in each device's subfolder, the change files its snapshot covers (as a person
    tidying the folder, or a carrier expiring old files, would); how many it removed."""
    removed = 0
    for writer in os.listdir(folder):
        path = os.path.join(folder, writer)
        snapshot = os.path.join(path, "snapshot.changes")
        if not os.path.isdir(path) or not os.path.exists(snapshot):
            continue
        with open(snapshot, "rb") as file:
            covered = int(file.readline().split()[3])
        for name in os.listdir(path):
            stem = name[:-len(".changes")]
            if name.endswith(".changes") and stem.isdigit() and int(stem) < covered:
                os.remove(os.path.join(path, name))
                removed += 1
    return removed


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Device:
    def __init__(self, run, index, skew, ahead=False):
        self.run = run
        self.index = index
        self.skew = skew  # seconds
        self.ahead = ahead  # its clock is beyond the bound: the others hold its changes
        self.db = os.path.join(run.root, f"device{index}.sqlite")
        self.watcher = None
        self.watch_log = open(os.path.join(run.root, f"device{index}.watch.log"), "ab")
        self.partitioned_until = None
        self.id = None

    def environment(self):
        return {k: v for k, v in os.environ.items() if not k.startswith("CLOUDY_")}

    def command(self, tool, args):
        # Through Debian's faketime wrapper (preloading libfaketime by hand left Swift's
        # CommandLine.argc at 0 here). The wrapper forks: signals go to its child (child_of).
        return ["faketime", "-f", f"{self.skew:+d}", os.path.join(self.run.bin, tool)] + args \
            + ["--db", self.db]

    def tool(self, tool, args):
        for attempt in range(3):
            process = subprocess.Popen(self.command(tool, args), env=self.environment(),
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            output, error = process.communicate()
            forget_wrapper(process.pid)
            if "faketime: sem_open" not in error:
                break
        return subprocess.CompletedProcess(process.args, process.returncode, output, error)

    def spawn(self, tool, args, **kwargs):
        return subprocess.Popen(self.command(tool, args), env=self.environment(), **kwargs)

    def start_watch(self):
        assert self.watcher is None
        self.watch_started = time.monotonic()
        for attempt in range(3):
            self.watcher = self.spawn("cloudy-db", ["sync", "--folder", self.run.folder,
                                                    "--watch", "--json"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            # The faketime wrapper itself may fail to start (sem_open: a semaphore left by an
            # earlier wrapper of the same pid): start it again; the tool's own errors go on to
            # the device's log.
            try:
                error = self.watcher.stderr.read1(4096) if self.watcher.wait(0.3) is not None \
                    else b""
            except subprocess.TimeoutExpired:
                error = b""
            if b"faketime: sem_open" not in error:
                break
            forget_wrapper(self.watcher.pid)
        self.watch_log.write(error) if error else None
        self.pipe_log(self.watcher)

    def pipe_log(self, process):
        """Copies the watcher's stderr into the device's log as it comes (a thread)."""
        import threading

        def copy():
            for line in process.stderr:
                self.watch_log.write(line)
                self.watch_log.flush()

        threading.Thread(target=copy, daemon=True).start()

    def stop_watch(self):
        if self.watcher is None:
            return
        # A signal that comes before the watcher has installed its handler ends it the
        # default way (by the signal); give it a second to start, as a user's would have had.
        time.sleep(max(0.0, self.watch_started + 1.0 - time.monotonic()))
        signal_tool(self.watcher, signal.SIGTERM)
        try:
            status = self.watcher.wait(timeout=30)
        except subprocess.TimeoutExpired:
            signal_tool(self.watcher, signal.SIGKILL)
            status = self.watcher.wait()
            self.run.problems.append(f"device {self.index}: watcher did not stop on SIGTERM")
        forget_wrapper(self.watcher.pid)
        if status != 0:
            self.run.problems.append(f"device {self.index}: watcher exited {status}")
        self.watcher = None

    def check(self, why):
        result = self.tool("cloudy-db", ["check"])
        self.run.checks += 1
        findings = [line for line in result.stdout.splitlines() if line.strip()]
        if result.returncode != 0 and findings and all("are held:" in f for f in findings):
            self.run.held_checks += 1  # what check is for while a clock is ahead
        elif result.returncode != 0:
            self.run.problems.append(
                f"device {self.index}: cloudy-db check failed after {why}: "
                f"{result.returncode} {result.stdout.strip()} {result.stderr.strip()}")

    # Observation (read-only).
    def query(self, sql, params=()):
        for attempt in range(50):
            try:
                connection = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=5)
                try:
                    return connection.execute(sql, params).fetchall()
                finally:
                    connection.close()
            except sqlite3.OperationalError:
                time.sleep(0.01)
        raise RuntimeError(f"cannot read {self.db}")

    def places(self):
        return self.query("SELECT l.name, p.uid FROM location AS l "
                          "JOIN sync_place AS p ON p.location_id = l.id ORDER BY l.position")

    def device_id(self):
        return self.query("SELECT device FROM sync_device")[0][0]

    def seen(self, entity, key, field):
        return set(self.query("SELECT origin, seq FROM sync_change WHERE entity = ? AND key = ? "
                              "AND field = ?", (entity, key, field)))


class Problems(list):
    """The run's problems, each printed as it is found."""

    def append(self, problem):
        print(f"  problem: {problem}", flush=True)
        super().append(problem)


class Run:
    def __init__(self, args):
        self.args = args
        self.bin = os.path.abspath(args.bin)
        self.rng = random.Random(args.seed)
        self.root = tempfile.mkdtemp(prefix="cloudy-sync-convergence-")
        self.folder = os.path.join(self.root, "Sync")
        skews = [300, -300] + [self.rng.randint(-300, 300) for _ in range(args.devices - 2)]
        self.devices = [Device(self, i, skews[i]) for i in range(args.devices)]
        if args.accidents:
            self.devices.append(Device(self, args.devices, args.ahead_days * 86400, ahead=True))
        self.problems = Problems()
        self.checks = 0
        self.held_checks = 0
        self.missing_by_device = {}
        self.accidents = {}
        self.backup = os.path.join(self.root, "backup.sqlite")
        self.restored = None
        self.counter = 0
        self.edits = []  # {entity, key, field, value, id: (origin, seq), seen: set}
        self.removed = set()
        self.counts = {}
        self.write_kills = {"sent": 0, "landed": 0, "committed": 0}
        self.apply_kills = {"sent": 0, "landed": 0, "partial": 0}
        self.partitions = 0
        self.write_seconds = []

    def name(self):
        self.counter += 1
        return f"P{self.counter}"

    def count(self, kind):
        self.counts[kind] = self.counts.get(kind, 0) + 1

    # Operations ------------------------------------------------------------------------------

    def place_on(self, device, also=None):
        places = device.places()
        if also is not None:
            theirs = {uid for _, uid in also.places()}
            places = [p for p in places if p[1] in theirs]
        return self.rng.choice(places) if places else None

    def plan(self, device, kind, target=None):
        """(arguments, tool, tracked field) for one operation on `device`."""
        rng = self.rng
        if kind == "add":
            name = self.name()
            lat, lon = round(rng.uniform(-60, 70), 4), round(rng.uniform(-179, 179), 4)
            return "cloudy-locations", ["add", "--name", name, "--lat", str(lat), "--lon",
                                        str(lon)], ("place", None, "name", name)
        if kind == "set":
            setting = target or rng.choice(list(SETTINGS))
            column, values = SETTINGS[setting]
            value = rng.choice(values)
            return "cloudy-settings", ["set", setting, value], ("setting", "settings", column,
                                                                value)
        place = target or self.place_on(device)
        if place is None:
            return self.plan(device, "add")
        name, uid = place
        if kind == "rename":
            new = f"{self.name()}-{name.split('-')[0]}"
            return "cloudy-locations", ["rename", "--name", name, new], ("place", uid, "name",
                                                                         new)
        if kind == "move":
            count = len(device.places())
            return "cloudy-locations", ["move", "--name", name, str(rng.randint(1, max(1, count)))
                                        ], None
        if kind == "select":
            return "cloudy-locations", ["select", "--name", name], None
        if kind == "remove":
            return "cloudy-locations", ["remove", "--name", name], ("place", uid, "removed", 1)
        raise ValueError(kind)

    def before(self, device, tracked):
        if tracked is None or tracked[1] is None:
            return set()
        return device.seen(tracked[0], tracked[1], tracked[2])

    def after(self, device, tracked, seen):
        """Records the edit when it committed (a set to the same value, or a killed command,
        records nothing)."""
        if tracked is None:
            return False
        entity, key, field, value = tracked
        origin = device.device_id()
        added = key is None
        if added:  # an add: its key is the new place's global id
            rows = device.query("SELECT p.uid FROM location AS l JOIN sync_place AS p "
                                "ON p.location_id = l.id WHERE l.name = ?", (value,))
            if not rows:
                return False
            key = rows[0][0]
        rows = device.query("SELECT seq FROM sync_change WHERE origin = ? AND entity = ? AND "
                            "key = ? AND field = ? AND value = ? ORDER BY seq DESC LIMIT 1",
                            (origin, entity, key, field, value))
        if not rows or (origin, rows[0][0]) in seen:
            return False
        self.edits.append({"entity": entity, "key": key, "field": field, "value": value,
                           "id": (origin, rows[0][0]), "seen": seen, "added": added})
        if field == "removed":
            self.removed.add(key)
        return True

    def operate(self, device, kind, target=None):
        tool, args, tracked = self.plan(device, kind, target)
        seen = self.before(device, tracked)
        start = time.monotonic()
        result = device.tool(tool, args)
        self.write_seconds.append(time.monotonic() - start)
        self.count(kind)
        if result.returncode not in (0, 66, 65):
            self.problems.append(f"device {device.index}: {tool} {args} exited "
                                 f"{result.returncode}: {result.stderr.strip()}")
        self.after(device, tracked, seen)
        return result.returncode

    def pair(self, first, second):
        """The same field edited on two devices launched together."""
        if self.rng.random() < 0.5:
            place = self.place_on(first, also=second)
            if place is None:
                return 0
            uid = place[1]
            other = [p for p in second.places() if p[1] == uid]
            if not other:
                return 0
            plans = [(first, self.plan(first, "rename", place)),
                     (second, self.plan(second, "rename", other[0]))]
            kind = "pair-rename"
        else:
            setting = self.rng.choice(list(SETTINGS))
            column, values = SETTINGS[setting]
            plans = [(d, ("cloudy-settings", ["set", setting, v],
                          ("setting", "settings", column, v)))
                     for d, v in zip((first, second), values if self.rng.random() < 0.5
                                     else values[::-1])]
            kind = "pair-set"
        seens = [self.before(d, p[2]) for d, p in plans]
        processes = [d.spawn(p[0], p[1], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                     for d, p in plans]
        for process, (d, p) in zip(processes, plans):
            _, error = process.communicate()
            forget_wrapper(process.pid)
            if b"faketime: sem_open" in error:  # the wrapper's, not the tool's: once more
                retried = d.tool(p[0], p[1])
                process.returncode, error = retried.returncode, retried.stderr.encode()
            if process.returncode not in (0, 65, 66):
                self.problems.append(f"device {d.index}: {p[0]} {p[1]} exited "
                                     f"{process.returncode}: {error.decode().strip()}")
        for (d, p), seen in zip(plans, seens):
            self.after(d, p[2], seen)
        self.count(kind)
        return 2

    def edit_removed(self, first, second):
        """A removal on one device, then an edit of the same place on another at once."""
        place = self.place_on(first, also=second)
        if place is None:
            return 0
        other = [p for p in second.places() if p[1] == place[1]]
        self.operate(first, "remove", place)
        if other:
            self.operate(second, self.rng.choice(["rename", "move"]), other[0])
        self.count("edit-after-remove")
        return 2

    # Kills -----------------------------------------------------------------------------------

    def kill_write(self, device):
        kind = self.rng.choice(["add", "rename", "move", "remove", "set"])
        tool, args, tracked = self.plan(device, kind)
        seen = self.before(device, tracked)
        usual = statistics.median(self.write_seconds[-50:]) if self.write_seconds else 0.05
        process = device.spawn(tool, args, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        time.sleep(self.rng.uniform(0, usual))
        self.write_kills["sent"] += 1
        if process.poll() is None:
            self.write_kills["landed"] += 1
        signal_tool(process, signal.SIGKILL)
        process.wait()
        forget_wrapper(process.pid)
        device.check("a write was killed")
        if self.after(device, tracked, seen):
            self.write_kills["committed"] += 1
        self.count(f"killed-{kind}")

    def kill_apply(self, device, usual):
        """Restarts `device`'s watcher with a backlog waiting and kills it at a random moment
        within `usual` seconds (the time a backlog took to apply)."""
        before = device.query("SELECT count(*) FROM sync_file")[0][0]
        device.start_watch()
        time.sleep(self.rng.uniform(0, usual))
        self.apply_kills["sent"] += 1
        if device.watcher.poll() is None:
            self.apply_kills["landed"] += 1
        signal_tool(device.watcher, signal.SIGKILL)
        device.watcher.wait()
        forget_wrapper(device.watcher.pid)
        device.watcher = None
        after = device.query("SELECT count(*) FROM sync_file")[0][0]
        waiting = self.files_waiting(device)
        if after > before and waiting > 0:
            self.apply_kills["partial"] += 1
        device.check("a sync was killed while applying")

    def files_waiting(self, device):
        applied = set(device.query("SELECT writer, number FROM sync_file"))
        me = device.device_id()
        waiting = 0
        for writer in os.listdir(self.folder):
            path = os.path.join(self.folder, writer)
            if writer == me or not os.path.isdir(path):
                continue
            for name in os.listdir(path):
                if name.endswith(".changes") and name[:-8].isdigit() \
                        and (writer, int(name[:-8])) not in applied:
                    waiting += 1
        return waiting

    # Accidents (issue 37) ---------------------------------------------------------------------

    def accident(self, kind, pending_apply_kill):
        """One of the ordinary accidents; False when it must wait (no device fit for it)."""
        busy = pending_apply_kill[0] if pending_apply_kill else None
        if kind == "backup":
            fit = [d for d in self.devices if not d.ahead and d.watcher is not None
                   and d is not busy]
            if not fit:
                return False
            device = self.restored = self.rng.choice(fit)
            device.stop_watch()
            device.tool("cloudy-db", ["sync", "--folder", self.folder])
            shutil.copyfile(device.db, self.backup)
            device.start_watch()
        elif kind == "restore":
            device = self.restored
            if device.watcher is None or device is busy:
                return False
            device.stop_watch()
            # What it made since the backup leaves it first (a user restoring from a backup
            # loses nothing that reached the folder).
            device.tool("cloudy-db", ["sync", "--folder", self.folder])
            for suffix in ("-wal", "-shm"):
                if os.path.exists(device.db + suffix):
                    os.remove(device.db + suffix)
            subprocess.run(["cp", self.backup, device.db], check=True)
            device.start_watch()
        elif kind == "tidy":
            self.accidents["tidied_files"] = tidy_below_snapshots(self.folder)
        elif kind == "join":
            device = Device(self, len(self.devices), self.rng.randint(-300, 300))
            self.devices.append(device)
            device.tool("cloudy-settings", ["show"])
            device.start_watch()
        self.accidents[kind] = self.accidents.get(kind, 0) + 1
        return True

    def accept_held(self):
        """Every device takes what it holds (`sync --accept-held`) until none holds any and the
        devices agree."""
        for _ in range(10):
            for device in self.devices:
                result = device.tool("cloudy-db", ["sync", "--accept-held", "--json"])
                if result.returncode != 0:
                    self.problems.append(f"device {device.index}: sync --accept-held exited "
                                         f"{result.returncode}: {result.stderr.strip()}")
            quiet = self.wait_quiet(60)
            held = sum(d.query("SELECT count(*) FROM sync_held")[0][0] for d in self.devices)
            if quiet and held == 0:
                return True
        return False

    def lost(self):
        """Places added and never removed that device 0 does not show."""
        shown = {uid for _, uid in self.devices[0].places()}
        added = {e["key"] for e in self.edits if e["added"] and e["key"] not in self.removed}
        return sorted(added - shown)

    # The run ---------------------------------------------------------------------------------

    def heal_due(self, now):
        for device in self.devices:
            if device.partitioned_until is not None and now >= device.partitioned_until:
                device.partitioned_until = None
                device.start_watch()

    def fingerprint(self, device):
        if self.args.accidents:
            # A device that joined after the folder was tidied holds the winning change of each
            # field (from the snapshots), not every change that lost: compare the winners.
            return device.query("SELECT count(*), total(wall), total(counter), "
                                "total(length(CAST(value AS TEXT))) FROM sync_value")[0]
        return device.query("SELECT count(*), total(seq), total(wall) FROM sync_change")[0]

    def wait_quiet(self, deadline_seconds):
        """Until every device holds the same changes, for 3 s in a row."""
        deadline = time.monotonic() + deadline_seconds
        stable_since = None
        while time.monotonic() < deadline:
            prints = {self.fingerprint(d) for d in self.devices}
            if len(prints) == 1:
                stable_since = stable_since or time.monotonic()
                if time.monotonic() - stable_since >= 3:
                    return True
            else:
                stable_since = None
            time.sleep(0.2)
        return False

    def calibrate_apply(self):
        """How long a sync takes with a usual backlog: device 1 misses six edits of device 0,
        then syncs once (timed) and watches again. Not counted as operations."""
        device = self.devices[1]
        device.stop_watch()
        for _ in range(6):
            self.operate(self.devices[0], "rename")
        start = time.monotonic()
        device.tool("cloudy-db", ["sync", "--folder", self.folder])
        usual = time.monotonic() - start
        device.start_watch()
        self.apply_seconds = usual
        return usual

    def chaos(self):
        args, rng = self.args, self.rng
        # When each kill is due (a number of operations done); one is made as soon as its
        # point is passed, so that every kill asked for happens.
        last = max(args.ops - 300, 101 + max(args.write_kills, args.apply_kills))
        write_kills_due = sorted(rng.sample(range(100, last), args.write_kills))
        apply_kills_due = sorted(rng.sample(range(100, last), args.apply_kills))
        usual_apply = self.calibrate_apply()
        self.counts = {}  # the set-up's operations are not the run's
        done = 0
        next_report = 200
        pending_apply_kill = None  # [device, operations left before its watcher restarts]
        accidents = [(int(args.ops * f), kind) for f, kind in
                     ((0.3, "backup"), (0.5, "restore"), (0.7, "tidy"), (0.9, "join"))] \
            if args.accidents else []
        while done < args.ops:
            now = time.monotonic()
            self.heal_due(now)
            if accidents and done >= accidents[0][0] \
                    and self.accident(accidents[0][1], pending_apply_kill):
                accidents.pop(0)
            if pending_apply_kill and pending_apply_kill[1] <= 0:
                device = pending_apply_kill[0]
                self.kill_apply(device, usual_apply)
                device.start_watch()
                pending_apply_kill = None
            connected = [d for d in self.devices if d.watcher is not None]
            if apply_kills_due and done >= apply_kills_due[0] and pending_apply_kill is None \
                    and len(connected) > 1:
                apply_kills_due.pop(0)
                device = rng.choice(connected)
                device.stop_watch()
                pending_apply_kill = [device, rng.randint(3, 8)]
            elif rng.random() < args.partition_rate and len(connected) > 2:
                device = rng.choice([d for d in connected
                                     if not pending_apply_kill or d is not pending_apply_kill[0]])
                device.stop_watch()
                device.partitioned_until = now + rng.uniform(5, 60) * args.time_scale
                self.partitions += 1
            device = rng.choice(self.devices)
            if write_kills_due and done >= write_kills_due[0]:
                write_kills_due.pop(0)
                self.kill_write(device)
                done += 1
            else:
                roll = rng.random()
                others = [d for d in self.devices if d is not device]
                if roll < 0.20:
                    done += self.pair(device, rng.choice(others)) or 1
                elif roll < 0.25:
                    done += self.edit_removed(device, rng.choice(others)) or 1
                else:
                    kind = rng.choices(["add", "rename", "move", "select", "remove", "set"],
                                       [30, 25, 15, 10, 5, 15])[0]
                    self.operate(device, kind)
                    done += 1
            if pending_apply_kill:
                pending_apply_kill[1] -= 1
            if done >= next_report:
                print(f"  {done} operations, {len(self.problems)} problems", flush=True)
                next_report += 200
        if pending_apply_kill:
            self.kill_apply(pending_apply_kill[0], usual_apply)
            pending_apply_kill[0].start_watch()

    def shown(self, device):
        listing = json.loads(device.tool("cloudy-locations", ["list", "--json"]).stdout)
        saved = [s for s in listing["sections"] if s["kind"] == "saved"]
        rows = saved[0]["rows"] if saved else []
        places = [(r.get("name"), r.get("latitude"), r.get("longitude")) for r in rows]
        settings = json.loads(device.tool("cloudy-settings", ["show", "--json"]).stdout)
        return places, settings["settings"]

    def verify(self):
        views = [self.shown(d) for d in self.devices]
        identical = all(v == views[0] for v in views)
        if not identical:
            for d, v in zip(self.devices, views):
                if v != views[0]:
                    self.problems.append(f"device {d.index} differs from device 0: "
                                         f"{len(v[0])} vs {len(views[0][0])} places, "
                                         f"settings {v[1]} vs {views[0][1]}")
        # No removed place is back, on any device.
        returned = 0
        for d in self.devices:
            uids = {uid for _, uid in d.places()}
            returned += len(uids & self.removed)
        if returned:
            self.problems.append(f"{returned} removed place(s) shown again")
        # Every field shows an edit no tracked edit had seen (the one, when it is one).
        checked = exact = wrong = 0
        groups = {}
        for edit in self.edits:
            groups.setdefault((edit["entity"], edit["key"], edit["field"]), []).append(edit)
        for d in self.devices:
            names = {uid: name for name, uid in d.places()}
            settings = dict(zip(["time_notation", "units_notation", "temperature_notation"],
                                d.query("SELECT time_notation, units_notation, "
                                        "temperature_notation FROM settings")[0]))
            rows = {}
            for origin, seq, entity, key, field, value in d.query(
                    "SELECT origin, seq, entity, key, field, value FROM sync_change"):
                rows.setdefault((entity, key, field), []).append(((origin, seq), value))
            for group_key, edits in groups.items():
                entity, key, field = group_key
                if field == "removed":
                    continue
                if entity == "place" and (key in self.removed or key not in names):
                    continue
                seen = set()
                for edit in edits:
                    seen |= edit["seen"]
                candidates = [(cid, value) for cid, value in rows.get(group_key, [])
                              if cid not in seen]
                shown = names[key] if entity == "place" else settings[field]
                checked += 1
                if shown not in [value for _, value in candidates]:
                    wrong += 1
                    if wrong <= 5:
                        self.problems.append(
                            f"device {d.index}: {entity} {key} {field} shows {shown!r}, "
                            f"not one of the unseen edits {candidates}")
                elif len(candidates) == 1:
                    exact += 1
        self.oracle = {"fields_checked": checked, "single_winner": exact, "wrong": wrong}
        lost = self.lost()
        if lost:
            self.problems.append(f"{len(lost)} place(s) added and never removed are gone")
        self.outcome = {"lost": len(lost),
                        "diverged": sum(1 for v in views if v != views[0]),
                        "resurrected": returned}
        for d in self.devices:
            d.check("the end of the run")
        return identical and not returned and not wrong and not lost

    def latency(self, edits):
        for d in self.devices:
            if d.watcher is None:
                d.start_watch()
        self.wait_quiet(60)
        connections = {d.index: sqlite3.connect(f"file:{d.db}?mode=ro", uri=True, timeout=5)
                       for d in self.devices}
        from_exit, from_start = [], []
        missing = 0
        for _ in range(edits):
            device = self.rng.choice([d for d in self.devices if not d.ahead])
            kind = self.rng.choice(["rename", "set"])
            tool, args, tracked = self.plan(device, kind)
            seen = self.before(device, tracked)
            start = time.monotonic()
            result = device.tool(tool, args)
            end = time.monotonic()
            if result.returncode != 0 or not self.after(device, tracked, seen):
                continue
            origin, seq = self.edits[-1]["id"]
            waiting = {d.index for d in self.devices if d is not device and not d.ahead}
            deadline = end + 30
            while waiting and time.monotonic() < deadline:
                for index in list(waiting):
                    try:
                        # Arrived: taken, or held for a clock ahead of this device's (after
                        # --accept-held, a device's clock may run up to a day ahead; one a few
                        # minutes behind it holds its edits for those minutes).
                        found = connections[index].execute(
                            "SELECT 1 FROM sync_change WHERE origin = ?1 AND seq = ?2 UNION ALL "
                            "SELECT 1 FROM sync_held WHERE origin = ?1 AND seq = ?2",
                            (origin, seq)).fetchone()
                    except sqlite3.OperationalError:
                        found = None
                    if found:
                        now = time.monotonic()
                        from_exit.append(max(0.0, now - end))
                        from_start.append(now - start)
                        waiting.discard(index)
                time.sleep(0.002)
            missing += len(waiting)
            for index in waiting:
                self.missing_by_device[index] = self.missing_by_device.get(index, 0) + 1
        for connection in connections.values():
            connection.close()
        return from_exit, from_start, missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the build folder with the executables")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--devices", type=int, default=5)
    parser.add_argument("--ops", type=int, default=2000)
    parser.add_argument("--write-kills", type=int, default=50)
    parser.add_argument("--apply-kills", type=int, default=50)
    parser.add_argument("--time-scale", type=float, default=1.0,
                        help="multiplies the partitions' 5-60 s (0.1: 0.5-6 s)")
    parser.add_argument("--partition-rate", type=float, default=0.01,
                        help="chance per operation that a device's sync stops")
    parser.add_argument("--latency-edits", type=int, default=200)
    parser.add_argument("--keep", action="store_true", help="keep the devices' files")
    parser.add_argument("--no-accidents", dest="accidents", action="store_false",
                        help="no clock days ahead, restore, tidying or late joiner (issue 30)")
    parser.add_argument("--ahead-days", type=int, default=2,
                        help="how far ahead the accidents' device's clock is")
    args = parser.parse_args()
    if shutil.which("faketime") is None:
        sys.exit("faketime is missing (Debian's faketime package)")

    run = Run(args)
    print(f"{args.devices} devices in {run.root}, skews "
          f"{[d.skew for d in run.devices]} s, seed {args.seed}, time scale {args.time_scale}")
    started = time.monotonic()
    try:
        # Every device starts with a database and a watcher; device 0 has five places.
        for device in run.devices:
            device.tool("cloudy-settings", ["show"])
        for _ in range(5):
            run.operate(run.devices[0], "add")
        for device in run.devices:
            device.start_watch()
        run.wait_quiet(60)
        run.chaos()
        chaos_seconds = time.monotonic() - started
        for device in run.devices:
            device.partitioned_until = None
            if device.watcher is None:
                device.start_watch()
        heal = time.monotonic()
        quiet = run.wait_quiet(180) if not args.accidents else run.accept_held()
        settle = time.monotonic() - heal
        if not quiet:
            run.problems.append("the devices did not come to hold the same changes in 180 s")
        passed = run.verify() and quiet
        from_exit, from_start, missing = run.latency(args.latency_edits)
        if args.accidents:
            # Once more after the latency phase's edits: every device takes what it holds,
            # and they must still agree.
            run.accept_held()
            views = [run.shown(d) for d in run.devices]
            run.outcome["diverged_after_latency"] = sum(1 for v in views if v != views[0])
            if run.outcome["diverged_after_latency"]:
                run.problems.append("devices differ after the latency phase")
    finally:
        for device in run.devices:
            if device.watcher is not None:
                device.stop_watch()
    places = len(run.devices[0].places())
    changes = run.devices[0].query("SELECT count(*) FROM sync_change")[0][0]
    files = sum(len(files) for _, _, files in os.walk(run.folder))
    print(json.dumps({
        "passed": passed and not run.problems,
        "operations": dict(sorted(run.counts.items())),
        "tracked_edits": len(run.edits),
        "removed_places": len(run.removed),
        "partitions": run.partitions,
        "write_kills": run.write_kills,
        "apply_kills": run.apply_kills,
        "checks_run": run.checks,
        "checks_failing_on_held_changes_only": run.held_checks,
        "accidents": run.accidents,
        "outcome": getattr(run, "outcome", None),
        "usual_apply_ms": round(run.apply_seconds * 1000, 1),
        "oracle": run.oracle,
        "chaos_seconds": round(chaos_seconds, 1),
        "settle_seconds_after_last_heal": round(settle, 1),
        "final_places": places,
        "changes_per_device": changes,
        "files_in_folder": files,
        "latency_ms": {
            "edits": len(from_exit), "not_arrived_in_30s": missing,
            "not_arrived_by_device": run.missing_by_device,
            "from_exit_p50": round(percentile(from_exit, 0.5) * 1000, 1),
            "from_exit_p99": round(percentile(from_exit, 0.99) * 1000, 1),
            "from_exit_max": round(max(from_exit, default=float("nan")) * 1000, 1),
            "from_start_p50": round(percentile(from_start, 0.5) * 1000, 1),
            "from_start_p99": round(percentile(from_start, 0.99) * 1000, 1),
        },
        "problems": run.problems[:20],
        "problem_count": len(run.problems),
    }, indent=2))
    if not args.keep:
        shutil.rmtree(run.root, ignore_errors=True)
    sys.exit(0 if passed and not run.problems else 1)


if __name__ == "__main__":
    main()

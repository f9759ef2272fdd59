#!/usr/bin/env python3
"""Cloudy's write commands (and list) beside the GRDB peer and the C baseline, whole processes.

    Benchmarks/grdb_peer.py [--rounds 3] [--runs 11] [--warmup 3] [--bin DIR] [--peer EXE]
    Benchmarks/grdb_peer.py --syncs      # fsync/fdatasync/ftruncate of one `set` each (strace)

Needs the tools built in release mode (`swift build -c release --scratch-path .build-release`),
the peer and the floor (`swift build -c release --package-path Benchmarks --scratch-path
.build-bench`) and run.py's C programs (`Benchmarks/run.py` builds them; or
`cc -O2 -o Benchmarks/.build-c/cloudy_baseline Benchmarks/baseline/cloudy_baseline.c -lsqlite3`
and the same for spawn_timer.c). Method: run.py's (spawn_timer, the 1,000-place seed, a fresh
copy per side and command), with every side — Cloudy, the peer at FULL, the peer at GRDB's WAL
level NORMAL, C and the argument-parser floor — run once per iteration, in an order that
rotates, so the machine's load falls on all of them alike. Benchmarks/README.md, "A GRDB peer".
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (run.py's helpers: run_step, seeded, fresh_copy, db_query)

NAME, LAT, LON = run.POINT


def sides(bins, peer, baseline, floor):
    """Each side: how to run a command, and the environment it runs in (the database is
    named by CLOUDY_DB for Cloudy and the peer, by argument for C)."""
    loc, settings = os.path.join(bins, "cloudy-locations"), os.path.join(bins, "cloudy-settings")
    return {
        "Cloudy": dict(
            list=lambda db: [loc, "list"],
            add=lambda db: [loc, "add", "--name", NAME, "--lat", LAT, "--lon", LON],
            remove=lambda db: [loc, "remove", NAME],
            set=lambda db: [settings, "set", "time", "24h"]),
        "GRDB": dict(
            list=lambda db: [peer, "list"],
            add=lambda db: [peer, "add", "--name", NAME, "--lat", LAT, "--lon", LON],
            remove=lambda db: [peer, "remove", NAME],
            set=lambda db: [peer, "set", "time", "24h"]),
        "GRDB NORMAL": dict(
            env={"CLOUDY_GRDB_SYNCHRONOUS": "NORMAL"},
            list=None,
            add=lambda db: [peer, "add", "--name", NAME, "--lat", LAT, "--lon", LON],
            remove=lambda db: [peer, "remove", NAME],
            set=lambda db: [peer, "set", "time", "24h"]),
        "C": dict(
            list=lambda db: [baseline, "list", db],
            add=lambda db: [baseline, "add", db, NAME, LAT, LON],
            remove=lambda db: [baseline, "remove", db, NAME],
            set=lambda db: [baseline, "set-time", db, "24h"]),
        "floor": dict(
            list=lambda db: [floor, "nothing"], add=lambda db: [floor, "nothing"],
            remove=lambda db: [floor, "nothing"], set=lambda db: [floor, "nothing"]),
    }


def checks(db, command, output):
    count = lambda: run.db_query(db, "SELECT count(*) FROM location WHERE name = ?", (NAME,))[0][0]
    if command == "list":
        return len(output.splitlines()) >= 1000
    if command == "add":
        return count() == 1
    if command == "remove":
        return count() == 0
    if command == "set":
        return run.db_query(db, "SELECT time_notation FROM settings")[0][0] == "24h"
    return True


COMMANDS = ("list", "add", "remove", "set")


def one_round(side_table, seed, runs, warmup, out_path):
    """{command: {side: ([wall s], [cpu s])}} for one round."""
    results = {c: {s: ([], []) for s in side_table} for c in COMMANDS}
    names = list(side_table)
    dbs = {s: run.fresh_copy(seed, "peer-%s.sqlite" % s.replace(" ", "-")) for s in names}
    for iteration in range(warmup + runs):
        order = names[iteration % len(names):] + names[:iteration % len(names)]
        for side in order:
            spec, db = side_table[side], dbs[side]
            env = dict(os.environ, CLOUDY_DB=db, LC_ALL="C.UTF-8", **spec.get("env", {}))
            for command in COMMANDS:
                if spec.get(command) is None:
                    continue
                if command == "set" and side != "floor":
                    run.set_time_12h(db)  # untimed: every run writes
                elapsed, status, _, output, cpu = run.run_step(spec[command](db), env, out_path)
                if status != 0 or (side != "floor" and not checks(db, command, output)):
                    sys.exit("%s %s: not ready: exit %d: %s" % (side, command, status, output[:200]))
                if iteration >= warmup:
                    results[command][side][0].append(elapsed)
                    results[command][side][1].append(cpu)
    return results


def report(results, load_before, load_after):
    ms = lambda xs: statistics.median(xs) * 1000 if xs else None
    print("load average %s → %s" % (" ".join("%.2f" % x for x in load_before),
                                    " ".join("%.2f" % x for x in load_after)))
    header = ["command", "Cloudy ms", "GRDB ms", "GRDB NORMAL ms", "C ms", "floor ms",
              "(Cloudy − floor) / C", "(GRDB − floor) / C", "(GRDB NORMAL − floor) / C",
              "CPU: Cloudy, GRDB, C, floor ms", "faster (wall; CPU)"]
    rows = []
    for command in COMMANDS:
        r = results[command]
        wall = {s: ms(r[s][0]) for s in r}
        cpu = {s: ms(r[s][1]) for s in r}
        f, c = wall["floor"], wall["C"]
        ratio = lambda s: "—" if wall.get(s) is None else "%.2f×" % ((wall[s] - f) / c)
        fmt = lambda v: "—" if v is None else "%.1f" % v
        faster = lambda d: "Cloudy %.2f×" % (d["GRDB"] / d["Cloudy"]) if d["Cloudy"] <= d["GRDB"] \
            else "GRDB %.2f×" % (d["Cloudy"] / d["GRDB"])
        rows.append([command, fmt(wall["Cloudy"]), fmt(wall["GRDB"]), fmt(wall.get("GRDB NORMAL")),
                     fmt(c), fmt(f), ratio("Cloudy"), ratio("GRDB"), ratio("GRDB NORMAL"),
                     ", ".join(fmt(cpu[s]) for s in ("Cloudy", "GRDB", "C", "floor")),
                     "%s; %s" % (faster(wall), faster(cpu))])
    run.print_table(header, rows)


def syncs(side_table, seed):
    """strace -f -c of one `set time 24h` per side on a quiet fresh copy."""
    for side in ("Cloudy", "GRDB", "GRDB NORMAL", "C"):
        spec = side_table[side]
        db = run.fresh_copy(seed, "syncs-%s.sqlite" % side.replace(" ", "-"))
        run.set_time_12h(db)
        env = dict(os.environ, CLOUDY_DB=db, LC_ALL="C.UTF-8", **spec.get("env", {}))
        with tempfile.NamedTemporaryFile("r") as trace:
            subprocess.run(["strace", "-f", "-c", "-o", trace.name, "-e",
                            "trace=fsync,fdatasync,ftruncate"] + spec["set"](db),
                           env=env, stdout=subprocess.DEVNULL, check=True)
            counts = {}
            for line in trace.read().splitlines():
                parts = line.split()
                if len(parts) >= 5 and parts[-1] in ("fsync", "fdatasync", "ftruncate"):
                    counts[parts[-1]] = int(parts[3])
        print("%-12s set time 24h: %d fsync, %d fdatasync, %d ftruncate" % (
            side, counts.get("fsync", 0), counts.get("fdatasync", 0), counts.get("ftruncate", 0)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--bin", default=os.path.join(run.ROOT, ".build-release", "release"))
    parser.add_argument("--peer", default=os.path.join(run.ROOT, ".build-bench", "release", "cloudy-grdb-peer"))
    parser.add_argument("--floor", default=os.path.join(run.ROOT, ".build-bench", "release", "cloudy-floor-parser"))
    parser.add_argument("--syncs", action="store_true")
    args = parser.parse_args()
    baseline = os.path.join(run.HERE, ".build-c", "cloudy_baseline")
    side_table = sides(os.path.abspath(args.bin), os.path.abspath(args.peer), baseline,
                       os.path.abspath(args.floor))
    seed = run.seeded(1000, os.path.join(os.path.abspath(args.bin), "cloudy-db"))
    if args.syncs:
        return syncs(side_table, seed)
    out_path = os.path.join(run.DATA, "run", "stdout")
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    pooled = {c: {s: ([], []) for s in side_table} for c in COMMANDS}
    wins = {c: [0, 0] for c in COMMANDS}  # rounds where Cloudy's wall, CPU median was lower
    first = os.getloadavg()
    for number in range(1, args.rounds + 1):
        before = os.getloadavg()
        results = one_round(side_table, seed, args.runs, args.warmup, out_path)
        print("\nRound %d: medians of %d runs after %d warm-ups, sides interleaved" % (
            number, args.runs, args.warmup))
        report(results, before, os.getloadavg())
        for command in COMMANDS:
            for side in side_table:
                for i in (0, 1):
                    pooled[command][side][i].extend(results[command][side][i])
            for i in (0, 1):
                cloudy, grdb = (statistics.median(results[command][s][i]) for s in ("Cloudy", "GRDB"))
                wins[command][i] += cloudy < grdb
    print("\nAll %d rounds pooled (medians of %d runs per side)" % (args.rounds, args.rounds * args.runs))
    report(pooled, first, os.getloadavg())
    for command in COMMANDS:
        print("%-7s Cloudy faster than GRDB in %d of %d rounds by wall time, %d of %d by CPU time" % (
            command, wins[command][0], args.rounds, wins[command][1], args.rounds))


if __name__ == "__main__":
    main()

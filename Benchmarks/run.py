#!/usr/bin/env python3
"""Cloudy vs plain SQLite: times whole processes and in-process bulk caching, prints one table.

Called by scripts/benchmark (which documents the options); python3 standard library only.
Method: Benchmarks/README.md.
"""
import argparse
import contextlib
import hashlib
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, ".build-data")
GAZETTEER = os.path.join(ROOT, "Sources", "CloudyGazetteerData", "places.tsv")
BASELINE_SOURCE = os.path.join(HERE, "baseline", "cloudy_baseline.c")

# What the benchmark types. Cloudy finds the database through CLOUDY_DB (DESIGN.md), so the
# command lines need no --db and do not depend on where a tool accepts it.
POINT = ("Benchmark Point", "37.5", "-77.4")
GAZETTEER_QUERY = "Richmond"
TARGET_ABOVE_FLOOR = 1.0  # Cloudy's part above the floor, as a share of the C program's whole command
TARGET_MIB = 25.0
TARGET_BULK = 0.80
TARGET_SCALE = 1.2


SPAWN_TIMER = os.path.join(HERE, ".build-c", "spawn_timer")


def run_step(argv, env, out_path):
    """Runs one process through spawn_timer (see baseline/spawn_timer.c for why), stdout and
    stderr to files; returns (wall seconds, exit status, max RSS KiB, output, CPU seconds)."""
    done = subprocess.run([SPAWN_TIMER, out_path, out_path + ".err"] + argv, env=env,
                          stdout=subprocess.PIPE, check=True)
    ns, kib, status, cpu = (int(v) for v in done.stdout.split())
    with open(out_path, "rb") as f:
        output = f.read().decode("utf-8", "replace")
    with open(out_path + ".err", "rb") as f:
        output += f.read().decode("utf-8", "replace")
    return ns / 1e9, status, kib, output, cpu / 1e6


# ---------------------------------------------------------------------------------- database state

# Every helper closes its connection before it returns: `with sqlite3.connect(...)` only commits,
# and the connection lived on (in a reference cycle, until Python's collector ran), so the next
# timed process was not the file's only connection — its close neither checkpointed nor removed
# the -wal, and `set` found the helper's frames in the -wal.
def db_query(path, sql, args=()):
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute(sql, args).fetchall()


def undo_add(path, name_like):
    """Untimed clean-up after an add whose remove is not measured: delete, keep positions 0…n-1."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("BEGIN IMMEDIATE")
    for (ident, position) in db.execute(
            "SELECT id, position FROM location WHERE name LIKE ?", (name_like,)).fetchall():
        db.execute("DELETE FROM location WHERE id = ?", (ident,))
        db.execute("UPDATE location SET position = position - 1 WHERE position > ?", (position,))
    db.execute("COMMIT")
    db.close()


def set_time_12h(path):
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("UPDATE settings SET time_notation = '12h' WHERE id = 1")


# ---------------------------------------------------------------------------------- the cases
#
# A case is a list of steps run one after the other; each step is timed as a whole process
# unless its argv is None (then `undo` runs untimed in Python). `check(db, status, output)` says
# whether the step really did its work: a tool that is not finished yet gets a "not ready" row
# instead of a meaningless time.

def cases(bins, size):
    loc, settings, forecast = (os.path.join(bins, n) for n in ("cloudy-locations", "cloudy-settings", "cloudy-forecast"))
    name, lat, lon = POINT
    added = lambda db, *_: db_query(db, "SELECT count(*) FROM location WHERE name = ?", (name,))[0][0] == 1
    gone = lambda db, *_: db_query(db, "SELECT count(*) FROM location WHERE name = ?", (name,))[0][0] == 0
    place_added = lambda db, *_: db_query(
        db, "SELECT count(*) FROM location WHERE name LIKE ?", (GAZETTEER_QUERY + ",%",))[0][0] == 1
    lines = lambda n: (lambda db, status, out: len(out.splitlines()) >= n)
    time24 = lambda db, *_: db_query(db, "SELECT time_notation FROM settings")[0][0] == "24h"
    c = lambda *a: ("C", list(a))
    return {
        "list": dict(
            cloudy=[([loc, "list"], lines(size))],
            c=[(["list"], lines(size))]),
        "add --name --lat --lon": dict(
            cloudy=[([loc, "add", "--name", name, "--lat", lat, "--lon", lon], added),
                    ([loc, "remove", name], gone)],
            c=[(["add", name, lat, lon], added), (["remove", name], gone)],
            rows=["add --name --lat --lon", "remove"]),
        "add NAME (gazetteer)": dict(
            cloudy=[([loc, "add", GAZETTEER_QUERY], place_added)],
            c=[(["add-place", GAZETTEER, GAZETTEER_QUERY], place_added)],
            undo=lambda db: undo_add(db, GAZETTEER_QUERY + ",%")),
        "set time 24h": dict(
            cloudy=[([settings, "set", "time", "24h"], time24)],
            c=[(["set-time", "24h"], time24)],
            before=set_time_12h),
        "show --week": dict(
            cloudy=[([forecast, "show", "--week"], lines(7))],
            c=[(["show-week"], lines(7))]),
    }


def baseline_argv(baseline, step_args, db):
    return [baseline, step_args[0], db] + step_args[1:]


class Result:
    def __init__(self):
        self.times, self.kib, self.cpu, self.error = [], [], [], None

    def median_ms(self):
        return statistics.median(self.times) * 1000 if self.times else None

    def cpu_ms(self):
        return statistics.median(self.cpu) * 1000 if self.cpu else None

    def peak_mib(self):
        return max(self.kib) / 1024 if self.kib else None


def measure(case, bins, baseline, cloudy_db, c_db, runs, warmup, out_path):
    """Runs the case warmup + runs times on each side, interleaved; returns {side: [Result per step]}."""
    env = dict(os.environ, CLOUDY_DB=cloudy_db, LC_ALL="C.UTF-8")
    results = {"cloudy": [Result() for _ in case["cloudy"]], "c": [Result() for _ in case["c"]]}
    for side in ("cloudy", "c"):
        argv0 = case["cloudy"][0][0][0] if side == "cloudy" else baseline
        if not os.access(argv0, os.X_OK):
            for r in results[side]:
                r.error = "not built yet"
    for iteration in range(warmup + runs):
        for side in ("cloudy", "c"):
            db = cloudy_db if side == "cloudy" else c_db
            steps = results[side]
            if steps[0].error:
                continue
            if case.get("before"):
                case["before"](db)
            for (args, check), result in zip(case[side], steps):
                argv = args if side == "cloudy" else baseline_argv(baseline, args, db)
                elapsed, status, kib, output, cpu = run_step(argv, env, out_path)
                if status != 0 or not check(db, status, output):
                    first = output.strip().splitlines()[:1]
                    result.error = "not ready: exit %d%s" % (status, (", '%s'" % first[0][:50]) if first else "")
                    break
                if iteration >= warmup:
                    result.times.append(elapsed)
                    result.kib.append(kib)
                    result.cpu.append(cpu)
            if case.get("undo"):
                case["undo"](db)
            if any(r.error for r in steps):
                for r in steps:
                    r.error = r.error or "not ready (an earlier step failed)"
    return results


def combined(results):
    """The steps of one run summed (e.g. add + remove), as one Result."""
    total = Result()
    if any(r.error for r in results):
        total.error = next(r.error for r in results if r.error)
        return total
    total.times = [sum(t) for t in zip(*(r.times for r in results))]
    total.kib = [max(k) for k in zip(*(r.kib for r in results))]
    total.cpu = [sum(c) for c in zip(*(r.cpu for r in results))]
    return total


# ---------------------------------------------------------------------------------- building

def sh(argv, **kw):
    print("+ " + " ".join(argv), file=sys.stderr, flush=True)
    return subprocess.run(argv, cwd=ROOT, **kw)


def build(args):
    os.makedirs(os.path.join(HERE, ".build-c"), exist_ok=True)
    sh(["cc", "-O2", "-Wall", "-o", os.path.join(HERE, ".build-c", "cloudy_baseline"), BASELINE_SOURCE,
        "-lsqlite3"], check=True)
    sh(["cc", "-O2", "-Wall", "-o", SPAWN_TIMER, os.path.join(HERE, "baseline", "spawn_timer.c")], check=True)
    flags = ["--static-swift-stdlib"] if args.static else []
    scratch = ".build-release-static" if args.static else ".build-release"
    # One invocation for all products (each invocation re-plans the whole graph).
    # If someone's tool does not compile right now, build the others one by one; a tool that
    # still fails is reported as "not built yet" (or timed from its last successful build).
    if sh(["swift", "build", "-c", "release", "--scratch-path", scratch] + flags).returncode != 0:
        for product in ("cloudy-db", "cloudy-locations", "cloudy-settings", "cloudy-forecast", "cloudy-forecast-fetch"):
            sh(["swift", "build", "-c", "release", "--scratch-path", scratch, "--product", product] + flags)
    sh(["swift", "build", "-c", "release", "--package-path", "Benchmarks", "--scratch-path", ".build-bench"]
       + flags, check=False)


def bin_dir(args):
    if args.bin:
        return os.path.abspath(args.bin)
    scratch = ".build-release-static" if args.static else ".build-release"
    return os.path.join(ROOT, scratch, "release")


def seeded(places, cloudy_db):
    """The seeded database for `places` places, built once per version of its inputs."""
    digest = hashlib.sha256()
    for path in [os.path.join(HERE, "seed.py"), GAZETTEER] + sorted(
            os.path.join(ROOT, "migrations", f) for f in os.listdir(os.path.join(ROOT, "migrations"))):
        with open(path, "rb") as f:
            digest.update(f.read())
    path = os.path.join(DATA, "seed-%d-%s.sqlite" % (places, digest.hexdigest()[:12]))
    if not os.path.exists(path):
        os.makedirs(DATA, exist_ok=True)
        print("seeding %d places into %s" % (places, path), file=sys.stderr, flush=True)
        subprocess.run([sys.executable, os.path.join(HERE, "seed.py"), "--cloudy-db", cloudy_db,
                        "--places", str(places), "--out", path + ".tmp"], check=True)
        os.rename(path + ".tmp", path)
    return path


def fresh_copy(seed, name):
    work = os.path.join(DATA, "run")
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.unlink(path + suffix)
    shutil.copyfile(seed, path)
    os.chmod(path, 0o600)
    return path


# ---------------------------------------------------------------------------------- the table

def fmt(value, digits=1):
    return "—" if value is None else "%.*f" % (digits, value)


def row(label, cloudy, c, rows, floor, steps=1):
    """One command: Cloudy, the floor (an empty swift-argument-parser tool, once per process the
    command runs), Cloudy's own part above it, and the C program. The target: Cloudy's part above
    the floor is at most the C program's whole command, in wall time and in CPU time."""
    floor_ms = floor.median_ms() * steps if floor.median_ms() else None
    floor_cpu = floor.cpu_ms() * steps if floor.cpu_ms() else None
    if cloudy.error or c.error:
        rows.append([label, fmt(cloudy.median_ms()), fmt(floor_ms), "—", fmt(c.median_ms()), "—", "—",
                     fmt(cloudy.cpu_ms()), fmt(floor_cpu), fmt(c.cpu_ms()), fmt(cloudy.peak_mib()),
                     fmt(c.peak_mib()), cloudy.error or ("C: " + c.error)])
        return
    ratio = cloudy.median_ms() / c.median_ms()
    above = cloudy.median_ms() - floor_ms if floor_ms is not None else None
    above_cpu = cloudy.cpu_ms() - floor_cpu if floor_cpu is not None else None
    mib = cloudy.peak_mib()
    verdict = []
    if above is not None:
        part = above / c.median_ms()
        part_cpu = above_cpu / c.cpu_ms() if c.cpu_ms() else None
        verdict.append("own part %s" % ("ok" if part <= TARGET_ABOVE_FLOOR else "MISSED"))
        if part_cpu is not None:
            verdict.append("(CPU %.2f×)" % part_cpu)
    verdict.append("mem %s" % ("ok" if mib <= TARGET_MIB else "MISSED"))
    rows.append([label, fmt(cloudy.median_ms()), fmt(floor_ms), fmt(above), fmt(c.median_ms()),
                 "%.2f×" % (above / c.median_ms()) if above is not None else "—", "%.2f×" % ratio,
                 fmt(cloudy.cpu_ms()), fmt(floor_cpu), fmt(c.cpu_ms()), fmt(mib), fmt(c.peak_mib()),
                 " ".join(verdict)])


def print_table(header, rows):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(str(v).ljust(w) for v, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--bulk", type=int, default=10000)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--no-scale", action="store_true")
    parser.add_argument("--static", action="store_true")
    parser.add_argument("--bin")
    parser.add_argument("--bulk-tool", help="the cloudy-bench-bulk executable (default: .build-bench)")
    args = parser.parse_args()

    if not args.no_build:
        build(args)
    bins = bin_dir(args)
    baseline = os.path.join(HERE, ".build-c", "cloudy_baseline")
    cloudy_db = os.path.join(bins, "cloudy-db")
    bulk_tool = args.bulk_tool or os.path.join(ROOT, ".build-bench", "release", "cloudy-bench-bulk")
    out_path = os.path.join(DATA, "run", "stdout")
    os.makedirs(os.path.dirname(out_path), exist_ok=True)

    seed1k = seeded(1000, cloudy_db)
    header = ["command (1,000 places)", "Cloudy ms", "floor ms", "Cloudy − floor", "C ms",
              "(Cloudy − floor) / C", "Cloudy / C", "Cloudy CPU", "floor CPU", "C CPU", "Cloudy MiB",
              "C MiB", "target: own part ≤ 1× C"]
    rows = []

    # The floors: spawning a process that does nothing, a Swift `main` that does nothing, and an
    # empty swift-argument-parser tool with one subcommand, the last two built like the tools.
    env = dict(os.environ)
    bench_bins = os.path.dirname(bulk_tool)
    floors = {}
    for name, argv in (("true", ["/bin/true"]),
                       ("bare", [os.path.join(bench_bins, "cloudy-floor-bare")]),
                       ("parser", [os.path.join(bench_bins, "cloudy-floor-parser"), "nothing"])):
        result = Result()
        if not os.access(argv[0], os.X_OK):
            result.error = "not built yet"
        for i in range(0 if result.error else args.warmup + args.runs):
            t, status, kib, _, cpu = run_step(argv, env, out_path)
            if status != 0:
                result.error = "exit %d" % status
                break
            if i >= args.warmup:
                result.times.append(t)
                result.kib.append(kib)
                result.cpu.append(cpu)
        floors[name] = result
    floor = floors["parser"]

    medians = {}
    for label, case in cases(bins, 1000).items():
        cl, cd = fresh_copy(seed1k, "cloudy.sqlite"), fresh_copy(seed1k, "c.sqlite")
        r = measure(case, bins, baseline, cl, cd, args.runs, args.warmup, out_path)
        names = case.get("rows", [label])
        for i, name in enumerate(names):
            row(name, r["cloudy"][i], r["c"][i], rows, floor)
            medians[name] = r["cloudy"][i].median_ms(), r["c"][i].median_ms()
        if len(names) > 1:
            row("add + remove (both processes)",
                combined(r["cloudy"]), combined(r["c"]), rows, floor, steps=len(names))

    # cloudy-db info: not a workload command, but it shows a finished tool's start-up today.
    info = dict(cloudy=[([cloudy_db, "info"], lambda *a: True)], c=[(["list"], lambda *a: True)])
    cl = fresh_copy(seed1k, "cloudy.sqlite")
    r = measure(info, bins, baseline, cl, fresh_copy(seed1k, "c.sqlite"), args.runs, args.warmup, out_path)
    reference = lambda label, res, note: rows.append(
        [label, fmt(res.median_ms()), "—", "—", "—", "—", "—", fmt(res.cpu_ms()), "—", "—",
         fmt(res.peak_mib()), "—", res.error or note])
    reference("(ref) cloudy-db info", r["cloudy"][0], "a few reads: start-up of a finished tool")
    reference("(floor) empty swift-argument-parser tool", floors["parser"],
              "the floor subtracted above")
    reference("(floor) bare Swift main", floors["bare"], "Swift runtime start-up")
    reference("(floor) /bin/true", floors["true"], "process spawn")

    # Bulk caching in-process.
    bulk = {}
    for side, argv0 in (("cloudy", bulk_tool), ("c", baseline)):
        db = fresh_copy(seed1k, side + "-bulk.sqlite")
        argv = [argv0, db, str(args.bulk)] if side == "cloudy" else [argv0, "bulk", db, str(args.bulk)]
        if not os.access(argv0, os.X_OK):
            bulk[side] = None
            continue
        _, status, kib, output, _ = run_step(argv, env, out_path)
        rate = None
        for line in output.splitlines():
            if line.startswith("bulk:") and status == 0:
                rate = float(line.rsplit(":", 1)[1].split()[0])
        bulk[side] = (rate, kib / 1024)
    if bulk.get("cloudy") and bulk.get("c") and bulk["cloudy"][0] and bulk["c"][0]:
        share = bulk["cloudy"][0] / bulk["c"][0]
        rows.append(["bulk cache %d forecasts (rows/s)" % args.bulk, "%.0f" % bulk["cloudy"][0], "—", "—",
                     "%.0f" % bulk["c"][0], "—", "%.2f×" % share, "—", "—", "—", fmt(bulk["cloudy"][1]),
                     fmt(bulk["c"][1]),
                     "rows/s %s (≥ %.0f%%)" % ("ok" if share >= TARGET_BULK else "MISSED", TARGET_BULK * 100)])
    else:
        show = lambda side, i, f: (f % bulk[side][i]) if bulk.get(side) and bulk[side][i] else "—"
        rows.append(["bulk cache %d forecasts (rows/s)" % args.bulk, show("cloudy", 0, "%.0f"), "—", "—",
                     show("c", 0, "%.0f"), "—", "—", "—", "—", "—", show("cloudy", 1, "%.1f"),
                     show("c", 1, "%.1f"),
                     "not built yet" if not bulk.get("cloudy") else "failed (see %s)" % out_path])

    print()
    print_table(header, rows)

    if not args.no_scale:
        seed100k = seeded(100000, cloudy_db)
        scale_rows = []
        small = {"add --name --lat --lon": medians.get("add --name --lat --lon"),
                 "show --week": medians.get("show --week")}
        all_cases = cases(bins, 100000)
        add_case = dict(all_cases["add --name --lat --lon"])
        add_case["cloudy"], add_case["c"] = add_case["cloudy"][:1], add_case["c"][:1]
        add_case["undo"] = lambda db: undo_add(db, POINT[0])
        for label, case in (("add --name --lat --lon", add_case), ("show --week", all_cases["show --week"])):
            cl, cd = fresh_copy(seed100k, "cloudy.sqlite"), fresh_copy(seed100k, "c.sqlite")
            r = measure(case, bins, baseline, cl, cd, args.runs, args.warmup, out_path)
            big_cloudy, big_c = r["cloudy"][0], r["c"][0]
            base = small.get(label) or (None, None)
            if big_cloudy.error or base[0] is None:
                scale_rows.append([label, fmt(base[0]), fmt(big_cloudy.median_ms()), "—",
                                   fmt(base[1]), fmt(big_c.median_ms()),
                                   big_cloudy.error or "not ready at 1,000"])
                continue
            growth = big_cloudy.median_ms() / base[0]
            c_growth = (big_c.median_ms() / base[1]) if big_c.median_ms() and base[1] else None
            scale_rows.append([label, fmt(base[0]), fmt(big_cloudy.median_ms()), "%.2f×" % growth,
                               fmt(base[1]), fmt(big_c.median_ms()),
                               ("%.2f× (C)" % c_growth if c_growth else "") +
                               ", scale %s" % ("ok" if growth <= TARGET_SCALE else "MISSED")])
        print()
        print_table(["scaling (Cloudy)", "1k ms", "100k ms", "100k/1k", "C 1k ms", "C 100k ms", "target ≤ 1.2×"],
                    scale_rows)

    print()
    print("Medians of %d runs after %d warm-up runs, Cloudy and C interleaved; ms = wall time of the whole"
          " process, CPU = its user+system time (steadier on a busy machine); peak memory = the largest"
          " max RSS of those runs. Bulk: one run each, rows/s in-process." % (args.runs, args.warmup))
    print("Tools: %s  (%s)" % (bins, "static Swift stdlib" if args.static else "swift build -c release"))


if __name__ == "__main__":
    main()

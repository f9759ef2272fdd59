#!/usr/bin/env python3
"""`cloudy-forecast bar` beside `cloudy-forecast show` on the 1,000-place database, and the idle
cost of `bar --watch`.

    Benchmarks/bar.py [--tools .build-release/release] [--runs 21] [--warmup 3] [--idle 60]

1. Seeds 1,000 places with a cached forecast each (Benchmarks/seed.py, the selected place in
   the middle of the list) in a temporary folder.
2. Times `bar --format waybar` (one line with its tooltip: the current conditions, the day, the
   next hours and the alerts, the most work of the formats) and `show` (the day view, the same
   place) as whole processes, interleaved run by run, and prints both medians and their ratio
   (the target: bar under 2× show).
3. Starts `bar --watch --format waybar`, waits for its line, then counts the CPU time it uses
   while nothing changes for --idle seconds (utime + stime from /proc; target under 0.5 % of a
   core).

No test asserts a time; nothing here touches the user's database. Python 3 stdlib only.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def timed(command, env):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", default=os.path.join(ROOT, ".build-release", "release"))
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--idle", type=float, default=60)
    args = parser.parse_args()
    forecast = os.path.join(args.tools, "cloudy-forecast")
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "cloudy.sqlite")
        subprocess.run([sys.executable, os.path.join(HERE, "seed.py"), "--cloudy-db",
                        os.path.join(args.tools, "cloudy-db"), "--places", "1000", "--out", db],
                       check=True, capture_output=True)
        env = dict(os.environ, CLOUDY_DB=db)
        bar = [forecast, "bar", "--format", "waybar"]
        show = [forecast, "show"]
        for command in (bar, show):
            out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
            assert out.stdout.strip(), command
        for _ in range(args.warmup):
            timed(bar, env)
            timed(show, env)
        bars, shows = [], []
        for _ in range(args.runs):
            bars.append(timed(bar, env))
            shows.append(timed(show, env))
        bar_ms, show_ms = statistics.median(bars), statistics.median(shows)
        print(f"bar --format waybar: {bar_ms:.2f} ms median of {args.runs}")
        print(f"show (day):          {show_ms:.2f} ms median of {args.runs}")
        print(f"ratio bar/show:      {bar_ms / show_ms:.2f} (target < 2)")

        watcher = subprocess.Popen(bar + ["--watch"], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        try:
            watcher.stdout.readline()
            time.sleep(1)
            before, start = cpu_seconds(watcher.pid), time.monotonic()
            time.sleep(args.idle)
            used, elapsed = cpu_seconds(watcher.pid) - before, time.monotonic() - start
            print(f"bar --watch idle:    {100 * used / elapsed:.3f} % of a core over {elapsed:.0f} s "
                  f"(target < 0.5 %)")
        finally:
            watcher.terminate()
            watcher.wait()


if __name__ == "__main__":
    main()

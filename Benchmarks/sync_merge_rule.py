#!/usr/bin/env python3
"""What reading the merge rule from the `sync_value` view costs (issue 40): `SyncedState.winners`
and `ChangeApplier.loses` once wrote "the greatest (wall, counter, origin) wins" in SQL of their
own; they now read the view of migrations/0004_sync.sql. This times their queries before (OLD_*)
and after (NEW_*), and `FolderSync.writeSnapshot`'s as it is (OLD_S) beside the view joined back
for each winner's seq (NEW_S, which it does not use: slower), on the same table, index and view
as 0004 (3,000 places, ~95,000 changes from four devices), interleaved round by round so the
machine's load touches both alike, after checking that they answer alike. Python 3 standard
library only (its sqlite3 module).

    python3 Benchmarks/sync_merge_rule.py

Not a test: it prints medians and ratios, and never fails on them.
"""
import random
import sqlite3
import statistics
import time

random.seed(7)
db = sqlite3.connect(":memory:")
db.executescript("""
CREATE TABLE sync_change (origin TEXT NOT NULL, seq INTEGER NOT NULL, wall INTEGER NOT NULL, counter INTEGER NOT NULL,
  entity TEXT NOT NULL, key TEXT NOT NULL, field TEXT NOT NULL, value, PRIMARY KEY (origin, seq)) WITHOUT ROWID;
CREATE INDEX sync_change_by_field ON sync_change (entity, key, field, wall, counter, origin);
CREATE VIEW sync_value AS
  SELECT entity, key, field, value, wall, counter, origin FROM sync_change AS c
  WHERE NOT EXISTS (SELECT 1 FROM sync_change AS n WHERE n.entity = c.entity AND n.key = c.key AND n.field = c.field
      AND (n.wall, n.counter, n.origin) > (c.wall, c.counter, c.origin));
""")
origins = ["%016x" % random.getrandbits(64) for _ in range(4)]
seqs = {o: 0 for o in origins}
fields = ["name","query","latitude","longitude","country_code","region","time_zone","source","position"]
keys = ["%016x" % random.getrandbits(64) for _ in range(3000)]
rows = []
for k in keys:
    for f in fields:
        for _ in range(random.randint(1, 6)):
            o = random.choice(origins); seqs[o] += 1
            rows.append((o, seqs[o], random.randint(1, 10**12), random.randint(0, 3), "place", k, f, "v"))
db.executemany("INSERT INTO sync_change VALUES (?,?,?,?,?,?,?,?)", rows)
db.commit()
print("changes:", len(rows))
OLD_W = """SELECT field, value FROM sync_change AS c WHERE entity = ?1 AND key = ?2 AND NOT EXISTS (
  SELECT 1 FROM sync_change AS n WHERE n.entity = ?1 AND n.key = ?2 AND n.field = c.field
  AND (n.wall, n.counter, n.origin) > (c.wall, c.counter, c.origin))"""
NEW_W = "SELECT field, value FROM sync_value WHERE entity = ? AND key = ?"
OLD_L = """SELECT count(*) FROM sync_change WHERE entity = ? AND key = ? AND field = ? AND (wall, counter, origin) > (?, ?, ?)"""
NEW_L = """SELECT count(*) FROM sync_value WHERE entity = ? AND key = ? AND field = ? AND wall = ? AND counter = ? AND origin = ?"""
OLD_S = """SELECT origin, seq, wall, counter, entity, key, field, value FROM sync_change AS c
WHERE NOT EXISTS (SELECT 1 FROM sync_change AS n WHERE n.entity = c.entity AND n.key = c.key AND n.field = c.field
  AND (n.wall, n.counter, n.origin) > (c.wall, c.counter, c.origin)) ORDER BY origin, seq"""
NEW_S = """SELECT c.origin, c.seq, c.wall, c.counter, c.entity, c.key, c.field, c.value
FROM sync_value AS v JOIN sync_change AS c ON c.entity = v.entity AND c.key = v.key AND c.field = v.field
  AND c.wall = v.wall AND c.counter = v.counter AND c.origin = v.origin ORDER BY c.origin, c.seq"""
sample = random.sample(rows, 20000)
# check equivalence
for r in sample[:5000]:
    o, s_, w, c, e, k, f, v = r
    old = db.execute(OLD_L, (e, k, f, w, c, o)).fetchone()[0] > 0
    new = db.execute(NEW_L, (e, k, f, w, c, o)).fetchone()[0] == 0
    assert old == new
for k in keys[:500]:
    assert sorted(db.execute(OLD_W, ("place", k)).fetchall()) == sorted(db.execute(NEW_W, ("place", k)).fetchall())
assert db.execute(OLD_S).fetchall() == db.execute(NEW_S).fetchall()
print("interleaved, 15 rounds, medians:")
variants = {
  "winners old": lambda: [db.execute(OLD_W, ("place", k)).fetchall() for k in keys],
  "winners view": lambda: [db.execute(NEW_W, ("place", k)).fetchall() for k in keys],
  "loses old": lambda: [db.execute(OLD_L, (r[4], r[5], r[6], r[2], r[3], r[0])).fetchone() for r in sample],
  "loses view": lambda: [db.execute(NEW_L, (r[4], r[5], r[6], r[2], r[3], r[0])).fetchone() for r in sample],
  "snapshot old": lambda: db.execute(OLD_S).fetchall(),
  "snapshot view": lambda: db.execute(NEW_S).fetchall(),
}
times = {k: [] for k in variants}
names = list(variants)
for i in range(15):
    for name in names[i % len(names):] + names[:i % len(names)]:
        t = time.perf_counter(); variants[name](); times[name].append(time.perf_counter() - t)
for k, v in times.items():
    print(k, f"{statistics.median(v)*1000:.1f} ms")
for query in ("winners", "loses", "snapshot"):
    print("%s view/old %.2f" % (query, statistics.median(times[query + " view"]) / statistics.median(times[query + " old"])))

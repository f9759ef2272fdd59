-- Cloudy schema, version 10: what a sync remembers of the subfolders of a sync folder.
--
-- A sync folder may hold 100,000 change files, every one applied long ago; reading all their
-- names at every sync cost over a second. A folder's modification and change times move
-- whenever a name is added to it, removed or renamed in it, so when a subfolder's identity
-- and both times are what they were at a sync that left nothing in it to do, nothing in it is
-- new, and the sync passes it by with one stat. Only a look that ended with every file of the
-- subfolder applied (or, for this device's own subfolder, read) is remembered, and only once
-- the subfolder's times are two seconds old: a name added within the same tick of a coarse
-- clock as the last one remembered would leave the times as they were. A memory that no
-- longer matches is simply read past: nothing here is ever needed to apply a file.
--
-- sync_scan.destination: the sync folder's id (cloudy-sync.txt), as in sync_written.
-- sync_scan.writer:      the subfolder (a device id).
-- sync_scan.role:        'applied' (another device's: every file in it was applied here) or
--                        'written' (this device's own: read for its greatest number).
-- sync_scan.device, inode, mtime_s, mtime_ns, ctime_s, ctime_ns: the subfolder as lstat(2)
--                        saw it before its names were read.
-- sync_scan.greatest:    the greatest change file number in it then (0: none).
CREATE TABLE sync_scan (
  destination TEXT NOT NULL,
  writer      TEXT NOT NULL CHECK (length(writer) = 16),
  role        TEXT NOT NULL CHECK (role IN ('applied', 'written')),
  device      INTEGER NOT NULL,
  inode       INTEGER NOT NULL,
  mtime_s     INTEGER NOT NULL,
  mtime_ns    INTEGER NOT NULL,
  ctime_s     INTEGER NOT NULL,
  ctime_ns    INTEGER NOT NULL,
  greatest    INTEGER NOT NULL CHECK (greatest >= 0),
  PRIMARY KEY (destination, writer, role)
) WITHOUT ROWID;

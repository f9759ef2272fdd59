/*
 * cloudy_baseline: the Cloudy benchmark's "plain SQLite" reference.
 *
 * Does the work of each measured Cloudy command with nothing but libsqlite3 and libc:
 * prepared statements, the same schema (the database is made by `cloudy-db migrate`), the same
 * connection settings as CloudyStore (WAL, foreign_keys=ON, synchronous=FULL for writers, a
 * 5 s busy timeout, writes in BEGIN IMMEDIATE) and the same kind of output. It is the limit
 * Cloudy's tools are compared against, so it is written the way a careful C programmer would:
 * no schema or migration checks beyond reading user_version, indexed lookups only.
 *
 *   cloudy_baseline list       DB
 *   cloudy_baseline add        DB NAME LAT LON          (source 'coordinates')
 *   cloudy_baseline add-place  DB GAZETTEER QUERY       (source 'gazetteer'; QUERY without commas)
 *   cloudy_baseline remove     DB NAME
 *   cloudy_baseline set-time   DB 12h|24h
 *   cloudy_baseline show-week  DB
 *   cloudy_baseline bulk       DB N                     (N forecasts, one transaction each)
 *
 * Build: cc -O2 -o cloudy_baseline cloudy_baseline.c -lsqlite3
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static sqlite3 *db;

static void die(const char *what) {
  fprintf(stderr, "cloudy_baseline: error: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
  exit(74);
}

static void exec(const char *sql) {
  char *message = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
    fprintf(stderr, "cloudy_baseline: error: %s: %s\n", sql, message ? message : "");
    exit(74);
  }
}

static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *statement = NULL;
  if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL) != SQLITE_OK)
    die(sql);
  return statement;
}

static void step_done(sqlite3_stmt *statement) {
  int code = sqlite3_step(statement);
  if (code != SQLITE_DONE && code != SQLITE_ROW) die(sqlite3_sql(statement));
  sqlite3_reset(statement);
}

static void bind_text(sqlite3_stmt *s, int i, const char *text) {
  if (text) sqlite3_bind_text(s, i, text, (int)strlen(text), SQLITE_TRANSIENT);
  else sqlite3_bind_null(s, i);
}

/* The schema this program was written for (migrations/0003: forecast values may be NULL, new
   optional columns; the benchmark's seeded forecasts have every value, so the reads below
   need no NULL handling, and its inserts name their columns; 0011 moved an hour's air quality,
   which they never write, to a table of its own and keeps the chance of precipitation in
   percent). */
#define SCHEMA_VERSION 11

/* Opens like CloudyStore: read-only for readers; writers get synchronous=FULL. */
static void open_db(const char *path, int write) {
  int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE |
              (write ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY);
  if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) die(path);
  sqlite3_busy_timeout(db, 5000);
  /* One read of the header: a foreign file fails here, and the schema version is checked. */
  sqlite3_stmt *version = prepare("PRAGMA user_version");
  if (sqlite3_step(version) != SQLITE_ROW || sqlite3_column_int(version, 0) != SCHEMA_VERSION) {
    fprintf(stderr, "cloudy_baseline: error: %s is not a Cloudy version-%d database\n", path,
            SCHEMA_VERSION);
    exit(65);
  }
  sqlite3_finalize(version);
  exec("PRAGMA foreign_keys = ON");
  if (write) exec("PRAGMA synchronous = FULL");
}

static void close_db(void) {
  if (sqlite3_close_v2(db) != SQLITE_OK) die("close");
}

/* "37.5538° N, 77.4603° W", as Coordinate.displayText. */
static void coordinate_text(char *out, size_t size, double lat, double lon) {
  char a[32], b[32];
  snprintf(a, sizeof a, "%.4f", lat < 0 ? -lat : lat);
  snprintf(b, sizeof b, "%.4f", lon < 0 ? -lon : lon);
  int lat_zero = strspn(a, "0.") == strlen(a), lon_zero = strspn(b, "0.") == strlen(b);
  snprintf(out, size, "%s° %s, %s° %s", a, lat < 0 && !lat_zero ? "S" : "N", b,
           lon < 0 && !lon_zero ? "W" : "E");
}

/* ---------------------------------------------------------------------------------- list */

/* Characters (code points) in UTF-8 text, for column widths. */
static int characters(const char *text) {
  int n = 0;
  for (; *text; text++) n += ((unsigned char)*text & 0xC0) != 0x80;
  return n;
}

struct row {
  int selected;
  char number[16];
  char *name;
  char coordinate[96];
};

/* Like the tool's text output: section headers, then aligned columns (mark, number, name,
 * coordinates), the last column unpadded. Rows are read first, as the widths need them all. */
static int cmd_list(const char *path) {
  open_db(path, 0);
  exec("BEGIN DEFERRED");
  sqlite3_stmt *sel = prepare("SELECT kind, location_id FROM selection WHERE id = 1");
  int selected_current = 0;
  sqlite3_int64 selected = -1;
  if (sqlite3_step(sel) == SQLITE_ROW) {
    if (strcmp((const char *)sqlite3_column_text(sel, 0), "current") == 0) selected_current = 1;
    else selected = sqlite3_column_int64(sel, 1);
  }
  sqlite3_finalize(sel);
  size_t count = 0, capacity = 256;
  struct row *rows = malloc(sizeof *rows * capacity);
  int has_current = 0;
  sqlite3_stmt *cur = prepare("SELECT latitude, longitude FROM current_location WHERE id = 1");
  if (sqlite3_step(cur) == SQLITE_ROW) {
    has_current = 1;
    rows[count].selected = selected_current;
    rows[count].number[0] = 0;
    rows[count].name = strdup("Current Location");
    coordinate_text(rows[count].coordinate, sizeof rows[count].coordinate,
                    sqlite3_column_double(cur, 0), sqlite3_column_double(cur, 1));
    count++;
  }
  sqlite3_finalize(cur);
  sqlite3_stmt *saved = prepare(
      "SELECT id, name, latitude, longitude FROM location ORDER BY position, id");
  int number = 0;
  while (sqlite3_step(saved) == SQLITE_ROW) {
    if (count == capacity) rows = realloc(rows, sizeof *rows * (capacity *= 2));
    struct row *r = &rows[count++];
    r->selected = sqlite3_column_int64(saved, 0) == selected;
    snprintf(r->number, sizeof r->number, "%d", ++number);
    r->name = strdup((const char *)sqlite3_column_text(saved, 1));
    coordinate_text(r->coordinate, sizeof r->coordinate, sqlite3_column_double(saved, 2),
                    sqlite3_column_double(saved, 3));
  }
  sqlite3_finalize(saved);
  exec("COMMIT");
  close_db();
  int number_width = 0, name_width = 0;
  for (size_t i = 0; i < count; i++) {
    int n = (int)strlen(rows[i].number), w = characters(rows[i].name);
    if (n > number_width) number_width = n;
    if (w > name_width) name_width = w;
  }
  static char buffer[1 << 16];
  setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
  for (size_t i = 0; i < count; i++) {
    if (i == 0 && has_current) printf("Current Location\n");
    if (i == (size_t)has_current) printf("Saved Locations\n");
    int pad = name_width - characters(rows[i].name);
    printf("%s  %-*s  %s%*s  %s\n", rows[i].selected ? "  *" : "   ", number_width, rows[i].number,
           rows[i].name, pad, "", rows[i].coordinate);
    free(rows[i].name);
  }
  if (count == (size_t)has_current)
    printf("Saved Locations\n  (none yet: add one with `cloudy-locations add NAME`)\n");
  free(rows);
  return 0;
}

/* ------------------------------------------------------------------------------ add/remove */

static int add_location(const char *name, const char *query, double lat, double lon,
                        const char *country, const char *region, const char *zone,
                        const char *source) {
  exec("BEGIN IMMEDIATE");
  sqlite3_stmt *dup = prepare("SELECT name FROM location WHERE name = ? COLLATE NOCASE");
  bind_text(dup, 1, name);
  if (sqlite3_step(dup) == SQLITE_ROW) {
    fprintf(stderr, "cloudy_baseline: error: a place named \"%s\" is already saved\n",
            sqlite3_column_text(dup, 0));
    exit(65);
  }
  sqlite3_finalize(dup);
  sqlite3_stmt *insert = prepare(
      "INSERT INTO location (name, query, latitude, longitude, country_code, region, time_zone, "
      "source, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
      "(SELECT coalesce(max(position) + 1, 0) FROM location))");
  bind_text(insert, 1, name);
  bind_text(insert, 2, query);
  sqlite3_bind_double(insert, 3, lat);
  sqlite3_bind_double(insert, 4, lon);
  bind_text(insert, 5, country);
  bind_text(insert, 6, region);
  bind_text(insert, 7, zone);
  bind_text(insert, 8, source);
  step_done(insert);
  sqlite3_finalize(insert);
  sqlite3_int64 id = sqlite3_last_insert_rowid(db);
  sqlite3_stmt *select = prepare(
      "INSERT OR IGNORE INTO selection (id, kind, location_id) VALUES (1, 'saved', ?)");
  sqlite3_bind_int64(select, 1, id);
  step_done(select);
  sqlite3_finalize(select);
  sqlite3_stmt *count = prepare("SELECT count(*) FROM location");
  sqlite3_step(count);
  int number = sqlite3_column_int(count, 0); /* new place is last */
  sqlite3_finalize(count);
  exec("COMMIT");
  char text[96];
  coordinate_text(text, sizeof text, lat, lon);
  printf("Added %d. %s  %s\n", number, name, text);
  return 0;
}

static int cmd_add(const char *path, const char *name, const char *lat, const char *lon) {
  open_db(path, 1);
  add_location(name, NULL, strtod(lat, NULL), strtod(lon, NULL), NULL, NULL, NULL, "coordinates");
  close_db();
  return 0;
}

static int cmd_remove(const char *path, const char *name) {
  open_db(path, 1);
  exec("BEGIN IMMEDIATE");
  sqlite3_stmt *find = prepare("SELECT id, position, name FROM location WHERE name = ? COLLATE NOCASE");
  bind_text(find, 1, name);
  if (sqlite3_step(find) != SQLITE_ROW) {
    fprintf(stderr, "cloudy_baseline: error: no saved place is named \"%s\"\n", name);
    exit(66);
  }
  sqlite3_int64 id = sqlite3_column_int64(find, 0);
  sqlite3_int64 position = sqlite3_column_int64(find, 1);
  char removed[256];
  snprintf(removed, sizeof removed, "%s", (const char *)sqlite3_column_text(find, 2));
  sqlite3_finalize(find);
  sqlite3_stmt *was = prepare("SELECT 1 FROM selection WHERE kind = 'saved' AND location_id = ?");
  sqlite3_bind_int64(was, 1, id);
  int was_selected = sqlite3_step(was) == SQLITE_ROW;
  sqlite3_finalize(was);
  sqlite3_stmt *del = prepare("DELETE FROM location WHERE id = ?");
  sqlite3_bind_int64(del, 1, id);
  step_done(del);
  sqlite3_finalize(del);
  /* Keep positions 0…n-1: only the rows after the removed one move (indexed range). */
  sqlite3_stmt *shift = prepare("UPDATE location SET position = position - 1 WHERE position > ?");
  sqlite3_bind_int64(shift, 1, position);
  step_done(shift);
  sqlite3_finalize(shift);
  if (was_selected) {
    sqlite3_stmt *next = prepare(
        "INSERT OR REPLACE INTO selection (id, kind, location_id) "
        "SELECT 1, 'saved', id FROM location WHERE position >= ? - 1 "
        "ORDER BY position = ? DESC, position DESC LIMIT 1");
    sqlite3_bind_int64(next, 1, position);
    sqlite3_bind_int64(next, 2, position);
    step_done(next);
    sqlite3_finalize(next);
  }
  exec("COMMIT");
  close_db();
  printf("Removed %s\n", removed);
  return 0;
}

/* ------------------------------------------------------------------------------- gazetteer */

/* The places file read in place (mmap), as the Swift tools read the embedded copy. Layout:
 * Sources/CloudyGazetteerData/README.md. Header: 6 [start, end) byte ranges; the sixth
 * (alternate names) is not read: the benchmark query is a main name. */
struct gazetteer {
  const char *bytes;
  size_t size;
  long range[5][2]; /* countries, regions, qualifiers, timezones, places */
};

static void gazetteer_open(struct gazetteer *g, const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat info;
  if (fd < 0 || fstat(fd, &info) != 0) { perror(path); exit(74); }
  g->size = (size_t)info.st_size;
  g->bytes = mmap(NULL, g->size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (g->bytes == MAP_FAILED || strncmp(g->bytes, "#cloudy-gazetteer\t2\t", 20) != 0) {
    fprintf(stderr, "cloudy_baseline: error: %s is not a version-2 gazetteer\n", path);
    exit(65);
  }
  const char *p = g->bytes + 20;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 2; j++) {
      g->range[i][j] = strtol(p, (char **)&p, 10);
      p++;
    }
}

/* Start of the line containing offset (not before floor). */
static long line_start(const struct gazetteer *g, long offset, long floor) {
  while (offset > floor && g->bytes[offset - 1] != '\n') offset--;
  return offset;
}

/* Compares the line's first field(s) up to the key's length + the tab that must follow. */
static int compare_line(const struct gazetteer *g, long line, const char *key, size_t length) {
  int c = memcmp(g->bytes + line, key, length);
  if (c) return c;
  return (unsigned char)g->bytes[line + length] - '\t';
}

/* First line in section whose leading bytes equal key + '\t', or -1 (lower bound by bytes). */
static long find_first(const struct gazetteer *g, int section, const char *key) {
  size_t length = strlen(key);
  long lo = g->range[section][0], hi = g->range[section][1];
  while (lo < hi) {
    long mid = line_start(g, lo + (hi - lo) / 2, lo);
    long end = mid;
    while (g->bytes[end] != '\n') end++;
    if (compare_line(g, mid, key, length) < 0) lo = end + 1;
    else hi = mid;
  }
  if (lo < g->range[section][1] && compare_line(g, lo, key, length) == 0) return lo;
  return -1;
}

/* Copies field n (0-based) of the line at `line` into out. */
static void field(const struct gazetteer *g, long line, int n, char *out, size_t size) {
  const char *p = g->bytes + line;
  for (int i = 0; i < n; i++) p = strchr(p, '\t') + 1;
  size_t length = strcspn(p, "\t\n");
  if (length >= size) length = size - 1;
  memcpy(out, p, length);
  out[length] = 0;
}

/* ASCII fold: lower-case letters and digits, apostrophes dropped, other runs -> one space. */
static void fold(const char *in, char *out, size_t size) {
  size_t n = 0;
  int space = 0;
  for (; *in && n + 1 < size; in++) {
    unsigned char c = (unsigned char)*in;
    if (isalnum(c)) {
      if (space && n) out[n++] = ' ';
      space = 0;
      out[n++] = (char)tolower(c);
    } else if (c != '\'') space = 1;
  }
  out[n] = 0;
}

static int cmd_add_place(const char *path, const char *gazetteer_path, const char *query) {
  struct gazetteer g;
  gazetteer_open(&g, gazetteer_path);
  char key[256], name[256], country[8], admin1[32], lat[32], lon[32], zone_number[16];
  fold(query, key, sizeof key);
  /* Lines are sorted by key, then population descending: the first exact line is the best. */
  long line = find_first(&g, 4, key);
  if (line < 0) {
    fprintf(stderr, "cloudy_baseline: error: no place called \"%s\"\n", query);
    return 66;
  }
  field(&g, line, 1, name, sizeof name);
  if (!name[0]) { /* the key with each word capitalised */
    snprintf(name, sizeof name, "%s", key);
    for (char *p = name; *p; p++)
      if (p == name || p[-1] == ' ') *p = (char)toupper((unsigned char)*p);
  }
  field(&g, line, 2, country, sizeof country);
  field(&g, line, 3, admin1, sizeof admin1);
  field(&g, line, 4, lat, sizeof lat);
  field(&g, line, 5, lon, sizeof lon);
  field(&g, line, 7, zone_number, sizeof zone_number);
  char region_key[64], region[128] = "", zone[64] = "";
  snprintf(region_key, sizeof region_key, "%s\t%s", country, admin1);
  long region_line = admin1[0] ? find_first(&g, 1, region_key) : -1;
  if (region_line >= 0) field(&g, region_line, 2, region, sizeof region);
  long zone_line = g.range[3][0];
  for (long n = strtol(zone_number, NULL, 10); n > 0; n--)
    zone_line = (long)(strchr(g.bytes + zone_line, '\n') - g.bytes) + 1;
  field(&g, zone_line, 0, zone, sizeof zone);
  char display[512];
  if (region[0]) snprintf(display, sizeof display, "%s, %s, %s", name, region, country);
  else snprintf(display, sizeof display, "%s, %s", name, country);
  open_db(path, 1);
  add_location(display, query, strtod(lat, NULL), strtod(lon, NULL), country,
               region[0] ? region : NULL, zone, "gazetteer");
  close_db();
  return 0;
}

/* -------------------------------------------------------------------------------- settings */

static int cmd_set_time(const char *path, const char *value) {
  if (strcmp(value, "12h") && strcmp(value, "24h")) {
    fprintf(stderr, "cloudy_baseline: error: time is 12h or 24h\n");
    return 64;
  }
  open_db(path, 1);
  exec("BEGIN IMMEDIATE");
  sqlite3_stmt *update = prepare(
      "UPDATE settings SET time_notation = ?, "
      "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1");
  bind_text(update, 1, value);
  step_done(update);
  sqlite3_finalize(update);
  exec("COMMIT");
  close_db();
  printf("Time: %s\n", strcmp(value, "24h") == 0 ? "24 Hour" : "12 Hour");
  return 0;
}

/* ------------------------------------------------------------------------------ show week */

static int cmd_show_week(const char *path) {
  open_db(path, 0);
  exec("BEGIN DEFERRED");
  sqlite3_stmt *settings = prepare(
      "SELECT time_notation, units_notation, temperature_notation FROM settings WHERE id = 1");
  int metric = 0, celsius = 0;
  if (sqlite3_step(settings) == SQLITE_ROW) {
    metric = strcmp((const char *)sqlite3_column_text(settings, 1), "metric") == 0;
    celsius = strcmp((const char *)sqlite3_column_text(settings, 2), "celsius") == 0;
  }
  sqlite3_finalize(settings);
  sqlite3_stmt *place = prepare(
      "SELECT s.location_id, l.name FROM selection s LEFT JOIN location l ON l.id = s.location_id "
      "WHERE s.id = 1");
  if (sqlite3_step(place) != SQLITE_ROW) {
    fprintf(stderr, "cloudy_baseline: error: no place is selected\n");
    return 66;
  }
  char name[256];
  snprintf(name, sizeof name, "%s",
           sqlite3_column_type(place, 1) == SQLITE_NULL ? "Current Location"
                                                        : (const char *)sqlite3_column_text(place, 1));
  sqlite3_stmt *latest = prepare(
      "SELECT id, fetched_at, time_zone FROM forecast WHERE location_id IS ? "
      "ORDER BY fetched_at DESC LIMIT 1");
  sqlite3_bind_value(latest, 1, sqlite3_column_value(place, 0));
  if (sqlite3_step(latest) != SQLITE_ROW) {
    fprintf(stderr, "cloudy_baseline: error: no forecast is cached for %s\n", name);
    return 66;
  }
  sqlite3_int64 forecast = sqlite3_column_int64(latest, 0);
  time_t fetched = (time_t)sqlite3_column_int64(latest, 1);
  setenv("TZ", (const char *)sqlite3_column_text(latest, 2), 1);
  tzset();
  sqlite3_finalize(latest);
  sqlite3_finalize(place);
  char when[64];
  struct tm parts;
  strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&fetched, &parts));
  printf("%s — next days (cached %s)\n", name, when);
  sqlite3_stmt *days = prepare(
      "SELECT time, summary, icon, temperature_min, temperature_max, wind_speed, "
      "precipitation_probability FROM forecast_day WHERE forecast_id = ? ORDER BY time");
  sqlite3_bind_int64(days, 1, forecast);
  while (sqlite3_step(days) == SQLITE_ROW) {
    time_t day = (time_t)sqlite3_column_int64(days, 0);
    char weekday[32], date[32];
    localtime_r(&day, &parts);
    strftime(weekday, sizeof weekday, "%A", &parts);
    strftime(date, sizeof date, "%B %-d", &parts);
    double lo = sqlite3_column_double(days, 3), hi = sqlite3_column_double(days, 4);
    double wind = sqlite3_column_double(days, 5);
    if (celsius) { lo = (lo - 32) / 1.8; hi = (hi - 32) / 1.8; }
    if (metric) wind *= 1.609344;
    printf("%-9s  %-12s  %5.1f %s - %5.1f %s  %5.1f %s  %-18s %s\n", weekday, date, lo,
           celsius ? "°C" : "°F", hi, celsius ? "°C" : "°F", wind, metric ? "km/h" : "mph",
           (const char *)sqlite3_column_text(days, 2), (const char *)sqlite3_column_text(days, 1));
  }
  sqlite3_finalize(days);
  exec("COMMIT");
  close_db();
  return 0;
}

/* ----------------------------------------------------------------------------------- bulk */

static const char *icons[] = {"clear-day", "clear-night", "rain", "snow", "sleet",
                              "wind", "fog", "cloudy", "partly-cloudy-day", "partly-cloudy-night"};
static const char *summaries[] = {"Clear", "Partly cloudy", "Overcast", "Light rain", "Snow",
                                  "Fog", "Windy", "Drizzle"};

/* Must stay in step with Benchmarks/Sources/cloudy-bench-bulk/main.swift (same values). */
static int cmd_bulk(const char *path, long count) {
  open_db(path, 1);
  sqlite3_stmt *ids = prepare("SELECT id FROM location ORDER BY id");
  long places = 0, capacity = 1024;
  sqlite3_int64 *id = malloc(sizeof *id * capacity);
  while (sqlite3_step(ids) == SQLITE_ROW) {
    if (places == capacity) id = realloc(id, sizeof *id * (capacity *= 2));
    id[places++] = sqlite3_column_int64(ids, 0);
  }
  sqlite3_finalize(ids);
  if (!places) { fprintf(stderr, "cloudy_baseline: error: no places\n"); return 66; }
  sqlite3_stmt *begin = prepare("BEGIN IMMEDIATE"), *commit = prepare("COMMIT");
  sqlite3_stmt *exists = prepare("SELECT count(*) FROM location WHERE id = ?");
  sqlite3_stmt *del = prepare("DELETE FROM forecast WHERE location_id IS ?");
  sqlite3_stmt *head = prepare(
      "INSERT INTO forecast (location_id, provider, fetched_at, latitude, longitude, time_zone, "
      "observed_at, summary, icon, temperature, wind_speed, precipitation_probability, "
      "issued_at, has_current) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)");
  sqlite3_stmt *day = prepare(
      "INSERT INTO forecast_day (forecast_id, time, summary, icon, temperature_min, "
      "temperature_max, wind_speed, precipitation_probability) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  sqlite3_stmt *hour = prepare(
      "INSERT INTO forecast_hour (forecast_id, time, summary, icon, temperature, wind_speed, "
      "precipitation_probability) VALUES (?, ?, ?, ?, ?, ?, ?)");
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  const sqlite3_int64 base = 1795000000; /* fixed "now": deterministic */
  for (long i = 0; i < count; i++) {
    sqlite3_int64 place = id[i % places];
    sqlite3_int64 fetched = base + i;
    step_done(begin);
    sqlite3_bind_int64(exists, 1, place);
    if (sqlite3_step(exists) != SQLITE_ROW || sqlite3_column_int64(exists, 0) == 0) die("place");
    sqlite3_reset(exists);
    sqlite3_bind_int64(del, 1, place);
    step_done(del);
    sqlite3_bind_int64(head, 1, place);
    bind_text(head, 2, "open-meteo");
    sqlite3_bind_int64(head, 3, fetched);
    sqlite3_bind_double(head, 4, (double)(i % 180) - 89.5);
    sqlite3_bind_double(head, 5, (double)(i % 360) - 179.5);
    bind_text(head, 6, "Europe/Paris");
    sqlite3_bind_int64(head, 7, fetched);
    bind_text(head, 8, summaries[i % 8]);
    bind_text(head, 9, icons[i % 10]);
    sqlite3_bind_double(head, 10, 50.0 + (double)(i % 40));
    sqlite3_bind_double(head, 11, (double)(i % 30));
    sqlite3_bind_double(head, 12, (double)((i % 11) * 10)); /* percent (0011) */
    sqlite3_bind_int64(head, 13, fetched);
    step_done(head);
    sqlite3_int64 forecast = sqlite3_last_insert_rowid(db);
    for (int d = 0; d < 7; d++) {
      sqlite3_bind_int64(day, 1, forecast);
      sqlite3_bind_int64(day, 2, fetched + 86400LL * d);
      bind_text(day, 3, summaries[(i + d) % 8]);
      bind_text(day, 4, icons[(i + d) % 10]);
      sqlite3_bind_double(day, 5, 40.0 + d);
      sqlite3_bind_double(day, 6, 60.0 + d);
      sqlite3_bind_double(day, 7, (double)((i + d) % 30));
      sqlite3_bind_double(day, 8, (double)(((i + d) % 11) * 10));
      step_done(day);
    }
    for (int h = 0; h < 48; h++) {
      sqlite3_bind_int64(hour, 1, forecast);
      sqlite3_bind_int64(hour, 2, fetched + 3600LL * h);
      bind_text(hour, 3, summaries[(i + h) % 8]);
      bind_text(hour, 4, icons[(i + h) % 10]);
      sqlite3_bind_double(hour, 5, 45.0 + (double)(h % 24));
      sqlite3_bind_double(hour, 6, (double)((i + h) % 30));
      sqlite3_bind_double(hour, 7, (double)(((i + h) % 11) * 10));
      step_done(hour);
    }
    step_done(commit);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  long rows = count * 56;
  printf("bulk: %ld forecasts, %ld rows in %.3f s: %.0f rows/s\n", count, rows, seconds,
         (double)rows / seconds);
  sqlite3_finalize(begin); sqlite3_finalize(commit); sqlite3_finalize(exists);
  sqlite3_finalize(del); sqlite3_finalize(head); sqlite3_finalize(day); sqlite3_finalize(hour);
  free(id);
  close_db();
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 3 && !strcmp(argv[1], "list")) return cmd_list(argv[2]);
  if (argc == 6 && !strcmp(argv[1], "add")) return cmd_add(argv[2], argv[3], argv[4], argv[5]);
  if (argc == 5 && !strcmp(argv[1], "add-place")) return cmd_add_place(argv[2], argv[3], argv[4]);
  if (argc == 4 && !strcmp(argv[1], "remove")) return cmd_remove(argv[2], argv[3]);
  if (argc == 4 && !strcmp(argv[1], "set-time")) return cmd_set_time(argv[2], argv[3]);
  if (argc == 3 && !strcmp(argv[1], "show-week")) return cmd_show_week(argv[2]);
  if (argc == 4 && !strcmp(argv[1], "bulk")) return cmd_bulk(argv[2], strtol(argv[3], NULL, 10));
  fprintf(stderr,
          "usage: cloudy_baseline list DB | add DB NAME LAT LON | add-place DB GAZETTEER QUERY |\n"
          "       remove DB NAME | set-time DB 12h|24h | show-week DB | bulk DB N\n");
  return 64;
}

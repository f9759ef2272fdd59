// The C baseline for `cloudy-forecast alerts PLACE --json`: what a careful C programmer would
// write to read the same rows. Opens the file read-only, finds the place by name (the NOCASE
// index), reads its alert messages through the alert_by_location index, drops those an Update
// or Cancel names and the Cancels, keeps the active ones at `now`, sorts them most severe
// first then by when they begin, and prints them as JSON lines.
//
//   alerts_baseline DB PLACE NOW
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char identifier[160], event[160], severity[16], refs[512], type[8], sender[160];
  long long begins, until;
  int has_until, rank;
} alert;

static int rank_of(const char *severity) {
  static const char *order[] = {"extreme", "severe", "moderate", "minor", "unknown"};
  for (int i = 0; i < 5; i++)
    if (strcmp(severity, order[i]) == 0) return i;
  return 5;
}

static int compare(const void *a, const void *b) {
  const alert *x = a, *y = b;
  if (x->rank != y->rank) return x->rank - y->rank;
  return (x->begins > y->begins) - (x->begins < y->begins);
}

static void copy(char *out, size_t size, const unsigned char *text) {
  snprintf(out, size, "%s", text ? (const char *)text : "");
}

int main(int argc, char **argv) {
  if (argc != 4) return 64;
  long long now = atoll(argv[3]);
  sqlite3 *db;
  if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) return 74;
  sqlite3_stmt *place;
  sqlite3_prepare_v2(db, "SELECT id FROM location WHERE name = ?", -1, &place, NULL);
  sqlite3_bind_text(place, 1, argv[2], -1, SQLITE_STATIC);
  if (sqlite3_step(place) != SQLITE_ROW) return 66;
  long long id = sqlite3_column_int64(place, 0);
  sqlite3_finalize(place);
  sqlite3_stmt *rows;
  sqlite3_prepare_v2(
    db,
    "SELECT identifier, event, severity, refs, message_type, coalesce(sender_name, sender), "
    "coalesce(onset, effective, sent), coalesce(ends, expires) FROM alert WHERE location_id = ?",
    -1, &rows, NULL);
  sqlite3_bind_int64(rows, 1, id);
  alert list[256];
  int count = 0;
  while (sqlite3_step(rows) == SQLITE_ROW && count < 256) {
    alert *a = &list[count++];
    copy(a->identifier, sizeof a->identifier, sqlite3_column_text(rows, 0));
    copy(a->event, sizeof a->event, sqlite3_column_text(rows, 1));
    copy(a->severity, sizeof a->severity, sqlite3_column_text(rows, 2));
    copy(a->refs, sizeof a->refs, sqlite3_column_text(rows, 3));
    copy(a->type, sizeof a->type, sqlite3_column_text(rows, 4));
    copy(a->sender, sizeof a->sender, sqlite3_column_text(rows, 5));
    a->begins = sqlite3_column_int64(rows, 6);
    a->has_until = sqlite3_column_type(rows, 7) != SQLITE_NULL;
    a->until = sqlite3_column_int64(rows, 7);
    a->rank = rank_of(a->severity);
  }
  sqlite3_finalize(rows);
  alert active[256];
  int shown = 0;
  for (int i = 0; i < count; i++) {
    if (strcmp(list[i].type, "Cancel") == 0) continue;
    int replaced = 0;
    for (int j = 0; j < count && !replaced; j++) {
      if (j == i || strcmp(list[j].type, "Alert") == 0) continue;
      char needle[170];
      snprintf(needle, sizeof needle, ",%.160s,", list[i].identifier);
      replaced = strstr(list[j].refs, needle) != NULL;
    }
    if (replaced || list[i].begins > now || (list[i].has_until && now >= list[i].until)) continue;
    active[shown++] = list[i];
  }
  qsort(active, shown, sizeof *active, compare);
  for (int i = 0; i < shown; i++) {
    printf("{\"event\":\"%s\",\"severity\":\"%s\",\"onset\":%lld,\"sender\":\"%s\"}\n",
           active[i].event, active[i].severity, active[i].begins, active[i].sender);
  }
  sqlite3_close(db);
  return 0;
}

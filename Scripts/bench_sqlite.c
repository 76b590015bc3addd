/*
 * The C baseline for Scripts/bench-store.sh: the same inserts SubmissionStore does, through
 * the sqlite3 C API directly, with the same schema (migrations/0001_init.sql), PRAGMAs, open
 * flags and row shape (time-ordered v7 UUID text, ISO 8601 timestamps, the same values JSON).
 *
 *   bench_sqlite <db> <schema.sql> single <rows>   one autocommit INSERT per submission
 *   bench_sqlite <db> <schema.sql> batch <rows>    all rows in one BEGIN IMMEDIATE transaction
 *   bench_sqlite <db> - single <rows> <values.json>
 *       into a database formctl made (every migration, its triggers and indexes): no schema is
 *       run, the rows go to the form and version of its first submission, each row's values
 *       are the file's text
 *       (Scripts/bench-serve.sh's reference for serve).
 *
 * Prints "<rows> rows in <seconds> s = <rows/s> rows/s".
 */
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static sqlite3 *db;

static void check(int rc, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "%s: %s (%d)\n", what, sqlite3_errmsg(db), rc);
        exit(1);
    }
}

/* Random bytes in 4 KiB reads and the millisecond in front, like SubmissionUUID.swift. */
static unsigned char random_buffer[4096];
static size_t random_position = sizeof random_buffer;

static void uuid_v7(char out[37]) {
    static const char hex[] = "0123456789abcdef";
    if (random_position + 16 > sizeof random_buffer) {
        int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
        size_t done = 0;
        while (fd >= 0 && done < sizeof random_buffer) {
            ssize_t n = read(fd, random_buffer + done, sizeof random_buffer - done);
            if (n <= 0) { fprintf(stderr, "urandom\n"); exit(1); }
            done += (size_t)n;
        }
        close(fd);
        random_position = 0;
    }
    unsigned char *b = random_buffer + random_position;
    random_position += 16;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long ms = (unsigned long long)ts.tv_sec * 1000ULL + (unsigned long long)(ts.tv_nsec / 1000000);
    for (int i = 0; i < 6; i++) b[i] = (unsigned char)(ms >> (8 * (5 - i)));
    b[6] = (b[6] & 0x0F) | 0x70;
    b[8] = (b[8] & 0x3F) | 0x80;
    int o = 0;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[o++] = '-';
        out[o++] = hex[b[i] >> 4];
        out[o++] = hex[b[i] & 15];
    }
    out[o] = 0;
}

static void now_iso(char out[96]) {
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    snprintf(out, 96, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
             tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (fread(text, 1, (size_t)size, f) != (size_t)size) { perror(path); exit(1); }
    text[size] = 0;
    fclose(f);
    return text;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: %s <db> <schema.sql> single|batch <rows>\n       %s <db> - single <rows> <values.json>\n", argv[0], argv[0]);
        return 2;
    }
    int existing = strcmp(argv[2], "-") == 0;
    char *given_values = argc == 6 ? read_file(argv[5]) : NULL;
    if (given_values) {
        size_t n = strlen(given_values);
        while (n > 0 && (given_values[n - 1] == '\n' || given_values[n - 1] == '\r')) given_values[--n] = 0;
    }
    int batch = strcmp(argv[3], "batch") == 0;
    long rows = atol(argv[4]);

    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    check(sqlite3_open_v2(argv[1], &db, flags, NULL), "open");
    sqlite3_busy_timeout(db, 5000);
    check(sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -32768;",
                       NULL, NULL, NULL), "pragmas");
    if (!existing) {
        char *schema = read_file(argv[2]);
        check(sqlite3_exec(db, schema, NULL, NULL, NULL), "schema");
        check(sqlite3_exec(db, "INSERT INTO forms (name) VALUES ('bench');"
                               "INSERT INTO form_versions (form_id, version, content_hash, definition_json, created_at) "
                               "VALUES (1, 1, 'h', '{}', '2026-01-01T00:00:00.000Z');", NULL, NULL, NULL), "form");
    }
    sqlite3_int64 form_id = 1, version_id = 1;
    if (existing) {
        sqlite3_stmt *first;
        check(sqlite3_prepare_v2(db, "SELECT form_id, form_version_id FROM submissions ORDER BY id LIMIT 1", -1, &first, NULL),
              "first submission");
        if (sqlite3_step(first) != SQLITE_ROW) { fprintf(stderr, "the database has no submission to take its form from\n"); return 1; }
        form_id = sqlite3_column_int64(first, 0);
        version_id = sqlite3_column_int64(first, 1);
        sqlite3_finalize(first);
    }

    /* Values are built before timing, as the Swift side builds its [String] first. */
    char **values = malloc(sizeof(char *) * (size_t)rows);
    for (long i = 0; i < rows && given_values; i++) values[i] = given_values;
    for (long i = 0; i < rows && !given_values; i++) {
        char buffer[128];
        int n = snprintf(buffer, sizeof buffer, "{\"name\":\"user %ld\",\"email\":\"user%ld@example.com\",\"age\":%ld}",
                         i, i, 18 + i % 60);
        values[i] = malloc((size_t)n + 1);
        memcpy(values[i], buffer, (size_t)n + 1);
    }
    sqlite3_int64 *ids = malloc(sizeof(sqlite3_int64) * (size_t)rows);

    sqlite3_stmt *insert;
    check(sqlite3_prepare_v3(db,
        "INSERT INTO submissions (uuid, form_id, form_version_id, status, created_at, updated_at, values_json) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)", -1, SQLITE_PREPARE_PERSISTENT, &insert, NULL), "prepare");

    double start = seconds();
    char uuid[37], now[96];
    if (batch) {
        check(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), "begin");
        now_iso(now);
        sqlite3_bind_int64(insert, 2, form_id);
        sqlite3_bind_int64(insert, 3, version_id);
        sqlite3_bind_text(insert, 4, "final", 5, SQLITE_STATIC);
        sqlite3_bind_text(insert, 5, now, 24, SQLITE_STATIC);
        sqlite3_bind_text(insert, 6, now, 24, SQLITE_STATIC);
        for (long i = 0; i < rows; i++) {
            uuid_v7(uuid);
            sqlite3_bind_text(insert, 1, uuid, 36, SQLITE_STATIC);
            sqlite3_bind_text(insert, 7, values[i], (int)strlen(values[i]), SQLITE_STATIC);
            check(sqlite3_step(insert), "insert");
            sqlite3_reset(insert);
            ids[i] = sqlite3_last_insert_rowid(db);
        }
        check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), "commit");
    } else {
        for (long i = 0; i < rows; i++) {
            uuid_v7(uuid);
            now_iso(now);
            sqlite3_bind_text(insert, 1, uuid, 36, SQLITE_STATIC);
            sqlite3_bind_int64(insert, 2, form_id);
            sqlite3_bind_int64(insert, 3, version_id);
            sqlite3_bind_text(insert, 4, "final", 5, SQLITE_STATIC);
            sqlite3_bind_text(insert, 5, now, 24, SQLITE_STATIC);
            sqlite3_bind_text(insert, 6, now, 24, SQLITE_STATIC);
            sqlite3_bind_text(insert, 7, values[i], (int)strlen(values[i]), SQLITE_STATIC);
            check(sqlite3_step(insert), "insert");
            sqlite3_reset(insert);
            ids[i] = sqlite3_last_insert_rowid(db);
        }
    }
    double elapsed = seconds() - start;

    if (ids[rows - 1] - ids[0] != rows - 1) { fprintf(stderr, "unexpected ids\n"); return 1; }
    printf("%ld rows in %.3f s = %.0f rows/s\n", rows, elapsed, rows / elapsed);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return 0;
}

#!/usr/bin/env bash
# Import and dump throughput of a release-built formctl beside the sqlite3 shell doing the
# nearest work on the same machine in the same run. Not a test: it prints numbers.
#
#   Scripts/bench-import-dump.sh [IMPORT_LINES (200000)] [DUMP_ROWS (1000000)]
#
# import: `formctl import` (parse, fill, validate, store in 10,000-row transactions) of a flat
#         form and two real ones, each against the shell inserting the same lines into
#         formctl's own schema.
# dump:   a formctl database of DUMP_ROWS final submissions (made by the shell with SQL, since
#         import was measured already), dumped by `formctl dump --format csv|ndjson|json` against
#         `sqlite3 -csv` with json_extract per column and a json_object(...) query of dump's shape (in a json_group_array for json).
set -euo pipefail

IMPORT_LINES=${1:-200000}
DUMP_ROWS=${2:-1000000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/formctl-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
FORM="$ROOT/Scripts/bench/bench-form.json"

command -v sqlite3 >/dev/null || { echo "sqlite3 shell not found" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 not found (used to generate NDJSON)" >&2; exit 1; }

echo "building release formctl..." >&2
(cd "$ROOT" && swift build -c release --product formctl >/dev/null)
FORMCTL="$ROOT/.build/release/formctl"

now() { date +%s.%N; }
# timed OUT COMMAND...: runs COMMAND with its standard output in OUT, prints its wall time in seconds.
timed() { local out=$1 start end; shift; start=$(now); "$@" > "$out"; end=$(now); echo "$end - $start" | bc -l; }

ROWS=()
row() { ROWS+=("$1|$2|$3|$4"); }  # label | rows | formctl seconds | shell seconds

# --- import ------------------------------------------------------------------------------
# Three forms: a flat one (no expressions, no repeats), forms/signup.json (a repeat of guests,
# secrets, a field shown by the Team plan) and Scripts/bench/registration.json (a repeat of
# workshops, a hidden expression, cross-field rules). Each beside the sqlite3 shell inserting
# the same lines into formctl's own schema (uuid, timestamps, four indexes, a foreign key) with no
# validation at all: the ceiling the schema puts on any importer. Its uuids are time-ordered
# (version 7) as formctl's are, each row a millisecond after the one before: the most ordered
# they can be, so the cheapest index inserts for the shell.
# Each side ROUNDS times (default 3), alternating, best time kept: the machine is noisy.
ROUNDS=${ROUNDS:-3}
min() { echo "if ($1 < $2) $1 else $2" | bc -l; }
bench_import() {  # bench_import LABEL DEFINITION LINES
  local label=$1 definition=$2 lines=$3 db="$WORK/import-$1.sqlite" schema_db="$WORK/schema-$1.sqlite"
  local t_import=999999 t_schema=999999 stored t round
  for round in $(seq 1 "$ROUNDS"); do
    rm -f "$db" "$db-wal" "$db-shm" "$schema_db" "$schema_db-wal" "$schema_db-shm"
    t=$(timed /dev/null "$FORMCTL" import "$definition" "$lines" --db "$db" 2>"$WORK/import.err")
    t_import=$(min "$t" "$t_import")
    tail -1 "$WORK/import.err" >&2
    stored=$(sqlite3 "$db" "SELECT count(*) FROM submissions")
    [ "$stored" = "$IMPORT_LINES" ] || { echo "formctl stored $stored of $IMPORT_LINES $label lines" >&2; cat "$WORK/import.err" >&2; exit 1; }
    head -1 "$lines" | "$FORMCTL" import "$definition" - --db "$schema_db" 2>/dev/null
    sqlite3 "$schema_db" "DELETE FROM submissions" >/dev/null
    t=$(shell_into_schema "$schema_db" "$lines")
    t_schema=$(min "$t" "$t_schema")
  done
  row "import $label" "$IMPORT_LINES" "$t_import" "$t_schema"
}

shell_into_schema() {  # shell_into_schema DB LINES: the sqlite3 shell's time to insert LINES into formctl's schema
  timed /dev/null sqlite3 "$1" \
    "PRAGMA journal_mode=WAL;" "PRAGMA synchronous=NORMAL;" "PRAGMA cache_size=-32768;" "CREATE TEMP TABLE raw(j TEXT);" \
    ".mode list" ".separator \"\t\" \"\n\"" ".import $2 raw" \
    "INSERT INTO submissions (uuid, form_id, form_version_id, status, created_at, updated_at, values_json)
     SELECT lower(substr(t, 1, 8) || '-' || substr(t, 9, 4) || '-7' || substr(r, 1, 3) || '-a' || substr(r, 4, 3) || '-'
                  || substr(r, 7, 12)),
            v.form_id, v.id, 'final', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), raw.j
     FROM (SELECT printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) + rowid) AS t,
                  hex(randomblob(9)) AS r, j FROM raw) AS raw, form_versions v;"
}

python3 "$ROOT/Scripts/bench/generate-ndjson.py" "$IMPORT_LINES" > "$WORK/lines.ndjson"
python3 "$ROOT/Scripts/bench/generate-answers.py" signup "$IMPORT_LINES" > "$WORK/signup.ndjson"
python3 "$ROOT/Scripts/bench/generate-answers.py" registration "$IMPORT_LINES" > "$WORK/registration.ndjson"
bench_import flat "$FORM" "$WORK/lines.ndjson"
bench_import signup "$ROOT/forms/signup.json" "$WORK/signup.ndjson"
bench_import registration "$ROOT/Scripts/bench/registration.json" "$WORK/registration.ndjson"

# For scale: the shell's plain .import of the flat lines into a one-column table (no schema).
t_shell_import=$(timed /dev/null sqlite3 "$WORK/shell-import.sqlite" \
  "PRAGMA journal_mode=WAL;" "PRAGMA synchronous=NORMAL;" "PRAGMA cache_size=-32768;" "CREATE TABLE raw(j TEXT);" \
  ".mode list" ".separator \"\t\" \"\n\"" ".import $WORK/lines.ndjson raw")
row "  (shell .import, one column)" "$IMPORT_LINES" "$t_shell_import" "$t_shell_import"

# --- a database of DUMP_ROWS submissions ------------------------------------------------
DB="$WORK/dump.sqlite"
head -1 "$WORK/lines.ndjson" | "$FORMCTL" import "$FORM" - --db "$DB" 2>/dev/null
sqlite3 "$DB" >/dev/null <<SQL
PRAGMA journal_mode=WAL;
PRAGMA synchronous=NORMAL;
DELETE FROM submissions;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $DUMP_ROWS)
INSERT INTO submissions (uuid, form_id, form_version_id, status, created_at, updated_at, values_json)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a'
             || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
       v.form_id, v.id, 'final', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
       json_object('name', 'Person ' || i, 'email', 'person.' || i || '@example.com', 'age', i % 90,
                   'city', 'City, "' || (i % 100) || '"', 'subscribe', json(CASE WHEN i % 2 THEN 'false' ELSE 'true' END),
                   'notes', 'line one' || char(10) || 'line two ✓')
FROM n, form_versions v;
SQL
"$FORMCTL" list --db "$DB" >&2

JOIN="FROM submissions s JOIN form_versions v ON v.id = s.form_version_id JOIN forms f ON f.id = s.form_id
      WHERE s.form_id = (SELECT id FROM forms WHERE name = 'bench-form') AND s.status = 'final' ORDER BY s.id"
CSV_SQL="SELECT s.id, s.uuid, f.name, v.version, s.status, s.created_at,
         json_extract(s.values_json, '\$.name'), json_extract(s.values_json, '\$.email'),
         json_extract(s.values_json, '\$.age'), json_extract(s.values_json, '\$.city'),
         json_extract(s.values_json, '\$.subscribe'), json_extract(s.values_json, '\$.notes') $JOIN"
JSON_ROW="json_object('id', s.id, 'uuid', s.uuid, 'form', f.name, 'version', v.version, 'status', s.status,
         'created_at', s.created_at, 'updated_at', s.updated_at, 'data', json(s.values_json))"
JSON_SQL="SELECT $JSON_ROW $JOIN"
JSON_ARRAY_SQL="SELECT json_group_array(json(j)) FROM (SELECT $JSON_ROW AS j $JOIN)"

# Warm the page cache once so neither side pays for the first read.
cat "$DB" > /dev/null

# Each dump ROUNDS times beside the shell's, alternating, best time kept; formctl's peak memory
# (the most of any round) printed after the table.
PEAKS=()
bench_dump() {  # bench_dump FORMAT SHELL_ARGS...: formctl dump --format FORMAT against sqlite3 SHELL_ARGS
  local format=$1 t_formctl=999999 t_shell=999999 peak=0 t kb round start; shift
  for round in $(seq 1 "$ROUNDS"); do
    start=$(now)
    /usr/bin/time -f %M -o "$WORK/rss" "$FORMCTL" dump --db "$DB" --form bench-form --format "$format" --output "$WORK/formctl.$format"
    t=$(echo "$(now) - $start" | bc -l)
    t_formctl=$(min "$t" "$t_formctl")
    kb=$(tail -1 "$WORK/rss"); [ "$kb" -gt "$peak" ] && peak=$kb
    t=$(timed "$WORK/shell.$format" sqlite3 "$@")
    t_shell=$(min "$t" "$t_shell")
  done
  row "dump $format" "$DUMP_ROWS" "$t_formctl" "$t_shell"
  PEAKS+=("dump $format: formctl peak memory $((peak / 1024)) MB")
}
bench_dump csv -csv -header "$DB" "$CSV_SQL"
bench_dump ndjson "$DB" "$JSON_SQL"
# json is ndjson's objects inside one array; the shell's side is the same query as a json_group_array.
bench_dump json "$DB" "$JSON_ARRAY_SQL"

for f in formctl.csv shell.csv formctl.ndjson shell.ndjson formctl.json shell.json; do
  printf '%-16s %12s bytes %10s lines\n' "$f" "$(stat -c %s "$WORK/$f")" "$(wc -l < "$WORK/$f")" >&2
done

# --- table ------------------------------------------------------------------------------
printf '\n%-26s %10s %10s %12s %10s %12s %16s\n' "work" "rows" "formctl s" "formctl r/s" "shell s" "shell r/s" "formctl/shell"
for r in "${ROWS[@]}"; do
  IFS='|' read -r label n tf ts <<< "$r"
  printf '%-26s %10d %10.2f %12.0f %10.2f %12.0f %15.2fx\n' "$label" "$n" "$tf" "$(echo "$n / $tf" | bc -l)" \
    "$ts" "$(echo "$n / $ts" | bc -l)" "$(echo "$tf / $ts" | bc -l)"
done
printf '%s\n' "${PEAKS[@]}"
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at the end; best of $ROUNDS rounds each."
echo "(formctl/shell is time over time: below 1 means formctl was faster. Aims: import >= 0.8x the shell's rate (time <= 1.25x), dump csv <= 1.0x, ndjson <= 0.8x.)"

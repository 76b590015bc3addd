#!/usr/bin/env bash
# formctl on PostgreSQL beside PostgreSQL's own tools, on a server this script starts (initdb in
# a temporary directory, PostgreSQL's default settings, a Unix socket only), in one run:
#   - `formctl import` (parse, fill, validate, COPY in 10,000-row batches) of LINES lines,
#     beside `psql \copy` of the very rows formctl stored into the same, empty, table;
#   - FormEngine.submit per second from 1, 4 and 8 concurrent tasks, beside pgbench running
#     the same single-row INSERT ... RETURNING from as many clients.
# Each side ROUNDS times (default 2), alternating, best kept: the machine is noisy.
#
#   Scripts/bench-postgres.sh [LINES (200000)] [SUBMITS (20000); 0 skips the submits]
#   FORM=signup Scripts/bench-postgres.sh ...   the import on forms/signup.json
set -euo pipefail
LINES=${1:-200000}
SUBMITS=${2:-20000}
ROUNDS=${ROUNDS:-2}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$PGBIN/initdb" ] || PGBIN=$(dirname "$(command -v initdb)")
[ -x "$PGBIN/pgbench" ] || { echo "PostgreSQL (initdb, pg_ctl, psql, pgbench) not found" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/formctl-bench-pg.XXXXXX")
chmod 755 "$WORK"
# PostgreSQL refuses to run as root: the server runs as the postgres user then.
as_server() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$WORK"
stop() { as_server "$PGBIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$WORK"; }
trap stop EXIT

echo "building (release)..." >&2
(cd "$ROOT" && swift build -c release --product formctl --traits PostgreSQL >&2 && swift build -c release --product bench-service --traits PostgreSQL >&2)
BIN="$(cd "$ROOT" && swift build -c release --traits PostgreSQL --show-bin-path)"

(cd "$WORK" && as_server "$PGBIN/initdb" -D "$WORK/data" -U formctl -A trust -E UTF8 --locale=C.UTF-8 >/dev/null)
(cd "$WORK" && as_server "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
  -o "-k $WORK -c listen_addresses= -p 5432" start >/dev/null)
url() { echo "postgres://formctl@/$1?host=$WORK&port=5432"; }
sql() { local db=$1; shift; "$PGBIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$WORK" -p 5432 -U formctl -d "$db" "$@"; }
now() { date +%s.%N; }
min() { echo "if ($1 < $2) $1 else $2" | bc -l; }

echo "$(nproc) cores, $(uname -r), $("$PGBIN/postgres" --version), load $(cut -d' ' -f1-3 /proc/loadavg)"

# --- import beside \copy --------------------------------------------------------------------
# FORM=signup measures the import on forms/signup.json (a repeat, expressions, hidden fields)
# instead of the flat contact form.
if [ "${FORM:-contact}" = signup ]; then
  python3 "$ROOT/Scripts/bench/generate-signup-ndjson.py" "$LINES" > "$WORK/lines.ndjson"
  FORM="$ROOT/forms/signup.json"
else
  python3 "$ROOT/Scripts/bench/generate-ndjson.py" "$LINES" > "$WORK/lines.ndjson"
  FORM="$ROOT/Scripts/bench/bench-form.json"
fi
t_import=999999; t_copy=999999
for round in $(seq 1 "$ROUNDS"); do
  sql postgres -c "DROP DATABASE IF EXISTS imp" -c "CREATE DATABASE imp" -c "DROP DATABASE IF EXISTS cp" -c "CREATE DATABASE cp"
  start=$(now)
  "$BIN/formctl" import "$FORM" "$WORK/lines.ndjson" --db "$(url imp)" 2>"$WORK/import.err"
  t=$(echo "$(now) - $start" | bc -l); t_import=$(min "$t" "$t_import")
  tail -1 "$WORK/import.err" >&2
  [ "$(sql imp -c 'SELECT count(*) FROM submissions')" = "$LINES" ] || { echo "import stored too few rows" >&2; exit 1; }
  # The same rows, into the same schema (formctl's tables and indexes, empty), by psql.
  sql imp -c "\\copy (SELECT form_id, form_version_id, status, created_at, updated_at, values_json FROM submissions ORDER BY id) TO '$WORK/rows.tsv'"
  "$BIN/formctl" migrate --db "$(url cp)" >/dev/null
  sql imp -c "\\copy forms TO '$WORK/forms.tsv'" -c "\\copy (SELECT id, form_id, version, content_hash, definition_json, created_at FROM form_versions) TO '$WORK/versions.tsv'"
  sql cp -c "\\copy forms FROM '$WORK/forms.tsv'" -c "\\copy form_versions (id, form_id, version, content_hash, definition_json, created_at) FROM '$WORK/versions.tsv'"
  start=$(now)
  sql cp -c "\\copy submissions (form_id, form_version_id, status, created_at, updated_at, values_json) FROM '$WORK/rows.tsv'"
  t=$(echo "$(now) - $start" | bc -l); t_copy=$(min "$t" "$t_copy")
  [ "$(sql cp -c 'SELECT count(*) FROM submissions')" = "$LINES" ] || { echo "\\copy stored too few rows" >&2; exit 1; }
done
printf "import %d lines: formctl import %8.0f rows/s (%.2f s)   psql \\\\copy of the same rows %8.0f rows/s (%.2f s)   ratio %.2f\n" \
  "$LINES" "$(echo "$LINES / $t_import" | bc -l)" "$t_import" "$(echo "$LINES / $t_copy" | bc -l)" "$t_copy" \
  "$(echo "$t_copy / $t_import" | bc -l)"

# --- submits beside pgbench -----------------------------------------------------------------
[ "${SUBMITS}" = 0 ] && exit 0
sql postgres -c "CREATE DATABASE sub"
"$BIN/bench-service" submits "$(url sub)" 1 100 >/dev/null   # registers the form
FORM_ID=$(sql sub -c "SELECT id FROM forms WHERE name = 'note'")
VERSION_ID=$(sql sub -c "SELECT id FROM form_versions WHERE form_id = $FORM_ID")
# What one submit sends once its version is known: one INSERT ... RETURNING.
cat > "$WORK/insert.sql" <<SQL
\\set n random(1, 1000000)
INSERT INTO submissions (form_id, form_version_id, status, created_at, updated_at, values_json) VALUES ($FORM_ID, $VERSION_ID, 'final', now(), now(), '{"text":"task 1","n":' || :n || '}') RETURNING id, uuid::text;
SQL
for tasks in 1 4 8; do
  best_engine=0; best_pgbench=0
  for round in $(seq 1 "$ROUNDS"); do
    rate=$("$BIN/bench-service" submits "$(url sub)" "$tasks" "$SUBMITS")
    [ "$rate" -gt "$best_engine" ] && best_engine=$rate
    threads=$(( tasks < $(nproc) ? tasks : $(nproc) ))
    tps=$("$PGBIN/pgbench" -n -M extended -c "$tasks" -j "$threads" -t $(( SUBMITS / tasks )) -f "$WORK/insert.sql" \
      -h "$WORK" -p 5432 -U formctl sub 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | cut -d. -f1)
    [ "$tps" -gt "$best_pgbench" ] && best_pgbench=$tps
  done
  printf "submits from %d task(s): FormEngine.submit %6d/s   pgbench, same INSERT, %d client(s): %6d/s   ratio %.2f\n" \
    "$tasks" "$best_engine" "$tasks" "$best_pgbench" "$(echo "$best_engine / $best_pgbench" | bc -l)"
done

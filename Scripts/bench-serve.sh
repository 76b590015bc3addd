#!/usr/bin/env bash
# Submissions per second through `formctl serve` (HTTP, JSON), beside the in-process engine's.
#
#   Scripts/bench-serve.sh [path/to/formctl]
#
# Without an argument it uses .build/release/formctl, building it (swift build -c release
# --product formctl) only if it is missing; given a path it builds nothing. Starts the server
# on 127.0.0.1 (a free port) with a fresh SQLite database and, with wrk (-d 10s each, --latency),
# POSTs one valid signup answers object (Team plan: company and seats; both passwords; two
# guests) to /forms/signup/submissions from 1, 16 and 64 connections (threads = min(conns, 2)).
# Prints submissions/s, p50/p99 latency and the server's CPU per submission (split between its
# HTTP event loops, the request tasks and the store's threads) per run, and checks that every response was a 2xx
# and that the database gained about as many final submissions as wrk counted responses (a
# request still in flight when wrk stops may be stored without being counted: up to one per
# connection more rows than responses is accepted).
# Then, if bench-engine sits beside the binary (swift build -c release --product bench-engine),
# the engine's own submit rate on the same form in this run: it fills, validates and stores
# generated signup answers (Scripts/bench/generate-answers.py: 1000 distinct objects, every
# fifth on the Team plan) through FormEngine.submit from 1 and from 4 tasks, no HTTP, so
# the difference is the server's cost (HTTP, JSON decoding, one request at a time per
# connection). Both share this machine's cores with wrk, which takes CPU from the server.
# Before it, if bench-http-floor sits beside the binary too, the same POST at the same
# connection counts answered by Hummingbird alone, by a route, and by a route that stores
# through FormEngine.submit without serve's middleware: where a submission's time goes.
# The reference, before the wrk runs and after them: Scripts/bench_sqlite.c (gcc -O2) storing
# the row the first POST stored (its values, form and version) one single-row transaction
# after another into a copy of the server's database (formctl's whole schema: its indexes and
# the outbox trigger), from one thread: what a submit that pays its own commit costs at best.
# Every ratio is against the better of its two runs.
#
# Environment: BENCH_SERVE_DURATION (10s), BENCH_SERVE_CONNECTIONS ("1 16 64"),
# BENCH_ENGINE_SUBMISSIONS (20000), BENCH_C_ROWS (50000). Installs wrk, sqlite3, gcc and
# libsqlite3-dev if missing (apt).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ge 1 ]; then
  bin=$1
  [ -x "$bin" ] || { echo "no executable formctl at $bin"; exit 2; }
else
  bin=$here/.build/release/formctl
  if [ ! -x "$bin" ]; then
    echo "building (release)..." >&2
    (cd "$here" && swift build -c release --product formctl --traits Server >&2)
  fi
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
# An older build has no serve (or one built without the Server trait): say so, build nothing.
if ! "$bin" serve --help 2>/dev/null | grep -q -- '--port'; then
  echo "$bin has no serve command: rebuild it (swift build -c release --product formctl --traits Server)"; exit 2
fi
bindir=$(dirname "$bin")
duration=${BENCH_SERVE_DURATION:-10s}
connections=${BENCH_SERVE_CONNECTIONS:-1 16 64}

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v curl >/dev/null || missing+=(curl)
command -v python3 >/dev/null || missing+=(python3)
command -v gcc >/dev/null || missing+=(gcc)
[ -e /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"; } >/dev/null ||
    { echo "could not install ${missing[*]}"; exit 2; }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/formctl-bench-serve.XXXXXX")
server_pid=
stop_server() {
  [ -n "$server_pid" ] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  for _ in $(seq 1 150); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}
trap 'stop_server; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# One valid answers object; the passwords are checked (matches) and never stored.
body='{"name":"Ada Lovelace","email":"ada@example.com","birthDate":"1985-12-10","password":"correct horse battery","passwordConfirmation":"correct horse battery","plan":"team","company":"Analytical Engines Ltd","seats":12,"newsletter":true,"guests":[{"email":"charles@example.com"},{"email":"mary@example.com"}]}'
printf '%s' "$body" > "$work/body.json"
cat > "$work/post.lua" <<EOF
wrk.method = "POST"
wrk.body = [==[$body]==]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

-- One machine-readable line for the script (latency in microseconds).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH requests=%d duration_us=%d status_errors=%d socket_errors=%d p50_us=%d p99_us=%d\n",
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
EOF

cd "$here"
db=$work/bench.sqlite
# wrk is one client address opening up to 64 connections: the per-client limit (32 by default)
# would close half of them, so it is raised to the server's whole limit.
"$bin" serve forms --db "$db" --host 127.0.0.1 --port 0 --max-connections-per-client 256 </dev/null >/dev/null 2>"$work/server.log" &
server_pid=$!
# shellcheck source=lib/serve-port.sh
. "$here/Scripts/lib/serve-port.sh"
port=$(serve_port "$work/server.log" "$server_pid")
if [ -z "$port" ]; then
  echo "the server did not print 'formctl serve: listening on http://127.0.0.1:PORT'; its stderr:"
  cat "$work/server.log"; exit 1
fi
url=http://127.0.0.1:$port/forms/signup/submissions

# The body must be accepted, or wrk would measure refusals.
status=$(curl -s -o "$work/first.json" -w '%{http_code}' -H 'Content-Type: application/json' \
  -H 'Accept: application/json' --data-binary @"$work/body.json" "$url")
if [ "$status" != 201 ]; then
  echo "POST $url answered $status, not 201: $(head -c 500 "$work/first.json")"; exit 1
fi

# The server's CPU time so far, in clock ticks: "TOTAL HTTP STORE". HTTP is SwiftNIO's event
# loops (threads NIO-*), STORE the store's connection threads (store-writer, store-reader); the
# rest of TOTAL (the whole process, threads that ended included) is the request tasks on Swift's
# pool, which fill, validate and, when the writer is idle, store a submission themselves.
server_ticks() {
  local total http=0 store=0 task comm ticks
  total=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
  for task in /proc/"$server_pid"/task/*; do
    comm=$(cat "$task/comm" 2>/dev/null) || continue
    ticks=$(awk '{print $14 + $15}' "$task/stat" 2>/dev/null) || continue
    case $comm in
      NIO-*) http=$((http + ticks)) ;;
      store-*) store=$((store + ticks)) ;;
    esac
  done
  echo "$total $http $store"
}

rows() { sqlite3 -cmd '.timeout 10000' "$db" "select count(*) from submissions where status = 'final'"; }

# The C reference: single-row transactions of the stored row into a copy of this database.
gcc -O2 -o "$work/bench_sqlite" Scripts/bench_sqlite.c -lsqlite3
sqlite3 -cmd '.timeout 10000' "$db" "select values_json from submissions order by id limit 1" > "$work/values.json"
sqlite3 -cmd '.timeout 10000' "$db" ".backup '$work/reference-template.sqlite'"
c_rows=${BENCH_C_ROWS:-50000}
c_best=0
reference() {
  rm -f "$work"/reference.sqlite*
  cp "$work/reference-template.sqlite" "$work/reference.sqlite"
  local line rate
  line=$("$work/bench_sqlite" "$work/reference.sqlite" - single "$c_rows" "$work/values.json")
  rate=$(sed -E 's/.*= ([0-9]+) rows\/s.*/\1/' <<< "$line")
  echo "C single-row transactions ($1): $line"
  [ "$rate" -gt "$c_best" ] && c_best=$rate
  return 0
}
reference "before"

echo "formctl serve: POST /forms/signup/submissions (JSON), $duration per run, $(nproc) cores shared by wrk and the server"
echo "$bin, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-8s %14s %10s %10s %10s %10s %24s  %s\n' conns threads submissions/s p50 p99 responses rows "CPU µs (http/tasks/store)" check
rates=()
failed=0
ms() { awk -v us="$1" 'BEGIN { printf "%.2fms", us / 1000 }'; }
# One wrk run of post.lua: run_wrk CONNS URL OUTPUT leaves its summary line in $line, read
# with val NAME (requests, duration_us, status_errors, socket_errors, p50_us, p99_us).
run_wrk() {
  wrk -t"$(( $1 < 2 ? $1 : 2 ))" -c"$1" -d"$duration" --latency -s "$work/post.lua" "$2" > "$3" 2>&1 || {
    echo "wrk failed:"; cat "$3"; exit 1; }
  line=$(grep '^BENCH ' "$3" || true)
  [ -n "$line" ] || { echo "wrk printed no summary:"; cat "$3"; exit 1; }
}
val() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<< " ${line#BENCH }"; }
per_second() { awk -v n="$(val requests)" -v us="$(val duration_us)" 'BEGIN { printf "%.0f", n / (us / 1e6) }'; }
for conns in $connections; do
  threads=$(( conns < 2 ? conns : 2 ))
  before=$(rows)
  ticks_before=$(server_ticks)
  run_wrk "$conns" "$url" "$work/wrk-$conns.txt"
  ticks_after=$(server_ticks)
  after=$(rows)
  requests=$(val requests)
  status_errors=$(val status_errors); socket_errors=$(val socket_errors)
  rate=$(per_second)
  stored=$((after - before))
  verdict=ok
  if [ "$status_errors" -ne 0 ]; then verdict="FAIL: $status_errors non-2xx responses"; fi
  if [ "$socket_errors" -ne 0 ]; then verdict="$verdict; $socket_errors socket errors"; fi
  if [ "$stored" -lt "$((requests - status_errors))" ] || [ "$stored" -gt "$((requests + conns))" ]; then
    verdict="FAIL: $stored rows for $requests responses"
  fi
  [ "$verdict" = ok ] || failed=1
  cpu=$(awk -v b="$ticks_before" -v a="$ticks_after" -v n="$requests" -v hz="$(getconf CLK_TCK)" 'BEGIN {
    split(b, x, " "); split(a, y, " "); us = 1e6 / hz / n
    t = (y[1] - x[1]) * us; h = (y[2] - x[2]) * us; s = (y[3] - x[3]) * us
    printf "%.0f (%.0f/%.0f/%.0f)", t, h, t - h - s, s }')
  printf '%-6s %-8s %14s %10s %10s %10s %10s %24s  %s\n' "$conns" "$threads" "$rate" \
    "$(ms "$(val p50_us)")" "$(ms "$(val p99_us)")" "$requests" "$stored" "$cpu" "$verdict"
  rates+=("$conns:$rate")
done
stop_server
reference "after"
for entry in "${rates[@]}"; do
  awk -v c="${entry%%:*}" -v r="${entry#*:}" -v ref="$c_best" \
    'BEGIN { printf "%s connections: %.2fx the C single-row transactions (%d rows/s, best of two)\n", c, r / ref, ref }'
done
if [ "$failed" -ne 0 ]; then
  echo "the last wrk output:"; grep -v '^BENCH ' "$work/wrk-$conns.txt"
  echo "the server's stderr (last lines):"; tail -20 "$work/server.log"
fi

# Where a submission's time goes: the same POST answered by less of serve, on the same framework
# in the same run (bench-http-floor beside the binary: swift build -c release --product
# bench-http-floor). "responder" is Hummingbird alone (the body collected, a fixed
# 201), "router" the same from a route, "engine" a route parsing the body and storing it through
# FormEngine.submit without serve's middleware, deadlines, limits, metrics or access log.
echo
if [ -x "$bindir/bench-http-floor" ]; then
  echo "the same POST with less of serve ($bindir/bench-http-floor), same run:"
  printf '%-10s %-6s %14s %10s %10s\n' mode conns requests/s p99 "CPU µs"
  for mode in responder router engine; do
    rm -f "$work"/floor.sqlite*
    "$bindir/bench-http-floor" "$mode" "$work/floor.sqlite" forms/signup.json </dev/null >/dev/null 2>"$work/floor.log" &
    server_pid=$!
    port=$(serve_port "$work/floor.log" "$server_pid")
    [ -n "$port" ] || { echo "bench-http-floor $mode did not start:"; cat "$work/floor.log"; exit 1; }
    for conns in $connections; do
      ticks_before=$(server_ticks)
      run_wrk "$conns" "http://127.0.0.1:$port/forms/signup/submissions" "$work/floor-wrk.txt"
      ticks_after=$(server_ticks)
      if [ "$(val status_errors)" -ne 0 ] || [ "$(val socket_errors)" -ne 0 ]; then
        echo "bench-http-floor $mode: $(val status_errors) non-2xx responses, $(val socket_errors) socket errors"; tail -5 "$work/floor.log"; exit 1
      fi
      cpu=$(awk -v b="${ticks_before%% *}" -v a="${ticks_after%% *}" -v n="$(val requests)" -v hz="$(getconf CLK_TCK)" \
        'BEGIN { printf "%.0f", (a - b) * 1e6 / hz / n }')
      printf '%-10s %-6s %14s %10s %10s\n' "$mode" "$conns" "$(per_second)" "$(ms "$(val p99_us)")" "$cpu"
    done
    stop_server
  done
else
  echo "no bench-http-floor beside $bin: build it (swift build -c release --product bench-http-floor) to see where a submission's time goes"
fi

echo
if [ -x "$bindir/bench-engine" ]; then
  # bench-engine WORK_DIR FORM.json ANSWERS.ndjson SUBMISSIONS prints, per line: what, how
  # many, per second, CPU µs each. "engine submit, 1 task" is the in-process signup submit
  # rate to set beside the server's 1 connection, "4 tasks" beside its concurrent runs.
  echo "in-process engine, same form, same run ($bindir/bench-engine, no HTTP):"
  python3 Scripts/bench/generate-answers.py signup 1000 > "$work/signup.ndjson"
  mkdir -p "$work/engine"
  "$bindir/bench-engine" "$work/engine" forms/signup.json "$work/signup.ndjson" "${BENCH_ENGINE_SUBMISSIONS:-20000}"
else
  echo "no bench-engine beside $bin: build it (swift build -c release --product bench-engine) for the in-process rate"
fi
exit $failed

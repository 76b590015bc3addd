#!/usr/bin/env bash
# Throughput of SubmissionStore beside the same inserts through the sqlite3 C API, in one run:
#   - 100,000 submissions, one transaction each   (SINGLE_ROWS)
#   - 1,000,000 submissions in one transaction     (BATCH_ROWS)
# Each measurement uses a fresh database file in the same temporary directory; C and Swift
# alternate so drift in machine load hits both. Prints rows/s and the Swift/C ratio.
#
#   Scripts/bench-store.sh [rounds]      (default 2 rounds; the best of each side is compared)
set -euo pipefail

cd "$(dirname "$0")/.."
ROUNDS=${1:-2}
SINGLE_ROWS=${SINGLE_ROWS:-100000}
BATCH_ROWS=${BATCH_ROWS:-1000000}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/formctl-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

echo "building (release)..." >&2
swift build -c release --product bench-store >&2
SWIFT_BENCH="$(swift build -c release --show-bin-path)/bench-store"
gcc -O2 -o "$WORK/bench_sqlite" Scripts/bench_sqlite.c -lsqlite3

echo "sqlite $(sqlite3 --version 2>/dev/null | cut -d' ' -f1 || echo '?'), $(nproc) cores, $(uname -r)"

rate() { sed -E 's/.*= ([0-9]+) rows\/s.*/\1/'; }

run() {  # run <label> <mode> <rows>
    local mode=$2 rows=$3 best_c=0 best_swift=0
    for round in $(seq 1 "$ROUNDS"); do
        rm -f "$WORK"/db.sqlite*
        local c; c=$("$WORK/bench_sqlite" "$WORK/db.sqlite" migrations/0001_init.sql "$mode" "$rows")
        rm -f "$WORK"/db.sqlite*
        local out s; out=$("$SWIFT_BENCH" "$WORK/db.sqlite" "$mode" "$rows"); s=$(echo "$out" | head -1)
        echo "  round $round  C:     $c"
        echo "  round $round  Swift: $s"
        echo "$out" | tail -n +2 | sed 's/^/  round '"$round"'  Swift /'
        local cr sr; cr=$(echo "$c" | rate); sr=$(echo "$s" | rate)
        (( cr > best_c )) && best_c=$cr
        (( sr > best_swift )) && best_swift=$sr
    done
    printf '%-42s C %9d rows/s   Swift %9d rows/s   Swift/C %.2f\n' "$1" "$best_c" "$best_swift" \
        "$(echo "$best_swift / $best_c" | bc -l)"
}

echo "== $SINGLE_ROWS submissions, one transaction each"
run "single-submission transactions (best)" single "$SINGLE_ROWS"
echo "== $BATCH_ROWS submissions in one transaction"
run "one bulk transaction (best)" batch "$BATCH_ROWS"

#!/usr/bin/env bash
# What a service embedding FormEngine sees of the SQLite store, each figure beside its
# reference in the same run (release build):
#   - the worst lateness of a 10 ms ticker while 4 submits wait 2 s on a write lock that another
#     process holds, beside the old synchronous store called from tasks, and nothing waiting;
#   - reads by id per second while an import writes, beside reads with nothing writing.
#
#   Scripts/bench-service.sh
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$(mktemp -d "${TMPDIR:-/tmp}/formctl-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

echo "building (release)..." >&2
swift build -c release --product bench-service >&2
swift build -c release --product store-fault-writer >&2
BIN="$(swift build -c release --show-bin-path)"
echo "$(nproc) cores, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$BIN/bench-service" ticker "$WORK/ticker.sqlite" "$BIN/store-fault-writer"
"$BIN/bench-service" reads "$WORK/reads.sqlite"

#!/usr/bin/env bash
# The engine's cost per submission on real forms (forms/signup.json: a repeat of guests,
# secrets, a conditional field; Scripts/bench/registration.json: a repeat of workshops, a hidden
# expression, cross-field rules), beside the store's raw insert of the same rows, in one process.
# Release build; prints submissions per second and CPU microseconds per submission.
#
#   Scripts/bench-engine.sh [SUBMISSIONS (20000)]
set -euo pipefail

cd "$(dirname "$0")/.."
SUBMISSIONS=${1:-20000}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/formctl-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

echo "building (release)..." >&2
swift build -c release --product bench-engine >&2
BENCH="$(swift build -c release --show-bin-path)/bench-engine"
echo "$(nproc) cores, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"

for form in signup registration; do
  case $form in
    signup) definition=forms/signup.json ;;
    registration) definition=Scripts/bench/registration.json ;;
  esac
  python3 Scripts/bench/generate-answers.py "$form" 1000 > "$WORK/$form.ndjson"
  mkdir -p "$WORK/$form"
  echo
  "$BENCH" "$WORK/$form" "$definition" "$WORK/$form.ndjson" "$SUBMISSIONS"
done

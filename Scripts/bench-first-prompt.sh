#!/usr/bin/env bash
# How long a new user waits: from a fresh clone of this checkout's HEAD to the first prompt of
# `swift run formctl fill forms/signup.json` in a real terminal (tmux). The clone has no .build,
# so this is package resolution, the debug build of what formctl needs and the start itself.
# Not a test: it prints the seconds and the machine's load. Run it with nothing else running.
#
#   Scripts/bench-first-prompt.sh [EXTRA swift run FLAGS, e.g. --traits Server]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v tmux >/dev/null || { echo "tmux is required"; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/formctl-first-prompt.XXXXXX")
socket="formctl-first-prompt-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$work"' EXIT
git clone -q "$here" "$work/formctl"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores" >&2
start=$(date +%s.%N)
tmux -L "$socket" new-session -d -s first -x 120 -y 40 -c "$work/formctl" \
  "swift run $* formctl fill forms/signup.json --db $work/first.sqlite; sleep 600"
# The first question of forms/signup.json, as the terminal shows it.
until tmux -L "$socket" capture-pane -t first -p | grep -qE 'Name\*: '; do
  if ! tmux -L "$socket" has-session -t first 2>/dev/null; then echo "the session ended before a prompt" >&2; exit 1; fi
  if tmux -L "$socket" capture-pane -t first -p | grep -q "error:"; then tmux -L "$socket" capture-pane -t first -p >&2; exit 1; fi
  sleep 0.2
done
end=$(date +%s.%N)
echo "first prompt after $(echo "$end - $start" | bc -l | cut -c1-6) s (swift run $* formctl fill forms/signup.json from a fresh clone); load after: $(cut -d' ' -f1-3 /proc/loadavg)"

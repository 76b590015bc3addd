#!/usr/bin/env bash
# Property-based tests of `formctl serve` against its own OpenAPI document (Schemathesis):
# starts `formctl serve forms --db TMP/db.sqlite --port 0 --token-file TMP/token` from the
# repository root, then runs `schemathesis run http://127.0.0.1:PORT/openapi.json` with a
# bounded number of cases per operation, checking that no response is a server error (5xx)
# and that every response conforms to the schema the document declares for it. The bearer
# token goes with every request, so the token-protected operations are exercised too.
# Installs schemathesis (pip) if missing. Exits non-zero on a failure; always stops the server
# (SIGTERM) and checks that it exits 0.
#
#   Scripts/schemathesis.sh [path/to/formctl]     (default .build/debug/formctl)
#
# Environment: FORMCTL_SERVE_FORMS (forms): the directory served; SCHEMATHESIS_MAX_EXAMPLES (30): cases per operation and phase;
# SCHEMATHESIS_CHECKS (not_a_server_error,response_schema_conformance);
# SCHEMATHESIS_SEED (fixed, so a failure reproduces; set it empty for a random run);
# SCHEMATHESIS_TIMEOUT (600): seconds for the whole run; FORMCTL_SCHEMATHESIS_OUT
# (.build/schemathesis): the JUnit report and, on failure, the server's stderr.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
formctl=${1:-$here/.build/debug/formctl}
[ -x "$formctl" ] || { echo "formctl not built at $formctl (run swift build first)"; exit 2; }
formctl=$(cd "$(dirname "$formctl")" && pwd)/$(basename "$formctl")
out=${FORMCTL_SCHEMATHESIS_OUT:-$here/.build/schemathesis}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/server.log" "$out/junit.xml"

# Schemathesis (and python3 with pip) if missing; quiet unless an install fails.
if ! command -v python3 >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
  sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-pip; } >/dev/null ||
    { echo "could not install python3"; exit 2; }
fi
command -v curl >/dev/null || {
  sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq curl; } >/dev/null ||
    { echo "could not install curl"; exit 2; }
}
python3 -c "import schemathesis.cli" 2>/dev/null ||
  python3 -m pip install -q schemathesis 2>/dev/null ||
  python3 -m pip install -q --break-system-packages schemathesis ||
  { echo "could not install schemathesis"; exit 2; }
# The entry point through python3 itself, so a PATH without pip's script directory still works.
schemathesis() {
  python3 -c 'import sys; from schemathesis.cli import schemathesis as main; sys.argv[0] = "schemathesis"; sys.exit(main())' "$@"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/formctl-schemathesis.XXXXXX")
server_pid=
stop_server() { # SIGTERM, up to 15 s; sets server_status
  server_status=
  [ -n "$server_pid" ] || return 0
  kill -TERM "$server_pid" 2>/dev/null
  for _ in $(seq 1 150); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null; server_status=killed; fi
  local code=0
  wait "$server_pid" 2>/dev/null || code=$?
  [ -n "$server_status" ] || server_status=$code
  server_pid=
}
trap 'stop_server; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

token=st-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$token" > "$work/token"
cd "$here"
"$formctl" serve "${FORMCTL_SERVE_FORMS:-forms}" --db "$work/db.sqlite" --host 127.0.0.1 --port 0 --token-file "$work/token" \
  </dev/null >/dev/null 2>"$work/server.log" &
server_pid=$!
# shellcheck source=lib/serve-port.sh
. "$here/Scripts/lib/serve-port.sh"
port=$(serve_port "$work/server.log" "$server_pid")
if [ -z "$port" ]; then
  echo "FAIL - the server did not print 'formctl serve: listening on http://127.0.0.1:PORT'; its stderr:"
  cat "$work/server.log"
  exit 1
fi
base=http://127.0.0.1:$port
echo "ok   - the server listens on $base"

failed=0
# What Schemathesis cannot see from the document: the token is enforced.
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/forms/signup/submissions")
if [ "$status" = 401 ]; then echo "ok   - GET /forms/signup/submissions without a token is 401"
else echo "FAIL - GET /forms/signup/submissions without a token is $status, not 401"; failed=1; fi
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "$base/forms/signup/submissions")
if [ "$status" = 200 ]; then echo "ok   - GET /forms/signup/submissions with the token is 200"
else echo "FAIL - GET /forms/signup/submissions with the token is $status, not 200"; failed=1; fi
status=$(curl -s -o "$work/openapi.json" -w '%{http_code}' "$base/openapi.json")
if [ "$status" = 200 ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if str(d.get("openapi","")).startswith("3.1") else 1)' "$work/openapi.json" 2>/dev/null; then
  echo "ok   - GET /openapi.json is an OpenAPI 3.1 document"
else
  echo "FAIL - GET /openapi.json is $status, not an OpenAPI 3.1 document: $(head -c 300 "$work/openapi.json" 2>/dev/null)"
  exit 1
fi

seed=${SCHEMATHESIS_SEED-20261123}
# Run in the scratch directory: Schemathesis writes its own files into the working directory.
cd "$work"
# -n bounds the cases per operation and phase (Schemathesis 4's --max-examples; 3.x called it
# --hypothesis-max-examples). No --max-time: in 4.x that makes fuzzing repeat until it is spent.
# One worker: with several (threads), Python before 3.11.8/3.12.1 can fail inside Hypothesis
# with "SystemError: AST constructor recursion depth mismatch" (CPython gh-106905), which
# Schemathesis reports as a runtime error of the run, not of the server.
timeout --signal=INT "${SCHEMATHESIS_TIMEOUT:-600}" \
  schemathesis run "$base/openapi.json" \
  --checks "${SCHEMATHESIS_CHECKS:-not_a_server_error,response_schema_conformance}" \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-30}" \
  ${seed:+--seed "$seed"} \
  --header "Authorization: Bearer $token" \
  --request-timeout 10 \
  --workers 1 \
  --generation-database none \
  --report junit --report-junit-path "$out/junit.xml" \
  --no-color
st_status=$?
case $st_status in
  0) echo "ok   - schemathesis: no server error, every response conforms to the schema" ;;
  124) echo "FAIL - schemathesis did not finish within ${SCHEMATHESIS_TIMEOUT:-600} s"; failed=1 ;;
  *) echo "FAIL - schemathesis found failures (exit $st_status; report $out/junit.xml)"; failed=1 ;;
esac

stop_server
if [ "$server_status" = 0 ]; then echo "ok   - the server stops with exit 0 on SIGTERM"
else echo "FAIL - the server did not stop with exit 0 on SIGTERM ($server_status)"; failed=1; fi
if [ "$failed" -ne 0 ]; then
  cp "$work/server.log" "$out/server.log"
  echo "the server's stderr: $out/server.log (last lines below)"
  tail -20 "$work/server.log"
fi
exit $failed

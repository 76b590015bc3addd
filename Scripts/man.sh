#!/usr/bin/env bash
# Writes docs/formctl.1, the man page, from the commands' own help with swift-argument-parser's
# generate-manual plugin. `Scripts/man.sh --check` fails when the committed page is not what the
# current commands generate (CI runs it), so the page cannot drift from `formctl --help`.
set -euo pipefail
cd "$(dirname "$0")/.."
# A fixed date keeps the page the same from one run to the next; raise it with a release. The
# debug configuration reuses the build CI has just made (the plugin builds release by default),
# with every trait, so that the page documents serve, token, deliver and webhook-secret.
swift package --traits PostgreSQL,Server,Webhooks plugin generate-manual --configuration debug --date 2026-11-23 --authors "the formctl developers" >/dev/null
generated=$(find .build/plugins -path '*GenerateManual*' -name formctl.1 | head -1)
[ -n "$generated" ] || { echo "generate-manual wrote no formctl.1" >&2; exit 1; }
if [ "${1:-}" = "--check" ]; then
  diff -u docs/formctl.1 "$generated" || { echo "docs/formctl.1 is out of date: run Scripts/man.sh" >&2; exit 1; }
else
  cp "$generated" docs/formctl.1
  echo "wrote docs/formctl.1"
fi

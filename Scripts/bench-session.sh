#!/usr/bin/env bash
# Session benchmark: 1,000 fields, 5,000 expressions, microseconds per value change.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product bench-session >/dev/null
.build/release/bench-session

#!/bin/sh
# Binding benchmark: builds bench-binding in release and runs it.
# Usage: Scripts/bench-binding.sh [ITEMS]   (default 100000)
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product bench-binding
exec .build/release/bench-binding "$@"

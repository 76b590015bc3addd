#!/usr/bin/env bash
# The default build of formctl (no traits: what a fresh clone's `swift run formctl fill FORM`
# builds) compiles no SwiftNIO, Hummingbird or BoringSSL, and its `serve` says which trait it
# needs. Built in a build directory of its own so that CI's all-traits build stays as it is.
# Prints the build's wall time; run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build-default
start=$(date +%s.%N)
swift build --product formctl --build-path "$build" 2>&1 | tee /tmp/formctl-default-build.log | tail -2
end=$(date +%s.%N)
echo "check-default-build: formctl without traits built in $(echo "$end - $start" | bc -l | cut -c1-6) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
if grep -qE "Compiling (NIO|Hummingbird|CNIOBoringSSL|CCryptoBoringSSL|PostgresNIO|FormServer|FormStorePostgres)" /tmp/formctl-default-build.log \
  || find "$build" -name 'NIOCore.swiftmodule' -print -quit | grep -q .; then
  echo "check-default-build: the default formctl build compiled SwiftNIO, Hummingbird or BoringSSL"; exit 1
fi
binary="$build/debug/formctl"
set +e
said=$("$binary" serve forms 2>&1); code=$?
set -e
if [ "$code" -ne 2 ] || ! grep -q -- "--traits Server" <<<"$said"; then
  echo "check-default-build: formctl serve without the Server trait should exit 2 naming the trait; it exited $code saying: $said"; exit 1
fi
echo "check-default-build: ok ($said)"

#!/usr/bin/env bash
# The README's Package.swift lines work as written in a new package: a package beside a
# checkout named `formctl` (as the README says to place it), with the README's Package.swift,
# builds with each of the README's library examples (Examples/quick-start, Examples/service-tour)
# as its main.swift. Built outside this package, they can use only what is public: a `package`
# declaration they needed would fail here though it compiles inside.
# Run by .ci/run; takes a few minutes (a fresh build of FormEngine and what it needs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The README's block that starts with `// swift-tools-version` is the new package's manifest.
awk '
  /^```swift$/ { inblock = 1; block = ""; next }
  inblock && /^```$/ { inblock = 0; if (block ~ /^\/\/ swift-tools-version/) { printf "%s", block; exit } ; next }
  inblock { block = block $0 "\n" }
' "$root/README.md" > "$work/Package.swift.snippet"
[ -s "$work/Package.swift.snippet" ] || { echo "check-package-snippet: the README has no Package.swift block (a swift block starting with // swift-tools-version)"; exit 1; }

ln -s "$root" "$work/formctl"
mkdir -p "$work/my-service/Sources/MyService"
cp "$work/Package.swift.snippet" "$work/my-service/Package.swift"
cp "$root/Examples/quick-start/main.swift" "$work/my-service/Sources/MyService/main.swift"
cd "$work/my-service"
echo "check-package-snippet: building a new package from the README's Package.swift in $work/my-service"
swift build 2>&1 | tee "$work/build.log" | tail -5
if grep -q "error:" "$work/build.log"; then exit 1; fi
echo "check-package-snippet: and with the service tour as its main.swift"
cp "$root/Examples/service-tour/main.swift" Sources/MyService/main.swift
swift build 2>&1 | tee -a "$work/build.log" | tail -3
if grep -q "error:" "$work/build.log"; then exit 1; fi
# traits: [] keeps SwiftNIO out of a service that stores in SQLite only.
if grep -qE "Compiling (NIO|PostgresNIO|FormStorePostgres)" "$work/build.log" || find .build -name 'NIOCore.swiftmodule' -print -quit | grep -q .; then
  echo "check-package-snippet: SwiftNIO was built though the README's lines leave out the PostgreSQL trait"; exit 1
fi
echo "check-package-snippet: the README's Package.swift builds as written"

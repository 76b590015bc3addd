#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS seconds (release, AddressSanitizer) and prints
# libFuzzer's final figures (executions, coverage). Seeds come from Fuzz/corpus/TARGET and the
# example forms; the growing corpus stays in .build-fuzz/corpus/TARGET; a crash is written to
# .build-fuzz/findings/TARGET/ (replay it with `swift run fuzz-TARGET FILE`, then make it a test).
#
#   Scripts/fuzz.sh json|definition|expression|answers|csv|terminal-keys|http-answers SECONDS
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Scripts/fuzz.sh json|definition|expression|answers|csv|terminal-keys|http-answers SECONDS}
seconds=${2:-60}
case $target in json|definition|expression|answers|csv|terminal-keys|http-answers) ;; *) echo "unknown fuzz target: $target" >&2; exit 2 ;; esac

# Coverage as libFuzzer reads it (-sanitize=fuzzer would also link libFuzzer's main into the
# build plugin's tool, which has its own); the target calls libFuzzer's driver itself.
flags=(-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
  -Xswiftc -DFUZZING)
fuzzer_lib=$(find "$(dirname "$(dirname "$(command -v swiftc)")")/lib" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -1)
[ -n "$fuzzer_lib" ] || { echo "libFuzzer (libclang_rt.fuzzer_no_main) not found in the Swift toolchain" >&2; exit 3; }
flags+=(-Xlinker "$fuzzer_lib" -Xlinker -lstdc++)
swift build -c release --build-path .build-fuzz --product "fuzz-$target" "${flags[@]}" >&2
binary="$(swift build -c release --build-path .build-fuzz --show-bin-path "${flags[@]}")/fuzz-$target"

corpus=.build-fuzz/corpus/$target
findings=.build-fuzz/findings/$target
mkdir -p "$corpus" "$findings"
seeds=(Fuzz/corpus/$target)
case $target in json|definition) seeds+=(forms Tests/Fixtures) ;; esac

# Leaks are looked for after inputs that find new coverage and at exit; Fuzz/lsan.supp leaves
# out Swift globals, initialised once, whose pointers LeakSanitizer cannot see. Allocation
# stacks are kept 128 frames deep (30 by default) so that a global built through deep recursion
# (a form's nested expressions, parsed once) still shows the initialiser those rules match.
ASAN_OPTIONS="malloc_context_size=128" \
LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" \
"$binary" "$corpus" "${seeds[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=8192 -print_final_stats=1 -artifact_prefix="$findings/" 2>&1 |
  grep -aE "^(#[0-9]+[[:space:]]+DONE|Done|stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written|INFO: seed corpus)" || true
if ls "$findings"/* >/dev/null 2>&1; then
  echo "findings in $findings:" >&2; ls "$findings" >&2; exit 1
fi

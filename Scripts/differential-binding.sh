#!/bin/sh
# Binds many generated definitions and data with formctl's binder and with the reference model
# in Tests/FormCoreTests/Differential, and reports every case where they disagree.
#
#   Scripts/differential-binding.sh [CASES] [FIRST_SEED] [SEEDS]
#
# Runs CASES cases (default 5000) for each of SEEDS seeds (default 4) from FIRST_SEED (default 1).
set -eu
cd "$(dirname "$0")/.."
cases=${1:-5000}
first=${2:-1}
seeds=${3:-4}
swift build --build-tests >/dev/null
status=0
seed=$first
while [ "$seed" -lt $((first + seeds)) ]; do
    if FORMCTL_DIFFERENTIAL_CASES=$cases FORMCTL_DIFFERENTIAL_SEED=$seed \
        swift test --skip-build --filter 'DifferentialBindingTests/binderAndReferenceAgree' >/tmp/differential-$$.log 2>&1; then
        echo "seed $seed: $cases cases agree"
    else
        echo "seed $seed: disagreement"
        sed -n '/cases disagree/,/Test binderAndReferenceAgree() failed/p' /tmp/differential-$$.log
        status=1
    fi
    seed=$((seed + 1))
done
rm -f /tmp/differential-$$.log
exit $status

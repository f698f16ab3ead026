#!/usr/bin/env bash
# False-alarm check: a long campaign on inputs without special values (MLF_NO_SPECIALS=1:
# plain numbers, no NaN, Inf, missing values, subnormals or extreme scales) where the only
# BLAS are the netlib reference BLAS and the instrumented OpenBLAS (LAPACK: netlib and OpenBLAS
# serial). The oracles must raise nothing new: a new finding is an oracle bug or a library bug
# on plain data (then recorded as known; the known library bugs that plain data reaches are
# skipped as in any campaign). One campaign (scripts/campaign.sh, libFuzzer only) of N seconds
# per target; its table is build/false-alarm/<date>/summary.txt.
# Usage: scripts/false-alarm.sh [--seconds N] [--jobs J] [TARGET...]
#   (default: every target, 600 s each, one process per core)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600 jobs=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) break ;;
  esac
done
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls out/libfuzzer)
export MLF_NO_SPECIALS=1 MLF_BLAS_BACKENDS=netlib,openblas MLF_LAPACK_BACKENDS=netlib,openblas-serial
scripts/campaign.sh --seconds $((seconds * ${#targets[@]})) --jobs "$jobs" --engines libfuzzer --out build/false-alarm \
  "${targets[@]}"

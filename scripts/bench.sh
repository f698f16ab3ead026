#!/usr/bin/env bash
# make bench: throughput numbers for the closing notes, as one table in one run.
#  - mutator_throughput: the whole cycle an engine sees (unpack, mutate, post-process, pack)
#    per message type and size budget (bench/mutator_bench.c, no sanitizers);
#  - guard_alloc_free_ns: one guard-page buffer allocation and release (bench/guard_bench.c);
#  - per target: libFuzzer exec/s on one core with the ASan build, all backends, sizes capped
#    at MLF_GEMM_MAX_DIM (32), and the share of time spent outside the libraries (mutator,
#    decode, reference, guard pages, comparison) = 1 - library time / total time.
# BENCH_SECONDS sets the fuzzing time per target (default 20). Results: bench-results/.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
seconds=${BENCH_SECONDS:-20}
dir=bench-results
mkdir -p "$dir"
result=$dir/latest.txt
{
  echo "# mlfuzz bench $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  out/bench/mutator_bench
  out/bench/guard_bench
  for bin in out/libfuzzer/*; do
    t=$(basename "$bin")
    work=$(mktemp -d)
    cp build/corpora/"$t"/*.bin "$work/"
    MLF_GEMM_MAX_DIM=32 MLF_PROFILE=1 taskset -c 0 "$bin" "$work" -max_total_time="$seconds" \
      -print_final_stats=1 -artifact_prefix="$work/" >"$work/log" 2>&1 || true
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
    lib=$(sed -n 's/^mlf-profile: library_seconds=//p' "$work/log")
    elapsed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$work/log")
    if [ -z "$execs" ] || [ -z "$lib" ] || [ -z "$elapsed" ]; then
      echo "target_exec_per_s $t FAILED (see below)"; tail -n 20 "$work/log"
    else
      awk -v t="$t" -v e="$execs" -v r="$rate" -v l="$lib" -v s="$elapsed" 'BEGIN {
        printf "target_exec_per_s %s %d (executions %d in %d s, one core, ASan, sizes <= 32)\n", t, r, e, s
        printf "target_outside_library_share %s %.1f%% (library %.2f s of %d s)\n", t, 100 * (1 - l / s), l, s }'
    fi
    rm -rf "$work"
  done
} | tee "$result"
echo "bench: results in $result"

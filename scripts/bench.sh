#!/usr/bin/env bash
# make bench: throughput numbers for the closing notes, as one table in one run.
#  - mutator_throughput: the whole cycle an engine sees (unpack, mutate, post-process, pack)
#    per message type and size budget (bench/mutator_bench.c, no sanitizers);
#  - guard_alloc_free_ns: one guard-page buffer allocation and release (bench/guard_bench.c);
#  - per target: libFuzzer exec/s on one core with the ASan build, all backends, sizes capped
#    at MLF_GEMM_MAX_DIM (32): by the wall clock, and per second of the process's own CPU time
#    (which other load on a shared machine does not move); and the share of time spent outside
#    the libraries (engine, mutator, decode, reference, guard pages, comparison)
#    = 1 - library time / total time, measured (not estimated) by the target itself with
#    MLF_PROFILE=1 (oracles/mlf_profile.h): process CPU time between mlf_capture_begin and
#    mlf_capture_end, which bracket every library call of every harness, against the process
#    CPU time since the target's init, summed over the runs (a run that ends on a finding
#    prints it before aborting; one that ends on a sanitizer crash does not). Library calls
#    made in a forked child (blas_errors' isolation) are not counted, so that share is an
#    upper bound. A target that brackets no library call reports "unknown".
#  - per BLAS target: OpenBLAS coverage reached by the structure-aware mutator and by plain
#    byte-level libFuzzer in the same time from the same seeds (scripts/bench-coverage.sh,
#    BENCH_COVERAGE_SECONDS per mode and seed, default 15; details and plots in build/bench/).
#  - LEMON campaign (out/bench/lemon_campaign, bench/lemon/): LEMON guidance vs LEMON_r vs
#    feedback-only corpus at BENCH_LEMON_BUDGET model executions per mode (default 2000,
#    about 2.5 minutes for the three modes on 2 busy cores): exec/s, valid share, the paper's
#    Table 5 per library pair, findings, D_MAD > 0.4 against bound violations.
#  - MoCo (scripts/bench-moco.sh, bench/moco/): per moco_* target, functions in the spec and
#    reached, exec/s, reports, true bugs, false positives, precision, and coverage inside the
#    instrumented libraries against a byte-level baseline of the same library, BENCH_MOCO_SECONDS
#    per target and mode (default 60); also in build/bench/moco.txt.
#  - aNNoTest (scripts/bench-annotest.sh, bench/annotest/): per annotest_* target, annotated
#    functions, annotations per function, valid-input rate against a byte-level baseline of the
#    same functions and annotations, exec/s, reports, true bugs, spurious reports, precision,
#    BENCH_ANNOTEST_SECONDS per target and mode (default 60); also in build/bench/annotest.txt.
#  - Keeper (scripts/bench-keeper.sh, bench/keeper/): per evaluation subject (a small program
#    branching on OCR or speech output, with planted defects), branch coverage of Keeper's
#    clause-directed inputs vs random real inputs vs byte-level libFuzzer on the subject,
#    failures found vs defects carried, repair suggestions and whether they fix the defect,
#    OCR/ASR executions per second (BENCH_KEEPER_N inputs per clause, default 5); then per
#    engine pair (Tesseract/ocrad; PocketSphinx's language model/grammar) determinable failures
#    per hour (BENCH_KEEPER_PAIR_SECONDS per pair, default 60); 5.6 minutes in all, measured
#    on two cores; also in build/bench/keeper.txt.
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
    mkdir "$work/corpus" "$work/artifacts"
    cp build/corpora/"$t"/*.bin "$work/corpus/"
    # A new library finding ends a libFuzzer run; the bench then starts another on the grown
    # corpus until the time is used. Library time comes from runs that printed their profile.
    execs=0 elapsed=0 restarts=0 lib_s=0 cpu_s=0 cpu_execs=0
    start=$(date +%s.%N)
    while awk -v s="$start" -v now="$(date +%s.%N)" -v T="$seconds" 'BEGIN { exit !(now - s < T - 1) }'; do
      left=$(awk -v s="$start" -v now="$(date +%s.%N)" -v T="$seconds" 'BEGIN { printf "%d", T - (now - s) }')
      t0=$(date +%s.%N)
      MLF_GEMM_MAX_DIM=32 MLF_PROFILE=1 taskset -c 0 "$bin" "$work/corpus" -max_total_time="$left" -timeout=20 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/" >"$work/log" 2>&1 || restarts=$((restarts + 1))
      t1=$(date +%s.%N)
      run_execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
      run_lib=$(sed -n 's/^mlf-profile: library_seconds=\([0-9.]*\) total_seconds=.*/\1/p' "$work/log")
      run_cpu=$(sed -n 's/^mlf-profile: library_seconds=.* total_seconds=//p' "$work/log")
      execs=$((execs + ${run_execs:-0}))
      elapsed=$(awk -v a="$elapsed" -v b="$t0" -v c="$t1" 'BEGIN { print a + c - b }')
      if [ -n "$run_lib" ] && [ -n "$run_cpu" ]; then
        lib_s=$(awk -v a="$lib_s" -v b="$run_lib" 'BEGIN { print a + b }')
        cpu_s=$(awk -v a="$cpu_s" -v b="$run_cpu" 'BEGIN { print a + b }')
        cpu_execs=$((cpu_execs + ${run_execs:-0}))
      fi
    done
    awk -v t="$t" -v e="$execs" -v s="$elapsed" -v l="$lib_s" -v c="$cpu_s" -v ce="$cpu_execs" -v r="$restarts" 'BEGIN {
      printf "target_exec_per_s %s %d (executions %d in %.0f s, one core, ASan, sizes <= 32, %d restarts after findings)\n", t, e / s, e, s, r
      if (c > 0) printf "target_exec_per_cpu_s %s %d (executions %d in %.2f s of the process CPU time: the rate on an idle core)\n", t, ce / c, ce, c
      if (c > 0 && l > 0) printf "target_outside_library_share %s %.1f%% (library %.2f s of %.2f s CPU in runs that printed their profile)\n", t, 100 * (1 - l / c), l, c
      else if (c > 0) printf "target_outside_library_share %s unknown (no library call bracketed by mlf_capture)\n", t
      else printf "target_outside_library_share %s unknown (every run ended on a crash)\n", t }'
    rm -rf "$work"
  done
  # LEMON campaign (bench/lemon/lemon_campaign.c): LEMON guidance vs LEMON_r vs feedback only
  # at the same budget of model executions, the paper's Table 5, valid share, exec/s.
  campaign=out/bench/lemon_campaign
  if [ ! -x "$campaign" ]; then
    echo "bench: $campaign is missing (build it: make $campaign)" >&2
    exit 1
  fi
  "$campaign" --seed 1 --budget "${BENCH_LEMON_BUDGET:-2000}" --mode all
  scripts/bench-coverage.sh
  scripts/bench-moco.sh
  scripts/bench-annotest.sh
  scripts/bench-keeper.sh
} | tee "$result"
echo "bench: results in $result"

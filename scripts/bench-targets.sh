#!/usr/bin/env bash
# Per-target part of make bench (scripts/bench.sh explains the three numbers): libFuzzer exec/s
# on one core from the target's seeds, per wall and per CPU second, and the share of CPU time
# outside the libraries (MLF_PROFILE=1). Arguments name the targets (default: every
# out/libfuzzer target); BENCH_SECONDS sets the time per target (default 20).
#   scripts/bench-targets.sh blas_gemm blas_lapack
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
seconds=${BENCH_SECONDS:-20}
if [ $# -eq 0 ]; then
  set -- $(ls out/libfuzzer)
fi
for t in "$@"; do
  bin=out/libfuzzer/$t
  if [ ! -x "$bin" ]; then
    echo "bench-targets: $bin is missing (build it: make $bin)" >&2
    exit 1
  fi
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

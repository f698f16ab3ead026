#!/usr/bin/env bash
# make bench, LEMON speed on the seed models (issue 15: lemon_model ran 8 executions per second):
# out/libfuzzer/lemon_model executes every seed model BENCH_LEMON_SPEED_ROUNDS times (default
# 40) in one process on one core (libFuzzer's file mode: no mutation, so every round runs the
# same models), with the ASan build and every backend and variant. Prints executions per
# second of wall time and per second of CPU time (user + system, every thread: on a shared
# machine the CPU rate is what an idle core would give), and the share of wall time outside
# the libraries (the harness's MLF_PROFILE accounting: oneDNN descriptor search, primitive
# creation and execution, XNNPACK subgraph runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BENCH_LEMON_SPEED_BIN:-out/libfuzzer/lemon_model}  # another build, to compare
rounds=${BENCH_LEMON_SPEED_ROUNDS:-40}
seeds=(build/corpora/lemon_model/*.bin)
inputs=()
for ((r = 0; r < rounds; r++)); do inputs+=("${seeds[@]}"); done
log=$(mktemp)
trap 'rm -f "$log" "$log.time"' EXIT
TIMEFORMAT='%R %U %S'
{ time MLF_PROFILE=1 timeout 600 taskset -c 0 "$bin" -timeout=20 "${inputs[@]}" >"$log" 2>&1; } 2>"$log.time"
read -r wall user sys <"$log.time"
library=$(sed -n 's/^mlf-profile: library_seconds=//p' "$log")
awk -v n="${#inputs[@]}" -v m="${#seeds[@]}" -v w="$wall" -v u="$user" -v s="$sys" -v l="$library" 'BEGIN {
  printf "lemon_seed_exec_per_s %.1f (%d executions of the %d seed models in %.2f s wall; %.1f per CPU second, %.2f s CPU; one core, ASan, every backend and variant)\n", n / w, n, m, w, n / (u + s), u + s
  if (l == "") print "lemon_seed_outside_library_share unknown (the build prints no mlf-profile line)"
  else printf "lemon_seed_outside_library_share %.1f%% (library %.2f s of %.2f s wall)\n", 100 * (1 - l / w), l, w }'

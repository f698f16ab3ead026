# shellcheck shell=bash
# Shared parts of the coverage benches (sourced by scripts/bench-coverage.sh and
# scripts/bench-moco.sh): one bounded libFuzzer run in fork mode as `make fuzz` runs it, the
# corpus files written within a time of its start, and the replay of a corpus that lists every
# instrumented function with its covered/total PCs and source file.
# Needs: $symbolizer (llvm-symbolizer-16).

# bench_fuzz RUNDIR CORE SECONDS SEED_DIR BINARY [LIBFUZZER_ARG...]: copies the seeds
# (SEED_DIR/*, files only) into RUNDIR/corpus and fuzzes for exactly SECONDS on CORE (timeout(1)
# ends the whole run: fork mode would otherwise finish its job in flight, whose length varies).
# Options are those of scripts/campaign.sh: a new finding ends a job, not the run; crash,
# timeout and oom inputs go to RUNDIR/artifacts/. Start time in RUNDIR/start, output in RUNDIR/log.
bench_fuzz() {
  local run=$1 core=$2 seconds=$3 seeds=$4 bin=$5
  shift 5
  rm -rf "$run"; mkdir -p "$run/corpus" "$run/artifacts" "$run/tmp"
  find "$seeds" -maxdepth 1 -type f -exec cp -t "$run/corpus" {} +
  date +%s.%N >"$run/start"
  # TMPDIR: libFuzzer's fork directory, left behind when timeout ends the run
  TMPDIR=$run/tmp timeout "$seconds" taskset -c "$core" "$bin" \
    "$run/corpus" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -timeout=20 \
    -max_total_time="$seconds" "$@" -artifact_prefix="$run/artifacts/" \
    -print_final_stats=1 >"$run/log" 2>&1 || true
  rm -rf "$run/tmp"
  grep -q '^INFO: -fork=1: fuzzing in separate process' "$run/log" ||
    { tail -n 20 "$run/log" >&2; echo "bench: $bin did not start" >&2; return 1; }
  grep -q '^INFO: -fork=1: [0-9]* seed inputs' "$run/log" ||
    echo "bench: $bin: the seed corpus was not even loaded within ${seconds}s" >&2
}

# bench_execs RUNDIR: the executions libFuzzer's fork parent counted (its last status line).
bench_execs() {
  local last
  last=$(grep -E '^#[0-9]+: cov:' "$1/log" | tail -n 1 || true)
  last=${last%%:*}
  echo "${last#\#}"
}

# bench_files_until RUNDIR [SECONDS]: the corpus files written within SECONDS of the start (all).
bench_files_until() {
  find "$1/corpus" -type f -printf '%T@ %p\n' |
    awk -v s="$(cat "$1/start")" -v d="${2:-}" 'd == "" || $1 <= s + d { print $2 }'
}

# bench_coverage_replay BINARY DIR CORE: replays DIR/corpus once with -runs=0 -print_coverage=1;
# DIR/log then lists every instrumented function ("COVERED_FUNC: hits: H edges: C/T name file:line")
# and the replay's "DONE cov:". A corpus input that hits a new finding aborts the replay; it
# is removed from DIR/corpus and the replay restarts (a failure without a saved input is retried
# twice, then this fails). Prints the number of inputs so excluded.
bench_coverage_replay() {
  local bin=$1 m=$2 core=$3 excluded=0 retries=0
  # detect_leaks=0: LeakSanitizer's exit-time scan (irrelevant here) can fault among the
  # threads of dlopen'ed libraries, and libFuzzer then dies while printing coverage.
  # shellcheck disable=SC2154 # symbolizer: set by the sourcing script
  until ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:external_symbolizer_path=$symbolizer" \
        taskset -c "$core" "$bin" -runs=0 -timeout=20 -print_coverage=1 -artifact_prefix="$m/" \
        "$m/corpus" >"$m/log" 2>&1; do
    local found=0
    for a in "$m"/crash-* "$m"/timeout-* "$m"/oom-* "$m"/leak-*; do
      [ -f "$a" ] || continue
      for f in "$m"/corpus/*; do cmp -s "$a" "$f" && { rm -f "$f"; found=1; excluded=$((excluded + 1)); }; done
      rm -f "$a"
    done
    [ "$found" = 1 ] || retries=$((retries + 1))
    [ "$excluded" -le 50 ] && [ "$retries" -le 2 ] ||
      { tail -n 20 "$m/log" >&2; echo "bench: coverage replay of $m/corpus failed" >&2; return 1; }
    [ "$found" = 1 ] || cp "$m/log" "$m/failed-$retries.log"
  done
  echo "$excluded"
}

# bench_status_of REGISTRY TAG: the upstream status the registry (a known_findings.tsv, whose
# rows are shell patterns) gives TAG, or nothing.
bench_status_of() {
  local pattern status
  while IFS=$'\t' read -r pattern _ _ status _; do
    case $pattern in ''|'#'*) continue ;; esac
    # shellcheck disable=SC2053
    if [[ $2 == $pattern ]]; then echo "$status"; return; fi
  done <"$1"
}

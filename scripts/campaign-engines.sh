# shellcheck shell=bash
# The two engines as scripts/campaign.sh drives them (sourced; the working directory is the
# clone). Each engine has four functions over one run directory RUN:
#   engine_run_<e> RUN TARGET SECONDS JOBS INPUT_TIMEOUT [VAR=VALUE...]
#       fuzzes from the seeds in build/corpora/TARGET (or one empty input) for SECONDS with JOBS processes (libFuzzer
#       -fork=JOBS; AFL++ instances main-<host> and secondary<i>-<host> over RUN/sync, a
#       link to $CAMPAIGN_AFL_SYNC_ROOT/<run id> when that is set: see engine_run_afl), every input
#       bounded by INPUT_TIMEOUT (libFuzzer -timeout, afl-fuzz -t) and every process by timeout(1);
#       the VAR=VALUE pairs (a kernel set) go into the environment. RUN/start: its start (epoch).
#   engine_stats_<e> RUN      "execs exec/s coverage corpus findings" now (0s before any output)
#   engine_series_<e> RUN     the time series, one line per point: seconds into the run, execs,
#                             exec/s, coverage (edges), corpus, findings (inputs saved)
#   engine_artifacts_<e> RUN  the inputs the engine saved as crashes, timeouts/hangs, leaks, ooms
#   engine_sample_<e> RUN T   (AFL++ only) one series point at T seconds into the run, which the
#                             campaign calls every 2 s
# libFuzzer's series is its fork-mode status lines, stamped with seconds into the run as they
# come (RUN/log); AFL++'s the campaign's samples and the plot_data of each instance, summed
# (execs, exec/s, findings) or maxed (edges, corpus) over instances every 5 s.

. scripts/leak-check.sh

# ASAN_OPTIONS for target $1: the caller's, with leak detection where LeakSanitizer can run.
campaign_asan_options() {
  local leaks=0
  ! mlf_leak_check "$1" || leaks=1
  echo "${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$leaks"
}

# Copies the target's seed corpus (the encoded top-level seeds, not regress/) into $2; with
# CAMPAIGN_EMPTY_SEEDS=1 (campaign.sh --empty-seeds) one empty input instead, for engine $3.
# AFL++ refuses an empty file ("No usable test cases"), so its input is one zero byte: no
# target decodes it, and the custom mutator starts from the empty message
# (mlf_parse_or_default).
campaign_seeds() {
  mkdir -p "$2"
  if [ "${CAMPAIGN_EMPTY_SEEDS:-0}" = 1 ]; then
    if [ "$3" = afl ]; then printf '\0' >"$2/empty"; else : >"$2/empty"; fi
    return
  fi
  find "build/corpora/$1" -maxdepth 1 -name '*.bin' -exec cp -t "$2" {} +
}

# Copies its input to its output, each line prefixed "<seconds since $1><TAB>" as it comes.
stamp_lines() {
  local line
  while IFS= read -r line; do printf '%d\t%s\n' $((EPOCHSECONDS - $1)) "$line"; done
}

engine_run_libfuzzer() {
  local run=$1 t=$2 secs=$3 jobs=$4 input_timeout=$5
  shift 5
  mkdir -p "$run/artifacts" "$run/tmp"
  campaign_seeds "$t" "$run/corpus" libfuzzer
  local t0; t0=$(date +%s)
  echo "$t0" >"$run/start"
  # fork mode keeps fuzzing past a finding (a child's crash, timeout, leak or oom lands in
  # artifacts/); TMPDIR holds the fork directory, which timeout(1) can leave behind.
  env "$@" TMPDIR="$run/tmp" ASAN_OPTIONS="$(campaign_asan_options "$t")" \
    timeout -s INT -k 5 "$secs" out/libfuzzer/"$t" "$run/corpus" -fork="$jobs" \
    -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -timeout="$input_timeout" \
    -max_total_time="$secs" -artifact_prefix="$run/artifacts/" -print_final_stats=1 2>&1 |
    stamp_lines "$t0" >"$run/log" || true
  rm -rf "$run/tmp"
}

# Fields of libFuzzer's fork-mode status lines ("#N: cov: C ft: F corp: K exec/s: E
# oom/timeout/crash: a/b/c time: Ts ..."), stamped "T<TAB>": time execs exec/s cov corp findings.
libfuzzer_status_lines() {
  [ -f "$1/log" ] || return 0
  awk -F'\t' '$2 ~ /^#[0-9]+: cov: / {
      split($2, w, " "); n = substr(w[1], 2); sub(/:$/, "", n)
      for (i = 2; i <= length(w); i++) {
        if (w[i] == "cov:") cov = w[i + 1]; else if (w[i] == "corp:") corp = w[i + 1]
        else if (w[i] == "exec/s:") rate = w[i + 1]
        else if (w[i] == "oom/timeout/crash:") { split(w[i + 1], f, "/"); found = f[1] + f[2] + f[3] }
      }
      print $1, n, rate, cov, corp, found }' "$1/log"
}

engine_series_libfuzzer() { libfuzzer_status_lines "$1"; }

engine_stats_libfuzzer() {
  local last; last=$(libfuzzer_status_lines "$1" | tail -n 1)
  [ -n "$last" ] && echo "${last#* }" || echo "0 0 0 0 0"
}

# (A run that saved nothing may have no artifacts/ or crashes/ directory: that is an empty list,
# not a failure, for the callers running under set -e and pipefail.)
engine_artifacts_libfuzzer() {
  find "$1/artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'leak-*' \
    -o -name 'oom-*' \) 2>/dev/null || true
}

engine_run_afl() {
  local run=$1 t=$2 secs=$3 jobs=$4 input_timeout=$5
  shift 5
  campaign_seeds "$t" "$run/seeds" afl
  # A shared sync directory (CAMPAIGN_AFL_SYNC_ROOT/<run id>, kept between campaigns and
  # machines) or the run's own.
  if [ -n "${CAMPAIGN_AFL_SYNC_ROOT:-}" ]; then
    mkdir -p "$CAMPAIGN_AFL_SYNC_ROOT/${run##*/}"
    ln -s "$(realpath "$CAMPAIGN_AFL_SYNC_ROOT/${run##*/}")" "$run/sync"
  else
    mkdir -p "$run/sync"
  fi
  date +%s >"$run/start"
  (
    . scripts/afl-env.sh
    export AFL_CUSTOM_MUTATOR_LIBRARY=$PWD/out/afl/$t.mutator.so
    # resume what an earlier campaign left in a shared sync directory; calibrate the seeds in
    # half the time (AFL++'s advice for short runs, docs/fuzzing_in_depth.md "CI fuzzing")
    export AFL_AUTORESUME=1 AFL_FAST_CAL=1
    # Every instance named after the machine. Only a sync directory shared between machines
    # gets a -M main (AFL++'s docs/fuzzing_in_depth.md: one per machine, the one copied to the
    # others); otherwise all are -S and AFL++ elects a temporary main that syncs from all. -M
    # "sets -Z and disables trimming" (afl-fuzz 4.04c usage): the queue is walked in order, each
    # entry getting the custom mutator's fuzz_count, whatever it costs, in place of the
    # weighted choice that favours fast entries (compute_weight: avg_exec_us / exec_us).
    # keeper_render (a scene costs under 1 to 150 ms) made 72 exec/s as -M, 605 as -S (180 s).
    local i role=-S name host
    host=$(hostname -s)
    [ -z "${CAMPAIGN_AFL_SYNC_ROOT:-}" ] || role=-M
    for ((i = 0; i < jobs; i++)); do
      if [ "$i" -eq 0 ]; then name=main-$host; else role=-S name=secondary$i-$host; fi
      # LEMON's rule statistics shared by an instance's custom mutator and its target
      # (lemon_guidance.h): one file per instance.
      # Each instance with its target on a core of its own (taskset; the cores in turn), as
      # afl-fuzz binds itself where AFL_NO_AFFINITY is not needed: handing an input over is
      # then a switch on one core, not a wake-up on another (annotest_lapacke, 40 s each,
      # 2026-11-28: 26,182 exec/s pinned, 14,733 free).
      env "$@" MLF_LEMON_GUIDANCE_FILE="$run/lemon-guidance-$name" taskset -c $((i % $(nproc))) \
        timeout -s INT -k 5 "$secs" afl-fuzz -i "$run/seeds" -o "$run/sync" "$role" "$name" \
        -V "$secs" -t $((input_timeout * 1000)) -- out/afl/"$t" >"$run/afl-$name.log" 2>&1 &
    done
    wait
  ) || true
}

# AFL++ 4.04c writes plot_data and fuzzer_stats at the start, at the end and, after its first
# minute, every 5 and 60 s. So the campaign samples an AFL++ run every 2 s (engine_sample_afl
# into RUN/samples.tsv): corpus (the largest instance queue) and saved inputs from the
# directories, executions, exec/s and edges from plot_data when its newest row is at most
# 10 s old ("-" otherwise).

# Every instance's plot_data sampled every 5 s up to the last point: per sample the last row of
# each instance at or before it; execs, exec/s and findings summed, edges and corpus maxed.
afl_plot_series() {
  local files=("$1"/sync/*/plot_data)
  [ -f "${files[0]}" ] || return 0
  awk -F', *' '
    FNR == 1 { inst++ }
    /^#/ { for (i = 1; i <= NF; i++) { h = $i; sub(/^# */, "", h); col[h] = i }; next }
    { k = ++rows[inst]; t[inst, k] = $col["relative_time"]
      ex[inst, k] = $col["total_execs"]; rate[inst, k] = $col["execs_per_sec"]
      edges[inst, k] = $col["edges_found"]; corp[inst, k] = $col["corpus_count"]
      found[inst, k] = $col["saved_crashes"] + $col["saved_hangs"]
      if ($col["relative_time"] > end) end = $col["relative_time"] }
    END {
      for (s = 0; s <= end + 4; s += 5) {
        e = r = f = ed = c = any = 0
        for (i = 1; i <= inst; i++) {
          k = 0
          for (j = 1; j <= rows[i]; j++) if (t[i, j] <= s) k = j
          if (!k) continue
          any = 1; e += ex[i, k]; r += rate[i, k]; f += found[i, k]
          if (edges[i, k] > ed) ed = edges[i, k]; if (corp[i, k] > c) c = corp[i, k]
        }
        if (any) printf "%d %d %.0f %d %d %d\n", s, e, r, ed, c, f
      }
    }' "${files[@]}"
}

# "corpus saved-inputs" now, from the instances' directories.
afl_live_counts() {
  local q n corpus=0
  for q in "$1"/sync/*/queue; do
    [ -d "$q" ] || continue
    n=$(find "$q" -maxdepth 1 -type f -name 'id:*' | wc -l)
    [ "$n" -le "$corpus" ] || corpus=$n
  done
  echo "$corpus $(engine_artifacts_afl "$1" | wc -l)"
}

# RUN SECONDS-INTO-RUN: one sample line (see above).
engine_sample_afl() {
  local corpus found last
  read -r corpus found < <(afl_live_counts "$1")
  last=$(afl_plot_series "$1" | tail -n 1)
  if [ -n "$last" ] && [ "${last%% *}" -ge $(($2 - 10)) ]; then
    read -r _ execs rate cov _ < <(echo "$last")
    echo "$2 $execs $rate $cov $corpus $found"
  else
    echo "$2 - - - $corpus $found"
  fi
}

# The samples and plot_data's own points, by time.
engine_series_afl() {
  { cat "$1/samples.tsv" 2>/dev/null; afl_plot_series "$1"; } | sort -n -k1,1
}

# plot_data's last point with the live corpus and saved inputs.
engine_stats_afl() {
  local last corpus found
  last=$(afl_plot_series "$1" | tail -n 1)
  read -r corpus found < <(afl_live_counts "$1")
  read -r _ execs rate cov _ < <(echo "${last:-0 0 0 0 0 0}")
  echo "$execs $rate $cov $corpus $found"
}

engine_artifacts_afl() {
  find "$1"/sync/*/crashes "$1"/sync/*/hangs -maxdepth 1 -type f -name 'id:*' 2>/dev/null || true
}

#!/usr/bin/env bash
# Executions per second of each target under libFuzzer and under AFL++, as a campaign runs them
# (scripts/campaign-engines.sh: same seeds, same options, one process each), one run after the
# other for the same time so all see the same machine load; beside them libFuzzer in one plain
# process (no -fork, whose jobs each re-run the target's init). Prints one line per target:
#   target  libfuzzer(-fork=1)  libfuzzer(plain)  afl  afl/(faster libFuzzer)  loads  afl mode
# loads: the 1-min load average before each of the three runs; afl mode: the target mode
# afl-fuzz reported (it must read "persistent ... deferred": see scripts/afl-env.sh).
# exec/s = executions done / seconds run, start-up included.
# Usage: scripts/engine-speed.sh [--seconds S] [--out DIR] TARGET...
#   (default 60 s per engine; runs stay in DIR, default build/engine-speed/<date>)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 out=build/engine-speed/$(date +%Y%m%d-%H%M%S)
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -*) echo "engine-speed: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--seconds S] [--out DIR] TARGET..." >&2; exit 2; }
. scripts/campaign-engines.sh
for t; do
  for f in out/libfuzzer/"$t" out/afl/"$t" out/afl/"$t".mutator.so; do
    [ -f "$f" ] || { echo "engine-speed: $f is not built (make $f)" >&2; exit 2; }
  done
done

load() { cut -d' ' -f1 /proc/loadavg; }
rate() { awk -v n="$1" -v s="${2:-$seconds}" 'BEGIN { printf "%.1f", n / s }'; }

# Target $1 under libFuzzer in one process from the seeds for $seconds in run directory $2:
# "executions seconds" (a new finding ends the run early; the seconds are those it ran).
libfuzzer_plain() {
  mkdir -p "$2/artifacts"
  campaign_seeds "$1" "$2/corpus"
  local t0 t1
  t0=$(date +%s.%N)
  ASAN_OPTIONS="$(campaign_asan_options "$1")" timeout -s INT -k 5 $((seconds + 30)) \
    out/libfuzzer/"$1" "$2/corpus" -timeout=20 -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$2/artifacts/" >"$2/log" 2>&1 || true
  t1=$(date +%s.%N)
  echo "$(sed -n 's/^stat::number_of_executed_units: *//p' "$2/log" | tail -n 1) $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
}

mkdir -p "$out"
row() { printf '%-18s %10s %10s %10s %6s  %-16s %s\n' "$@"; }
row target lf_fork1 lf_plain afl ratio loads afl_mode | tee "$out/table.txt"
for t; do
  load_fork=$(load)
  engine_run_libfuzzer "$out/$t-libfuzzer" "$t" "$seconds" 1 20
  read -r fork_execs _ < <(engine_stats_libfuzzer "$out/$t-libfuzzer")
  load_plain=$(load)
  read -r plain_execs plain_seconds < <(libfuzzer_plain "$t" "$out/$t-libfuzzer-plain")
  load_afl=$(load)
  engine_run_afl "$out/$t-afl" "$t" "$seconds" 1 20
  read -r afl_execs _ < <(engine_stats_afl "$out/$t-afl")
  mode=$(sed -n 's/^target_mode *: *//p' "$out/$t-afl"/sync/*/fuzzer_stats | tail -n 1)
  fork=$(rate "$fork_execs") plain=$(rate "${plain_execs:-0}" "$plain_seconds") afl=$(rate "$afl_execs")
  ratio=$(awk -v a="$afl" -v f="$fork" -v p="$plain" 'BEGIN { l = f > p ? f : p
    if (l > 0) printf "%.2f", a / l; else print "-" }')
  row "$t" "$fork" "$plain" "$afl" "$ratio" "$load_fork/$load_plain/$load_afl" "$mode" |
    tee -a "$out/table.txt"
done
echo "runs in $out" >&2

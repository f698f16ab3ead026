#!/usr/bin/env bash
# Short fuzzing campaign: every given target under libFuzzer and AFL++ (both with the
# structure-aware mutator) for --seconds each, known findings suppressed, then a findings
# table: target, engine, executions, exec/s, coverage, and each finding with its tag and the
# command that reproduces it. Every input is bounded (--input-timeout, default 20 s: libFuzzer
# -timeout, afl-fuzz -t); an input that runs longer is a finding (a hang), never a stall, and
# each engine run is killed at its budget plus a minute at the latest. Results stay in
# build/campaign/.
# Usage: scripts/run-campaign.sh [--seconds N] [--input-timeout S] [--engines libfuzzer,afl] TARGET...
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
seconds=30 engines=libfuzzer,afl input_timeout=20
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --input-timeout) input_timeout=$2; shift 2 ;;
    --engines) engines=$2; shift 2 ;;
    -*) echo "run-campaign: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--seconds N] [--input-timeout S] [--engines libfuzzer,afl] TARGET..." >&2; exit 2; }
# A leak on a valid input is a finding (libFuzzer saves it as leak-*, the replay driver's
# LeakSanitizer shows it) wherever LeakSanitizer can run (scripts/leak-check.sh). Appended to
# the caller's options.
. scripts/leak-check.sh
leak_options() {
  local leaks=0
  ! mlf_leak_check "$1" || leaks=1
  echo "${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$leaks"
}
root=${MLF_CAMPAIGN_DIR:-build/campaign}
mkdir -p "$root"
table=$root/summary.txt
printf '%-12s %-9s %10s %8s %-22s %s\n' target engine execs exec/s coverage findings > "$table"

# Replays every saved crash or hang (bounded like the campaign) and prints "tag<TAB>command"
# lines, one per distinct tag.
classify() {
  local target=$1; shift
  for f in "$@"; do
    [ -f "$f" ] || continue
    local out status=0
    out=$(ASAN_OPTIONS=$(leak_options "$target") timeout "$input_timeout" out/replay/"$target" "$f" 2>&1) || status=$?
    tag=$(sed -n 's/^verdict: //p' <<<"$out" | tail -n 1)
    [ "$status" -ne 124 ] || tag="hang (over ${input_timeout} s per input; replay to see where)"
    ! grep -q 'ERROR: LeakSanitizer' <<<"$out" || tag="leak (LeakSanitizer report; replay shows it)"
    # libFuzzer's -rss_limit_mb (2 GB) ended the input; the replay driver has no such limit.
    case ${f##*/} in oom-*) tag="out of memory (over 2 GB; the replay verdict: $tag)" ;; esac
    [ -n "$tag" ] || tag="crash (sanitizer report; replay shows it)"
    printf '%s\tout/replay/%s %s\n' "$tag" "$target" "$f"
  done | sort -u -t$'\t' -k1,1
}

run_libfuzzer() {
  local t=$1 dir=$root/$1-libfuzzer
  rm -rf "$dir"; mkdir -p "$dir/corpus" "$dir/artifacts"
  cp build/corpora/"$t"/*.bin "$dir/corpus/" 2>/dev/null || true
  # fork mode keeps fuzzing past a finding; the child's crashes land in artifacts/.
  ASAN_OPTIONS=$(leak_options "$t") timeout $((seconds + 60)) out/libfuzzer/"$t" "$dir/corpus" -fork=1 -ignore_crashes=1 \
    -ignore_timeouts=1 -ignore_ooms=1 -timeout="$input_timeout" -max_total_time="$seconds" \
    -artifact_prefix="$dir/artifacts/" -print_final_stats=1 >"$dir/log" 2>&1 || true
  local last; last=$(grep -E '^#[0-9]+: cov:' "$dir/log" | tail -n 1)
  local execs=${last%%:*}; execs=${execs#\#}
  local cov; cov=$(sed -E 's/.* cov: ([0-9]+) ft: ([0-9]+).*/\1 edges, \2 features/' <<<"$last")
  report "$t" libfuzzer "${execs:-0}" "$cov" "$dir"/artifacts/crash-* "$dir"/artifacts/timeout-* \
    "$dir"/artifacts/leak-* "$dir"/artifacts/oom-*
}

run_afl() {
  local t=$1 dir=$root/$1-afl
  rm -rf "$dir"; mkdir -p "$dir/seeds"
  cp build/corpora/"$t"/*.bin "$dir/seeds/" 2>/dev/null || true
  # LEMON's rule statistics shared by the custom mutator and the target (lemon_guidance.h).
  (. scripts/afl-env.sh
   MLF_LEMON_GUIDANCE_FILE=$dir/lemon-guidance \
   AFL_CUSTOM_MUTATOR_LIBRARY=$top/out/afl/$t.mutator.so timeout $((seconds + 60)) \
     afl-fuzz -i "$dir/seeds" -o "$dir/findings" -V "$seconds" -t $((input_timeout * 1000)) \
       -- out/afl/"$t" >"$dir/log" 2>&1) || true
  local stats=$dir/findings/default/fuzzer_stats
  local execs cvg
  execs=$(sed -n 's/^execs_done *: //p' "$stats" 2>/dev/null)
  cvg=$(sed -n 's/^bitmap_cvg *: //p' "$stats" 2>/dev/null)
  report "$t" afl "${execs:-0}" "${cvg:-?} of map" "$dir"/findings/default/crashes/id:* \
    "$dir"/findings/default/hangs/id:*
}

report() {
  local t=$1 engine=$2 execs=$3 cov=$4; shift 4
  local rate=$((execs / (seconds > 0 ? seconds : 1)))
  local findings; findings=$(classify "$t" "$@")
  printf '%-12s %-9s %10s %8s %-22s %s\n' "$t" "$engine" "$execs" "$rate" "$cov" \
    "$( [ -n "$findings" ] && echo "$(wc -l <<<"$findings") new" || echo none)" >> "$table"
  [ -z "$findings" ] || while IFS=$'\t' read -r tag cmd; do
    printf '    %s\n      reproduce: %s\n' "$tag" "$cmd" >> "$table"
  done <<<"$findings"
}

for t in "$@"; do
  [ -x out/libfuzzer/"$t" ] || { echo "run-campaign: unknown target '$t' (built: $(ls out/libfuzzer | tr '\n' ' '))" >&2; exit 2; }
  case ,$engines, in *,libfuzzer,*) echo "campaign: $t under libFuzzer for ${seconds}s" >&2; run_libfuzzer "$t" ;; esac
  case ,$engines, in *,afl,*) echo "campaign: $t under AFL++ for ${seconds}s" >&2; run_afl "$t" ;; esac
done
cat "$table"

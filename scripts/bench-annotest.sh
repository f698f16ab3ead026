#!/usr/bin/env bash
# aNNoTest bench (issue 12): per annotated library <lib> (target annotest_<lib>, or the targets
# given as arguments) after the same fuzzing budget:
#  - annotated functions the target calls, generators, annotation lines per called function
#    (mean and median; the paper: 6.0 and 2), from out/bench/annotest_spec_count;
#  - valid-input rate: the share of calls whose arguments were built and passed every @require
#    (the target folds raw choices into the annotations, so @require and generator refusals
#    are its only rejections), against the byte-level baseline out/bench/annotest_<lib>_bytes
#    (bench/annotest/: raw bytes cast to the same functions' arguments, then the same
#    annotations and @require checked; a yardstick, not a target) fuzzed at the same time on
#    the other core; both counted by MLF_ANNOTEST_STATS_DIR files (scripts/annotest-stats.sh,
#    per function in $dir/annotest/<run>/stats.txt);
#  - exec/s of both (libFuzzer's fork parent, over the budget);
#  - reports: the distinct verdict tags of the target's crash/timeout/oom artifacts and of its
#    final corpus (known findings do not abort; MLF_REPORT_KNOWN is cleared), each replayed by
#    out/replay/<target>. A tag the family's known_findings.tsv lists (or covers by its shell
#    pattern) with a status starting "library bug" is a true bug; every other report is
#    spurious (an annotation or oracle bug) until a person triages it; precision = true /
#    reports (the paper: 89%).
# Runs: scripts/bench-lib.sh's bench_fuzz (fork mode as make fuzz, -timeout=20, stopped by
# timeout(1) at the budget). Knobs: BENCH_ANNOTEST_SECONDS (per target and mode, default 60),
# BENCH_ANNOTEST_DIR (default build/bench). Output: the table on stdout and in $dir/annotest.txt.
# Usage: scripts/bench-annotest.sh [TARGET...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/bench-lib.sh
seconds=${BENCH_ANNOTEST_SECONDS:-60}
dir=${BENCH_ANNOTEST_DIR:-build/bench}
unset MLF_REPORT_KNOWN
known=harnesses/annotest/known_findings.tsv
if [ $# -gt 0 ]; then targets=("$@"); else
  targets=(); for b in out/libfuzzer/annotest_*; do [ -x "$b" ] && targets+=("$(basename "$b")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "bench-annotest: no out/libfuzzer/annotest_* binary; run make first" >&2; exit 1; }
for t in "${targets[@]}"; do
  for need in out/replay/"$t" out/bench/"${t}_bytes" out/bench/annotest_spec_count; do
    [ -x "$need" ] || { echo "bench-annotest: $need missing (make bench builds it)" >&2; exit 1; }
  done
done
specs=$(out/bench/annotest_spec_count harnesses/annotest/annotations/*.h)
core=$(( $(nproc) >= 2 ? 1 : 0 ))

# verdicts BINARY FILE...: "file<TAB>verdict" per replayed file (a replay that dies on a file
# without a verdict gives "sanitizer: <SUMMARY>"; one past 300 s "hang in replay").
verdicts() {
  local bin=$1 out rc
  shift
  local files=("$@")
  while [ ${#files[@]} -gt 0 ]; do
    rc=0
    out=$(timeout 300 "$bin" "${files[@]}" 2>&1) || rc=$?
    awk '/^=== .* ===$/ { f = substr($0, 5, length($0) - 8) } /^verdict: / { print f "\t" substr($0, 10) }' <<<"$out"
    local done_n; done_n=$(grep -c '^verdict: ' <<<"$out" || true)
    [ "$done_n" -lt ${#files[@]} ] || break
    local why="hang in replay"
    [ "$rc" = 124 ] || why="sanitizer: $(grep -m1 '^SUMMARY: ' <<<"$out" | sed 's/^SUMMARY: //' || echo "exit $rc")"
    printf '%s\t%s\n' "${files[$done_n]}" "$why"
    files=("${files[@]:$((done_n + 1))}")
  done
}

# valid_rate STATS_DIR: "calls valid%" from the run's per-process counts.
valid_rate() {
  scripts/annotest-stats.sh "$1" >"$1/../stats.txt"
  awk '$1 == "total" { printf "%d %.1f", $2, $2 ? 100 * ($2 - $3) / $2 : 0 }' "$1/../stats.txt"
}

mkdir -p "$dir/annotest"
report=$dir/annotest/reports.txt
: >"$report"
table=()
for t in "${targets[@]}"; do
  lib=${t#annotest_} run=$dir/annotest/$t base=$dir/annotest/${t}_bytes
  echo "bench-annotest: $t and its byte-level baseline for ${seconds}s" >&2
  mkdir -p "$run-stats" "$base-stats"
  rm -f "$run-stats"/* "$base-stats"/*
  MLF_ANNOTEST_STATS_DIR=$PWD/$run-stats bench_fuzz "$run" 0 "$seconds" build/corpora/"$t" out/libfuzzer/"$t" & p1=$!
  mkdir -p "$base-seeds"
  MLF_ANNOTEST_STATS_DIR=$PWD/$base-stats bench_fuzz "$base" "$core" "$seconds" "$base-seeds" out/bench/"${t}_bytes" & p2=$!
  wait $p1 && wait $p2 || { echo "bench-annotest: a fuzzing run of $t failed" >&2; exit 1; }
  mv "$run-stats" "$run/stats" && mv "$base-stats" "$base/stats"
  read -r calls valid <<<"$(valid_rate "$run/stats")"
  read -r bcalls bvalid <<<"$(valid_rate "$base/stats")"
  mapfile -t files < <(find "$run/artifacts" "$run/corpus" -type f | sort)
  true_n=0 false_n=0
  while IFS=$'\t' read -r tag example; do
    status=$(bench_status_of "$known" "$tag")
    case $status in
      "library bug"*) class=true; true_n=$((true_n + 1)) ;;
      *) class="spurious until triaged${status:+ (registry: $status)}"; false_n=$((false_n + 1)) ;;
    esac
    printf '%s\t%s\t%s\t%s\n' "$t" "$class" "$tag" "$example" >>"$report"
  done < <(verdicts out/replay/"$t" "${files[@]}" | awk -F'\t' '$2 != "ok" && !seen[$2]++ { print $2 "\t" $1 }')
  read -r functions generators mean median <<<"$(awk -v l="$lib" '$1 == l { print $2, $3, $4, $5 }' <<<"$specs")"
  table+=("$(awk -v t="$t" -v f="$functions" -v g="$generators" -v mn="$mean" -v md="$median" -v v="$valid" -v bv="$bvalid" \
                 -v e="$(bench_execs "$run")" -v be="$(bench_execs "$base")" -v s="$seconds" -v tr="$true_n" -v fa="$false_n" 'BEGIN {
    printf "%-13s %5s %5s %6s %6s %7s%% %7s%% %7.0f %7.0f %7d %5d %8d %9s", t, f, g, mn, md, v, bv, e / s, be / s,
      tr + fa, tr, fa, (tr + fa) ? sprintf("%.1f%%", 100 * tr / (tr + fa)) : "n/a" }')")
done

{
  echo "# aNNoTest bench: ${seconds}s of libFuzzer per target and per byte-level baseline (fork mode, -timeout=20), on $(nproc) cores"
  echo "# functions: annotated and called; gen: generators; ann/fn: annotation lines per function (paper 6.0, median 2);"
  echo "# valid: calls built and passing every @require (target) / raw inputs inside every annotation and @require (bytes);"
  echo "# reports: distinct verdict tags (artifacts and final corpus); true: the registry says \"library bug\"; precision = true / reports (paper 89%)"
  printf '%-13s %5s %5s %6s %6s %8s %8s %7s %7s %7s %5s %8s %9s\n' target funcs gen mean median valid bytes-ok \
    exec/s b-exec/s reports true spurious precision
  printf '%s\n' "${table[@]}"
  echo "# per-function calls and @require rejections: $dir/annotest/<target>/stats.txt (baseline: <target>_bytes/stats.txt)"
  echo "# reports (target, class, verdict tag, an input that gives it; replay: out/replay/<target> FILE):"
  if [ -s "$report" ]; then sed 's/^/#   /' "$report"; else echo "#   none"; fi
} | tee "$dir/annotest.txt"

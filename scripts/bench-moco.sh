#!/usr/bin/env bash
# MoCo bench (issue 11): for every MoCo target (out/libfuzzer/moco_<lib>, or the targets given
# as arguments) after the same fuzzing budget:
#  - functions in its specification (out/bench/moco_spec_count) and functions reached: the
#    distinct APIs whose block ran ("  #<i> <api>(...) -> <note>" with a note other than
#    "not reached", harnesses/moco/moco_run.c) in a replay of the final corpus by out/replay/;
#  - executions per second (libFuzzer's fork parent, over the budget);
#  - reports: the distinct verdict tags of the run's crash/timeout/oom/leak artifacts (each
#    replayed; a sanitizer report without a verdict is tagged by its SUMMARY line) and of the
#    final corpus (known findings do not abort, MLF_REPORT_KNOWN is cleared, so the ones the
#    target keeps finding show up only there). A tag the family's known_findings.tsv lists (or
#    covers by its shell pattern) with a status starting "library bug" is a true bug; every
#    other report is a false positive until a person triages it (each is printed with an input).
#    Precision = true / (true + false) over distinct tags (the paper reports 68.7%);
#  - coverage inside each instrumented library built here (the PCs of functions whose source
#    lies in a cached build tree <cache>/<library>/<key>.build/, read from the symbolized replay
#    of the final corpus; bench/moco/sides.tsv splits a library's files into sides, e.g.
#    libpng's write and read side), for the target and for its byte-level baseline
#    (out/bench/<target>_bytes, seeds build/bench-seeds/<target>_bytes/; bench/moco/),
#    run at the same time on the other core with the same budget. A target without a baseline
#    is measured alone.
# Runs are those of scripts/bench-lib.sh (fork mode as make fuzz, -timeout=20, stopped by
# timeout(1) at the budget). Seeds: the target's build/corpora/<target>/*.bin (not regress/).
# Knobs: BENCH_MOCO_SECONDS (per target and mode, default 60), BENCH_MOCO_DIR (default
# build/bench). Output: the table on stdout and in $dir/moco.txt; runs in $dir/moco/.
# Usage: scripts/bench-moco.sh [TARGET...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/bench-lib.sh
seconds=${BENCH_MOCO_SECONDS:-60}
dir=${BENCH_MOCO_DIR:-build/bench}
unset MLF_REPORT_KNOWN
symbolizer=$(command -v llvm-symbolizer-16) ||
  { echo "bench-moco: llvm-symbolizer-16 missing (scripts/install-deps.sh installs llvm-16)" >&2; exit 1; }
if [ $# -gt 0 ]; then targets=("$@"); else
  targets=(); for b in out/libfuzzer/moco_*; do [ -x "$b" ] && targets+=("$(basename "$b")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "bench-moco: no out/libfuzzer/moco_* binary; run make first" >&2; exit 1; }
for t in "${targets[@]}"; do
  [ -x out/replay/"$t" ] || { echo "bench-moco: out/replay/$t missing" >&2; exit 1; }
done
specs=$(out/bench/moco_spec_count)
known=harnesses/moco/known_findings.tsv
cores=$(nproc)

# replay_verdicts BINARY OUTDIR FILE...: replays each file (one process for as many as it
# survives: a sanitizer report ends it, and the replay goes on after that file). Writes
# OUTDIR/listing (everything printed) and OUTDIR/verdicts.tsv ("file<TAB>verdict"; a run that
# died without a verdict gets "sanitizer: <its SUMMARY>", one past the time bound "hang in replay").
replay_verdicts() {
  local bin=$1 out=$2 rc
  shift 2
  local files=("$@")
  : >"$out/listing"; : >"$out/verdicts.tsv"
  while [ ${#files[@]} -gt 0 ]; do
    rc=0
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}external_symbolizer_path=$symbolizer" \
      timeout 300 "$bin" "${files[@]}" >"$out/part" 2>"$out/part.err" || rc=$?
    cat "$out/part" "$out/part.err" >>"$out/listing"
    awk '/^=== .* ===$/ { f = substr($0, 5, length($0) - 8) }
         /^verdict: / { print f "\t" substr($0, 10) }' "$out/part" >>"$out/verdicts.tsv"
    local done_n
    done_n=$(grep -c '^verdict: ' "$out/part" || true)
    # every file has its verdict (a report at exit, such as LeakSanitizer's, names no file)
    [ "$done_n" -ge ${#files[@]} ] && break
    # the file after the last verdict ended the process
    local culprit=${files[$done_n]} why
    if [ "$rc" = 124 ]; then why="hang in replay"; else
      why=$(grep -m1 '^SUMMARY: ' "$out/part.err" | sed 's/^SUMMARY: //; s/ in [^ ]*$//' || true)
      why="sanitizer: ${why:-exit status $rc}"
    fi
    printf '%s\t%s\n' "$culprit" "$why" >>"$out/verdicts.tsv"
    files=("${files[@]:$((done_n + 1))}")
  done
  rm -f "$out/part" "$out/part.err"
}

# coverage BINARY RUNDIR CORE: replays RUNDIR's final corpus for coverage; prints one line per
# library tree and side: "library side covered total" (libraries with no PC covered left
# out: the family links every library into each target), then "excluded N".
coverage() {
  local m=$2/measure excluded
  rm -rf "$m"; mkdir -p "$m/corpus"
  bench_files_until "$2" | xargs -r cp -t "$m/corpus"
  excluded=$(bench_coverage_replay "$1" "$m" "$3") || return 1
  awk -v sides=bench/moco/sides.tsv '
    BEGIN { while ((getline line < sides) > 0) {
              if (line ~ /^#/ || line == "") continue
              split(line, f, "\t"); n++; lib[n] = f[1]; side[n] = f[2]; re[n] = f[3] } }
    /[[:space:]]DONE +cov: / { for (i = 1; i <= NF; i++) if ($i == "cov:") cov = $(i + 1) }
    /^(UN)?COVERED_FUNC: / {
      split($5, e, "/"); all += e[1]
      file = $NF; sub(/:[0-9]+$/, "", file)
      if (!match(file, /\/[^\/]+\/[0-9a-f]+\.build\//)) next
      tree = substr(file, RSTART + 1, RLENGTH - 2); sub(/\/.*/, "", tree)
      name = substr(file, RSTART + RLENGTH)
      s = "other"
      for (i = 1; i <= n; i++) if (lib[i] == tree && name ~ re[i]) { s = side[i]; break }
      c[tree " " s] += e[1]; t[tree " " s] += e[2]; c[tree " total"] += e[1]; t[tree " total"] += e[2] }
    END {
      if (all != cov) { printf "bench-moco: functions sum to %d PCs, libFuzzer says cov %d\n", all, cov > "/dev/stderr"; exit 1 }
      for (k in c) { split(k, key, " "); if (c[key[1] " total"] > 0) print k, c[k], t[k] } }' "$m/log" |
    awk '{ rank = $2 == "write" ? 0 : $2 == "read" ? 1 : $2 == "total" ? 3 : 2; print $1, rank, $0 }' |
    sort -k1,1 -k2,2n | cut -d' ' -f3-
  echo "excluded $excluded"
  rm -rf "$m/corpus"
}

mkdir -p "$dir/moco"
report=$dir/moco/reports.txt
: >"$report"
table=()
for t in "${targets[@]}"; do
  lib=${t#moco_}
  run=$dir/moco/$t base=$dir/moco/${t}_bytes baseline=out/bench/${t}_bytes
  [ -x "$baseline" ] || baseline=
  [ -z "$baseline" ] || [ -d build/bench-seeds/"${t}_bytes" ] ||
    { echo "bench-moco: build/bench-seeds/${t}_bytes missing (make bench builds it)" >&2; exit 1; }
  functions=$(awk -v l="$lib" '$1 == l { print $2 }' <<<"$specs")
  echo "bench-moco: $t${baseline:+ and its byte-level baseline} for ${seconds}s" >&2
  pids=()
  bench_fuzz "$run" 0 "$seconds" build/corpora/"$t" out/libfuzzer/"$t" & pids+=($!)
  if [ -n "$baseline" ]; then
    core=$(( cores >= 2 ? 1 : 0 ))
    if [ "$cores" -ge 2 ]; then
      bench_fuzz "$base" "$core" "$seconds" build/bench-seeds/"${t}_bytes" "$baseline" & pids+=($!)
    else
      wait "${pids[0]}"; pids=()
      bench_fuzz "$base" 0 "$seconds" build/bench-seeds/"${t}_bytes" "$baseline"
    fi
  fi
  for p in "${pids[@]}"; do wait "$p" || { echo "bench-moco: a fuzzing run of $t failed" >&2; exit 1; }; done
  coverage out/libfuzzer/"$t" "$run" 0 >"$run/coverage"
  [ -z "$baseline" ] || coverage "$baseline" "$base" 0 >"$base/coverage"

  # Functions reached and the corpus's verdicts, then the artifacts' verdicts.
  mkdir -p "$run/replay-corpus" "$run/replay-artifacts"
  mapfile -t corpus < <(find "$run/corpus" -type f | sort)
  replay_verdicts out/replay/"$t" "$run/replay-corpus" "${corpus[@]}"
  reached=$(sed -n 's/^  #[0-9][0-9]* \([A-Za-z0-9_]*\)(.*) -> \(.*\)$/\1\t\2/p' "$run/replay-corpus/listing" |
            awk -F'\t' '$2 != "not reached" && $2 != "?" { print $1 }' | sort -u | wc -l)
  mapfile -t artifacts < <(find "$run/artifacts" -type f | sort)
  : >"$run/replay-artifacts/verdicts.tsv"
  [ ${#artifacts[@]} -eq 0 ] || replay_verdicts out/replay/"$t" "$run/replay-artifacts" "${artifacts[@]}"
  # a timeout or oom artifact is its kind, whatever its replay printed
  awk -F'\t' '{ k = $1; sub(/.*\//, "", k); sub(/-.*/, "", k)
                if (k == "timeout") $2 = "hang (libFuzzer -timeout=20)"; else if (k == "oom") $2 = "out of memory (libFuzzer)"
                print $1 "\t" $2 }' OFS='\t' "$run/replay-artifacts/verdicts.tsv" >"$run/artifact-verdicts.tsv"
  true_n=0 false_n=0
  while IFS=$'\t' read -r tag example; do
    status=$(bench_status_of "$known" "$tag")
    case $status in
      "library bug"*) class=true; true_n=$((true_n + 1)) ;;
      "") class="false positive until triaged"; false_n=$((false_n + 1)) ;;
      *) class="false positive (known, not a library bug: $status)"; false_n=$((false_n + 1)) ;;
    esac
    printf '%s\t%s\t%s\t%s\n' "$t" "$class" "$tag" "$example" >>"$report"
  done < <(cat "$run/artifact-verdicts.tsv" "$run/replay-corpus/verdicts.tsv" |
           awk -F'\t' '$2 != "ok" && !seen[$2]++ { print $2 "\t" $1 }')
  execs=$(bench_execs "$run")
  table+=("$(awk -v t="$t" -v f="${functions:-?}" -v r="$reached" -v e="${execs:-0}" -v s="$seconds" \
               -v tr="$true_n" -v fa="$false_n" 'BEGIN {
    printf "%-10s %9s %8s %8.0f %8d %6d %6d %10s", t, f, r, e / s, tr + fa, tr, fa,
      (tr + fa) ? sprintf("%.1f%%", 100 * tr / (tr + fa)) : "n/a" }')")
done

{
  echo "# MoCo bench: ${seconds}s of libFuzzer per target and mode (fork mode, -timeout=20), on $(nproc) cores"
  echo "# functions: in the specification / reached by the final corpus; reports: distinct verdict tags"
  echo "# (artifacts and corpus); true: known_findings.tsv says \"library bug\"; precision = true / reports (paper: 68.7%)"
  printf '%-10s %9s %8s %8s %8s %6s %6s %10s\n' target functions reached exec/s reports true false precision
  printf '%s\n' "${table[@]}"
  echo "# coverage inside the instrumented libraries (PCs covered / PCs in the side's files) by the final corpus:"
  echo "# the MoCo target and its byte-level baseline (bench/moco/<target>_bytes.c: an evaluation yardstick, not a target)"
  printf '%-10s %-9s %-10s %-6s %8s %8s %6s %8s\n' target mode library side covered total share exec/s
  for t in "${targets[@]}"; do
    for mode in moco bytes; do
      run=$dir/moco/$t; [ "$mode" = bytes ] && run=$dir/moco/${t}_bytes
      [ -f "$run/coverage" ] || continue
      execs=$(bench_execs "$run")
      awk -v t="$t" -v m="$mode" -v e="$(awk -v e="${execs:-0}" -v s="$seconds" 'BEGIN { printf "%.0f", e / s }')" '
        $1 == "excluded" { if ($2 > 0) printf "# %s %s: %d corpus input(s) excluded from the coverage replay (new findings)\n", t, m, $2; next }
        { printf "%-10s %-9s %-10s %-6s %8d %8d %5.1f%% %8s\n", t, m, $1, $2, $3, $4, $4 ? 100 * $3 / $4 : 0, e }' "$run/coverage"
    done
  done
  echo "# reports (target, class, verdict tag, an input that gives it; replay: out/replay/<target> FILE):"
  if [ -s "$report" ]; then sed 's/^/#   /' "$report"; else echo "#   none"; fi
} | tee "$dir/moco.txt"

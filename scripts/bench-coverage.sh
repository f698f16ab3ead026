#!/usr/bin/env bash
# Coverage bench: how much of OpenBLAS the structure-aware mutator reaches compared with plain
# byte-level libFuzzer, on the same harness binary (MLF_MUTATOR=bytes, see
# mutators/mlf_libfuzzer_adapter.c), from the same seeds, for the same wall-clock budget.
#
# Runs: every libFuzzer target that links the instrumented OpenBLAS (out/libfuzzer/blas_*,
# or the targets given as arguments), once per mode and per libFuzzer -seed. The two modes of
# one seed run at the same time, one per core (taskset; the cores swap at every seed so
# neither mode keeps the busier core). Both stop at exactly the budget (timeout(1) sends
# SIGTERM to the whole process group): libFuzzer's fork mode would stop only after its job in
# flight, whose length differs between runs; the corpus is what the finished jobs merged and
# both modes lose their job in flight alike. Options are those of `make fuzz`
# (scripts/campaign.sh): fork mode with -ignore_crashes/-ignore_timeouts/-ignore_ooms, so a
# new finding ends a job, not the run; known findings never stop anything (the harness does
# not abort on them unless MLF_REPORT_KNOWN is set, which this script clears). -len_control
# is libFuzzer's own default for each mode: a binary with a custom mutator disables it, plain
# libFuzzer runs with 100, so the bytes mode passes -len_control=100.
#
# Measure: libFuzzer's "cov:" counts every PC of the SanitizerCoverage PC table, i.e. OpenBLAS
# plus oracles/mlf_feedback.c (the one project file left instrumented), and in fork mode it is
# not even that (libFuzzer 16's fork parent reports more than a replay of its own corpus
# finds, e.g. 454 for the 10 blas_gemm seeds, which cover 368 PCs). So each corpus is replayed once by the
# same binary with -runs=0 -print_coverage=1, which lists every instrumented function with its
# covered/total PCs and its source file (symbolized by llvm-symbolizer-16, package llvm-16).
# The OpenBLAS tree is read from the binary itself (the directory above interface/ of the
# renamed mlf_openblas_* entry points) and only functions whose file lies in it are summed;
# the sum over all functions must equal the replay's own "cov:" or the script fails. A corpus
# input that hits a new finding aborts the replay; it is set aside ("excluded") and the replay
# restarts (a replay that fails without saving an input is retried twice, then the bench fails). Coverage over time (the plot) replays the corpus as it was at each quarter of the
# budget (corpus files by modification time: fork mode writes them when a job is merged).
#
# Knobs: BENCH_COVERAGE_SECONDS (per mode and seed, default 15: about 50 s per target), BENCH_COVERAGE_SEEDS
# (default "1 2 3"), BENCH_COVERAGE_DIR (default build/bench). Output: the table on stdout and
# in $dir/coverage.txt, per-run data in $dir/coverage/ (results.tsv: target, mode, seed,
# execs, corpus files, OpenBLAS PCs covered, OpenBLAS PCs in all, excluded inputs), plots
# $dir/coverage-<target>.png.
# Usage: scripts/bench-coverage.sh [TARGET...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/bench-lib.sh
seconds=${BENCH_COVERAGE_SECONDS:-15}
seeds=${BENCH_COVERAGE_SEEDS:-1 2 3}
dir=${BENCH_COVERAGE_DIR:-build/bench}
unset MLF_REPORT_KNOWN
symbolizer=$(command -v llvm-symbolizer-16) ||
  { echo "bench-coverage: llvm-symbolizer-16 missing (scripts/install-deps.sh installs llvm-16)" >&2; exit 1; }
if [ $# -gt 0 ]; then targets=("$@"); else
  # blas_lapack calls only the (uninstrumented) Debian LAPACKs: no OpenBLAS PC to count.
  targets=(); for b in out/libfuzzer/blas_*; do
    [ -x "$b" ] && [ "$(basename "$b")" != blas_lapack ] && targets+=("$(basename "$b")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "bench-coverage: no out/libfuzzer/blas_* binary; run make first" >&2; exit 1; }
cores=$(nproc)

# fuzz TARGET MODE SEED CORE RUNDIR: one libFuzzer run (scripts/bench-lib.sh).
fuzz() {
  local t=$1 mode=$2 seed=$3 core=$4 run=$5 extra=()
  [ "$mode" = bytes ] && extra=(-len_control=100)
  MLF_MUTATOR=$mode bench_fuzz "$run" "$core" "$seconds" build/corpora/"$t" out/libfuzzer/"$t" \
    -seed="$seed" "${extra[@]}"
}

# measure TARGET RUNDIR CORE [SECONDS]: replays the corpus (only the files written within
# SECONDS of the start when given) and prints
# "openblas_covered openblas_total other_covered other_total excluded".
measure() {
  local t=$1 run=$2 core=$3 m=$2/measure excluded
  rm -rf "$m"; mkdir -p "$m/corpus"
  bench_files_until "$run" "${4:-}" | xargs -r cp -t "$m/corpus"
  excluded=$(bench_coverage_replay out/libfuzzer/"$t" "$m" "$core") || return 1
  local sums
  sums=$(awk -v excluded="$excluded" '
    /[[:space:]]DONE +cov: / { for (i = 1; i <= NF; i++) if ($i == "cov:") cov = $(i + 1) }
    /^(UN)?COVERED_FUNC: / {
      n++; split($5, e, "/"); covered[n] = e[1]; total[n] = e[2]; file[n] = $NF
      if ($6 ~ /^mlf_openblas_/ && $NF ~ /\/interface\/[^\/]+:[0-9]+$/) {
        r = $NF; sub(/\/interface\/[^\/]+$/, "/", r); roots[r] = 1 } }
    END {
      for (r in roots) { root = r; nroots++ }
      if (nroots != 1) { print "bench-coverage: " nroots+0 " OpenBLAS source trees found" > "/dev/stderr"; exit 1 }
      for (i = 1; i <= n; i++) {
        if (substr(file[i], 1, length(root)) == root) { oc += covered[i]; ot += total[i] }
        else { xc += covered[i]; xt += total[i] }
      }
      if (oc + xc != cov) { printf "bench-coverage: functions sum to %d PCs, libFuzzer says cov %d\n", oc + xc, cov > "/dev/stderr"; exit 1 }
      print oc + 0, ot + 0, xc + 0, xt + 0, excluded }' "$m/log") || return 1
  rm -rf "$m/corpus"
  echo "$sums"
}

# measure_run TARGET RUNDIR CORE: the corpus at each quarter of the budget (RUNDIR/over-time,
# "seconds openblas_covered") and at the end (RUNDIR/coverage, with everything measure prints).
# A corpus with as many files as the previous checkpoint's has the same files (it only
# grows) and is not replayed again.
measure_run() {
  local q at n pcs prev_n=-1
  : >"$2/over-time"
  for q in 0 1 2 3; do
    at=$((seconds * q / 4))
    n=$(bench_files_until "$2" "$at" | wc -l)
    [ "$n" = "$prev_n" ] || pcs=$(measure "$1" "$2" "$3" "$at")
    prev_n=$n
    echo "$at ${pcs%% *}" >>"$2/over-time"
  done
  n=$(bench_files_until "$2" | wc -l)
  [ "$n" = "$prev_n" ] || pcs=$(measure "$1" "$2" "$3")
  echo "$pcs" >"$2/coverage"
  echo "$seconds ${pcs%% *}" >>"$2/over-time"
}

# pcs TARGET MODE: the final OpenBLAS PCs of each seed's run
pcs() { awk -F'\t' -v t="$1" -v m="$2" '$1 == t && $2 == m { print $6 }' "$results"; }
# median of the numbers on stdin (mean of the two middle ones for an even count)
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

mkdir -p "$dir/coverage"
results=$dir/coverage/results.tsv
: >"$results"
i=0
for t in "${targets[@]}"; do
  for seed in $seeds; do
    echo "bench-coverage: $t seed $seed, structure and bytes for ${seconds}s each" >&2
    # core of each mode: concurrent on two cores, swapped at every seed; else one after the other
    first=$((i % 2)); i=$((i + 1))
    for phase in fuzz measure_run; do
      core=$first pids=()
      for mode in structure bytes; do
        run=$dir/coverage/$t-$mode-$seed
        if [ "$phase" = fuzz ]; then args=("$t" "$mode" "$seed" "$core" "$run"); else args=("$t" "$run" "$core"); fi
        if [ "$cores" -ge 2 ]; then "$phase" "${args[@]}" & pids+=($!); core=$((1 - core)); else "$phase" "${args[@]}"; fi
      done
      for p in "${pids[@]}"; do
        wait "$p" || { echo "bench-coverage: $phase failed for $t seed $seed" >&2; exit 1; }
      done
    done
    for mode in structure bytes; do
      run=$dir/coverage/$t-$mode-$seed
      execs=$(bench_execs "$run")
      read -r oc ot _ _ excl <"$run/coverage"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$mode" "$seed" "${execs:-0}" \
        "$(ls "$run/corpus" | wc -l)" "$oc" "$ot" "$excl" >>"$results"
    done
  done
done

{
  echo "# coverage inside OpenBLAS (SanitizerCoverage PCs of the OpenBLAS source tree covered by the final corpus)"
  echo "# structure-aware vs byte-level libFuzzer, ${seconds}s per mode and seed, same seed corpus, fork mode as make fuzz"
  printf '%-14s %-9s %4s %10s %7s %13s %8s\n' target mode seed execs corpus openblas_pcs excluded
  awk -F'\t' '{ printf "%-14s %-9s %4s %10s %7s %13s %8s\n", $1, $2, $3, $4, $5, $6, $8 }' "$results"
  for t in "${targets[@]}"; do
    s_med=$(pcs "$t" structure | median) b_med=$(pcs "$t" bytes | median)
    s_min=$(pcs "$t" structure | sort -g | head -n 1) b_min=$(pcs "$t" bytes | sort -g | head -n 1)
    ratios=$(awk -F'\t' -v t="$t" '$1 == t { c[$3 " " $2] = $6; if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 } }
      END { for (i = 1; i <= n; i++) { b = c[order[i] " bytes"]
              if (b > 0) printf "%.2f ", c[order[i] " structure"] / b; else printf "n/a " } }' "$results")
    total=$(awk -F'\t' -v t="$t" '$1 == t { print $7; exit }' "$results")
    echo "coverage_openblas $t structure min $s_min median $s_med, bytes min $b_min median $b_med (of $total OpenBLAS PCs);" \
      "structure/bytes: ratio of medians $(awk -v a="$s_med" -v b="$b_med" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a (no OpenBLAS PC)" }'), per seed ${ratios% }"
  done
} | tee "$dir/coverage.txt"

command -v gnuplot >/dev/null || { echo "bench-coverage: no gnuplot, no plot" >&2; exit 0; }
for t in "${targets[@]}"; do
  plots=""
  for seed in $seeds; do
    for mode in structure bytes; do
      plots+="${plots:+, }'$dir/coverage/$t-$mode-$seed/over-time' using 1:2 with linespoints lt $([ "$mode" = structure ] && echo 1 || echo 2) title '$mode, seed $seed'"
    done
  done
  gnuplot <<EOF
set terminal png size 900,560 noenhanced
set output '$dir/coverage-$t.png'
set title "$t: OpenBLAS PCs covered by the corpus over time"
set xlabel 'seconds'
set ylabel 'OpenBLAS PCs covered'
set key bottom right
plot $plots
EOF
  echo "bench-coverage: plot in $dir/coverage-$t.png" >&2
done

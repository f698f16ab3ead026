#!/usr/bin/env bash
# Minimisation over every regress input of every target (build/corpora/<t>/regress/*.bin,
# encoded from corpora/<t>/regress/*.textproto): out/replay/<t> --minimize with a per-input
# budget, keeping the finding the registry records for the input (its tag as --tag) or else
# the input's first finding or crash; then per family the number of inputs, how many were minimised (the others have no
# finding on this machine, or their verdict did not hold), and the average encoded size before
# and after over the minimised ones. Minimised inputs and a TSV of every input stay in
# build/minimise/.
# Usage: scripts/minimise-stats.sh [--budget S (10)] [--timeout S (10)] [--jobs N (1)] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
budget=10 timeout=10 jobs=1
while [ $# -gt 0 ]; do
  case $1 in
    --budget) budget=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -*) echo "minimise-stats: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || set -- $(ls corpora/*/regress/*.textproto | cut -d/ -f2 | sort -u)
root=build/minimise
rm -rf "$root" && mkdir -p "$root"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# One input: "family<TAB>target<TAB>input<TAB>status<TAB>before<TAB>after<TAB>verdict<TAB>
# MLF_REPORT_KNOWN".
minimise_one() {
  local t=$1 in=$2 family log status=0 tag
  tag=$(awk -F'\t' -v r="corpora/${in#build/corpora/}" 'BEGIN { sub(/\.bin$/, ".textproto", r) }
                                                         $2 == r { print $1; exit }' harnesses/*/known_findings.tsv)
  # A registry line names the target its tag is for (a fixed-point FANN finding may keep its
  # input in moco_fann's directory); that target runs it.
  [ -z "$tag" ] || [ ! -x out/replay/"$(cut -d: -f2 <<<"$tag")" ] || t=$(cut -d: -f2 <<<"$tag")
  family=$(ls harnesses/*/"${t}"_fuzzer.c | cut -d/ -f2)
  mkdir -p "$root/$t"
  log=$root/$t/$(basename "$in" .bin).log
  # The minimiser stops starting candidates at its budget; one more candidate may run.
  # Judged as what really runs (MLF_REPORT_KNOWN=1), or, when the registry's tag shows only as
  # the fuzzers see it (a harness that names a known finding instead of calling the library),
  # with MLF_REPORT_KNOWN=0.
  local known
  for known in 1 0; do
    status=0
    MLF_REPORT_KNOWN=$known timeout $((budget + timeout + 30)) out/replay/"$t" --minimize --budget "$budget" \
      --timeout "$timeout" ${tag:+--tag "$tag"} "$in" "$root/$t/$(basename "$in" .bin).textproto" >"$log" 2>&1 ||
      status=$?
    [ "$status" -eq 1 ] && [ -n "$tag" ] || break
  done
  local line sizes
  line=$(grep '^minimized ' "$log" || true)
  sizes=$(sed -n 's/.*: \([0-9]*\) -> \([0-9]*\) bytes.*/\1\t\2/p' <<<"$line")
  [ -n "$sizes" ] || sizes="$(stat -c %s "$in")\t-"
  printf '%s\t%s\t%s\t%s\t%b\t%s\t%s\n' "$family" "$t" "$in" "$status" "$sizes" \
    "$(sed -n 's/.*, verdict \(.*\), [0-9]* runs.*/\1/p' <<<"$line")" "$known"
}
export -f minimise_one
export root budget timeout
for t in "$@"; do
  [ -x out/replay/"$t" ] || { echo "minimise-stats: out/replay/$t is not built (make out/replay/$t)" >&2; exit 2; }
  for in in build/corpora/"$t"/regress/*.bin; do [ -f "$in" ] && printf '%s\0%s\0' "$t" "$in"; done
done | xargs -0 -r -n 2 -P "$jobs" bash -c 'minimise_one "$0" "$1"' >"$root/inputs.tsv"

# status 0: minimised; 1: no finding here; 3: verdict not stable; 124: over the whole bound.
awk -F'\t' '
  { n[$1]++ }
  $4 == 0 { m[$1]++; before[$1] += $5; after[$1] += $6; M++; B += $5; A += $6 }
  $4 == 1 { none[$1]++ }
  $4 != 0 && $4 != 1 { other[$1]++ }
  END {
    printf "%-10s %6s %9s %9s %7s %12s %11s %7s\n", "family", "inputs", "minimised", "no-finding", "other", "avg before", "avg after", "ratio"
    for (f in n) {
      if (m[f]) printf "%-10s %6d %9d %9d %7d %10.1f B %9.1f B %6.0f%%\n", f, n[f], m[f], none[f], other[f], before[f] / m[f], after[f] / m[f], 100 * after[f] / before[f] | "sort"
      else printf "%-10s %6d %9d %9d %7d %12s %11s %7s\n", f, n[f], 0, none[f], other[f], "-", "-", "-" | "sort"
    }
    close("sort")
    if (M) printf "%-10s %6d %9d %9s %7s %10.1f B %9.1f B %6.0f%%\n", "all", NR, M, "", "", B / M, A / M, 100 * A / B
  }' "$root/inputs.tsv" | tee "$root/summary.txt"

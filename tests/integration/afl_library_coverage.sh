# The AFL++ builds see the edges of the libraries built from source, which carry libFuzzer's
# counters (one build for both engines; harnesses/mlf_afl_library_coverage.c folds them into
# AFL++'s map). For GSL (gsl_fit) and OpenBLAS (blas_level1, through its instrumented OpenBLAS
# backend), under afl-showmap: most seeds put library edges into the range the build reserved
# (a routine the library lacks, as OpenBLAS 0.3.21's cblas_crotg, is not called), the seeds do
# not all reach the same ones, and an input that is not a message reaches none (what the
# target's init counted is not an input's).
. "$(dirname "$0")/common.bash"
. scripts/afl-env.sh
export MLF_BLAS_BACKENDS=openblas
printf '\377\377\377' >"$tmp/not-a-message"
# library_edges TARGET INPUT: the map slots in the library range that INPUT reaches, one per line.
library_edges() {
  rm -f "$tmp/map"
  afl-showmap -q -t 30000 -o "$tmp/map" -- out/afl/"$1" "$2" >/dev/null 2>&1
  [ -s "$tmp/map" ] || fail "$1: afl-showmap wrote no map for $2"
  awk -F: -v lo="$lo" -v hi="$hi" '$1 + 0 >= lo && $1 + 0 <= hi { print $1 + 0 }' "$tmp/map"
}
for t in gsl_fit blas_level1; do
  range=$(MLF_VERBOSE=1 out/afl/"$t" "$tmp/not-a-message" 2>&1 | sed -n 's/^mlf: library coverage: .* slots \([0-9]*\) to \([0-9]*\)$/\1 \2/p')
  [ -n "$range" ] || fail "$t: the AFL++ build reserved no map range for its library's counters"
  read -r lo hi <<<"$range"
  [ -z "$(library_edges "$t" "$tmp/not-a-message")" ] || fail "$t: an input that is not a message reached library edges"
  seeds=0 reaching=0
  for seed in build/corpora/"$t"/*.bin; do
    seeds=$((seeds + 1))
    library_edges "$t" "$seed" | sort >"$tmp/edges"
    [ -s "$tmp/edges" ] || continue
    reaching=$((reaching + 1))
    md5sum <"$tmp/edges" >>"$tmp/$t-sets"
  done
  [ $((2 * reaching)) -ge "$seeds" ] || fail "$t: only $reaching of $seeds seeds reached library edges"
  sets=$(sort -u "$tmp/$t-sets" | wc -l)
  [ "$sets" -gt 1 ] || fail "$t: every seed reached the same library edges"
  echo "$t: library slots $lo..$hi; $reaching of $seeds seeds reach library edges, in $sets different sets"
done

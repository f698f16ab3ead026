# The in-harness hang watchdog (oracles/mlf_watchdog.h) on real libraries: a call that never
# returns is abandoned within MLF_HANG_SECONDS (2 s here) and the replay's verdict is the
# registry's hang tag, not a stall that only the engine's timeout would end.
# - GSL 2.7.1's gsl_stats_Qn0_from_sorted_data never returns on the unsorted data of
#   qn-unsorted-hang: with the known-crash envelope out of the way (MLF_REPORT_KNOWN=1) the
#   watchdog ends it; without MLF_REPORT_KNOWN the envelope skips the call as before.
# - ATLAS 3.10.3's srotmg never returns on d1 = +Inf (atlas-srotmg-infinite-d1-hang), where
#   the reference returns, so no predicate skips it: every level-1 call is watched.
. "$(dirname "$0")/common.bash"

# Replays INPUT of TARGET with the extra environment ENV and expects TAG as the verdict,
# reached before timeout(1) would end the replay.
expect_hang() { # TARGET INPUT TAG [ENV...]
  local target=$1 input=$2 tag=$3
  shift 3
  [ -x out/replay/"$target" ] || { echo "hang watchdog: no out/replay/$target, skipped"; return; }
  local start took status
  start=$(date +%s.%N)
  env "$@" MLF_HANG_SECONDS=2 timeout -k 5 20 out/replay/"$target" "$input" >"$tmp/real" 2>&1
  status=$?
  took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
  [ $status -ne 124 ] && [ $status -ne 137 ] || fail "$input ran into timeout(1): the watchdog did not end it"
  grep -qx "verdict: $tag" "$tmp/real" || { cat "$tmp/real"; fail "$input was not reported as $tag"; }
  grep -q '^  known: ' "$tmp/real" || fail "$tag is not in the registry"
  echo "hang watchdog: $input ends as its known finding $tag in $took s (limit 2 s)"
}

input=corpora/gsl_statistics/regress/qn-unsorted-hang.textproto
if [ -x out/replay/gsl_statistics ]; then
  out/replay/gsl_statistics "$input" >"$tmp/enveloped" 2>&1
  grep -qx 'verdict: mlf:gsl_statistics:qn0_from_sorted_data:domain:unsorted-read-past-end' "$tmp/enveloped" ||
    { cat "$tmp/enveloped"; fail "the envelope no longer skips Qn on $input"; }
fi
expect_hang gsl_statistics "$input" mlf:gsl_statistics:qn0_from_sorted_data:hang MLF_REPORT_KNOWN=1
expect_hang blas_level1 corpora/blas_level1/regress/atlas-srotmg-infinite-d1-hang.textproto \
  mlf:blas_level1:atlas:srotmg:hang

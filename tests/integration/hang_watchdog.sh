# The in-harness hang watchdog (oracles/mlf_watchdog.h) on a real library: with the known-crash
# envelope out of the way (MLF_REPORT_KNOWN=1), GSL 2.7.1's gsl_stats_Qn0_from_sorted_data,
# which never returns on the unsorted data of corpora/gsl_statistics/regress/qn-unsorted-hang,
# is abandoned within MLF_HANG_SECONDS (2 s here) and the replay's verdict is the registry's
# hang tag; without MLF_REPORT_KNOWN the envelope skips the call as before.
. "$(dirname "$0")/common.bash"
input=corpora/gsl_statistics/regress/qn-unsorted-hang.textproto
[ -x out/replay/gsl_statistics ] || { echo "hang watchdog: no out/replay/gsl_statistics, skipped"; exit 0; }
out/replay/gsl_statistics "$input" >"$tmp/enveloped" 2>&1
grep -qx 'verdict: mlf:gsl_statistics:qn0_from_sorted_data:domain:unsorted-read-past-end' "$tmp/enveloped" ||
  { cat "$tmp/enveloped"; fail "the envelope no longer skips Qn on $input"; }
start=$(date +%s.%N)
MLF_REPORT_KNOWN=1 MLF_HANG_SECONDS=2 timeout -k 5 20 out/replay/gsl_statistics "$input" >"$tmp/real" 2>&1
status=$?
took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
[ $status -ne 124 ] && [ $status -ne 137 ] || fail "the real Qn0 hang ran into timeout(1): the watchdog did not end it"
grep -qx 'verdict: mlf:gsl_statistics:qn0_from_sorted_data:hang' "$tmp/real" ||
  { cat "$tmp/real"; fail "the real Qn0 hang was not reported as mlf:gsl_statistics:qn0_from_sorted_data:hang"; }
grep -q '^  known: ' "$tmp/real" || fail "the Qn0 hang tag is not in the registry"
echo "hang watchdog: the real GSL Qn0 hang ends as its known finding in $took s (limit 2 s)"

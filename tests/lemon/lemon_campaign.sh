# make bench's LEMON campaign (out/bench/lemon_campaign) on a tiny budget: one row per mode
# with the budget's executions, 100% valid generated models, guided mode keeps a mutant, the
# Table 5 and rule tables are printed, the same seed gives the same numbers, and bad
# arguments or a missing seed directory are clear errors. Skips (77) only when the binary
# cannot be built.
. "$(dirname "$0")/../integration/common.bash"
bin=out/bench/lemon_campaign
if [ ! -x $bin ] && ! make -s $bin >"$tmp/build.log" 2>&1; then
  tail -n 5 "$tmp/build.log"
  echo "skip: $bin cannot be built"
  exit 77
fi
if ! ls build/corpora/lemon_model/*.bin >/dev/null 2>&1; then
  seeds=$(ls corpora/lemon_model/*.textproto | sed 's|^corpora/\(.*\)\.textproto$|build/corpora/\1.bin|')
  make -s $seeds || fail "cannot encode the seed models"
fi
budget=30
run() { timeout 50 $bin --seed 3 --budget $budget --mode all; }
status=0; run >"$tmp/a.txt" 2>"$tmp/a.err" || status=$?
[ $status = 0 ] || { cat "$tmp/a.txt" "$tmp/a.err"; fail "campaign exited $status"; }
cat "$tmp/a.txt"
grep -q '^mode  *execs  *seconds  *exec/s  *generated  *valid  *valid%  *kept ' "$tmp/a.txt" ||
  fail "no mode table header"
for mode in guided random feedback; do
  read -r _ execs _ rate generated valid share kept _ < <(awk -v m=$mode '$1 == m' "$tmp/a.txt")
  [ "$execs" = $budget ] || fail "$mode: $execs executions, want $budget"
  awk -v r="$rate" 'BEGIN { exit !(r > 0) }' || fail "$mode: exec/s $rate"
  [ "$generated" -gt 0 ] && [ "$generated" = "$valid" ] && [ "$share" = 100.0% ] ||
    fail "$mode: $valid of $generated generated models valid ($share)"
  [ "$mode" != guided ] || [ "$kept" -ge 1 ] || fail "guided mode kept no mutant"
  [ "$mode" != random ] || [ "$kept" = "$valid" ] || fail "random mode kept $kept of $valid"
  grep -q "^findings $mode: [0-9]* unique tags" "$tmp/a.txt" || fail "$mode: no findings list"
done
grep -q '^Table 5 form' "$tmp/a.txt" || fail "no Table 5"
grep -Eq '^[a-z]+-[a-z]+ +[0-9]+\.[0-9]{3} ' "$tmp/a.txt" || fail "no library pair row in Table 5"
[ "$(grep -Ec '^(LR|LS|LC|LA|MLA|AFRm|AFRp|GF|WS|NAI|NEB|NS) ' "$tmp/a.txt")" = 12 ] ||
  fail "rule table does not list the 12 rules"
# Deterministic: the same seed gives the same table (timings aside).
run >"$tmp/b.txt" 2>&1 || fail "second run failed"
untimed() { awk '$1 ~ /^(guided|random|feedback)$/ { $3 = ""; $4 = "" } { print }' "$1"; }
diff <(untimed "$tmp/a.txt") <(untimed "$tmp/b.txt") || fail "two runs with --seed 3 differ"

status=0; $bin --mode bogus >/dev/null 2>"$tmp/err" || status=$?
[ $status = 2 ] && grep -q 'unknown --mode' "$tmp/err" || fail "bad --mode: status $status"
status=0; $bin --budget 5 --seeds "$tmp/missing" >/dev/null 2>"$tmp/err" || status=$?
[ $status = 1 ] && grep -q 'cannot read the seed directory' "$tmp/err" || fail "missing seeds: status $status"
echo "lemon_campaign: table complete, 100% valid, guided kept mutants, deterministic"

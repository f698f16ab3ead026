# The mutation-score evaluation (mutation/README.md) in its fast mode: a sample of mutants per
# subject plus a mutant known to be wrong. The original subject must survive its relation
# suite (no false kill), the known-bad mutant must be killed by a relation, and the counts of
# score.txt and results.tsv must add up.
. "$(dirname "$0")/common.bash"
out=$tmp/mutation
# return sxy * sqrt(sxx * syy): far outside [-1, 1] on any non-degenerate series.
bad=AOR_L28_C14_mul
grep -q 'return sxy / sqrt(sxx \* syy);' mutation/subjects/pearson.c && [ "$(grep -n 'return sxy / sqrt' \
  mutation/subjects/pearson.c | cut -d: -f1)" = 28 ] || fail "pearson.c changed: update the known-bad mutant"
make -s mutation-score MUTATION_DIR="$out" MUTATION_SAMPLE=10 \
  MUTATION_REQUIRE_pearson=$bad >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "make mutation-score failed"; }
cat "$out/score.txt"

for dir in "$out"/*/; do
  s=$(basename "$dir") score=$dir/score.txt results=$dir/results.tsv
  grep -q 'original subject survives the suite (no false kill)' "$score" || fail "$s: false kill"
  "$dir/original/driver" >"$tmp/orig" 2>&1 || { cat "$tmp/orig"; fail "$s: the original's driver kills it"; }
  # generated in this run = compile failures + equivalent + duplicates + valid
  read -r run cf eq dup valid < <(sed -n 's/.*in this run \([0-9]*\) | compile failures \([0-9]*\) | equivalent (TCE) \([0-9]*\) | duplicates (TCE) \([0-9]*\) | valid \([0-9]*\)$/\1 \2 \3 \4 \5/p' "$score")
  [ -n "$valid" ] || fail "$s: no count line in $score"
  [ $((cf + eq + dup + valid)) -eq "$run" ] || fail "$s: $cf + $eq + $dup + $valid != $run"
  read -r killed rel crash tmo surv < <(sed -n 's/^killed \([0-9]*\) (relation violated \([0-9]*\), crash \([0-9]*\), timeout \([0-9]*\)) | survived \([0-9]*\) .*/\1 \2 \3 \4 \5/p' "$score")
  [ -n "$surv" ] || fail "$s: no kill line in $score"
  [ $((killed + surv)) -eq "$valid" ] || fail "$s: killed $killed + survived $surv != valid $valid"
  [ $((rel + crash + tmo)) -eq "$killed" ] || fail "$s: kill kinds do not add up to $killed"
  [ "$(($(wc -l <"$results") - 1))" -eq "$run" ] || fail "$s: results.tsv rows != $run"
  for status in compile-failed:$cf equivalent:$eq duplicate:$dup killed:$killed survived:$surv; do
    [ "$(cut -f5 "$results" | grep -cx "${status%:*}")" -eq "${status#*:}" ] ||
      fail "$s: results.tsv disagrees with score.txt on ${status%:*}"
  done
done

grep -P "^$bad\tAOR\t28\t14\tkilled\trelation: " "$out/pearson/results.tsv" ||
  fail "the known-bad mutant $bad was not killed by a relation"
"$out/pearson/mutants/$bad/driver" >"$tmp/bad" 2>&1
[ $? -eq 3 ] && grep -q '^violated ' "$tmp/bad" || fail "$bad: its driver does not report a violation"
grep -q '^paper ' "$out/score.txt" || fail "no comparison with the paper in score.txt"
echo "mutation score: no false kill, $bad killed, counts add up"

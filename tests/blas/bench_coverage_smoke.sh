# make bench's coverage comparison (scripts/bench-coverage.sh) end to end on blas_gemm with a
# tiny budget: both modes fuzz (executions > 0) and their final corpora replay to a nonzero
# number of OpenBLAS PCs, with a structure/bytes ratio and a point per quarter of the budget.
# And the adapter's switch itself: with MLF_MUTATOR=bytes the inputs libFuzzer keeps come
# from its own byte mutations (named in "MS:"), without it only from the structure-aware hooks
# (Custom, CustomCrossOver), and an unknown value is refused.
. "$(dirname "$0")/../integration/common.bash"
t=blas_gemm
[ -x out/libfuzzer/$t ] || fail "out/libfuzzer/$t not built"

mkdir "$tmp/seeds"
cp build/corpora/$t/*.bin "$tmp/seeds/"
byte_mutations='ShuffleBytes|EraseBytes|InsertBytes?|InsertRepeatedBytes|ChangeByte|ChangeBit|CopyPart|CrossOver|ChangeASCIIInt|ChangeBinInt|AddFromTORC|AddFromPersAutoDict|AddFromManualDict'
for mode in structure bytes; do
  mkdir "$tmp/$mode"
  MLF_MUTATOR=$mode out/libfuzzer/$t "$tmp/$mode" "$tmp/seeds" -seed=1 -runs=600 -timeout=60 \
    -artifact_prefix="$tmp/$mode-" >"$tmp/$mode.log" 2>&1 || true # a library finding may end it
  grep -q '^#[0-9]*.*NEW .* MS: ' "$tmp/$mode.log" || { tail -n 20 "$tmp/$mode.log"; fail "$mode: no new input"; }
done
grep -Eq "MS: [0-9]+ ([A-Za-z]+-)*($byte_mutations)-" "$tmp/bytes.log" || fail "MLF_MUTATOR=bytes: no byte-level mutation kept"
grep -Eq "MS: [0-9]+ ([A-Za-z]+-)*($byte_mutations)-" "$tmp/structure.log" && fail "structure mode used byte-level mutations"
grep -q 'INFO: MLF_MUTATOR=bytes' "$tmp/bytes.log" || fail "MLF_MUTATOR=bytes not announced"
status=0; MLF_MUTATOR=nonsense out/libfuzzer/$t "$tmp/seeds" -runs=100 >"$tmp/bad.log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q "MLF_MUTATOR=nonsense" "$tmp/bad.log" || fail "unknown MLF_MUTATOR accepted (status $status)"

BENCH_COVERAGE_SECONDS=10 BENCH_COVERAGE_SEEDS=1 BENCH_COVERAGE_DIR="$tmp/bench" \
  scripts/bench-coverage.sh $t >"$tmp/bench.log" 2>&1 || { tail -n 30 "$tmp/bench.log"; fail "bench-coverage.sh failed"; }
cat "$tmp/bench/coverage.txt"
for mode in structure bytes; do
  read -r _ _ _ execs _ pcs _ < <(awk -v t=$t -v m=$mode '$1 == t && $2 == m' "$tmp/bench/coverage.txt")
  [ "${execs:-0}" -gt 0 ] || fail "$mode: no executions reported"
  [ "${pcs:-0}" -gt 0 ] || fail "$mode: no OpenBLAS PCs covered"
  [ "$(wc -l < "$tmp/bench/coverage/$t-$mode-1/over-time")" = 5 ] || fail "$mode: coverage over time incomplete"
done
grep -Eq "^coverage_openblas $t .*structure/bytes: ratio of medians [0-9]+\.[0-9]+, per seed [0-9.]+$" \
  "$tmp/bench/coverage.txt" || fail "no structure/bytes summary line"

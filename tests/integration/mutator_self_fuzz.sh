# The mutator survives arbitrary bytes: tests/fuzz_mutator (libFuzzer) feeds them to mutate,
# crossover, trim and print for both test message types and checks every output.
. "$(dirname "$0")/common.bash"
out/tests/fuzz_mutator -max_total_time=15 -timeout=30 -artifact_prefix="$tmp/" "$tmp" >"$tmp/log" 2>&1 ||
  { tail -n 40 "$tmp/log"; fail "the mutator failed on some input"; }
grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$tmp/log" || fail "libFuzzer did not finish"

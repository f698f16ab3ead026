# Every target runs from its seed corpus under libFuzzer with the structure-aware mutator
# (libFuzzer lists "Custom" among the mutations) and no harness-side crash; a new library
# finding ends the run and is reported, not failed. A fixed seed and number of runs make it
# deterministic.
. "$(dirname "$0")/common.bash"
# LEMON's 3000 runs with every backend variant would take minutes: the reference and XNNPACK's
# first variant here (lemon_isa_levels runs the seeds through every oneDNN implementation).
export MLF_LEMON_BACKENDS=reference,xnnpack MLF_LEMON_VARIANTS=1
for t in $(targets); do
  mkdir -p "$tmp/$t"
  cp build/corpora/"$t"/*.bin "$tmp/$t/"
  runs=$(check_budget "$t" 2 3000)
  if ! out/libfuzzer/"$t" "$tmp/$t" -seed=1 -runs="$runs" -timeout=60 -artifact_prefix="$tmp/" >"$tmp/$t.log" 2>&1; then
    crash=$(ls "$tmp"/crash-* 2>/dev/null | head -n 1)
    # A library finding is reported, not failed; its input is kept for a person to replay.
    [ -n "$crash" ] && library_finding "$t" "$crash" && { keep_finding "$t" "$tmp"/crash-*; continue; }
    tail -n 40 "$tmp/$t.log"; fail "$t: harness-side crash under libFuzzer"
  fi
  grep -q 'MS: .*Custom' "$tmp/$t.log" || { tail -n 20 "$tmp/$t.log"; fail "$t: custom mutator never produced an input"; }
  grep -q 'Done [0-9]* runs' "$tmp/$t.log" || fail "$t: libFuzzer did not finish normally"
  echo "$t: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$tmp/$t.log")"
done

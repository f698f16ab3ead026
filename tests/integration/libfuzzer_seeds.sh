# Every target runs from its seed corpus under libFuzzer for a few seconds with the
# structure-aware mutator (libFuzzer lists "Custom" among the mutations) and no crash.
. "$(dirname "$0")/common.bash"
for t in $(targets); do
  mkdir -p "$tmp/$t"
  cp build/corpora/"$t"/*.bin "$tmp/$t/"
  out/libfuzzer/"$t" "$tmp/$t" -max_total_time=5 -artifact_prefix="$tmp/" >"$tmp/$t.log" 2>&1 ||
    { tail -n 40 "$tmp/$t.log"; fail "$t crashed under libFuzzer"; }
  grep -q 'MS: .*Custom' "$tmp/$t.log" || { tail -n 20 "$tmp/$t.log"; fail "$t: custom mutator never produced an input"; }
  grep -q 'Done [0-9]* runs' "$tmp/$t.log" || fail "$t: libFuzzer did not finish normally"
  echo "$t: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$tmp/$t.log")"
done

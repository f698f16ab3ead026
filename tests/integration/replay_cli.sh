# The replay driver prints the decoded message, each backend's result and the verdict for
# every seed, and rejects unusable input with a clear message and exit status 2.
. "$(dirname "$0")/common.bash"
for t in $(targets); do
  out/replay/"$t" build/corpora/"$t"/*.bin >"$tmp/replay.log" 2>&1
  status=$?
  [ $status -le 1 ] || { cat "$tmp/replay.log"; fail "$t: replay of seeds exited $status"; }
  seeds=$(ls build/corpora/"$t"/*.bin | wc -l)
  [ "$(grep -c '^verdict: ' "$tmp/replay.log")" -eq "$seeds" ] || fail "$t: not one verdict per seed"
  grep -q -- '--- backends ---' "$tmp/replay.log" || fail "$t: no backend results printed"
  out/replay/"$t" --message-name | grep -q '^[a-z][A-Za-z0-9_.]*$' || fail "$t: --message-name"
  out/replay/"$t" "$tmp/missing" 2>"$tmp/err"; [ $? -eq 2 ] && grep -q 'cannot read' "$tmp/err" ||
    fail "$t: missing file not reported"
  printf 'this is not a protobuf \xff\xff\xff\xff' > "$tmp/garbage"
  out/replay/"$t" "$tmp/garbage" 2>"$tmp/err"; [ $? -eq 2 ] && grep -q 'is not an encoded' "$tmp/err" ||
    fail "$t: garbage input not reported"
done
echo "replay: all seeds replayed, bad input rejected"

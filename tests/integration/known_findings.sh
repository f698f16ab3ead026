# Every known finding's reproducer replays to its recorded tag.
. "$(dirname "$0")/common.bash"
n=0
while IFS=$'\t' read -r tag reproducer status explanation; do
  case $tag in ''|\#*) continue ;; esac
  target=$(cut -d: -f2 <<<"$tag")
  bin=build/corpora/${reproducer#corpora/}; bin=${bin%.textproto}.bin
  [ -f "$bin" ] || fail "$tag: reproducer $reproducer was not encoded to $bin"
  out/replay/"$target" "$bin" >"$tmp/out" 2>&1
  grep -q "^finding $tag\$" "$tmp/out" || { cat "$tmp/out"; fail "$tag: $reproducer no longer reproduces it"; }
  n=$((n + 1))
done < oracles/known_findings.tsv
echo "$n known findings reproduce"

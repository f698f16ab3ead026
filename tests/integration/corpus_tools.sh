# scripts/corpus.sh on one small target (gsl_fit): merge and minimise of an encoded directory
# plus a directory of .textproto seeds give a corpus no larger than the inputs that replays
# cleanly; export gives text protoc accepts; wrong target names, missing directories and an OUT
# that is an input are refused; the inputs are unchanged afterwards.
. "$(dirname "$0")/common.bash"
t=gsl_fit
mkdir -p "$tmp/encoded" "$tmp/text"
cp build/corpora/$t/*.bin "$tmp/encoded/"
cp corpora/$t/*.textproto "$tmp/text/"
before=$(cd "$tmp" && find encoded text -type f -exec sha1sum {} + | sort)
seeds=$(ls build/corpora/$t/*.bin | wc -l)
for command in merge minimise; do
  scripts/corpus.sh --input-timeout 10 $command $t "$tmp/$command" "$tmp/encoded" "$tmp/text" 2>"$tmp/log" ||
    { cat "$tmp/log"; fail "corpus.sh $command"; }
  n=$(ls "$tmp/$command" | wc -l)
  [ "$n" -ge 1 ] && [ "$n" -le "$seeds" ] || fail "$command kept $n of $seeds distinct seeds"
  timeout 60 out/replay/$t "$tmp/$command"/* >"$tmp/replay" 2>&1; [ $? -le 1 ] || fail "$command output does not replay"
done
scripts/corpus.sh export $t "$tmp/export" "$tmp/minimise" 2>/dev/null || fail "corpus.sh export"
[ "$(ls "$tmp/export"/*.textproto | wc -l)" -eq "$(ls "$tmp/minimise" | wc -l)" ] || fail "export: not one text per input"
out/replay/$t "$tmp/export"/*.textproto >/dev/null 2>&1; [ $? -le 1 ] || fail "exported text does not replay"
# Refusals, each with its reason.
refused() {
  local why=$1; shift
  scripts/corpus.sh "$@" 2>"$tmp/err" && fail "corpus.sh $* accepted"
  grep -q "$why" "$tmp/err" || { cat "$tmp/err"; fail "corpus.sh $*: no '$why'"; }
}
refused "no target 'no_such_target'" merge no_such_target "$tmp/x" "$tmp/encoded"
refused "no such file or directory: $tmp/missing" merge $t "$tmp/x" "$tmp/missing"
refused "is one of the inputs" merge $t "$tmp/encoded" "$tmp/encoded"
refused "not an empty directory" merge $t "$tmp/merge" "$tmp/encoded"
[ "$(cd "$tmp" && find encoded text -type f -exec sha1sum {} + | sort)" = "$before" ] || fail "the inputs changed"
echo "corpus.sh: merge kept $(ls "$tmp/merge" | wc -l), minimise $(ls "$tmp/minimise" | wc -l) of $seeds seeds; export and refusals as expected; inputs unchanged"

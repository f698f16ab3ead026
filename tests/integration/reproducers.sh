# Every library-bug registry row's standalone reproducer (scripts/reproducers.sh) builds against
# the installed libraries and fails while the bug is there (exits non-zero or hangs), unless
# the program needs what this machine lacks and says so. A row without a program fails it too.
. "$(dirname "$0")/common.bash"
scripts/reproducers.sh 2>"$tmp/progress" >"$tmp/summary" || { cat "$tmp/progress"; fail "scripts/reproducers.sh failed"; }
cat "$tmp/summary"
results=build/reproducers/results.tsv
[ "$(tail -n +2 "$results" | wc -l)" -gt 0 ] || fail "no library-bug rows in $results"
bad=0
while IFS=$'\t' read -r tag program outcome output _; do
  case $outcome in
    reproduces*|"skipped ("?*) ;;
    missing*) echo "$tag: $outcome"; bad=$((bad + 1)) ;;
    *) echo "$tag: $program: $outcome"; [ ! -f "$output" ] || sed 's/^/    /' "$output" | tail -n 20
       bad=$((bad + 1)) ;;
  esac
done < <(tail -n +2 "$results")
[ "$bad" = 0 ] || fail "$bad library-bug rows whose standalone reproducer is missing, does not build or does not reproduce"

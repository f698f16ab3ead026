# gsl_statistics generates standalone reproducers (harnesses/gsl/statistics_emit.c): the program
# written for a reference finding builds with -Wall -Wextra -Werror against Debian's libgsl27,
# exits 1 on the regress input's values, and exits 0 once the trigger is gone (the infinity of
# qn-infinite-sample replaced by -2^1023, where GSL's Qn0 returns the expected 2); a finding
# only a relation shows gets no generated program (exit 3).
. "$(dirname "$0")/common.bash"
[ -x out/replay/gsl_statistics ] || { echo "skip: out/replay/gsl_statistics not built"; exit 77; }
[ -f /usr/include/gsl/gsl_statistics_double.h ] || { echo "skip: libgsl-dev not installed"; exit 77; }
regress=build/corpora/gsl_statistics/regress
tag='mlf:gsl_statistics:qn0_from_sorted_data:*:*-infinite-sample'
out/replay/gsl_statistics --reproducer "$tag" "$regress/qn-infinite-sample.bin" >"$tmp/qn.c" ||
  fail "no program generated for $tag"
grep -qF " * tags: $tag" "$tmp/qn.c" || fail "the tags line does not name the registry row"
link=$(sed -n 's/^ \* link: //p' "$tmp/qn.c")
# shellcheck disable=SC2086  # the link line is a list of flags
clang-16 -std=c11 -Wall -Wextra -Werror -o "$tmp/qn" "$tmp/qn.c" $link || fail "the program does not build"
timeout 20 "$tmp/qn" >"$tmp/qn.out"; status=$?
[ $status -eq 1 ] || { cat "$tmp/qn.out"; fail "the program exited $status on the finding's values, not 1"; }
sed 's/{-INFINITY,/{-0x1p+1023,/' "$tmp/qn.c" >"$tmp/fixed.c"
grep -q -- '-0x1p+1023' "$tmp/fixed.c" || fail "the program's data changed shape: no -INFINITY first"
# shellcheck disable=SC2086
clang-16 -std=c11 -o "$tmp/fixed" "$tmp/fixed.c" $link || fail "the edited program does not build"
timeout 20 "$tmp/fixed" >"$tmp/fixed.out" || { cat "$tmp/fixed.out"; fail "the program fails without the trigger"; }
out/replay/gsl_statistics --reproducer 'mlf:gsl_statistics:w*:scale-weights:*' \
  "$regress/weights-scaled-square-overflow.bin" >/dev/null 2>&1; status=$?
[ $status -eq 3 ] || fail "a relation-only finding: --reproducer exited $status, not 3"
echo "gsl_statistics: generated reproducer exits 1 on the finding, 0 without its trigger"

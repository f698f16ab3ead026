# Every OpenBLAS kernel set this CPU can execute (scripts/kernel-sets.sh), one process each
# since OpenBLAS reads OPENBLAS_CORETYPE when it is loaded: the prebuilt libraries prove they
# run that kernel set, and every BLAS target runs its seed corpus (a new library finding is
# reported for recording, a harness-side crash fails).
. "$(dirname "$0")/common.bash"
sets=$(scripts/kernel-sets.sh)
[ -n "$sets" ] || fail "no kernel set found for this CPU"
seed_input=$(ls build/corpora/blas_gemm/*.bin | head -n 1)
for set in $sets; do
  OPENBLAS_CORETYPE=$set MLF_VERBOSE=1 MLF_BLAS_BACKENDS=openblas-serial out/replay/blas_gemm "$seed_input" 2>&1 |
    grep -q "^mlf: backend openblas-serial = .*, core $set\$" || fail "$set: the library does not report that kernel set"
  for t in $(targets); do
    [[ $t == blas_* ]] || continue
    # A library finding under this kernel set is reported (record it), a harness crash fails.
    if ! OPENBLAS_CORETYPE=$set out/libfuzzer/"$t" -runs=0 -artifact_prefix="$tmp/" "build/corpora/$t" \
        >"$tmp/$t-$set.log" 2>&1; then
      crash=$(ls "$tmp"/crash-* 2>/dev/null | head -n 1)
      [ -n "$crash" ] && OPENBLAS_CORETYPE=$set library_finding "$t" "$crash" && { rm -f "$tmp"/crash-*; continue; }
      tail -n 40 "$tmp/$t-$set.log"; fail "$t: harness-side crash with kernel set $set"
    fi
  done
  echo "$set: every target's seeds ran"
done

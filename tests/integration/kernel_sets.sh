# Every OpenBLAS kernel set this CPU can execute (scripts/kernel-sets.sh), one process each
# since OpenBLAS reads OPENBLAS_CORETYPE when it is loaded: the prebuilt libraries prove they
# run that kernel set, and every BLAS target runs its seed corpus without a new finding.
. "$(dirname "$0")/common.bash"
sets=$(scripts/kernel-sets.sh)
[ -n "$sets" ] || fail "no kernel set found for this CPU"
seed_input=$(ls build/corpora/blas_gemm/*.bin | head -n 1)
for set in $sets; do
  OPENBLAS_CORETYPE=$set MLF_VERBOSE=1 MLF_BLAS_BACKENDS=openblas-serial out/replay/blas_gemm "$seed_input" 2>&1 |
    grep -q "^mlf: backend openblas-serial = .*, core $set\$" || fail "$set: the library does not report that kernel set"
  for t in $(targets); do
    [[ $t == blas_* ]] || continue
    OPENBLAS_CORETYPE=$set out/libfuzzer/"$t" -runs=0 "build/corpora/$t" >"$tmp/$t-$set.log" 2>&1 ||
      { tail -n 40 "$tmp/$t-$set.log"; fail "$t: a new finding with kernel set $set"; }
  done
  echo "$set: every target's seeds ran clean"
done

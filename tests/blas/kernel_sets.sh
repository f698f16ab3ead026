# Every OpenBLAS kernel set this CPU can execute (harnesses/libraries/debian_blas_lapack/kernel-sets.sh), one process each
# since OpenBLAS reads OPENBLAS_CORETYPE when it is loaded: the prebuilt libraries prove they
# run that kernel set, and every BLAS target runs its seed corpus (a new library finding is
# reported for recording, a harness-side crash fails); then every BLIS kernel set
# (BLIS_ARCH_TYPE, kernel-sets.sh --blis) the same way for the targets that load BLIS, and
# every oneDNN ISA level for blas_gemm's onednn backend (below).
. "$(dirname "$0")/../integration/common.bash"
# keep_set_finding TARGET SET CRASH LOG: keeps a library finding's input, named after the kernel
# set it showed under, and the fuzzer's log in build/test-findings/TARGET/; drops other crashes.
keep_set_finding() {
  mv "$3" "$tmp/$2-${3##*/}"
  keep_finding "$1" "$tmp/$2-${3##*/}" "$4"
  rm -f "$tmp"/crash-*
}
# seeds_under TARGET NAME VAR=VALUE...: runs TARGET's seed corpus in that environment; a library
# finding is reported for recording (keep_set_finding), a harness-side crash fails.
seeds_under() {
  local t=$1 name=$2; shift 2
  if ! env "$@" out/libfuzzer/"$t" -runs=0 -timeout=60 -artifact_prefix="$tmp/" "build/corpora/$t" \
      >"$tmp/$t-$name.log" 2>&1; then
    local crash
    crash=$(ls "$tmp"/crash-* 2>/dev/null | head -n 1)
    [ -n "$crash" ] && (export "${@?}"; library_finding "$t" "$crash") &&
      { keep_set_finding "$t" "$name" "$crash" "$tmp/$t-$name.log"; return 0; }
    tail -n 40 "$tmp/$t-$name.log"; fail "$t: harness-side crash with kernel set $name"
  fi
}

sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)
[ -n "$sets" ] || fail "no kernel set found for this CPU"
seed_input=$(ls build/corpora/blas_gemm/*.bin | head -n 1)
for set in $sets; do
  OPENBLAS_CORETYPE=$set MLF_VERBOSE=1 MLF_BLAS_BACKENDS=openblas-serial out/replay/blas_gemm "$seed_input" 2>&1 |
    grep -q "^mlf: backend openblas-serial = .*, core $set\$" || fail "$set: the library does not report that kernel set"
  for t in $(targets); do
    [[ $t == blas_* ]] || continue
    seeds_under "$t" "$set" OPENBLAS_CORETYPE="$set"
  done
  echo "$set: every target's seeds ran"
done

# BLIS reads BLIS_ARCH_TYPE (a number) when it sets itself up: the identity names the kernel set.
blis_sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis)
[ -n "$blis_sets" ] || fail "no BLIS kernel set found for this CPU"
while read -r name id; do
  BLIS_ARCH_TYPE=$id MLF_VERBOSE=1 MLF_BLAS_BACKENDS=blis out/replay/blas_gemm "$seed_input" 2>&1 |
    grep -q "^mlf: backend blis = .*, kernels $name (BLIS_ARCH_TYPE $id)\$" ||
    fail "BLIS_ARCH_TYPE=$id: the library does not report kernel set $name"
  for t in $(targets); do
    MLF_VERBOSE=1 out/replay/"$t" /dev/null 2>&1 | grep -q '^mlf: backend blis = ' || continue
    seeds_under "$t" "blis-$name" BLIS_ARCH_TYPE="$id"
  done
  echo "BLIS $name: every target's seeds ran"
done <<<"$blis_sets"

# Every oneDNN ISA level this CPU supports (harnesses/libraries/onednn/isa-levels.sh), one process each
# since oneDNN fixes its ISA at first use: blas_gemm's onednn backend (dnnl_sgemm) reports that
# level as its effective ISA, and blas_gemm runs its seed corpus (libFuzzer reads regress/ too)
# with it beside the instrumented OpenBLAS and the reference BLAS (a new library finding is
# reported for recording, a harness-side crash fails).
levels=$(harnesses/libraries/onednn/isa-levels.sh)
[ -n "$levels" ] || fail "no oneDNN ISA level found"
for isa in $levels; do
  # the identity prints the effective ISA as the value oneDNN's header gives the level
  value=$(grep -Eo "dnnl_cpu_isa_${isa,,} = 0x[0-9a-f]+" /usr/include/oneapi/dnnl/dnnl_types.h)
  DNNL_MAX_CPU_ISA=$isa MLF_VERBOSE=1 MLF_BLAS_BACKENDS=onednn out/replay/blas_gemm "$seed_input" 2>&1 |
    grep -q "^mlf: backend onednn = .*, cpu isa ${isa,,} ($(printf '0x%x' "${value##* }"))\$" ||
    fail "$isa: the onednn backend does not report that ISA"
  if ! DNNL_MAX_CPU_ISA=$isa MLF_BLAS_BACKENDS=openblas,netlib,onednn out/libfuzzer/blas_gemm -runs=0 -timeout=60 \
      -artifact_prefix="$tmp/" build/corpora/blas_gemm >"$tmp/onednn-$isa.log" 2>&1; then
    crash=$(ls "$tmp"/crash-* 2>/dev/null | head -n 1)
    [ -n "$crash" ] && DNNL_MAX_CPU_ISA=$isa MLF_BLAS_BACKENDS=openblas,netlib,onednn library_finding blas_gemm "$crash" &&
      { keep_set_finding blas_gemm "onednn-$isa" "$crash" "$tmp/onednn-$isa.log"; continue; }
    tail -n 40 "$tmp/onednn-$isa.log"; fail "blas_gemm: harness-side crash under DNNL_MAX_CPU_ISA=$isa"
  fi
  echo "oneDNN $isa: blas_gemm's seeds ran with the onednn backend"
done

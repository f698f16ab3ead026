# The registry's needs field (scripts/registry-needs.sh) on fixed backend identities: a list of
# texts (any one), an excluding list (none), a missing backend, and the kernel set a row is
# replayed under (an OpenBLAS core type, a BLIS kernel set by its BLIS_ARCH_TYPE number); each
# unmet need says why.
. "$(dirname "$0")/common.bash"
. scripts/registry-needs.sh
ids='mlf: backend openblas = instrumented static OpenBLAS 0.3.21 HASWELL SINGLE_THREADED, core HASWELL
mlf: backend openblas-serial = /usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so OpenBLAS 0.3.21 DYNAMIC_ARCH Cooperlake SINGLE_THREADED, core Cooperlake
mlf: backend blis = /usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4 version 0.9.0, kernels zen3 (BLIS_ARCH_TYPE 6)'
met() { [ -z "$(needs_unmet "$1" "$ids")" ] || fail "'$1' should be met: $(needs_unmet "$1" "$ids")"; }
unmet() { why=$(needs_unmet "$1" "$ids"); [[ $why == *"$2"* ]] || fail "'$1' should be unmet with '$2', got '$why'"; }
met -
met 'openblas HASWELL'
met 'openblas-serial core SkylakeX|core Cooperlake'
met 'openblas-serial !core Prescott|core Core2|core Penryn|core Nehalem'
met 'blis kernels haswell|kernels zen3'
unmet 'openblas-serial core SkylakeX' "not what the row needs"
unmet 'openblas-serial !core Sandybridge|core Cooperlake' "which the row excludes"
unmet 'openblas-pthread OpenBLAS 0.3.21' "openblas-pthread is not loaded here"
unmet 'blis kernels haswell' "not what the row needs"
unmet 'blis kernels zen (' "not what the row needs"
sets='Prescott
Nehalem
Haswell
SkylakeX'
blis_sets='generic 25
haswell 3
zen 8
zen3 6'
[ "$(needs_kernel_set 'openblas-serial core Cooperlake|core SkylakeX|core Haswell' core "$sets")" = Haswell ] || fail "first listed kernel set this CPU runs"
[ "$(needs_kernel_set 'openblas-serial !core Prescott|core SkylakeX' core "$sets")" = Haswell ] || fail "last kernel set not excluded"
[ -z "$(needs_kernel_set 'openblas-serial core Cooperlake' core "$sets")" ] || fail "a kernel set this CPU cannot run"
[ -z "$(needs_kernel_set 'openblas-serial OpenBLAS 0.3.21' core "$sets")" ] || fail "a need naming no kernel set"
[ "$(needs_kernel_set 'blis kernels skx|kernels zen3' kernels "$blis_sets")" = zen3 ] || fail "BLIS: a listed kernel set this CPU runs"
[ "$(needs_kernel_env 'openblas-serial core SkylakeX|core Cooperlake' "$sets" "$blis_sets")" = OPENBLAS_CORETYPE=SkylakeX ] ||
  fail "OpenBLAS: OPENBLAS_CORETYPE"
[ "$(needs_kernel_env 'blis kernels haswell|kernels zen3' "$sets" "$blis_sets")" = BLIS_ARCH_TYPE=3 ] ||
  fail "BLIS: BLIS_ARCH_TYPE of the first listed kernel set this CPU runs"
[ "$(needs_kernel_env 'blis !kernels generic|kernels haswell' "$sets" "$blis_sets")" = BLIS_ARCH_TYPE=6 ] ||
  fail "BLIS: BLIS_ARCH_TYPE of the last kernel set not excluded"
[ "$(needs_kernel_env 'blis kernels zen' "$sets" "$blis_sets")" = BLIS_ARCH_TYPE=8 ] || fail "BLIS: zen is not zen3"
[ "$(needs_kernel_env 'blis kernels skx|kernels zen (' "$sets" "$blis_sets")" = BLIS_ARCH_TYPE=8 ] || fail "BLIS: 'kernels zen (' is zen"
[ "$(needs_kernel_env 'blis !kernels zen (|kernels zen3' "$sets" "$blis_sets")" = BLIS_ARCH_TYPE=3 ] ||
  fail "BLIS: 'kernels zen (' excludes zen alone"
[ -z "$(needs_kernel_env 'blis kernels skx' "$sets" "$blis_sets")" ] || fail "BLIS: a kernel set this CPU cannot run"
[ -z "$(needs_kernel_env 'blis version 0.9.0' "$sets" "$blis_sets")" ] || fail "BLIS: a need naming no kernel set"
[ -z "$(needs_kernel_env - "$sets" "$blis_sets")" ] || fail "no need, no environment"
echo "registry needs: lists, exclusions, missing backends and kernel-set picks as specified"

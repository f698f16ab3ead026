# The registry's needs field (scripts/registry-needs.sh) on fixed backend identities: a list of
# texts (any one), an excluding list (none), a missing backend, and the kernel set a row is
# replayed under; each unmet need says why.
. "$(dirname "$0")/common.bash"
. scripts/registry-needs.sh
ids='mlf: backend openblas = instrumented static OpenBLAS 0.3.21 HASWELL SINGLE_THREADED, core HASWELL
mlf: backend openblas-serial = /usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so OpenBLAS 0.3.21 DYNAMIC_ARCH Cooperlake SINGLE_THREADED, core Cooperlake'
met() { [ -z "$(needs_unmet "$1" "$ids")" ] || fail "'$1' should be met: $(needs_unmet "$1" "$ids")"; }
unmet() { why=$(needs_unmet "$1" "$ids"); [[ $why == *"$2"* ]] || fail "'$1' should be unmet with '$2', got '$why'"; }
met -
met 'openblas HASWELL'
met 'openblas-serial core SkylakeX|core Cooperlake'
met 'openblas-serial !core Prescott|core Core2|core Penryn|core Nehalem'
unmet 'openblas-serial core SkylakeX' "not what the row needs"
unmet 'openblas-serial !core Sandybridge|core Cooperlake' "which the row excludes"
unmet 'openblas-pthread OpenBLAS 0.3.21' "openblas-pthread is not loaded here"
sets='Prescott
Nehalem
Haswell
SkylakeX'
[ "$(needs_coretype 'openblas-serial core Cooperlake|core SkylakeX|core Haswell' "$sets")" = Haswell ] || fail "first listed kernel set this CPU runs"
[ "$(needs_coretype 'openblas-serial !core Prescott|core SkylakeX' "$sets")" = Haswell ] || fail "last kernel set not excluded"
[ -z "$(needs_coretype 'openblas-serial core Cooperlake' "$sets")" ] || fail "a kernel set this CPU cannot run"
[ -z "$(needs_coretype 'openblas-serial OpenBLAS 0.3.21' "$sets")" ] || fail "a need naming no kernel set"
echo "registry needs: lists, exclusions, missing backends and kernel-set picks as specified"

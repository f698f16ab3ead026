#!/usr/bin/env bash
# scripts/campaign.sh --kernel-sets rotate (make fuzz): two short campaigns under one --out
# directory; the first run of the first takes the first OpenBLAS kernel set, BLIS kernel set
# and oneDNN ISA level this CPU runs, and the second campaign goes on where the first stopped
# (runs.tsv carries each run's environment, which its triage replays under).
. "$(dirname "$0")/common.bash"
t=blas_level1
mapfile -t sets < <(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)
mapfile -t levels < <(harnesses/libraries/onednn/isa-levels.sh)
mapfile -t blis < <(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis | cut -d' ' -f2)
[ ${#sets[@]} -ge 2 ] || { echo "SKIP: this CPU runs fewer than 2 OpenBLAS kernel sets"; exit 77; }
for c in one two; do
  scripts/campaign.sh --seconds 6 --jobs 1 --engines libfuzzer --kernel-sets rotate --out "$tmp" \
    --name "$c" "$t" >"$tmp/$c.log" 2>&1 || fail "campaign $c: $(tail -n 5 "$tmp/$c.log")"
done
env_of() { cut -f5 "$tmp/$1/runs.tsv"; }
want_one="OPENBLAS_CORETYPE=${sets[0]} BLIS_ARCH_TYPE=${blis[0]}"
want_two="OPENBLAS_CORETYPE=${sets[1]} BLIS_ARCH_TYPE=${blis[1 % ${#blis[@]}]}"
if grep -qa libdnnl out/libfuzzer/$t; then
  want_one+=" DNNL_MAX_CPU_ISA=${levels[0]}" want_two+=" DNNL_MAX_CPU_ISA=${levels[1 % ${#levels[@]}]}"
fi
[ "$(env_of one)" = "$want_one" ] || fail "first campaign ran on '$(env_of one)', not '$want_one'"
[ "$(env_of two)" = "$want_two" ] || fail "second campaign ran on '$(env_of two)', not '$want_two'"
[ "$(cat "$tmp/.kernel-rotation")" = 2 ] || fail "rotation state $(cat "$tmp/.kernel-rotation"), not 2"
echo "kernel_rotation: $(env_of one), then $(env_of two)"

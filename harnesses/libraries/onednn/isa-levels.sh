#!/bin/bash
# Prints the DNNL_MAX_CPU_ISA values oneDNN honours on this CPU, one a line, in the order of
# oneDNN's header: a level counts when a process started with it reports exactly that level
# as its effective ISA (a level the CPU lacks comes back lower). Every level is a separate
# process because oneDNN fixes its ISA at first use. Run the LEMON harness or the backend
# test once per level:
#   for isa in $(harnesses/libraries/onednn/isa-levels.sh); do DNNL_MAX_CPU_ISA=$isa out/tests/test_lemon_onednn; done
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/isa.c" <<'C'
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
int main(void) { printf("%d\n", (int)dnnl_get_effective_cpu_isa()); return 0; }
C
${CC:-cc} "$tmp/isa.c" -ldnnl -o "$tmp/isa"
# The levels and their values as oneDNN's header declares them (dnnl_cpu_isa_<name> = 0x...).
grep -Eo 'dnnl_cpu_isa_[a-z0-9_]+ = 0x[0-9a-f]+' /usr/include/oneapi/dnnl/dnnl_types.h |
  grep -v 'dnnl_cpu_isa_all\|no_hints\|prefer_ymm' |
  while read -r name _ value; do
    level=${name#dnnl_cpu_isa_}
    if [ "$(DNNL_MAX_CPU_ISA=${level^^} "$tmp/isa")" = "$((value))" ]; then echo "${level^^}"; fi
  done

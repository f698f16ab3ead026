#!/usr/bin/env bash
# Prints the OpenBLAS kernel sets (OPENBLAS_CORETYPE values) this CPU can execute, one per
# line: the x86-64 cores of Debian's DYNAMIC_ARCH OpenBLAS whose instruction-set needs are all
# in /proc/cpuinfo. Cores that share their kernels with a listed one (Dunnington, Zen, ...) and
# AMD cores needing FMA4 or SSE4a on CPUs without them are left out. BLIS is not listed: its
# Debian build aborts on every BLIS_ARCH_TYPE value and picks its own configuration.
set -eu
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ $flags == *" $f "* ]] || return 1; done; }
has pni && echo Prescott  # SSE3 is "pni" in cpuinfo
has ssse3 && echo Core2
has sse4_1 && echo Penryn
has sse4_2 && echo Nehalem
has avx && echo Sandybridge
has avx fma4 && echo Bulldozer
has avx2 fma && echo Haswell
has avx512f avx512dq avx512bw avx512vl && echo SkylakeX
has avx512f avx512dq avx512bw avx512vl avx512_bf16 && echo Cooperlake
exit 0

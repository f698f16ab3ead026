#!/usr/bin/env bash
# Prints the kernel sets this CPU can execute, one per line. Without arguments: the OpenBLAS
# ones (OPENBLAS_CORETYPE values), the x86-64 cores of Debian's DYNAMIC_ARCH OpenBLAS whose
# instruction-set needs are all in /proc/cpuinfo; cores that share their kernels with a listed
# one (Dunnington, Zen, ...) and AMD cores needing FMA4 or SSE4a on CPUs without them are left
# out. With --blis: the BLIS ones, "NAME ID" (ID: the BLIS_ARCH_TYPE value selecting them,
# BLIS 0.9.0's arch_t, frame/include/bli_type_defs.h), of Debian's libblis4, built for the
# x86_64 family (skx knl haswell sandybridge penryn zen3 zen2 zen excavator steamroller
# piledriver bulldozer generic; any other id aborts). A sub-configuration is listed when this
# CPU has the instruction sets its kernels were compiled for (config/NAME/make_defs.mk: the
# zen ones -march=znverN, SSE4a among them, so AMD only); left out: knl
# (AVX-512PF/ER: its kernels use vscatterpf), bulldozer (FMA4), steamroller (the
# piledriver kernels and block sizes) and excavator (the piledriver kernels, other MC/KC).
# piledriver's kernels use FMA3 (vfmadd231), not FMA4, so a CPU with AVX, FMA and SSE4a runs
# them even though BLIS picks that sub-configuration by itself only on family 15h with FMA4.
set -eu
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ $flags == *" $f "* ]] || return 1; done; }
if [ "${1:-}" = --blis ]; then
  echo generic 25
  has pni ssse3 && echo penryn 5
  has avx && echo sandybridge 4
  has avx fma sse4a && echo piledriver 11
  has avx2 fma bmi2 && echo haswell 3
  has avx2 fma bmi2 sse4a && echo zen 8
  has avx2 fma bmi2 sse4a && echo zen2 7
  has avx2 fma bmi2 sse4a && echo zen3 6
  has avx2 fma bmi2 avx512f avx512dq avx512bw avx512vl && echo skx 0
  exit 0
fi
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

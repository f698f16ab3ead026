# oneDNN 2.6.3 (Debian's prebuilt libdnnl) with its OpenMP runtime: one session per process
# (mlf_onednn_session.c: a CPU engine and a stream on one thread) for every family that runs its
# primitives (LEMON, the forecaster), and its identity (mlf_onednn_identity.h, also used by the
# BLAS family's dlopen'ed dnnl_sgemm backend); isa-levels.sh lists the DNNL_MAX_CPU_ISA levels
# this CPU honours (one process per level).
LIB_onednn_LDFLAGS := -ldnnl -lgomp
LIB_onednn_SRC := harnesses/libraries/onednn/mlf_onednn_session.c
LIB_onednn_SHARED := $(addprefix /usr/lib/x86_64-linux-gnu/,libdnnl.so libgomp.so.1)

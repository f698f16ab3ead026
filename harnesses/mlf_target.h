/* What a harness file declares: its target name, the message type it consumes, a one-time
 * init and the per-input run. A harness never knows the engine: mlf_entry.c turns this into
 * LLVMFuzzerTestOneInput for libFuzzer, AFL++'s driver and the replay driver alike. */
#ifndef MLF_TARGET_H
#define MLF_TARGET_H
#include <protobuf-c/protobuf-c.h>
#include "mlf_report.h"

typedef struct {
  const char *name;
  const ProtobufCMessageDescriptor *message;
  void (*init)(void);                                     /* once per process; may be NULL */
  void (*run)(const ProtobufCMessage *msg, mlf_run *run); /* one input; reports through run */
} mlf_target;

extern const mlf_target mlf_this_target;

/* One line per harness, at the start of a line (the build reads the descriptor name from it):
 *   MLF_TARGET(blas_gemm, mlf__blas__gemm_case__descriptor, gemm_init, gemm_run) */
#define MLF_TARGET(name, descriptor, init_fn, run_fn) \
  const mlf_target mlf_this_target = {#name, &descriptor, init_fn, run_fn};

const ProtobufCMessageDescriptor *mlf_root_descriptor(void);
#endif

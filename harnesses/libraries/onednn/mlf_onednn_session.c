/* The process's oneDNN session (mlf_onednn_session.h). */
#include "mlf_onednn_session.h"
#include <stdio.h>
#include "mlf_onednn_identity.h"

/* libgomp (oneDNN's runtime). */
void omp_set_num_threads(int n);

dnnl_engine_t mlf_onednn_engine;
dnnl_stream_t mlf_onednn_stream;

int mlf_onednn_open(char *identity, size_t len) {
  omp_set_num_threads(1);
  if (!mlf_onednn_engine && dnnl_engine_create(&mlf_onednn_engine, dnnl_cpu, 0) != dnnl_success) {
    snprintf(identity, len, "oneDNN: no CPU engine");
    return -1;
  }
  if (!mlf_onednn_stream &&
      dnnl_stream_create(&mlf_onednn_stream, mlf_onednn_engine, dnnl_stream_default_flags) !=
          dnnl_success) {
    snprintf(identity, len, "oneDNN: no stream");
    return -1;
  }
  mlf_onednn_identity(identity, len, dnnl_version(), dnnl_get_effective_cpu_isa());
  return 0;
}

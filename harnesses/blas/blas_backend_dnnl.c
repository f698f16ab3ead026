/* oneDNN's dnnl_sgemm as a BLAS backend for sgemm only: loaded by dlopen like the other
 * libraries, and called through a CBLAS-shaped adapter. dnnl_sgemm is row-major, so a
 * column-major call computes C^T = op(B)^T op(A)^T on the same memory (A and B, their
 * transposes and m, n swapped). Its status is kept for the harness to see as an error. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include "blas_backend.h"
#include "mlf_capture.h"
#include "libraries/onednn/mlf_onednn_identity.h"

#ifndef MLF_LIBDIR
#define MLF_LIBDIR "/usr/lib/x86_64-linux-gnu"
#endif
#define DNNL_PATH MLF_LIBDIR "/libdnnl.so.2"

typedef int (*dnnl_sgemm_fn)(char, char, int64_t, int64_t, int64_t, float, const float *, int64_t,
                             const float *, int64_t, float, float *, int64_t);
static dnnl_sgemm_fn dnnl_sgemm;

static void dnnl_as_cblas_sgemm(int order, int ta, int tb, int m, int n, int k, float alpha,
                                const float *a, int lda, const float *b, int ldb, float beta,
                                float *c, int ldc) {
  char t_a = ta == BLAS_NO_TRANS ? 'N' : 'T', t_b = tb == BLAS_NO_TRANS ? 'N' : 'T';
  int status = order == BLAS_ROW_MAJOR
                   ? dnnl_sgemm(t_a, t_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
                   : dnnl_sgemm(t_b, t_a, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc);
  if (status != 0) mlf_capture_error_n("dnnl_sgemm", 10, status);
}

int blas_backend_dnnl(blas_backend *b) {
  void *h = dlopen(DNNL_PATH, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "mlf: backend onednn unavailable (%s); install Debian package libdnnl2\n", dlerror());
    return 0;
  }
  dnnl_sgemm = (dnnl_sgemm_fn)dlsym(h, "dnnl_sgemm");
  const dnnl_version_t *(*version)(void) = (const dnnl_version_t *(*)(void))dlsym(h, "dnnl_version");
  dnnl_cpu_isa_t (*isa)(void) = (dnnl_cpu_isa_t(*)(void))dlsym(h, "dnnl_get_effective_cpu_isa");
  if (!dnnl_sgemm || !version || !isa) return 0;
  *b = (blas_backend){.name = "onednn"};
  char library[160];
  mlf_onednn_identity(library, sizeof library, version(), isa());
  snprintf(b->identity, sizeof b->identity, "%s: %s", DNNL_PATH, library);
  b->cblas[BLAS_FN_sgemm] = (void (*)(void))dnnl_as_cblas_sgemm;
  return 1;
}

/* The instrumented OpenBLAS built from Debian source by scripts/build-openblas.sh and linked
 * statically with every API symbol renamed mlf_openblas_*, so it coexists with the dlopen'ed
 * BLAS libraries. Its error handler is replaced by one that records into mlf_capture. */
#include <stdio.h>
#include "blas_backend.h"
#include "mlf_capture.h"

#define OB(name) mlf_openblas_##name
void OB(cblas_sgemm)(int, int, int, int, int, int, float, const float *, int, const float *, int,
                     float, float *, int);
void OB(cblas_dgemm)(int, int, int, int, int, int, double, const double *, int, const double *,
                     int, double, double *, int);
void OB(cblas_cgemm)(int, int, int, int, int, int, const void *, const void *, int, const void *,
                     int, const void *, void *, int);
void OB(cblas_zgemm)(int, int, int, int, int, int, const void *, const void *, int, const void *,
                     int, const void *, void *, int);
char *OB(openblas_get_config)(void);
char *OB(openblas_get_corename)(void);

/* OpenBLAS's Fortran-style xerbla (renamed); defining it here keeps the library's own, which
 * prints and continues, out of the link. Its length argument is a blasint. */
int OB(xerbla_)(const char *name, const int *info, int len);
int OB(xerbla_)(const char *name, const int *info, int len) {
  mlf_capture_error_n(name, len > 0 ? (size_t)len : 0, *info);
  return 0;
}

void blas_backend_openblas(blas_backend *b) {
  b->name = "openblas";
  snprintf(b->identity, sizeof b->identity, "instrumented static %s, core %s",
           OB(openblas_get_config)(), OB(openblas_get_corename)());
  b->sgemm = OB(cblas_sgemm);
  b->dgemm = OB(cblas_dgemm);
  b->cgemm = OB(cblas_cgemm);
  b->zgemm = OB(cblas_zgemm);
}

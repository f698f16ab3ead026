/* The instrumented OpenBLAS built from Debian source (harnesses/libraries/openblas) and
 * linked statically with every API symbol renamed mlf_openblas_*, so it coexists with the
 * dlopen'ed BLAS libraries. Its error handler is replaced by one that records into mlf_capture. */
#include <stdio.h>
#include "blas_backend.h"
#include "mlf_capture.h"

#define OB(name) mlf_openblas_##name
/* Late CBLAS entry points (cblas_csrot, ...) are weak: NULL in versions that lack them. Only
 * strong references pull a member out of the static archive, so the rest are strong. */
#define BLAS_ROUTINE(f, c) void OB(f##_)(void); void OB(c)(void);
#define BLAS_ROUTINE_LATE(f, c) void OB(f##_)(void); void OB(c)(void) __attribute__((weak));
#include "blas_symbols.def"
#undef BLAS_ROUTINE
#undef BLAS_ROUTINE_LATE
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
#define BLAS_ROUTINE(f, c) b->fortran[BLAS_FN_##f] = OB(f##_), b->cblas[BLAS_FN_##f] = OB(c);
#include "blas_symbols.def"
#undef BLAS_ROUTINE
}

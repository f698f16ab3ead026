/* The CBLAS routines the forecaster's matrix work goes through, from OpenBLAS 0.3.21 (32-bit
 * blasint). By default they are the instrumented static build of the blas family
 * ($(CACHE)/openblas-<variant>/libopenblas.a, every symbol renamed mlf_openblas_*);
 * compiled with -DFORECAST_BLAS_UNPREFIXED they are the plain names of any CBLAS, e.g.
 * Debian's libopenblas (link -l:libopenblas.so.0). */
#ifndef FORECAST_BLAS_H
#define FORECAST_BLAS_H

#ifdef FORECAST_BLAS_UNPREFIXED
#define FORECAST_BLAS(name) name
#else
#define FORECAST_BLAS(name) mlf_openblas_##name
#endif

/* CBLAS enumerations (values fixed by the CBLAS standard). */
enum { FORECAST_ROW_MAJOR = 101 };
enum { FORECAST_NO_TRANS = 111, FORECAST_TRANS = 112 };

void FORECAST_BLAS(cblas_sgemm)(int order, int trans_a, int trans_b, int m, int n, int k,
                                float alpha, const float *a, int lda, const float *b, int ldb,
                                float beta, float *c, int ldc);
void FORECAST_BLAS(cblas_saxpy)(int n, float alpha, const float *x, int incx, float *y,
                                int incy);
float FORECAST_BLAS(cblas_snrm2)(int n, const float *x, int incx);

#define forecast_sgemm FORECAST_BLAS(cblas_sgemm)
#define forecast_saxpy FORECAST_BLAS(cblas_saxpy)
#define forecast_snrm2 FORECAST_BLAS(cblas_snrm2)
#endif

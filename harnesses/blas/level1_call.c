/* Level-1 calls through both interfaces (see level1_call.h). One macro generates the calls
 * of a real width (float with float complex, double with double complex): Fortran passes
 * every argument by pointer and returns a complex function value by value (gfortran's ABI,
 * which OpenBLAS and BLIS follow on x86-64); CBLAS passes real scalars by value, complex
 * ones by pointer, and returns complex dots through a pointer (cblas_?dot?_sub). */
#include "level1_call.h"
#include <math.h>
#include <string.h>
#include "mlf_watchdog.h"

typedef void (*any_fn)(void);

/* cblas_i?amax: CBLAS_INDEX is size_t in netlib, OpenBLAS, BLIS and GSL but int in ATLAS's
 * cblas.h, which leaves the upper half of rax unspecified; a valid index is below 2^31, so
 * the low 32 bits are the index for every library. */
static long cblas_index(size_t raw) { return (long)(int)(unsigned)raw; }

/* sdsdot and dsdot exist in single precision only. */
static void call_mixed_dot(any_fn fn, int fortran, const level1_problem *pr, const void *x,
                           const void *y, level1_outcome *o) {
  const int n = pr->n, incx = pr->incx, incy = pr->incy;
  const float sb = (float)pr->alpha[0];
  if (pr->family == L1(SDSDOT))
    o->value[0] = fortran ? ((float (*)(const int *, const float *, const void *, const int *,
                                        const void *, const int *))fn)(&n, &sb, x, &incx, y, &incy)
                          : ((float (*)(int, float, const void *, int, const void *, int))fn)(
                                n, sb, x, incx, y, incy);
  else
    o->value[0] = fortran ? ((double (*)(const int *, const void *, const int *, const void *,
                                         const int *))fn)(&n, x, &incx, y, &incy)
                          : ((double (*)(int, const void *, int, const void *, int))fn)(
                                n, x, incx, y, incy);
}

#define LEVEL1_WIDTH(R, W)                                                                      \
  static void call_##W(any_fn fn, int fortran, const level1_problem *pr, void *x, void *y,     \
                       level1_outcome *o) {                                                     \
    const int n = pr->n, incx = pr->incx, incy = pr->incy, cplx = pr->p.is_complex;            \
    R alpha[2] = {(R)pr->alpha[0], (R)pr->alpha[1]}, c = (R)pr->c, s = (R)pr->s, param[5];     \
    R in[4] = {(R)pr->in[0], (R)pr->in[1], (R)pr->in[2], (R)pr->in[3]}, out[5] = {0};          \
    for (int i = 0; i < 5; i++) param[i] = (R)pr->param[i];                                    \
    switch (pr->family) {                                                                       \
      case L1(DOT): case L1(DOTU): case L1(DOTC):                                               \
        if (!cplx)                                                                              \
          o->value[0] = fortran ? ((R (*)(const int *, const void *, const int *, const void *, \
                                          const int *))fn)(&n, x, &incx, y, &incy)              \
                                : ((R (*)(int, const void *, int, const void *, int))fn)(       \
                                      n, x, incx, y, incy);                                     \
        else if (fortran) {                                                                     \
          R _Complex r = ((R _Complex (*)(const int *, const void *, const int *, const void *, \
                                          const int *))fn)(&n, x, &incx, y, &incy);             \
          memcpy(out, &r, sizeof r);                                                            \
        } else                                                                                  \
          ((void (*)(int, const void *, int, const void *, int, void *))fn)(n, x, incx, y,      \
                                                                            incy, out);         \
        if (cplx) o->value[0] = out[0], o->value[1] = out[1];                                   \
        break;                                                                                  \
      case L1(SDSDOT): case L1(DSDOT): call_mixed_dot(fn, fortran, pr, x, y, o); break;         \
      case L1(NRM2): case L1(ASUM):                                                             \
        o->value[0] = fortran ? ((R (*)(const int *, const void *, const int *))fn)(&n, x, &incx) \
                              : ((R (*)(int, const void *, int))fn)(n, x, incx);                \
        break;                                                                                  \
      case L1(IAMAX):                                                                           \
        o->index = fortran ? ((int (*)(const int *, const void *, const int *))fn)(&n, x, &incx) \
                           : cblas_index(((size_t (*)(int, const void *, int))fn)(n, x, incx)); \
        break;                                                                                  \
      case L1(SCAL): case L1(SCAL_REAL):                                                        \
        if (fortran) ((void (*)(const int *, const R *, void *, const int *))fn)(&n, alpha, x, &incx); \
        else if (cplx && pr->family == L1(SCAL))                                                \
          ((void (*)(int, const void *, void *, int))fn)(n, alpha, x, incx);                    \
        else ((void (*)(int, R, void *, int))fn)(n, alpha[0], x, incx);                         \
        break;                                                                                  \
      case L1(AXPY):                                                                            \
        if (fortran)                                                                            \
          ((void (*)(const int *, const R *, const void *, const int *, void *, const int *))fn)( \
              &n, alpha, x, &incx, y, &incy);                                                   \
        else if (cplx)                                                                          \
          ((void (*)(int, const void *, const void *, int, void *, int))fn)(n, alpha, x, incx, y, \
                                                                           incy);              \
        else ((void (*)(int, R, const void *, int, void *, int))fn)(n, alpha[0], x, incx, y, incy); \
        break;                                                                                  \
      case L1(COPY): case L1(SWAP):                                                             \
        if (fortran)                                                                            \
          ((void (*)(const int *, void *, const int *, void *, const int *))fn)(&n, x, &incx, y, \
                                                                               &incy);         \
        else ((void (*)(int, void *, int, void *, int))fn)(n, x, incx, y, incy);                \
        break;                                                                                  \
      case L1(ROT):                                                                             \
        if (fortran)                                                                            \
          ((void (*)(const int *, void *, const int *, void *, const int *, const R *,          \
                     const R *))fn)(&n, x, &incx, y, &incy, &c, &s);                            \
        else ((void (*)(int, void *, int, void *, int, R, R))fn)(n, x, incx, y, incy, c, s);   \
        break;                                                                                  \
      case L1(ROTM):                                                                            \
        if (fortran)                                                                            \
          ((void (*)(const int *, void *, const int *, void *, const int *, const R *))fn)(     \
              &n, x, &incx, y, &incy, param);                                                   \
        else ((void (*)(int, void *, int, void *, int, const R *))fn)(n, x, incx, y, incy, param); \
        break;                                                                                  \
      case L1(ROTG):                                                                            \
        /* Same argument list in both interfaces: a, b, c, s by pointer. */                     \
        if (!cplx) {                                                                            \
          ((void (*)(R *, R *, R *, R *))fn)(&in[0], &in[1], &out[0], &out[1]);                 \
          o->out[0] = in[0], o->out[1] = in[1], o->out[2] = out[0], o->out[3] = out[1];         \
        } else {                                                                                \
          ((void (*)(void *, void *, R *, void *))fn)(&in[0], &in[2], &out[0], &out[1]);        \
          o->out[0] = in[0], o->out[1] = in[1], o->out[2] = out[0], o->out[3] = out[1];         \
          o->out[4] = out[2], o->out[5] = in[2], o->out[6] = in[3];                             \
        }                                                                                       \
        break;                                                                                  \
      case L1(ROTMG):                                                                           \
        for (int i = 0; i < 5; i++) param[i] = (R)NAN; /* entries the flag leaves unset */     \
        if (fortran) ((void (*)(R *, R *, R *, const R *, R *))fn)(&in[0], &in[1], &in[2], &in[3], param); \
        else ((void (*)(R *, R *, R *, R, R *))fn)(&in[0], &in[1], &in[2], in[3], param);      \
        for (int i = 0; i < 3; i++) o->out[i] = in[i];                                          \
        for (int i = 0; i < 5; i++) o->out[3 + i] = param[i];                                   \
        break;                                                                                  \
      default: break;                                                                           \
    }                                                                                           \
  }
LEVEL1_WIDTH(float, single)
LEVEL1_WIDTH(double, double)

int level1_supported(const blas_backend *b, const level1_problem *pr, int fortran) {
  if (pr->fn == BLAS_FN_COUNT) return 0;
  return (fortran ? b->fortran[pr->fn] : b->cblas[pr->fn]) != NULL;
}

void level1_protect_inputs(level1_problem *pr, int readonly) {
  unsigned f = level1_family_flags(pr->family);
  if (f & L1_CONSTRUCT) return;
  mlf_guard_set_readonly(pr->x.data, readonly);
  mlf_guard_set_readonly(pr->y.data, readonly);
}

void level1_call(const blas_backend *b, const level1_problem *pr, int fortran,
                 mlf_guard_side side, level1_outcome *o, size_t *errors, mlf_error_record *err) {
  unsigned f = level1_family_flags(pr->family);
  memset(o, 0, sizeof *o);
  void *x = pr->x.data, *y = pr->y.data;
  if (f & L1_WRITES_X) level1_vector_clone(&o->x, &pr->x, &pr->p, side, "x"), o->has_x = 1, x = o->x.data;
  if (f & L1_WRITES_Y) level1_vector_clone(&o->y, &pr->y, &pr->p, side, "y"), o->has_y = 1, y = o->y.data;
  any_fn fn = fortran ? b->fortran[pr->fn] : b->cblas[pr->fn];
  mlf_error_record e;
  mlf_capture_begin(b->name);
  if (pr->p.is_double) MLF_WATCHED_IN(b->name, pr->name, call_double(fn, fortran, pr, x, y, o));
  else MLF_WATCHED_IN(b->name, pr->name, call_single(fn, fortran, pr, x, y, o));
  size_t n = mlf_capture_end(&e);
  if (n && !*errors && err) *err = e;
  *errors += n;
}

/* Level-1 routine facts and argument conversion from a Level1Case (see level1_problem.h). */
#include "level1_problem.h"
#include <string.h>
#include <stdio.h>

#define NONE BLAS_FN_COUNT
/* Members per family and precision (s, d, c, z), and what the family does. */
static const struct {
  blas_fn member[4];
  unsigned flags;
} families[L1_FAMILIES] = {
    [L1(DOT)] = {{BLAS_FN_sdot, BLAS_FN_ddot, NONE, NONE}, L1_READS_X | L1_READS_Y | L1_SCALAR},
    [L1(DOTU)] = {{NONE, NONE, BLAS_FN_cdotu, BLAS_FN_zdotu}, L1_READS_X | L1_READS_Y | L1_SCALAR},
    [L1(DOTC)] = {{NONE, NONE, BLAS_FN_cdotc, BLAS_FN_zdotc}, L1_READS_X | L1_READS_Y | L1_SCALAR},
    [L1(SDSDOT)] = {{BLAS_FN_sdsdot, NONE, NONE, NONE}, L1_READS_X | L1_READS_Y | L1_SCALAR},
    [L1(DSDOT)] = {{BLAS_FN_dsdot, NONE, NONE, NONE}, L1_READS_X | L1_READS_Y | L1_SCALAR},
    [L1(NRM2)] = {{BLAS_FN_snrm2, BLAS_FN_dnrm2, BLAS_FN_scnrm2, BLAS_FN_dznrm2}, L1_READS_X | L1_SCALAR},
    [L1(ASUM)] = {{BLAS_FN_sasum, BLAS_FN_dasum, BLAS_FN_scasum, BLAS_FN_dzasum}, L1_READS_X | L1_SCALAR},
    [L1(IAMAX)] = {{BLAS_FN_isamax, BLAS_FN_idamax, BLAS_FN_icamax, BLAS_FN_izamax}, L1_READS_X | L1_INDEX},
    [L1(SCAL)] = {{BLAS_FN_sscal, BLAS_FN_dscal, BLAS_FN_cscal, BLAS_FN_zscal}, L1_READS_X | L1_WRITES_X},
    [L1(SCAL_REAL)] = {{NONE, NONE, BLAS_FN_csscal, BLAS_FN_zdscal}, L1_READS_X | L1_WRITES_X},
    [L1(AXPY)] = {{BLAS_FN_saxpy, BLAS_FN_daxpy, BLAS_FN_caxpy, BLAS_FN_zaxpy},
                  L1_READS_X | L1_READS_Y | L1_WRITES_Y},
    [L1(COPY)] = {{BLAS_FN_scopy, BLAS_FN_dcopy, BLAS_FN_ccopy, BLAS_FN_zcopy}, L1_READS_X | L1_WRITES_Y},
    [L1(SWAP)] = {{BLAS_FN_sswap, BLAS_FN_dswap, BLAS_FN_cswap, BLAS_FN_zswap},
                  L1_READS_X | L1_READS_Y | L1_WRITES_X | L1_WRITES_Y},
    [L1(ROT)] = {{BLAS_FN_srot, BLAS_FN_drot, BLAS_FN_csrot, BLAS_FN_zdrot},
                 L1_READS_X | L1_READS_Y | L1_WRITES_X | L1_WRITES_Y},
    [L1(ROTG)] = {{BLAS_FN_srotg, BLAS_FN_drotg, BLAS_FN_crotg, BLAS_FN_zrotg}, L1_CONSTRUCT},
    [L1(ROTM)] = {{BLAS_FN_srotm, BLAS_FN_drotm, NONE, NONE},
                  L1_READS_X | L1_READS_Y | L1_WRITES_X | L1_WRITES_Y},
    [L1(ROTMG)] = {{BLAS_FN_srotmg, BLAS_FN_drotmg, NONE, NONE}, L1_CONSTRUCT},
};

unsigned level1_family_flags(level1_family f) {
  return (unsigned)f < L1_FAMILIES ? families[f].flags : 0;
}

blas_fn level1_member(level1_family f, Mlf__Blas__Precision p) {
  return (unsigned)f < L1_FAMILIES && (unsigned)p < 4 ? families[f].member[p] : NONE;
}

static double scalar_part(const Mlf__Blas__Scalar *s, int im, const blas_precision *p) {
  return s ? blas_number(im ? s->im : s->re, p) : 0.0;
}

void level1_problem_from(level1_problem *pr, const Mlf__Blas__Level1Case *m) {
  memset(pr, 0, sizeof *pr);
  pr->family = m->routine;
  pr->p = blas_precision_of(m->precision);
  pr->fn = level1_member(m->routine, m->precision);
  if (pr->fn != NONE) {
    const char *sym = blas_fortran_symbol(pr->fn);
    size_t len = strlen(sym) - 1; /* without the trailing underscore */
    if (len >= sizeof pr->name) len = sizeof pr->name - 1;
    memcpy(pr->name, sym, len);
  }
  pr->fortran = m->interface == MLF__BLAS__LEVEL1_CASE__INTERFACE__FORTRAN;
  pr->n = m->n, pr->incx = m->incx, pr->incy = m->incy;
  const blas_precision *p = &pr->p;
  for (int im = 0; im < 2; im++) {
    pr->alpha[im] = p->is_complex || !im ? scalar_part(m->alpha, im, p) : 0;
    pr->in[im] = p->is_complex || !im ? scalar_part(m->a, im, p) : 0;
    pr->in[2 + im] = p->is_complex || !im ? scalar_part(m->b, im, p) : 0;
  }
  if (!p->is_complex) pr->in[1] = pr->in[2], pr->in[2] = 0; /* real rotg: a, b */
  if (pr->family == L1(SCAL_REAL)) pr->alpha[1] = 0; /* csscal, zdscal: alpha is real */
  pr->c = blas_number(m->c, p);
  pr->s = blas_number(m->s, p);
  pr->param[0] = m->flag;
  for (size_t i = 0; i < 4; i++) pr->param[1 + i] = i < m->n_h ? blas_number(m->h[i], p) : 0;
  if (pr->family == L1(ROTMG)) {
    const Mlf__Number *v[4] = {m->d1, m->d2, m->x1, m->y1};
    for (int i = 0; i < 4; i++) pr->in[i] = blas_number(v[i], p);
  }
}

static int one_vector(level1_family f) {
  return f == L1(NRM2) || f == L1(ASUM) || f == L1(IAMAX) || f == L1(SCAL) || f == L1(SCAL_REAL);
}

int level1_quick_return(const level1_problem *pr) {
  return pr->n <= 0 || (one_vector(pr->family) && pr->family != L1(NRM2) && pr->incx <= 0);
}

int level1_zero_inc_written(const level1_problem *pr) {
  unsigned f = level1_family_flags(pr->family);
  return pr->n > 0 && !one_vector(pr->family) &&
         (((f & L1_WRITES_X) && pr->incx == 0) || ((f & L1_WRITES_Y) && pr->incy == 0));
}

static const char *kind_suffix(const level1_problem *pr) {
  double flag = pr->param[0];
  int noncanonical = pr->family == L1(ROTM) && flag != -2 && flag != -1 && flag != 0 && flag != 1;
  if (pr->n > 0 && one_vector(pr->family) && pr->incx <= 0) return "-nonpositive-incx";
  if (noncanonical) return "-noncanonical-flag";
  return level1_zero_inc_written(pr) ? "-zero-inc-written" : "";
}

const char *level1_finding_kind(const level1_problem *pr, const char *kind, char *buf, size_t len) {
  snprintf(buf, len, "%s%s", kind, pr ? kind_suffix(pr) : "");
  return buf;
}

long level1_zero_based(const level1_problem *pr, const level1_outcome *o) {
  return pr->fortran ? o->index - 1 : o->index;
}

void level1_outcome_free(level1_outcome *o) {
  if (o->has_x) level1_vector_free(&o->x);
  if (o->has_y) level1_vector_free(&o->y);
  o->has_x = o->has_y = 0;
}

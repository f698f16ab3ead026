/* What every LAPACK judge shares (see lapack_judge.h): raising a finding for the case and
 * recording it in the outcome, residual ratios, reading outputs, and the two checks every
 * factor gets (a NaN in A kept, a finite result for a finite input within range). */
#include "lapack_judge.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include "mlf_differential.h"

void lapack_tag(char *tag, size_t len, const lapack_case *c, const char *backend, const char *kind) {
  char op[16];
  snprintf(op, sizeof op, "%c%s", c->p.letter, lapack_routine_name(c->routine, c->prec));
  mlf_finding_tag(tag, len, "blas_lapack", backend ? backend : "differential", op, kind);
}

void lapack_finding(mlf_run *run, const lapack_case *c, const char *backend, lapack_outcome *o,
                    double ratio, const char *kind, const char *fmt, ...) {
  char tag[MLF_TAG_MAX], detail[400];
  lapack_tag(tag, sizeof tag, c, backend, kind);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  mlf_finding(run, tag, "%s: %s", backend ? backend : "libraries", detail);
  if (o && !o->kind[0]) snprintf(o->kind, sizeof o->kind, "%s", kind), o->ratio = ratio;
}

void lapack_judge_ratio(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                        double ratio, const char *kind, const char *what) {
  if (ratio < 0) return;
  if (ratio > o->ratio || isnan(ratio)) o->ratio = ratio;
  if (!(ratio <= 1))
    lapack_finding(run, c, name, o, ratio, kind, "%s is %.3g times the allowed residual", what, ratio);
}

ld_mat lapack_read_out(const lapack_case *c, const void *data, size_t ld, size_t rows, size_t cols) {
  return ld_from_buffer(data, c->prec, ld, c->row_major, rows, cols);
}

ld_mat lapack_read_vector(const lapack_case *c, const void *data, size_t len, int real) {
  return ld_from_buffer(data, real ? c->prec & 1 : c->prec, len ? len : 1, 0, len, 1);
}

/* NaN in the referenced input of a factorization: the NaN element is never overwritten
 * without being read, so it must survive in the output unless INFO reports a failure. */
void lapack_judge_nan_kept(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                           const ld_mat *out) {
  if (c->input_nan && o->info == 0 && !ld_has_nan(out))
    lapack_finding(run, c, name, o, 0, "nan-lost", "NaN in A, INFO = 0 and no NaN in the result");
}

/* Inputs within range and finite: factors must be finite. Overflow is impossible: max|a|
 * times the growth bound 2^(k) of partial pivoting (Higham, Thm 9.7) stays below the largest
 * finite value (input_safe), and the other factorizations have no growth. */
void lapack_judge_finite(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                         const ld_mat *out) {
  if (c->input_safe && !ld_finite(out))
    lapack_finding(run, c, name, o, 0, "nonfinite-result", "finite input in range, non-finite factor");
}

/* Standalone program for a blas_level1 finding (level1_emit.h), for the dots (dot, dotu, dotc,
 * sdsdot, dsdot), nrm2, asum, i?amax (without a NaN in x), scal, axpy, copy, swap, rot and
 * rotm: x and y as the harness
 * built them (gaps between strided elements hold NaNs no routine may use), the call as
 * level1_call.c makes it (Fortran: everything by address, complex dots returned by value as
 * gfortran does; CBLAS: real scalars by value, complex dots through cblas_?dot?_sub), and the
 * expectations from the long-double reference. rotg, rotmg and i?amax with a NaN are not
 * generated: -1. */
#include "level1_emit.h"
#include <string.h>
#include "blas_emit.h"
#include "level1_reference.h"

static int is_dot(level1_family f) {
  return f == L1(DOT) || f == L1(DOTU) || f == L1(DOTC) || f == L1(SDSDOT) || f == L1(DSDOT);
}

/* The dot's declaration and the call storing its value into result[]. */
static void emit_dot(FILE *out, const level1_problem *pr, const char *symbol, int declare) {
  const char *t = blas_emit_real_type(&pr->p), *in = pr->fortran ? "const int *" : "int ";
  int cplx = pr->p.is_complex, mixed_double = pr->family == L1(DSDOT);
  int sb = pr->family == L1(SDSDOT);
  const char *ret = mixed_double ? "double" : cplx && pr->fortran ? (pr->p.is_double ? "double _Complex" : "float _Complex")
                                  : cplx ? "void" : t;
  if (declare) {
    fprintf(out, "%s %s(%sn, %s%sconst void *x, %sincx, const void *y, %sincy%s);\n\n", ret, symbol, in,
            sb ? (pr->fortran ? "const float *sb" : "float sb") : "", sb ? ", " : "", in, in,
            cplx && !pr->fortran ? ", void *dot" : "");
    return;
  }
  char n[32], incx[32], incy[32], sbv[48] = "";
  snprintf(n, sizeof n, pr->fortran ? "&(const int){%d}" : "%d", pr->n);
  snprintf(incx, sizeof incx, pr->fortran ? "&(const int){%d}" : "%d", pr->incx);
  snprintf(incy, sizeof incy, pr->fortran ? "&(const int){%d}" : "%d", pr->incy);
  if (sb) snprintf(sbv, sizeof sbv, pr->fortran ? "&(const float){%a}, " : "%af, ", (float)pr->alpha[0]);
  if (cplx && !pr->fortran) {
    fprintf(out, "  %s dot[2];\n  %s(%s, x, %s, y, %s, dot);\n", t, symbol, n, incx, incy);
    fprintf(out, "  double result[2] = {dot[0], dot[1]};\n");
  } else if (cplx) {
    fprintf(out, "  %s dot = %s(%s, x, %s, y, %s);\n", ret, symbol, n, incx, incy);
    fprintf(out, "  double result[2] = {__real__ dot, __imag__ dot};\n");
  } else {
    fprintf(out, "  double result[2] = {%s(%s, %sx, %s, y, %s), 0};\n", symbol, n, sbv, incx, incy);
  }
}

/* nrm2 or asum: the declaration, and the call storing its value into result[0]. */
static void emit_norm(FILE *out, const level1_problem *pr, const char *symbol, int declare) {
  const char *t = blas_emit_real_type(&pr->p), *in = pr->fortran ? "const int *" : "int ";
  if (declare) {
    fprintf(out, "%s %s(%sn, const void *x, %sincx);\n\n", t, symbol, in, in);
    return;
  }
  if (pr->fortran)
    fprintf(out, "  double result[2] = {%s(&(const int){%d}, x, &(const int){%d}), 0};\n", symbol, pr->n, pr->incx);
  else fprintf(out, "  double result[2] = {%s(%d, x, %d), 0};\n", symbol, pr->n, pr->incx);
}

/* The indices i?amax may return as the interface counts them (the first largest |re| + |im|,
 * exactly or in the precision; 0 for a quick return). -1 with a NaN in x, whose index rules
 * are the hand-written iamax-nan-index.c's. */
static int iamax_allowed(const level1_problem *pr, long want[2]) {
  level1_amax a;
  level1_expect_amax(pr, &a);
  want[0] = want[1] = 0;
  if (level1_quick_return(pr)) return 0;
  if (a.first_nan >= 0) return -1;
  want[0] = a.exact + pr->fortran, want[1] = a.working + pr->fortran;
  return 0;
}

/* i?amax: the declaration and the whole main, checking the index against want[]. */
static void emit_iamax(FILE *out, const level1_problem *pr, const char *symbol, int head,
                       const long want[2]) {
  if (pr->fortran) fprintf(out, "int %s(const int *n, const void *x, const int *incx);\n\n", symbol);
  else fprintf(out, "size_t %s(int n, const void *x, int incx);\n\n", symbol);
  blas_emit_main_begin(out, &pr->p, "x", "", head, symbol);
  if (pr->fortran)
    fprintf(out, "  long got = %s(&(const int){%d}, x, &(const int){%d});\n", symbol, pr->n, pr->incx);
  else /* cblas.h leaves the upper half of the returned register unspecified (level1_call.c) */
    fprintf(out, "  long got = (int)(unsigned)%s(%d, x, %d);\n", symbol, pr->n, pr->incx);
  fprintf(out, "  int wrong = got != %ldL && got != %ldL;\n", want[0], want[1]);
  fprintf(out, "  printf(\"index (%s): expected %ld%s, actual %%ld\\n\", got);\n",
          pr->fortran ? "1-based" : "0-based", want[0], want[0] == want[1] ? "" : " or the other largest");
  fprintf(out, "  printf(wrong ? \"the bug is present\\n\" : \"the bug is absent\\n\");\n  return wrong;\n}\n");
}

static void emit_scal(FILE *out, const level1_problem *pr, const char *symbol, int declare) {
  const char *t = blas_emit_real_type(&pr->p);
  int by_address = pr->fortran || (pr->p.is_complex && pr->family == L1(SCAL));
  if (declare) {
    if (pr->fortran) fprintf(out, "void %s(const int *n, const %s *alpha, void *x, const int *incx);\n\n", symbol, t);
    else fprintf(out, "void %s(int n, %s%s alpha, void *x, int incx);\n\n", symbol,
                 by_address ? "const void *" : t, "");
    return;
  }
  fprintf(out, "  const %s alpha[2] = {", t);
  blas_emit_number(out, pr->alpha[0]);
  fprintf(out, ", ");
  blas_emit_number(out, pr->alpha[1]);
  fprintf(out, "};\n");
  if (pr->fortran) fprintf(out, "  %s(&(const int){%d}, alpha, x, &(const int){%d});\n", symbol, pr->n, pr->incx);
  else fprintf(out, "  %s(%d, %s, x, %d);\n", symbol, pr->n, by_address ? "alpha" : "alpha[0]", pr->incx);
}

/* axpy, copy, swap, rot and rotm: the declaration, or the scalars and the call. */
static void emit_pair(FILE *out, const level1_problem *pr, const char *symbol, int declare) {
  const char *t = blas_emit_real_type(&pr->p), *in = pr->fortran ? "const int *" : "int ";
  level1_family f = pr->family;
  const char *scalars = f == L1(AXPY) ? (pr->fortran ? "const %s *alpha, " : pr->p.is_complex ? "const void *alpha, " : "%s alpha, ")
                        : "";
  if (declare) {
    char head[64];
    snprintf(head, sizeof head, scalars, t);
    fprintf(out, "void %s(%sn, %s%svoid *x, %sincx, void *y, %sincy", symbol, in, head,
            f == L1(AXPY) ? "const " : "", in, in);
    if (f == L1(ROT)) fprintf(out, pr->fortran ? ", const %s *c, const %s *s" : ", %s c, %s s", t, t);
    if (f == L1(ROTM)) fprintf(out, ", const %s *param", t);
    fprintf(out, ");\n\n");
    return;
  }
  const double *values = f == L1(ROTM) ? pr->param : f == L1(AXPY) ? pr->alpha : (const double[2]){pr->c, pr->s};
  int count = f == L1(ROTM) ? 5 : f == L1(AXPY) || f == L1(ROT) ? 2 : 0;
  if (count) {
    fprintf(out, "  const %s scalars[%d] = {", t, count);
    for (int i = 0; i < count; i++) blas_emit_number(out, values[i]), fprintf(out, i + 1 < count ? ", " : "};\n");
  }
  char n[32], incx[32], incy[32], lead[32] = "", tail[48] = "";
  snprintf(n, sizeof n, pr->fortran ? "&(const int){%d}" : "%d", pr->n);
  snprintf(incx, sizeof incx, pr->fortran ? "&(const int){%d}" : "%d", pr->incx);
  snprintf(incy, sizeof incy, pr->fortran ? "&(const int){%d}" : "%d", pr->incy);
  if (f == L1(AXPY)) snprintf(lead, sizeof lead, pr->fortran || pr->p.is_complex ? "scalars, " : "scalars[0], ");
  if (f == L1(ROT)) snprintf(tail, sizeof tail, pr->fortran ? ", &scalars[0], &scalars[1]" : ", scalars[0], scalars[1]");
  if (f == L1(ROTM)) snprintf(tail, sizeof tail, ", scalars");
  fprintf(out, "  %s(%s, %sx, %s, y, %s%s);\n", symbol, n, lead, incx, incy, tail);
}

/* The expectations of output vector w (0: x, 1: y) into rules: none for a vector the call
 * must leave as it is, its input elements exactly for a copy or swap, else the reference's. */
static size_t element_rules(const level1_problem *pr, int w, blas_emit_expect *rules, size_t max) {
  int parts = pr->p.is_complex ? 2 : 1, from_i;
  const level1_vector *v = w ? &pr->y : &pr->x;
  size_t n = 0;
  /* a zero increment stores one element: its final value */
  for (int i = 0; i < (v->inc == 0 ? 1 : pr->n) && n + 2 <= max; i++) {
    int from = level1_copied_from(pr, w, i, &from_i);
    mlf_expect e[2], alt[2];
    double copy[2];
    if (from == w && from_i == i) continue; /* left as it is */
    if (from >= 0) {
      level1_vector_get(from ? &pr->y : &pr->x, &pr->p, from_i, copy);
      e[0] = (mlf_expect){copy[0], 0, 0}, e[1] = (mlf_expect){copy[1], 0, 0};
    } else {
      level1_expect_element(pr, L1_EXACT, w, i, e);
      level1_expect_element(pr, L1_COMPLEX_ALTERNATIVE, w, i, alt);
    }
    long slot = (long)level1_vector_slot(v, i);
    for (int part = 0; part < parts; part++)
      rules[n++] = blas_emit_expect_of(slot * parts + part, (size_t)i, 0, part, &e[part],
                                       pr->p.is_complex && from < 0 ? &alt[part] : NULL);
  }
  return n;
}

int level1_emit(const Mlf__Blas__Level1Case *m, const char *tag, const char *identity, FILE *out) {
  level1_problem pr;
  level1_problem_from(&pr, m);
  int dot = is_dot(pr.family), scal = pr.family == L1(SCAL) || pr.family == L1(SCAL_REAL);
  int norm = pr.family == L1(NRM2) || pr.family == L1(ASUM), iamax = pr.family == L1(IAMAX);
  unsigned flags = level1_family_flags(pr.family);
  int two = (flags & (L1_READS_Y | L1_WRITES_Y)) != 0, pair = two && !dot;
  long want[2];
  if (pr.fn == BLAS_FN_COUNT || (!dot && !scal && !norm && !iamax && !pair)) return -1;
  mlf_guard_side side = m->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  level1_vector_make(&pr.x, m->x, &pr.p, pr.n, pr.incx, 1, side, "x");
  level1_vector_make(&pr.y, m->y, &pr.p, two ? pr.n : 0, pr.incy, 2, side, "y");
  if (iamax && iamax_allowed(&pr, want) < 0) {
    level1_vector_free(&pr.x);
    level1_vector_free(&pr.y);
    return -1;
  }
  const char *symbol = pr.fortran ? blas_fortran_symbol(pr.fn) : blas_cblas_symbol(pr.fn);
  char title[160], incy[32] = "";
  if (two) snprintf(incy, sizeof incy, ", incy = %d", pr.incy);
  snprintf(title, sizeof title, "%s (%s): n = %d, incx = %d%s", symbol, pr.fortran ? "Fortran" : "CBLAS",
           pr.n, pr.incx, incy);
  int status = blas_emit_begin(out, tag, identity, title);
  if (status == 0 && iamax) {
    blas_emit_array(out, &pr.p, "x", pr.x.data, pr.x.count);
    emit_iamax(out, &pr, symbol, m->guard_before, want);
  } else if (status == 0) {
    fprintf(out, "/* x and y as the fuzzer built them (the NaNs between strided elements are\n"
                 " * gaps no routine may use); expectations from a long-double reference. */\n");
    blas_emit_array(out, &pr.p, "x", pr.x.data, pr.x.count);
    if (two) blas_emit_array(out, &pr.p, "y", pr.y.data, pr.y.count);
    blas_emit_expect rules[512];
    size_t n = 0;
    if (dot || norm) {
      mlf_expect e[2], alt[2];
      int parts = pr.p.is_complex && !norm ? 2 : 1, alternative = dot && pr.p.is_complex;
      level1_expect_scalar(&pr, L1_EXACT, e);
      level1_expect_scalar(&pr, L1_COMPLEX_ALTERNATIVE, alt);
      for (int part = 0; part < parts; part++)
        rules[n++] = blas_emit_expect_of(part, 0, 0, part, &e[part], alternative ? &alt[part] : NULL);
      fprintf(out, "static const double result_init[2] = {0, 0};\n");
      blas_emit_expectations(out, "result", rules, n);
      (dot ? emit_dot : emit_norm)(out, &pr, symbol, 1);
      blas_emit_main_begin(out, &pr.p, dot ? "x y" : "x", "", m->guard_before, symbol);
      (dot ? emit_dot : emit_norm)(out, &pr, symbol, 0);
      fprintf(out, "  int wrong = check_output(\"result\", result, result_init, %d, 1, result_expected, result_expectations);\n", parts);
      fprintf(out, "  printf(wrong ? \"the bug is present\\n\" : \"the bug is absent\\n\");\n  return wrong;\n}\n");
    } else {
      const char *outputs = (flags & L1_WRITES_X) && (flags & L1_WRITES_Y) ? "x y"
                            : flags & L1_WRITES_X ? "x" : "y";
      for (int w = 0; w < 2; w++) {
        if (!(flags & (w ? L1_WRITES_Y : L1_WRITES_X))) continue;
        n = element_rules(&pr, w, rules, sizeof rules / sizeof *rules);
        blas_emit_expectations(out, w ? "y" : "x", rules, n);
      }
      (scal ? emit_scal : emit_pair)(out, &pr, symbol, 1);
      blas_emit_main_begin(out, &pr.p, two ? "x y" : "x", outputs, m->guard_before, symbol);
      (scal ? emit_scal : emit_pair)(out, &pr, symbol, 0);
      blas_emit_main_end(out, &pr.p, outputs, NULL);
    }
  }
  level1_vector_free(&pr.x);
  level1_vector_free(&pr.y);
  return status;
}

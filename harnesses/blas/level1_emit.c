/* Standalone program for a blas_level1 finding (level1_emit.h), for the dots (dot, dotu, dotc,
 * sdsdot, dsdot), the norms (asum, nrm2) and scal: x and y as the harness built them (gaps between strided elements
 * hold NaNs no routine may use), the call as level1_call.c makes it (Fortran: everything by
 * address, complex dots returned by value as gfortran does; CBLAS: real scalars by value,
 * complex dots through cblas_?dot?_sub), and the expectations from the long-double
 * reference. Other families (rotg, rotmg, ...) are not generated: -1. */
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

static int is_norm(level1_family f) { return f == L1(ASUM) || f == L1(NRM2); }

/* The norm's declaration (a real result, also for scasum, dznrm2...) and the call storing it
 * into result[]. */
static void emit_norm(FILE *out, const level1_problem *pr, const char *symbol, int declare) {
  const char *t = blas_emit_real_type(&pr->p), *in = pr->fortran ? "const int *" : "int ";
  if (declare) {
    fprintf(out, "%s %s(%sn, const void *x, %sincx);\n\n", t, symbol, in, in);
    return;
  }
  if (pr->fortran)
    fprintf(out, "  double result[2] = {%s(&(const int){%d}, x, &(const int){%d}), 0};\n", symbol,
            pr->n, pr->incx);
  else fprintf(out, "  double result[2] = {%s(%d, x, %d), 0};\n", symbol, pr->n, pr->incx);
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

int level1_emit(const Mlf__Blas__Level1Case *m, const char *tag, const char *identity, FILE *out) {
  level1_problem pr;
  level1_problem_from(&pr, m);
  int dot = is_dot(pr.family), norm = is_norm(pr.family);
  int scal = pr.family == L1(SCAL) || pr.family == L1(SCAL_REAL);
  if (pr.fn == BLAS_FN_COUNT || (!dot && !norm && !scal)) return -1;
  mlf_guard_side side = m->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  level1_vector_make(&pr.x, m->x, &pr.p, pr.n, pr.incx, 1, side, "x");
  level1_vector_make(&pr.y, m->y, &pr.p, dot ? pr.n : 0, pr.incy, 2, side, "y");
  const char *symbol = pr.fortran ? blas_fortran_symbol(pr.fn) : blas_cblas_symbol(pr.fn);
  char title[160], incy[32] = "";
  if (dot) snprintf(incy, sizeof incy, ", incy = %d", pr.incy);
  snprintf(title, sizeof title, "%s (%s): n = %d, incx = %d%s", symbol, pr.fortran ? "Fortran" : "CBLAS",
           pr.n, pr.incx, incy);
  int status = blas_emit_begin(out, tag, identity, title);
  if (status == 0) {
    int parts = pr.p.is_complex ? 2 : 1;
    fprintf(out, "/* x and y as the fuzzer built them (the NaNs between strided elements are\n"
                 " * gaps no routine may use); expectations from a long-double reference. */\n");
    blas_emit_array(out, &pr.p, "x", pr.x.data, pr.x.count);
    if (dot) blas_emit_array(out, &pr.p, "y", pr.y.data, pr.y.count);
    blas_emit_expect rules[512];
    size_t n = 0;
    if (dot || norm) {
      mlf_expect e[2], alt[2];
      int result_parts = norm ? 1 : parts, alternative = dot && pr.p.is_complex;
      level1_expect_scalar(&pr, L1_EXACT, e);
      level1_expect_scalar(&pr, L1_COMPLEX_ALTERNATIVE, alt);
      for (int part = 0; part < result_parts; part++)
        rules[n++] = blas_emit_expect_of(part, 0, 0, part, &e[part], alternative ? &alt[part] : NULL);
      fprintf(out, "static const double result_init[2] = {0, 0};\n");
      blas_emit_expectations(out, "result", rules, n);
      if (dot) emit_dot(out, &pr, symbol, 1);
      else emit_norm(out, &pr, symbol, 1);
      blas_emit_main_begin(out, &pr.p, dot ? "x y" : "x", "", m->guard_before, symbol);
      if (dot) emit_dot(out, &pr, symbol, 0);
      else emit_norm(out, &pr, symbol, 0);
      fprintf(out, "  int wrong = check_output(\"result\", result, result_init, %d, 1, result_expected, result_expectations);\n", result_parts);
      fprintf(out, "  printf(wrong ? \"the bug is present\\n\" : \"the bug is absent\\n\");\n  return wrong;\n}\n");
    } else {
      for (int i = 0; i < pr.n && n + 2 <= sizeof rules / sizeof *rules; i++) {
        mlf_expect e[2], alt[2];
        level1_expect_element(&pr, L1_EXACT, 0, i, e);
        level1_expect_element(&pr, L1_COMPLEX_ALTERNATIVE, 0, i, alt);
        long slot = (long)level1_vector_slot(&pr.x, i);
        for (int part = 0; part < parts; part++)
          rules[n++] = blas_emit_expect_of(slot * parts + part, (size_t)i, 0, part, &e[part],
                                           pr.p.is_complex ? &alt[part] : NULL);
      }
      blas_emit_expectations(out, "x", rules, n);
      emit_scal(out, &pr, symbol, 1);
      blas_emit_main_begin(out, &pr.p, "x", "x", m->guard_before, symbol);
      emit_scal(out, &pr, symbol, 0);
      blas_emit_main_end(out, &pr.p, "x", NULL);
    }
  }
  level1_vector_free(&pr.x);
  level1_vector_free(&pr.y);
  return status;
}

/* The generated GSL glue against its annotations: for every annotated GSL function, 10,000
 * random call messages (random_message.c: extremes, NaN, infinities, random lengths) built by
 * the glue (annotest_gsl_build, no library call of the function under test), each judged by
 * annotation_checker.c from the parsed annotations/gsl.h, independently of the glue's folding.
 * A build the glue refuses must say why (an at_reject reason or a @known finding), and each
 * function must be built, not refused, for most messages. The judge itself must catch values
 * planted outside the annotations. Objects are checked against this file's model of the
 * generators (shapes, strides, pitches, knots) and GSL's own objects (Debian's libgsl). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_spline.h>
#include "annotest_gsl_glue.h"
#include "glue_suite.h"

/* Minimum knots per interpolation kind of the harness (0 linear, 1 cspline, 2 akima, 3
 * steffen), from GSL's manual, Interpolation Types: linear needs 2 points, cspline 3, akima 5,
 * steffen 3. */
static double interp_min_size(double kind) {
  static const double min_size[] = {2, 3, 5, 3};
  return kind >= 0 && kind <= 3 ? min_size[(int)kind] : NAN;
}

static double model_call(const char *name, const double *args, size_t nargs, int *known) {
  if (!strcmp(name, "annotest_min") && nargs == 2) return args[0] < args[1] ? args[0] : args[1];
  if (!strcmp(name, "annotest_gsl_interp_min_size") && nargs == 1) return interp_min_size(args[0]);
  *known = 0;
  return 0;
}

/* ---- the test's model of the generators' objects ------------------------------------------ */

static int strictly_increasing(const double *x, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (!(x[i] > x[i - 1])) return 0;
  return 1;
}

static int matrix_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_matrix *m = slot->p;
  const at_slot *data = annotation_var(g, slot, "data");
  size_t rows = (size_t)annotation_var(g, slot, "size1")->i, cols = (size_t)annotation_var(g, slot, "size2")->i;
  if (m->size1 != rows || m->size2 != cols || m->tda != (size_t)annotation_var(g, slot, "tda")->i)
    return annotation_why(out, n, "%zu x %zu (tda %zu)", m->size1, m->size2, m->tda);
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++)
      if (gsl_matrix_get(m, i, j) != ((const double *)data->p)[i * data->ld + j]) return annotation_why(out, n, "element %zu,%zu", i, j);
  return 0;
}

static int spd_matrix_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_matrix *m = slot->p;
  size_t size = (size_t)annotation_var(g, slot, "n")->i;
  if (m->size1 != size || m->size2 != size) return annotation_why(out, n, "%zu x %zu", m->size1, m->size2);
  for (size_t i = 0; i < size; i++) {
    if (gsl_matrix_get(m, i, i) < annotation_var(g, slot, "shift")->d) return annotation_why(out, n, "diagonal %zu below the shift", i);
    for (size_t j = 0; j < i; j++)
      if (gsl_matrix_get(m, i, j) != gsl_matrix_get(m, j, i)) return annotation_why(out, n, "not symmetric at %zu,%zu", i, j);
  }
  return 0;
}

static int vector_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_vector *v = slot->p;
  const at_slot *data = annotation_var(g, slot, "data");
  if (v->size != (size_t)annotation_var(g, slot, "size")->i || v->stride != (size_t)annotation_var(g, slot, "stride")->i)
    return annotation_why(out, n, "size %zu stride %zu", v->size, v->stride);
  for (size_t i = 0; i < v->size; i++)
    if (gsl_vector_get(v, i) != ((const double *)data->p)[i * data->stride]) return annotation_why(out, n, "element %zu", i);
  return 0;
}

static int spline_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_spline *s = slot->p;
  size_t size = (size_t)annotation_var(g, slot, "size")->i;
  if (s->size != size || s->interp->size != size || (double)size < interp_min_size((double)annotation_var(g, slot, "kind")->i))
    return annotation_why(out, n, "size %zu", s->size);
  const at_slot *x0 = annotation_var(g, slot, "x0");
  if (x0 && (s->x[0] != x0->d || !strictly_increasing(s->x, size))) return annotation_why(out, n, "knots not strictly increasing from x0");
  return 0;
}

static int model_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  if (!slot->p) return annotation_why(out, n, "no object");
  if (!strcmp(g->name, "annotest_gsl_matrix")) return matrix_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_spd_matrix")) return spd_matrix_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_vector")) return vector_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_spline") || !strcmp(g->name, "annotest_gsl_spline_ready"))
    return spline_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_permutation")) {
    const gsl_permutation *p = slot->p;
    if (p->size != (size_t)annotation_var(g, slot, "size")->i || gsl_permutation_valid(p) != GSL_SUCCESS) return annotation_why(out, n, "not a permutation of its size");
  }
  if (!strcmp(g->name, "annotest_gsl_knots")) {
    size_t size = (size_t)annotation_var(g, slot, "n")->i;
    if (((const double *)slot->p)[0] != annotation_var(g, slot, "x0")->d || !strictly_increasing(slot->p, size))
      return annotation_why(out, n, "knots not strictly increasing from x0");
  }
  if (!strcmp(g->name, "annotest_gsl_interp")) {
    const gsl_interp *i = slot->p;
    if (i->size != (size_t)annotation_var(g, slot, "size")->i || (double)i->size < interp_min_size((double)annotation_var(g, slot, "kind")->i))
      return annotation_why(out, n, "size %zu", i->size);
  }
  return 0;
}

static const annotation_model gsl_model = {model_call, model_object, NULL};

static void quiet_gsl(void) { gsl_set_error_handler_off(); }

static int build(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_gsl_build((const Mlf__Annotest__GslAnnotatedCall *)m, ctx, function, slots);
}

int main(void) {
  const glue_suite suite = {"harnesses/annotest/annotations/gsl.h", "annotest_gsl", "gsl",
                            &mlf__annotest__gsl_annotated_call__descriptor, build, annotest_gsl_stats, &gsl_model,
                            10000, 27, 41, quiet_gsl, NULL};
  return glue_suite_run(&suite);
}

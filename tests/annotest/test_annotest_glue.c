/* The generated GSL glue against its annotations: for every annotated GSL function, 10,000
 * random call messages (random_message.c: extremes, NaN, infinities, random lengths) built by
 * the glue (annotest_gsl_build, no library call of the function under test), each judged by
 * annotation_checker.c from the parsed annotations/gsl.h, independently of the glue's folding.
 * A build the glue refuses must say why (an at_reject reason or a @known finding), and each
 * function must be built, not refused, for most messages. The judge itself must catch values
 * planted outside the annotations. Objects are checked against this file's model of the
 * generators (shapes, strides, pitches, knots) and GSL's own objects (Debian's libgsl). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_spline.h>
#include "annotation_checker.h"
#include "annotest_gsl_glue.h"
#include "generator/at_emit.h"
#include "random_message.h"

#define MESSAGES_PER_FUNCTION 10000
static const char header_path[] = "harnesses/annotest/annotations/gsl.h";

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

static const at_slot *var(const at_function *g, const at_slot *slot, const char *name) {
  int v = at_var_index(g, name);
  return v < 0 ? NULL : &slot->sub[v];
}

static int why(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int why(char *out, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out, n, fmt, ap);
  va_end(ap);
  return -1;
}

static int strictly_increasing(const double *x, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (!(x[i] > x[i - 1])) return 0;
  return 1;
}

static int matrix_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_matrix *m = slot->p;
  const at_slot *data = var(g, slot, "data");
  size_t rows = (size_t)var(g, slot, "size1")->i, cols = (size_t)var(g, slot, "size2")->i;
  if (m->size1 != rows || m->size2 != cols || m->tda != (size_t)var(g, slot, "tda")->i)
    return why(out, n, "%zu x %zu (tda %zu)", m->size1, m->size2, m->tda);
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++)
      if (gsl_matrix_get(m, i, j) != ((const double *)data->p)[i * data->ld + j]) return why(out, n, "element %zu,%zu", i, j);
  return 0;
}

static int spd_matrix_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_matrix *m = slot->p;
  size_t size = (size_t)var(g, slot, "n")->i;
  if (m->size1 != size || m->size2 != size) return why(out, n, "%zu x %zu", m->size1, m->size2);
  for (size_t i = 0; i < size; i++) {
    if (gsl_matrix_get(m, i, i) < var(g, slot, "shift")->d) return why(out, n, "diagonal %zu below the shift", i);
    for (size_t j = 0; j < i; j++)
      if (gsl_matrix_get(m, i, j) != gsl_matrix_get(m, j, i)) return why(out, n, "not symmetric at %zu,%zu", i, j);
  }
  return 0;
}

static int vector_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_vector *v = slot->p;
  const at_slot *data = var(g, slot, "data");
  if (v->size != (size_t)var(g, slot, "size")->i || v->stride != (size_t)var(g, slot, "stride")->i)
    return why(out, n, "size %zu stride %zu", v->size, v->stride);
  for (size_t i = 0; i < v->size; i++)
    if (gsl_vector_get(v, i) != ((const double *)data->p)[i * data->stride]) return why(out, n, "element %zu", i);
  return 0;
}

static int spline_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const gsl_spline *s = slot->p;
  size_t size = (size_t)var(g, slot, "size")->i;
  if (s->size != size || s->interp->size != size || (double)size < interp_min_size((double)var(g, slot, "kind")->i))
    return why(out, n, "size %zu", s->size);
  const at_slot *x0 = var(g, slot, "x0");
  if (x0 && (s->x[0] != x0->d || !strictly_increasing(s->x, size))) return why(out, n, "knots not strictly increasing from x0");
  return 0;
}

static int model_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  if (!slot->p) return why(out, n, "no object");
  if (!strcmp(g->name, "annotest_gsl_matrix")) return matrix_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_spd_matrix")) return spd_matrix_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_vector")) return vector_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_spline") || !strcmp(g->name, "annotest_gsl_spline_ready"))
    return spline_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_gsl_permutation")) {
    const gsl_permutation *p = slot->p;
    if (p->size != (size_t)var(g, slot, "size")->i || gsl_permutation_valid(p) != GSL_SUCCESS) return why(out, n, "not a permutation of its size");
  }
  if (!strcmp(g->name, "annotest_gsl_knots")) {
    size_t size = (size_t)var(g, slot, "n")->i;
    if (((const double *)slot->p)[0] != var(g, slot, "x0")->d || !strictly_increasing(slot->p, size))
      return why(out, n, "knots not strictly increasing from x0");
  }
  if (!strcmp(g->name, "annotest_gsl_interp")) {
    const gsl_interp *i = slot->p;
    if (i->size != (size_t)var(g, slot, "size")->i || (double)i->size < interp_min_size((double)var(g, slot, "kind")->i))
      return why(out, n, "size %zu", i->size);
  }
  return 0;
}

static const annotation_model gsl_model = {model_call, model_object, NULL};

/* ---- the runs ------------------------------------------------------------------------------ */

static at_header header;

static int parse_header(void **state) {
  (void)state;
  char err[512];
  gsl_set_error_handler_off();
  if (at_parse_file(header_path, &header, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return -1;
  }
  return 0;
}

static int free_header(void **state) {
  (void)state;
  at_header_free(&header);
  return 0;
}

typedef struct {
  ProtobufCMessage *message;
  mlf_run run;
  at_ctx ctx;
  at_slot *slots;
  int rc;
} built_call;

/* Builds one random message for fn with the glue. */
static void build_random(const at_function *fn, mlf_rng *rng, built_call *b) {
  char field[128];
  const char *function = NULL;
  at_field_name(fn->name, field, sizeof field);
  b->message = random_message_with_member(&mlf__annotest__gsl_annotated_call__descriptor, field, rng);
  mlf_run_reset(&b->run);
  at_ctx_init(&b->ctx, &b->run, "annotest_gsl", "gsl", NULL);
  b->rc = annotest_gsl_build((const Mlf__Annotest__GslAnnotatedCall *)b->message, &b->ctx, &function, &b->slots);
  assert_non_null(function);
  assert_string_equal(function, fn->name);
}

static void release(built_call *b) {
  at_release(&b->ctx);
  protobuf_c_message_free_unpacked(b->message, NULL);
}

static void every_built_call_satisfies_its_annotations(void **state) {
  (void)state;
  size_t functions = 0;
  fprintf(stderr, "%-32s %8s %8s %8s %9s\n", "function", "built", "refused", "@known", "computed");
  for (size_t f = 0; f < header.nfns; f++) {
    const at_function *fn = &header.fns[f];
    if (!at_is_called(fn)) continue;
    functions++;
    mlf_rng rng;
    mlf_rng_seed(&rng, 0x5eed0000u + f);
    size_t built = 0, refused = 0, known = 0, computed = 0;
    for (int k = 0; k < MESSAGES_PER_FUNCTION; k++) {
      built_call b;
      char reason[512];
      build_random(fn, &rng, &b);
      if (b.rc == 0) {
        built++;
        if (annotation_check(&header, fn, b.slots, &gsl_model, &computed, reason, sizeof reason))
          fail_msg("%s, message %d: %s", fn->name, k, reason);
      } else if (b.run.n_findings > 0) {
        known++; /* a @known library bug covers the input: raised, the call skipped */
      } else {
        refused++;
        if (!b.ctx.reject_reason) fail_msg("%s, message %d: refused without a reason", fn->name, k);
      }
      release(&b);
    }
    fprintf(stderr, "%-32s %8zu %8zu %8zu %9zu\n", fn->name, built, refused, known, computed);
    if (built < MESSAGES_PER_FUNCTION / 2) fail_msg("%s: only %zu of %d messages built", fn->name, built, MESSAGES_PER_FUNCTION);
  }
  size_t glued;
  annotest_gsl_stats(&glued);
  assert_int_equal(functions, glued); /* every function the glue calls was judged */
  assert_true(functions >= 27);
}

/* Plants a value outside the annotation into slot i of a built call: the judge must object. */
static int planted_value_is_caught(const at_function *fn, at_slot *slots, size_t i) {
  const at_strategy *s = fn->vars[i].strategy;
  at_slot saved = slots[i];
  char reason[512];
  int planted = 1;
  if (s->kind == AT_INTS && s->max) slots[i].i = INT64_MAX / 2;
  else if (s->kind == AT_FLOATS && !s->allow_nan) slots[i].d = NAN;
  else if (s->kind == AT_ARRAYS && s->rank == 2 && slots[i].dims[1] > 0) slots[i].ld = slots[i].dims[1] - 1;
  else if (s->kind == AT_ARRAYS && s->rank == 1) slots[i].stride += 1;
  else if (s->kind == AT_OUTS) slots[i].count += 1;
  else planted = 0;
  int caught = !planted || annotation_check(&header, fn, slots, &gsl_model, NULL, reason, sizeof reason) != 0;
  slots[i] = saved;
  return caught;
}

static void the_judge_catches_planted_violations(void **state) {
  (void)state;
  size_t planted = 0;
  for (size_t f = 0; f < header.nfns; f++) {
    const at_function *fn = &header.fns[f];
    if (!at_is_called(fn)) continue;
    mlf_rng rng;
    mlf_rng_seed(&rng, 0xbad0000u + f);
    built_call b;
    do build_random(fn, &rng, &b); while (b.rc != 0 && (release(&b), 1));
    for (size_t i = 0; i < fn->nvars; i++) {
      const at_strategy *s = fn->vars[i].strategy;
      if (!planted_value_is_caught(fn, b.slots, i)) fail_msg("%s: a value planted into %s passed the judge", fn->name, fn->vars[i].name);
      planted += s->kind == AT_INTS || s->kind == AT_FLOATS || s->kind == AT_ARRAYS || s->kind == AT_OUTS;
    }
    release(&b);
  }
  assert_true(planted > 40);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_judge_catches_planted_violations),
      cmocka_unit_test(every_built_call_satisfies_its_annotations),
  };
  return cmocka_run_group_tests(tests, parse_header, free_header);
}

/* The generated XGBoost glue against its annotations: for every annotated XGBoost function,
 * random call messages (random_message.c) built by the glue (annotest_xgboost_build: the
 * generators run, training boosters and saving models with the instrumented XGBoost, but the
 * function under test is not called), each judged by annotation_checker.c from the parsed
 * annotations/xgboost.h, independently of the glue's folding: bounds, NaN rules, froms, dict
 * fields, shapes, elements, objects' generator parameters. Objects are checked against this
 * file's model of the generators through XGBoost's own queries (rows, columns, present values,
 * boosted rounds, features, attributes) and the generators' files and buffers. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "annotation_checker.h"
#include "annotations/xgboost.h"
#include "annotest_xgboost_glue.h"
#include "generator/at_emit.h"
#include "libraries/xgboost/mlf_xgboost_session.h"
#include "random_message.h"

#define MESSAGES_PER_FUNCTION 300
static const char header_path[] = "harnesses/annotest/annotations/xgboost.h";

/* The C constants and helpers the annotations' bounds name, as the annotations document them. */
static double model_call(const char *name, const double *args, size_t nargs, int *known) {
  if (!strcmp(name, "ANNOTEST_XGB_KEYS") && nargs == 0) return 16; /* eta .. seed, xgboost_params.c */
  if (!strcmp(name, "FLT_MIN") && nargs == 0) return FLT_MIN;
  if (!strcmp(name, "annotest_xgb_info_min") && nargs == 1) return args[0] == 1 ? 0 : -1000000; /* weights from 0 */
  *known = 0;
  return 0;
}

static const at_slot *var(const at_function *g, const at_slot *slot, const char *name) {
  int v = at_var_index(g, name);
  return v < 0 ? NULL : &slot->sub[v];
}

static long long ivar(const at_function *g, const at_slot *slot, const char *name) {
  return (long long)var(g, slot, name)->i;
}

static int why(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int why(char *out, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out, n, fmt, ap);
  va_end(ap);
  return -1;
}

static int dmatrix_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  bst_ulong rows = 0, cols = 0, present = 0, want = 0;
  long long nrow = ivar(g, slot, "nrow"), ncol = ivar(g, slot, "ncol"), every = ivar(g, slot, "missing_every");
  const float *data = var(g, slot, "data")->p;
  for (long long k = 0; k < nrow * ncol; k++) want += !(every > 0 && k % every == 0) && !isnan(data[k]);
  if (XGDMatrixNumRow(slot->p, &rows) || XGDMatrixNumCol(slot->p, &cols) || XGDMatrixNumNonMissing(slot->p, &present) ||
      rows != (bst_ulong)nrow || cols != (bst_ulong)ncol || present != want)
    return why(out, n, "%llu x %llu with %llu present, the generator's %lld x %lld with %llu", (unsigned long long)rows,
               (unsigned long long)cols, (unsigned long long)present, nrow, ncol, (unsigned long long)want);
  return 0;
}

static int booster_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  int rounds = -1;
  bst_ulong features = 0;
  if (XGBoosterBoostedRounds(slot->p, &rounds) || rounds != ivar(g, slot, "rounds"))
    return why(out, n, "%d rounds, the generator's %lld (%s)", rounds, ivar(g, slot, "rounds"), XGBGetLastError());
  if (rounds > 0 && (XGBoosterGetNumFeature(slot->p, &features) || features != (bst_ulong)ivar(g, slot, "ncol")))
    return why(out, n, "%llu features, the generator's %lld", (unsigned long long)features, ivar(g, slot, "ncol"));
  return 0;
}

static int pattern_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  size_t lines = (size_t)ivar(g, slot, "lines"), width = (size_t)ivar(g, slot, "width");
  if (!strcmp(g->name, "annotest_xgb_pattern_ptr")) {
    const size_t *ptr = slot->p;
    if (ptr[0] != 0) return why(out, n, "ptr[0] = %zu", ptr[0]);
    for (size_t i = 0; i < lines; i++)
      if (ptr[i + 1] < ptr[i] || ptr[i + 1] - ptr[i] > width) return why(out, n, "line %zu holds %zu entries", i, ptr[i + 1] - ptr[i]);
  } else {
    const unsigned *idx = slot->p;
    size_t *ptr = annotest_xgb_pattern_ptr(lines, width, ivar(g, slot, "seed"));
    for (size_t i = 0; ptr && i < lines; i++)
      for (size_t e = ptr[i]; e < ptr[i + 1]; e++)
        if (idx[e] >= width || (e > ptr[i] && idx[e] <= idx[e - 1])) {
          free(ptr);
          return why(out, n, "index %u at %zu not ascending below %zu", idx[e], e, width);
        }
    free(ptr);
  }
  return 0;
}

static int model_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  struct stat st;
  if (!slot->p) return why(out, n, "no object");
  if (!strcmp(g->name, "annotest_xgb_dmatrix")) return dmatrix_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_xgb_booster")) return booster_object(g, slot, out, n);
  if (!strncmp(g->name, "annotest_xgb_pattern_", 21)) return pattern_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_xgb_model_file") && stat(slot->p, &st) != 0) return why(out, n, "no file %s", (char *)slot->p);
  if (!strcmp(g->name, "annotest_xgb_model_buffer") && annotest_xgb_model_len(slot->p) == 0) return why(out, n, "empty buffer");
  if (!strcmp(g->name, "annotest_xgb_text") && strlen(slot->p) != (size_t)ivar(g, slot, "len"))
    return why(out, n, "text of %zu characters, len %lld", strlen(slot->p), ivar(g, slot, "len"));
  if (!strcmp(g->name, "annotest_xgb_attributed_booster")) {
    bst_ulong names = 0;
    const char **list;
    if (XGBoosterGetAttrNames(slot->p, &names, &list) || names != (bst_ulong)ivar(g, slot, "nattr"))
      return why(out, n, "%llu attributes, nattr %lld", (unsigned long long)names, ivar(g, slot, "nattr"));
  }
  if (!strcmp(g->name, "annotest_xgb_dmatrix_array")) {
    long long count = 0;
    for (DMatrixHandle *d = slot->p; *d; d++) count++;
    if (count != ivar(g, slot, "count")) return why(out, n, "%lld matrices, count %lld", count, ivar(g, slot, "count"));
  }
  return 0;
}

static const annotation_model xgboost_model = {model_call, model_object, NULL};

static at_header header;

static int parse_header(void **state) {
  (void)state;
  char err[512], identity[128];
  if (mlf_xgboost_open(identity, sizeof identity) || at_parse_file(header_path, &header, err, sizeof err)) {
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
      char field[128], reason[512];
      const char *function = NULL;
      at_slot *slots;
      mlf_run run;
      at_ctx ctx;
      at_field_name(fn->name, field, sizeof field);
      ProtobufCMessage *m = random_message_with_member(&mlf__annotest__xgboost_annotated_call__descriptor, field, &rng);
      mlf_run_reset(&run);
      at_ctx_init(&ctx, &run, "annotest_xgboost", "xgboost", NULL);
      int rc = annotest_xgboost_build((const Mlf__Annotest__XgboostAnnotatedCall *)m, &ctx, &function, &slots);
      const char *generator, *failure = annotest_xgb_generator_failure(&generator);
      assert_string_equal(function, fn->name);
      if (failure) fail_msg("%s, message %d: %s", fn->name, k, failure); /* a generator's valid input refused */
      if (rc == 0) {
        built++;
        if (annotation_check(&header, fn, slots, &xgboost_model, &computed, reason, sizeof reason))
          fail_msg("%s, message %d: %s", fn->name, k, reason);
      } else if (run.n_findings > 0) {
        known++;
      } else {
        refused++;
        if (!ctx.reject_reason) fail_msg("%s, message %d: refused without a reason", fn->name, k);
      }
      at_release(&ctx);
      protobuf_c_message_free_unpacked(m, NULL);
    }
    fprintf(stderr, "%-32s %8zu %8zu %8zu %9zu\n", fn->name, built, refused, known, computed);
    if (built < MESSAGES_PER_FUNCTION / 2) fail_msg("%s: only %zu of %d messages built", fn->name, built, MESSAGES_PER_FUNCTION);
  }
  size_t glued;
  annotest_xgboost_stats(&glued);
  assert_int_equal(functions, glued);
  assert_true(functions >= 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_built_call_satisfies_its_annotations),
  };
  return cmocka_run_group_tests(tests, parse_header, free_header);
}

/* The generated glue of one annotated library against its annotations (glue_suite.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <cmocka.h>
#include "generator/at_emit.h"
#include "glue_suite.h"
#include "random_message.h"

static const glue_suite *suite;
static at_header header;

static int parse_header(void **state) {
  (void)state;
  char err[512];
  if (suite->setup) suite->setup();
  if (at_parse_file(suite->header_path, &header, err, sizeof err)) {
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
  b->message = random_message_with_member(suite->root, field, rng);
  mlf_run_reset(&b->run);
  at_ctx_init(&b->ctx, &b->run, suite->target, suite->library, NULL);
  b->rc = suite->build(b->message, &b->ctx, &function, &b->slots);
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
    for (size_t k = 0; k < suite->messages; k++) {
      built_call b;
      char reason[512];
      build_random(fn, &rng, &b);
      const char *failure = suite->generator_failure ? suite->generator_failure() : NULL;
      if (failure) fail_msg("%s, message %zu: %s", fn->name, k, failure);
      if (b.rc == 0) {
        built++;
        if (annotation_check(&header, fn, b.slots, suite->model, &computed, reason, sizeof reason))
          fail_msg("%s, message %zu: %s", fn->name, k, reason);
      } else if (b.run.n_findings > 0) {
        known++; /* a @known library bug covers the input: raised, the call skipped */
      } else {
        refused++;
        if (!b.ctx.reject_reason) fail_msg("%s, message %zu: refused without a reason", fn->name, k);
      }
      release(&b);
    }
    fprintf(stderr, "%-32s %8zu %8zu %8zu %9zu\n", fn->name, built, refused, known, computed);
    if (built < suite->messages / 2) fail_msg("%s: only %zu of %zu messages built", fn->name, built, suite->messages);
  }
  size_t glued;
  suite->stats(&glued);
  assert_int_equal(functions, glued); /* every function the glue calls was judged */
  assert_true(functions >= suite->min_functions);
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
  else if (s->kind == AT_SPARSE) slots[i].count += 1; /* the terminator taken for a node */
  else planted = 0;
  int caught = !planted || annotation_check(&header, fn, slots, suite->model, NULL, reason, sizeof reason) != 0;
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
      planted += s->kind == AT_INTS || s->kind == AT_FLOATS || s->kind == AT_ARRAYS || s->kind == AT_OUTS ||
                 s->kind == AT_SPARSE;
    }
    release(&b);
  }
  fprintf(stderr, "%zu values planted outside their annotations, every one caught\n", planted);
  assert_true(planted >= suite->min_planted);
}

int glue_suite_run(const glue_suite *s) {
  suite = s;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_judge_catches_planted_violations),
      cmocka_unit_test(every_built_call_satisfies_its_annotations),
  };
  return cmocka_run_group_tests(tests, parse_header, free_header);
}

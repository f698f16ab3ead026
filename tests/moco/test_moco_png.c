/* MoCo over libpng: the specification table (every API's defaults legal, the boundaries it
 * calls refused just past them), the post-processor (any bytes become a valid program, valid
 * programs stay byte-identical, a negative argument stays exactly one step past its side),
 * the operators (RG legal, BC refused and logged as negative, AR inside the group) and the
 * oracles with planted wrong behaviours (pixels, a chunk read back, a getter, an accepted
 * refused value, a leak). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "moco_test_programs.h"
#include "mlf_mutator.h"
#include "moco_png_spec.h"
#include "png_judge.h"

static const moco_spec *spec = &moco_png_spec;

/* A program (in moco_png's root message) of the header (8 x 8 RGB; a palette image with a
 * palette block first for hIST, which needs one) and, unless api is the header, one block of
 * api with its default arguments. */
static Mlf__Moco__PngProgram *program_with(int api) {
  Mlf__Moco__PngProgram *root = (Mlf__Moco__PngProgram *)moco_test_root(&mlf__moco__png_program__descriptor,
                                                                         MLF__MOCO__PROGRAM__TEMPLATE__PNG_WRITE_READ);
  Mlf__Moco__Program *p = root->program;
  moco_test_append(p, MOCO_PNG_IHDR);
  mlf_post_process(&root->base);
  p->blocks[0]->args[3]->integer = api == MOCO_PNG_HIST ? 3 : 2; /* RGB, so that a palette is kept */
  if (api == MOCO_PNG_HIST) moco_test_append(p, MOCO_PNG_PLTE);
  if (api != MOCO_PNG_IHDR) moco_test_append(p, api);
  size_t n = p->n_blocks;
  mlf_post_process(&root->base);
  assert_int_equal(p->n_blocks, n);
  return root;
}

static void test_every_default_is_legal(void **state) {
  (void)state;
  for (int api = 0; api < MOCO_PNG_APIS; api++) {
    Mlf__Moco__PngProgram *root = program_with(api);
    Mlf__Moco__Program *p = root->program;
    size_t b = p->n_blocks - 1;
    for (unsigned i = 0; i < spec->apis[api].n_params; i++)
      assert_true(spec->legal(p, b, i, moco_value_number(p->blocks[b]->args[i])));
    mlf__moco__png_program__free_unpacked(root, NULL);
  }
}

/* A mutated program: of one of libpng's templates, known APIs only, the write-read template
 * headed by the header. */
static void check_png_program(const Mlf__Moco__Program *p) {
  assert_true(p->template_ == MLF__MOCO__PROGRAM__TEMPLATE__PNG_WRITE_READ ||
              p->template_ == MLF__MOCO__PROGRAM__TEMPLATE__PNG_SIMPLIFIED);
  const moco_spec *its = moco_spec_of(p);
  for (size_t b = 0; b < p->n_blocks; b++) assert_true(moco_api_index(its, p->blocks[b]->api) >= 0);
  if (its == spec) assert_int_equal(moco_api_index(spec, p->blocks[0]->api), MOCO_PNG_IHDR);
  moco_test_assert_references_valid(p);
}

/* Any bytes unpack (or default) to a program the post-processor makes valid; post-processing
 * it again changes no byte. */
static void test_post_processor_is_idempotent_on_mutated_programs(void **state) {
  (void)state;
  moco_test_mutated_programs_stay_valid(&mlf__moco__png_program__descriptor, NULL, 0, check_png_program);
}

static Mlf__Moco__PngProgram *seed_program(uint8_t *data, size_t *size) {
  Mlf__Moco__PngProgram *root = program_with(MOCO_PNG_TIME);
  *size = moco_test_pack(&root->base, data, 4096);
  return root;
}

static void test_bc_puts_one_argument_just_past_a_refused_boundary(void **state) {
  (void)state;
  mlf_mutator *m = mlf_mutator_new(&mlf__moco__png_program__descriptor, 11, NULL);
  for (int round = 0; round < 50; round++) {
    uint8_t data[4096];
    size_t size;
    mlf__moco__png_program__free_unpacked(seed_program(data, &size), NULL);
    assert_true(moco_test_apply_until(m, data, &size, sizeof data, "moco:BC"));
    Mlf__Moco__PngProgram *root = (Mlf__Moco__PngProgram *)moco_test_unpack(&mlf__moco__png_program__descriptor, data, size);
    Mlf__Moco__Program *p = root->program;
    moco_test_assert_last_step_is_bc(p);
    mlf__moco__png_program__free_unpacked(root, NULL);
  }
  mlf_mutator_free(m);
}

static void test_rg_keeps_values_legal_and_ar_stays_in_the_group(void **state) {
  (void)state;
  mlf_mutator *m = mlf_mutator_new(&mlf__moco__png_program__descriptor, 13, NULL);
  int ar_checked = 0;
  for (int round = 0; round < 50; round++) {
    uint8_t data[4096];
    size_t size;
    Mlf__Moco__PngProgram *before_root = seed_program(data, &size);
    Mlf__Moco__Program *before = before_root->program;
    assert_true(moco_test_apply_until(m, data, &size, sizeof data, round % 2 ? "moco:RG" : "moco:AR"));
    Mlf__Moco__PngProgram *root = (Mlf__Moco__PngProgram *)moco_test_unpack(&mlf__moco__png_program__descriptor, data, size);
    Mlf__Moco__Program *p = root->program;
    const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
    assert_false(s->negative);
    for (size_t b = 0; b < p->n_blocks; b++)
      for (unsigned i = 0; i < p->blocks[b]->n_args; i++)
        assert_true(spec->legal(p, b, i, moco_value_number(p->blocks[b]->args[i])));
    /* AR's block is comparable with the seed's only when the post-processor inserted no
     * block (a replacement API may need a producer first, which shifts the indices) */
    if (s->op == MLF__MOCO__OPERATOR__AR && p->n_blocks == before->n_blocks) {
      ar_checked++;
      int from = moco_api_index(spec, before->blocks[s->block]->api);
      int to = moco_api_index(spec, p->blocks[s->block]->api);
      assert_int_not_equal(from, to);
      assert_string_equal(spec->apis[from].group, spec->apis[to].group);
    }
    mlf__moco__png_program__free_unpacked(before_root, NULL);
    mlf__moco__png_program__free_unpacked(root, NULL);
  }
  assert_true(ar_checked > 0);
  mlf_mutator_free(m);
}

/* An outcome whose write and read completed with 2 x 2 gray pixels and a gamma, as set. */
static void good_outcome(png_outcome *o, unsigned char *written, unsigned char *read) {
  memset(o, 0, sizeof *o);
  o->set.width = o->set.height = 2, o->set.bit_depth = 8;
  o->set.has_gama = 1, o->set.gama = 45455;
  o->got = o->read = o->set;
  o->rowbytes = o->read_rowbytes = o->read_rowbytes_promised = 2;
  memcpy(read, written, 4);
  o->pixels_written = written, o->pixels_read = read;
  o->write.completed = o->read_phase.completed = 1;
}

static const char *verdict(const Mlf__Moco__Program *p, const png_outcome *o) {
  static mlf_run run;
  mlf_run_reset(&run);
  png_judge(p, o, &run);
  return mlf_run_verdict(&run);
}

static void test_oracles_catch_planted_wrong_behaviour(void **state) {
  (void)state;
  Mlf__Moco__PngProgram *root = program_with(MOCO_PNG_GAMA);
  Mlf__Moco__Program *p = root->program;
  unsigned char written[4] = {1, 2, 3, 4}, read[4];
  png_outcome o;
  good_outcome(&o, written, read);
  assert_string_equal(verdict(p, &o), "ok");
  read[3] ^= 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:pixels:round-trip-mismatch");
  good_outcome(&o, written, read);
  o.read.gama = 45454;
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:png_set_gAMA:state-mismatch");
  good_outcome(&o, written, read);
  o.set.has_time = o.read.has_time = 1;
  o.set.time = (png_time){2026, 11, 26, 12, 0, 0};
  o.got.has_time = 1, o.got.time = o.read.time = o.set.time;
  memset((char *)&o.read.time + offsetof(png_time, second) + 1, 0x5a,
         sizeof o.read.time - offsetof(png_time, second) - 1); /* padding: never compared */
  assert_string_equal(verdict(p, &o), "ok");
  o.read.time.minute = 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:png_set_tIME:state-mismatch");
  good_outcome(&o, written, read);
  o.got.res_x = 1, o.set.has_phys = o.got.has_phys = o.read.has_phys = 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:png_set_pHYs:getter-mismatch");
  good_outcome(&o, written, read);
  o.read_phase.alloc.live = 1;
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:read:leak");
  good_outcome(&o, written, read);
  o.write.completed = 0, o.write.stopped_in = "png_set_gAMA";
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:png_set_gAMA:error-on-valid");
  /* A negative program that libpng accepted without a word. */
  Mlf__Moco__Step step = MLF__MOCO__STEP__INIT, *steps[1] = {&step};
  step.op = MLF__MOCO__OPERATOR__BC, step.block = 1, step.negative = 1;
  p->n_derivation = 1, p->derivation = steps;
  good_outcome(&o, written, read);
  assert_string_equal(verdict(p, &o), "mlf:moco_png:libpng:png_set_gAMA:refused-value-accepted");
  o.write.reports.warnings = 1;
  assert_string_equal(verdict(p, &o), "ok");
  p->n_derivation = 0, p->derivation = NULL;
  mlf__moco__png_program__free_unpacked(root, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_default_is_legal),
      cmocka_unit_test(test_post_processor_is_idempotent_on_mutated_programs),
      cmocka_unit_test(test_bc_puts_one_argument_just_past_a_refused_boundary),
      cmocka_unit_test(test_rg_keeps_values_legal_and_ar_stays_in_the_group),
      cmocka_unit_test(test_oracles_catch_planted_wrong_behaviour),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The FANN_NETWORK template's blocks on training data (fann_template_run.h): created from a
 * seed, shuffled, scaled and checked to stay finite, a subset, merge or duplicate checked
 * against its sources, destroyed; with the known findings of fann_destroy_train and
 * fann_subset_train_data kept from stopping the campaign. */
#include "fann_template_run.h"
#include <math.h>
#include <stdlib.h>
#include "mlf_report.h"
#include "mlf_rng.h"
#include "moco_fann_spec.h"

/* Training values from a seed: inputs and outputs in [-1, 1]. */
static mlf_rng callback_rng;

static void FANN_API fill_row(unsigned num, unsigned num_input, unsigned num_output, fann_type *input,
                              fann_type *output) {
  (void)num;
  for (unsigned i = 0; i < num_input; i++) input[i] = (fann_type)(2 * mlf_rng_unit(&callback_rng) - 1);
  for (unsigned j = 0; j < num_output; j++) output[j] = (fann_type)(2 * mlf_rng_unit(&callback_rng) - 1);
}

static struct fann_train_data *create_train(int api, unsigned rows, unsigned in, unsigned out, uint64_t seed) {
  mlf_rng_seed(&callback_rng, seed ^ 0x74726169u);
  if (api == MOCO_FANN_CREATE_TRAIN_CALLBACK) return fann_create_train_from_callback(rows, in, out, fill_row);
  struct fann_train_data *d = fann_create_train(rows, in, out);
  for (unsigned r = 0; d && r < rows; r++) fill_row(r, in, out, d->input[r], d->output[r]);
  return d;
}

/* After scaling: every value of the data is finite (a check expecting no other); stops the
 * program on the known finding (fann_template.h) unless MLF_REPORT_KNOWN=1. */
void fann_data_check_finite(run_state *s, const char *call, struct fann_train_data *d) {
  fann_data_snapshot v;
  fann_snapshot_data(d, &v);
  size_t n = (size_t)v.rows * (v.num_input + v.num_output), bad = 0;
  for (size_t i = 0; i < n; i++) bad += !isfinite(v.values[i]);
  fann_data_snapshot_free(&v);
  fann_check_add(s->o, call, "non-finite-values", "values not finite", 0, (double)bad);
  if (bad && !mlf_report_known()) s->o->stopped_on_non_finite = 1;
}

/* Known finding (harnesses/moco/known_findings.tsv): fann_destroy_train frees the data but not
 * the error string fann_error allocated on it (fann_train_data.c, fann_destroy_train). */
void fann_data_destroy(struct fann_train_data *d, fann_outcome *o) {
  if (d->errstr) {
    o->error_strings_leaked++;
    if (!mlf_report_known()) free(d->errstr), d->errstr = NULL;
  }
  fann_destroy_train(d);
}

/* LeakSanitizer's pause and resume when the build has it (weak: absent without ASan). */
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));
static void lsan_pause(void) { if (__lsan_disable) __lsan_disable(); }
static void lsan_resume(void) { if (__lsan_enable) __lsan_enable(); }

/* Known finding (harnesses/moco/known_findings.tsv): fann_subset_train_data allocates the new
 * struct before its range check and returns NULL without freeing it
 * (fann_train_data.c:586-599). A subset past the data is counted and, unless
 * MLF_REPORT_KNOWN=1, made with LeakSanitizer's counting paused. */
static struct fann_train_data *subset(struct fann_train_data *d, unsigned pos, unsigned length, fann_outcome *o) {
  if (pos <= d->num_data && pos + length <= d->num_data) return fann_subset_train_data(d, pos, length);
  o->subset_refusals_leaked++;
  if (mlf_report_known()) return fann_subset_train_data(d, pos, length);
  lsan_pause();
  struct fann_train_data *made = fann_subset_train_data(d, pos, length);
  lsan_resume();
  return made;
}

/* subset, merge, duplicate: the new data set holds the rows it should (its sources'
 * snapshots taken before the call). */
static void *derive_data(run_state *s, size_t b, int api, struct fann_train_data *d0, struct fann_train_data *d1) {
  const Mlf__Moco__Block *k = s->p->blocks[b];
  const moco_results *r = &s->o->results;
  fann_data_snapshot a, c, got;
  fann_snapshot_data(d0, &a);
  if (api == MOCO_FANN_MERGE) fann_snapshot_data(d1, &c);
  struct fann_train_data *d = api == MOCO_FANN_SUBSET ? subset(d0, (unsigned)arg_int(k, 1, r), (unsigned)arg_int(k, 2, r), s->o)
                              : api == MOCO_FANN_MERGE ? fann_merge_train_data(d0, d1)
                                                       : fann_duplicate_train_data(d0);
  if (d) {
    fann_snapshot_data(d, &got);
    const char *kind = api == MOCO_FANN_DUPLICATE ? "copy-mismatch" : "state-mismatch";
    unsigned first = api == MOCO_FANN_SUBSET ? (unsigned)arg_int(k, 1, r) : 0;
    unsigned rows = api == MOCO_FANN_SUBSET ? (unsigned)arg_int(k, 2, r) : a.rows;
    fann_check_add(s->o, k->api, kind, "rows", rows + (api == MOCO_FANN_MERGE ? c.rows : 0), got.rows);
    fann_compare_data(&a, first, &got, 0, rows, 0, k->api, kind, s->o);
    if (api == MOCO_FANN_MERGE) fann_compare_data(&c, 0, &got, a.rows, c.rows, 0, k->api, kind, s->o);
    fann_data_snapshot_free(&got);
  }
  fann_data_snapshot_free(&a);
  if (api == MOCO_FANN_MERGE) fann_data_snapshot_free(&c);
  return d;
}

void *fann_data_call(run_state *s, size_t b, int api, struct fann_train_data *d0, struct fann_train_data *d1) {
  const Mlf__Moco__Block *k = s->p->blocks[b];
  moco_results *r = &s->o->results;
  switch (api) {
    case MOCO_FANN_CREATE_TRAIN: case MOCO_FANN_CREATE_TRAIN_CALLBACK:
      return create_train(api, (unsigned)arg_int(k, 0, r), (unsigned)arg_int(k, 1, r), (unsigned)arg_int(k, 2, r),
                          s->p->data_seed + b);
    case MOCO_FANN_SHUFFLE: fann_shuffle_train_data(d0); return NULL;
    case MOCO_FANN_SCALE_DATA:
      fann_scale_train_data(d0, (fann_type)moco_arg_number(k, 1, r), (fann_type)moco_arg_number(k, 2, r));
      fann_data_check_finite(s, k->api, d0);
      return NULL;
    case MOCO_FANN_SUBSET: case MOCO_FANN_MERGE: case MOCO_FANN_DUPLICATE:
      return derive_data(s, b, api, d0, d1);
    case MOCO_FANN_DESTROY_TRAIN:
      fann_data_destroy(d0, s->o);
      r->block[ref_block(k, 0)].handle = NULL;
      return NULL;
    default: abort(); /* every API call_block (fann_template.c) sends here has a case */
  }
}

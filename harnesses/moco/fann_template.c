/* The FANN_NETWORK template (fann_template.h). Handles live in the per-block results: a block
 * that creates a network or training data keeps it there, fann_save and fann_save_train keep
 * a record of the file and of what was saved; destroying blocks clear their creator's slot, and
 * the tear-down destroys every slot still set. Arguments come normalized by the post-processor
 * (valid references, values in range); a negative argument is passed to FANN as it is. The
 * blocks' calls are those of fann_template_net.c, fann_template_data.c and
 * fann_template_files.c (fann_template_run.h); this file runs them and checks the end state. */
#include "fann_template_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_report.h"
#include "moco_fann_spec.h"

/* Block b (API api) on the handles it references: the network ann, the data sets d0 and d1,
 * the saved records. Returns the handle it creates, or NULL. */
static void *call_block(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d0,
                        struct fann_train_data *d1, void *saved) {
  switch (api) {
    case MOCO_FANN_CREATE_TRAIN: case MOCO_FANN_CREATE_TRAIN_CALLBACK: case MOCO_FANN_SHUFFLE:
    case MOCO_FANN_SCALE_DATA: case MOCO_FANN_SUBSET: case MOCO_FANN_MERGE: case MOCO_FANN_DUPLICATE:
    case MOCO_FANN_DESTROY_TRAIN:
      return fann_data_call(s, b, api, d0, d1);
    case MOCO_FANN_SAVE: case MOCO_FANN_SAVE_TRAIN: return fann_file_save(s, b, api, ann, d0);
    case MOCO_FANN_CREATE_FROM_FILE: case MOCO_FANN_READ_TRAIN: return fann_file_load(s, b, api, saved);
    default: return fann_net_call(s, b, api, ann, d0);
  }
}

static const char *returns(int api) { return moco_fann_spec.apis[api].returns; }

/* The kind of handle an API returns. */
static int returns_type(int api, const char *type) { return returns(api) && strcmp(returns(api), type) == 0; }

static int returns_handle(int api) {
  return returns_type(api, "fann") || returns_type(api, "fann_train_data") || returns_type(api, "fann_file") ||
         returns_type(api, "fann_train_file");
}

static void destroy_handle(int api, void *h, fann_outcome *o) {
  if (returns_type(api, "fann")) fann_net_destroy(h, o);
  else if (returns_type(api, "fann_train_data")) fann_data_destroy(h, o);
  else if (returns_type(api, "fann_file")) fann_file_remove_net(h);
  else if (returns_type(api, "fann_train_file")) fann_file_remove_data(h);
}

static struct fann_error *error_struct(int api, unsigned param, void *h) {
  const moco_param *q = &moco_fann_spec.apis[api].params[param];
  return q->kind == MOCO_HANDLE && (strcmp(q->type, "fann") == 0 || strcmp(q->type, "fann_train_data") == 0) ? h : NULL;
}

/* The error a block's call left on the structs it was given or made: its errno and text. */
static void record_error(fann_outcome *o, size_t b, struct fann_error *e) {
  if (!e || o->fann_errno[b] || fann_get_errno(e) == FANN_E_NO_ERROR) return;
  o->fann_errno[b] = (int)fann_get_errno(e);
  snprintf(o->error_text[b], sizeof o->error_text[b], "%s", e->errstr ? e->errstr : "");
  o->error_text[b][strcspn(o->error_text[b], "\n")] = 0; /* FANN ends its messages with one */
}

/* At the end: every live network's getters report what its setters set (its record). */
static void check_state(run_state *s) {
  for (size_t b = 0; b < s->p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    int api = moco_api_index(&moco_fann_spec, s->p->blocks[b]->api);
    struct fann *ann = s->o->results.block[b].handle;
    if (!ann || !returns_type(api, "fann")) continue;
    double got[FANN_SNAPSHOT_PARAMS];
    fann_read_params(ann, got);
    for (int i = 0; i < FANN_SNAPSHOT_PARAMS; i++)
      if (s->expected[b].set[i]) {
        char kind[64];
        snprintf(kind, sizeof kind, "state-mismatch-%s", fann_param_name(i));
        fann_check_add(s->o, moco_fann_spec.apis[fann_api_of_param(i)].name, kind, fann_param_name(i),
                       s->expected[b].value[i], got[i]);
      }
  }
}

void fann_template_run(const Mlf__Moco__Program *p, fann_outcome *o) {
  run_state *s = calloc(1, sizeof *s);
  if (!s) abort();
  s->p = p, s->o = o;
  fann_set_error_log(NULL, NULL); /* errors are read from fann_errno, not printed */
  srand((unsigned)p->data_seed);  /* FANN's weights and shuffles come from rand(): replayable */
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    const Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_fann_spec, k->api);
    const moco_api *a = &moco_fann_spec.apis[api];
    void *h[MOCO_MAX_PARAMS] = {NULL};
    int missing = 0;
    for (unsigned i = 0; i < a->n_params; i++)
      if (a->params[i].kind == MOCO_HANDLE && !(h[i] = moco_arg_handle(k, i, &o->results))) missing = 1;
    if (missing) { moco_note(&o->results, b, "skipped: a handle it needs was not created"); continue; }
    for (unsigned i = 0; i < a->n_params; i++)
      if (error_struct(api, i, h[i])) fann_reset_errno(h[i]), fann_reset_errstr(h[i]);
    struct fann *ann = NULL;
    struct fann_train_data *data[2] = {NULL, NULL};
    for (unsigned i = 0, n = 0; i < a->n_params; i++)
      if (a->params[i].kind != MOCO_HANDLE) continue;
      else if (strcmp(a->params[i].type, "fann") == 0) ann = h[i];
      else if (strcmp(a->params[i].type, "fann_train_data") == 0) data[n++] = h[i];
    void *made = call_block(s, b, api, ann, data[0], data[1], h[0]);
    o->results.block[b].handle = made;
    if (!a->frees)
      for (unsigned i = 0; i < a->n_params; i++) record_error(o, b, error_struct(api, i, h[i]));
    if (returns_handle(api) && !made) {
      o->fann_errno[b] = o->fann_errno[b] ? o->fann_errno[b] : -1;
      moco_note(&o->results, b, "returned NULL");
    } else if (o->fann_errno[b]) {
      moco_note(&o->results, b, "error %d: %.80s", o->fann_errno[b], o->error_text[b]);
    } else if (o->results.block[b].has_number) {
      moco_note(&o->results, b, "ok: %g", o->results.block[b].number);
    } else {
      moco_note(&o->results, b, "ok");
    }
    if (made) record_error(o, b, returns_type(api, "fann") || returns_type(api, "fann_train_data") ? made : NULL);
    if (o->stopped_on_non_finite) {
      moco_note(&o->results, b, "stopped: scaling made values NaN (known finding)");
      break;
    }
    if (o->scores_overflow_in && !mlf_report_known()) {
      moco_note(&o->results, b, "not called: it would overflow the cascade candidate scores (known finding)");
      break;
    }
  }
  check_state(s);
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++)
    if (o->results.block[b].handle) destroy_handle(moco_api_index(&moco_fann_spec, p->blocks[b]->api), o->results.block[b].handle, o);
  free(s);
}

/* The FANN_NETWORK template's files (fann_template_run.h): the per-process directory they are
 * saved in, fann_save and fann_save_train with a record of what was saved (for moco_fann_fixed
 * also fann_save_to_fixed, checked on the fixed build), the files read back and checked
 * against the record, and the files removed when their records are. */
#include "fann_template_run.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "fann_fixed.h"
#include "moco_fann_spec.h"

/* The records fann_file_save makes: the file, what was saved (and the network's expected
 * record). */
typedef struct {
  char path[PATH_MAX];
  fann_net_snapshot net;
  fann_expected expected;
} saved_net;

typedef struct {
  char path[PATH_MAX];
  fann_data_snapshot data;
} saved_data;

/* The per-process directory of the files programs save (removed at exit). */
static char temp_dir[PATH_MAX];

static void remove_temp_dir(void) { rmdir(temp_dir); }

static const char *temp_path(char *out, size_t n, const char *kind, size_t b) {
  if (!temp_dir[0]) {
    snprintf(temp_dir, sizeof temp_dir, "%s/mlf-moco-fann-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(temp_dir)) abort();
    atexit(remove_temp_dir);
  }
  snprintf(out, n, "%s/%s-%zu", temp_dir, kind, b);
  return out;
}

/* moco_fann_fixed: ann saved once more with fann_save_to_fixed and checked on the fixed build
 * (fann_fixed.h) against the shape of its snapshot net. */
static void check_fixed(run_state *s, size_t b, struct fann *ann, const fann_net_snapshot *net) {
  char path[PATH_MAX];
  int decimal_point = fann_save_to_fixed(ann, temp_path(path, sizeof path, "fixed", b));
  fann_fixed_shape shape = {net->num_input, net->num_output, net->num_layers, net->total_neurons,
                            net->total_connections};
  fann_fixed_check(path, decimal_point, &shape, s->p->data_seed + b, s->o);
  unlink(path);
}

/* fann_save, fann_save_train: the file and a record of what was saved (NULL when saving
 * failed: FANN returned -1). */
void *fann_file_save(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d) {
  if (api == MOCO_FANN_SAVE) {
    saved_net *f = calloc(1, sizeof *f);
    if (!f) abort();
    if (fann_save(ann, temp_path(f->path, sizeof f->path, "net", b)) != 0) { free(f); return NULL; }
    fann_snapshot_net(ann, s->p->data_seed + b, &f->net);
    f->expected = s->expected[ref_block(s->p->blocks[b], 0)];
    if (s->o->with_fixed) check_fixed(s, b, ann, &f->net);
    return f;
  }
  saved_data *f = calloc(1, sizeof *f);
  if (!f) abort();
  if (fann_save_train(d, temp_path(f->path, sizeof f->path, "data", b)) != 0) { free(f); return NULL; }
  fann_snapshot_data(d, &f->data);
  return f;
}

/* fann_create_from_file, fann_read_train_from_file: what was saved, read back; the loaded
 * network against its original (fann_io.h: "an exact copy of the neural network and all of
 * the parameters", within the precision fann_save writes each parameter with). */
void *fann_file_load(run_state *s, size_t b, int api, void *record) {
  const char *call = s->p->blocks[b]->api;
  if (api == MOCO_FANN_CREATE_FROM_FILE) {
    saved_net *f = record;
    struct fann *ann = fann_create_from_file(f->path);
    if (!ann) return NULL;
    fann_net_snapshot got;
    fann_snapshot_net(ann, s->p->data_seed + (size_t)(s->p->blocks[b]->args[0]->ref), &got);
    fann_compare_nets(&f->net, &got, 1, call, "round-trip-mismatch", s->o);
    fann_net_inherit_expected(&s->expected[b], &f->expected, &f->net, &got, 1);
    return ann;
  }
  saved_data *f = record;
  struct fann_train_data *d = fann_read_train_from_file(f->path);
  if (!d) return NULL;
  fann_data_snapshot got;
  fann_snapshot_data(d, &got);
  fann_check_add(s->o, call, "round-trip-mismatch", "rows", f->data.rows, got.rows);
  fann_compare_data(&f->data, 0, &got, 0, f->data.rows < got.rows ? f->data.rows : got.rows, 1, call,
                    "round-trip-mismatch", s->o);
  fann_data_snapshot_free(&got);
  return d;
}

void fann_file_remove_net(void *record) {
  unlink(((saved_net *)record)->path);
  free(record);
}

void fann_file_remove_data(void *record) {
  saved_data *f = record;
  unlink(f->path);
  fann_data_snapshot_free(&f->data);
  free(f);
}

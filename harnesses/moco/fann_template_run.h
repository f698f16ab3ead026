/* What the files of the FANN_NETWORK template share (fann_template.c: the run loop;
 * fann_template_net.c, fann_template_data.c, fann_template_files.c: the blocks on networks,
 * training data and files): the state of one run and the functions one of them calls in
 * another. Of the FANN build fann_flavoured.h selects; the functions' names carry the build's
 * name (fann_flavoured.h). */
#ifndef FANN_TEMPLATE_RUN_H
#define FANN_TEMPLATE_RUN_H
#include "fann_snapshot.h"

/* What the setters of a program set on one network (a copy or a loaded network starts from
 * its original's record). */
typedef struct {
  int set[FANN_SNAPSHOT_PARAMS];
  double value[FANN_SNAPSHOT_PARAMS];
} fann_expected;

/* One run: the program, its outcome, the expected state per network-creating block. */
typedef struct {
  const Mlf__Moco__Program *p;
  fann_outcome *o;
  fann_expected expected[MOCO_MAX_BLOCKS];
  /* Per network-creating block: the candidate count its cascade candidate scores were
   * allocated for (0: none allocated). */
  unsigned scores_capacity[MOCO_MAX_BLOCKS];
} run_state;

static inline int arg_int(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  return (int)moco_arg_number(k, i, r);
}

static inline unsigned ref_block(const Mlf__Moco__Block *k, unsigned i) { return k->args[i]->ref; }

/* Block b, a call on the network ann (with the data set d0 when it takes one): a setter,
 * creator, trainer, runner or getter of fann_template_net.c. Returns the network it creates,
 * or NULL. */
void *fann_net_call(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d0);
/* fann_destroy on ann, past the known leak of its cascade candidate scores. */
void fann_net_destroy(struct fann *ann, fann_outcome *o);
/* The expected record of the network made (a copy, or loaded when through_file) from original. */
void fann_net_inherit_expected(fann_expected *to, const fann_expected *from, const fann_net_snapshot *original,
                               const fann_net_snapshot *made, int through_file);

/* Block b, a call on training data (fann_template_data.c): d0 and d1 the data sets it takes.
 * Returns the data set it creates, or NULL. */
void *fann_data_call(run_state *s, size_t b, int api, struct fann_train_data *d0, struct fann_train_data *d1);
/* The check after scaling d that every value is finite. */
void fann_data_check_finite(run_state *s, const char *call, struct fann_train_data *d);
/* fann_destroy_train on d, past the known leak of its error string. */
void fann_data_destroy(struct fann_train_data *d, fann_outcome *o);

/* Block b, fann_save or fann_save_train of ann or d (fann_template_files.c): the record of the
 * file saved, or NULL. */
void *fann_file_save(run_state *s, size_t b, int api, struct fann *ann, struct fann_train_data *d);
/* Block b, fann_create_from_file or fann_read_train_from_file of a record fann_file_save made:
 * the network or data set loaded, or NULL. */
void *fann_file_load(run_state *s, size_t b, int api, void *record);
/* The file of a record fann_file_save made of a network or of a data set removed, the record
 * freed. */
void fann_file_remove_net(void *record);
void fann_file_remove_data(void *record);
#endif

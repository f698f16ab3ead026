/* What a network or a training data set holds, read through FANN's getters, and the checks
 * that compare two of them: the parameters every setter of moco_fann_spec sets, the layer and
 * connection counts and the outputs on inputs from a seed (networks); every value (data). Of the
 * FANN build fann_flavoured.h selects: values are that build's fann_type. */
#ifndef FANN_SNAPSHOT_H
#define FANN_SNAPSHOT_H
#include "fann_flavoured.h"

#define FANN_SNAPSHOT_RUNS 4
#define FANN_SNAPSHOT_PARAMS 21

/* How fann_save writes a parameter (fann_io.c, fann_save_internal_fd): as an integer or with
 * FANNPRINTF ("%.20e": 21 significant digits, exact for a float and for a double, which needs
 * 17, DBL_DECIMAL_DIG), with "%f" (six decimals), or not at all. */
typedef enum { FANN_SAVED_EXACT, FANN_SAVED_SIX_DECIMALS, FANN_SAVED_NOT } fann_saved_as;

typedef struct {
  double params[FANN_SNAPSHOT_PARAMS];
  unsigned num_input, num_output, num_layers, total_neurons, total_connections;
  fann_type outputs[FANN_SNAPSHOT_RUNS][8];
} fann_net_snapshot;

/* A parameter's index in a snapshot for a setter API of moco_fann_spec, or -1. */
int fann_param_of_api(int api);
int fann_api_of_param(int param);
const char *fann_param_name(int param);
/* v as the network stores the parameter: an enum or unsigned, a float or a fann_type. */
double fann_param_as_stored(int param, double v);
fann_saved_as fann_param_saved_as(int param);

/* The parameters of ann, in snapshot order. */
void fann_read_params(struct fann *ann, double v[FANN_SNAPSHOT_PARAMS]);
/* The snapshot of ann; inputs of the runs from seed. */
void fann_snapshot_net(struct fann *ann, uint64_t seed, fann_net_snapshot *s);
/* A parameter's value as fann_create_from_file gives it back after fann_save wrote it. */
double fann_param_through_file(int param, double v);
/* Checks b against a (kind: the check's kind, call: its API). through_file: a's parameters as
 * fann_save writes them (fann_param_through_file). */
void fann_compare_nets(const fann_net_snapshot *a, const fann_net_snapshot *b, int through_file,
                       const char *call, const char *kind, fann_outcome *o);
/* The values of a training data set, copied: each row's inputs then its outputs. */
typedef struct {
  unsigned rows, num_input, num_output;
  fann_type *values;
} fann_data_snapshot;

void fann_snapshot_data(struct fann_train_data *data, fann_data_snapshot *s);
void fann_data_snapshot_free(fann_data_snapshot *s);
/* n rows of b from row at against those of a from row first (through_file: a's values as
 * fann_save_train writes them): the counts, the number of values that are bit-identical (a
 * check expecting all of them) and the first one that is not. */
void fann_compare_data(const fann_data_snapshot *a, unsigned first, const fann_data_snapshot *b,
                       unsigned at, unsigned n, int through_file, const char *call, const char *kind,
                       fann_outcome *o);
#endif

/* Standalone reproducer (calls only Debian's FANN 2.2.0 libraries): two defects of FANN's
 * fixed-point build, each on a network the float build saves with fann_save_to_fixed (the way
 * fann_io.h recommends using the fixed build) and the fixed build loads and runs. Found by the
 * moco_fann_fixed target (harnesses/moco/known_findings.tsv); seen with libfann2 2.2.0+ds-8.
 *   cc fann_fixed_point_network.c -lfloatfann -ldl -lm -o repro
 *   ./repro run-overflow      fann_run's stepwise sigmoid overflows int: a wrong output
 *   ./repro zero-steepness    a steepness below 1 / multiplier: fann_run divides by 0 (SIGFPE)
 * (The third fixed-build finding, the sigmoid table's float-to-int overflow at a decimal point
 * of 15, shows on x86 only as an error below 1% at the outermost breakpoint; UBSan reports it
 * in the harness.)
 * The fixed library is loaded with dlopen(RTLD_DEEPBIND) beside the float one linked here, so
 * each resolves FANN's names to its own. Prints the float network's output and the fixed
 * one's (divided by the multiplier); exits 1 when they differ by more than 0.1, the output's
 * full scale being 1.
 * tags: mlf:moco_fann_fixed:fann:fann_run:signed-overflow
 * link: -lfloatfann -ldl -lm
 * args: run-overflow
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <floatfann.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fann *(*create_from_file_fn)(const char *);
typedef int *(*run_fn)(struct fann *, int *);
typedef unsigned (*get_fn)(struct fann *);

/* A 2-4-1 network whose every weight is `weight`, hidden and output steepness as given. */
static struct fann *network(float weight, float hidden_steepness) {
  struct fann *ann = fann_create_standard(3, 2, 4, 1);
  fann_set_activation_function_hidden(ann, FANN_SIGMOID_SYMMETRIC);
  fann_set_activation_function_output(ann, FANN_SIGMOID_SYMMETRIC);
  fann_set_activation_steepness_hidden(ann, hidden_steepness);
  struct fann_connection c[64];
  unsigned n = fann_get_total_connections(ann);
  fann_get_connection_array(ann, c);
  for (unsigned i = 0; i < n; i++) fann_set_weight(ann, c[i].from_neuron, c[i].to_neuron, weight);
  return ann;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); /* the lines must come out before a crash */
  const char *what = argc > 1 ? argv[1] : "";
  struct fann *ann;
  if (strcmp(what, "run-overflow") == 0) ann = network(0.5f, 0.01f);         /* decimal point 14 */
  else if (strcmp(what, "zero-steepness") == 0) ann = network(0.5f, 0.00001f); /* 0.00001 * 2^14 < 1 */
  else { fprintf(stderr, "usage: %s run-overflow|zero-steepness\n", argv[0]); return 2; }
  char path[] = "/tmp/fann-fixed-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 2;
  int decimal_point = fann_save_to_fixed(ann, path);
  float input[2] = {0.75f, -0.5f};
  float want = fann_run(ann, input)[0];
  void *fixed = dlopen("libfixedfann.so.2", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!fixed) { fprintf(stderr, "%s\n", dlerror()); return 2; }
  create_from_file_fn load = (create_from_file_fn)dlsym(fixed, "fann_create_from_file");
  run_fn run = (run_fn)dlsym(fixed, "fann_run");
  get_fn multiplier_of = (get_fn)dlsym(fixed, "fann_get_multiplier");
  printf("fann_save_to_fixed: decimal point %d; float output %.6f\n", decimal_point, want);
  struct fann *fixed_ann = load(path);
  remove(path);
  if (!fixed_ann) { printf("the fixed build did not load the file\n"); return 1; }
  int m = (int)multiplier_of(fixed_ann);
  int fixed_input[2] = {(int)(input[0] * m), (int)(input[1] * m)};
  double got = (double)run(fixed_ann, fixed_input)[0] / m;
  printf("fixed output %.6f (multiplier %d)\n", got, m);
  int wrong = fabs(got - want) > 0.1;
  printf("%s\n", wrong ? "the fixed network's output is wrong" : "the outputs agree");
  return wrong;
}

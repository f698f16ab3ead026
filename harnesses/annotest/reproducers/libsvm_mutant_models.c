/* Standalone reproducer (known findings mlf:annotest_libsvm:libsvm:svm_load_model:load-*) against
 * Debian's libsvm3 3.24+ds-6: a 3-class C-SVC model as svm_save_model wrote it (the target's
 * generator trained it on six rows), each time with one field changed within the format's
 * grammar, loaded by svm_load_model and asked for a prediction, in a child of its own. The
 * loader returns a model for each; what follows is undefined (a signal, or valgrind's invalid
 * reads for nr_sv over total_sv, for a one-class model of nr_class 1, whose one row of
 * coefficients the loader does not allocate, and for a precomputed kernel over SVs without
 * serial numbers: the test vector is read at (int) of an SV's first value, -1 here).
 * A model the loader returns is freed after the prediction, so that valgrind's leak check shows
 * the array of a header line given twice ("definitely lost" in read_model_header), and a file
 * whose total_sv counts SV lines that are not there at all makes the loader cut a line buffer it
 * never wrote (valgrind: conditional jumps on uninitialised values in svm_load_model).
 *   cc libsvm_mutant_models.c -lsvm -o m && ./m && valgrind ./m nr-sv && valgrind ./m one-class
 *   && valgrind ./m precomputed && valgrind --leak-check=full ./m repeated-rho
 *   && valgrind ./m no-sv-lines */
#include <libsvm/svm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define HEAD "svm_type c_svc\nkernel_type rbf\ngamma 0.5\n"
#define HEAD_PRECOMPUTED "svm_type c_svc\nkernel_type precomputed\ngamma 0.5\n"
#define RHO "rho 0.12743852287530899 -0.068333327770233154 -0.18831277638673782\n"
#define SV12 "1 1 1:0.5 2:1 \n1 1 1:-0.5 2:0.25 \n"
#define SV36 "-1 1 1:-1 2:-1 \n-1 1 1:0.75 2:-0.25 \n-1 -1 1:0.125 2:1 \n-1 -1 1:-0.75 2:0.5 \n"

static const struct {
  const char *name, *change, *text;
} mutants[] = {
    {"count-overflow", "nr_class 3 -> 2147483647",
     HEAD "nr_class 2147483647\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 2 2 2\nSV\n" SV12 SV36},
    {"missing-sv-lines", "line SV[0] removed",
     HEAD "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 2 2 2\nSV\n1 1 1:-0.5 2:0.25 \n" SV36},
    {"missing-class-arrays", "line label removed", HEAD "nr_class 3\ntotal_sv 6\n" RHO "nr_sv 2 2 2\nSV\n" SV12 SV36},
    {"nr-sv", "nr_sv[0] 2 -> 3", HEAD "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 3 2 2\nSV\n" SV12 SV36},
    {"one-class", "svm_type c_svc -> one_class of a model trained on one class (nr_class 1)",
     "svm_type one_class\nkernel_type rbf\ngamma 0.5\nnr_class 1\ntotal_sv 0\nrho\nlabel 1\nnr_sv 0\nSV\n"},
    {"repeated-rho", "line rho duplicated",
     HEAD "nr_class 3\ntotal_sv 6\n" RHO RHO "label 1 -1 2\nnr_sv 2 2 2\nSV\n" SV12 SV36},
    {"no-sv-lines", "total_sv 0 -> 1 of a model without SVs", HEAD "nr_class 2\ntotal_sv 1\nrho 0\nlabel 1 -1\nnr_sv 1 0\nSV\n"},
    {"precomputed", "kernel_type rbf -> precomputed",
     HEAD_PRECOMPUTED "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 2 2 2\nSV\n" SV12 SV36},
};

static void load_and_predict(const char *text) {
  char path[] = "/tmp/libsvm-mutant-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) _exit(2);
  close(fd);
  struct svm_model *m = svm_load_model(path);
  unlink(path);
  if (!m) {
    printf("  refused (NULL)\n");
    fflush(stdout);
    _exit(0);
  }
  /* On the heap, so that valgrind sees a read outside it. For the precomputed kernel it is a
   * vector of that format (README, "Precomputed Kernels": 0:serial, then K(x, x_j)). */
  struct svm_node *x = malloc(3 * sizeof *x);
  if (!x) _exit(2);
  if (m->param.kernel_type == PRECOMPUTED) x[0] = (struct svm_node){0, 1}, x[1] = (struct svm_node){1, 0.5};
  else x[0] = (struct svm_node){1, 0.5}, x[1] = (struct svm_node){2, -0.5};
  x[2] = (struct svm_node){-1, 0};
  printf("  loaded; predicting\n");
  fflush(stdout);
  printf("  prediction %g\n", svm_predict(m, x));
  fflush(stdout);
  free(x);
  svm_free_and_destroy_model(&m);
  fflush(stdout);
  _exit(0);
}

int main(int argc, char **argv) {
  for (size_t i = 0; i < sizeof mutants / sizeof *mutants; i++) {
    if (argc > 1 && strcmp(argv[1], mutants[i].name)) continue;
    printf("%s (%s):\n", mutants[i].name, mutants[i].change);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) load_and_predict(mutants[i].text);
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) printf("  killed by signal %d\n", WTERMSIG(status));
  }
  return 0;
}

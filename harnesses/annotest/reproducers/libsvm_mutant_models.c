/* Standalone reproducer (known findings mlf:annotest_libsvm:libsvm:svm_load_model:load-*) against
 * Debian's libsvm3 3.24+ds-6: a 3-class C-SVC model as svm_save_model wrote it (the target's
 * generator trained it on six rows), each time with one field changed within the format's
 * grammar, loaded by svm_load_model and asked for a prediction, in a child of its own. The
 * loader returns a model for each (expected: NULL, "could not be loaded", README) and what
 * follows reads outside the model's arrays. Linked with Electric Fence (Debian electric-fence),
 * every block the library allocates ends at an inaccessible page, so the out-of-bounds reads
 * valgrind reports become a SIGSEGV in the child:
 *   missing-sv-lines, no-sv-lines: strtod(NULL) / strtok past a buffer never written (load-missing-sv-lines)
 *   missing-class-arrays: model->label NULL read in svm_predict (load-missing-class-arrays)
 *   nr-sv: coefficients and kernel values read past total_sv in svm_predict_values (load-nr-sv-over-total)
 *   nr-sv-overflow: the int sums start[] of nr_sv overflow, svm_predict_values reads at start[2] < 0
 *     (load-count-overflow; the registry's nr_class 2147483647 mutant is refused by the installed
 *     binary, by luck: it reads too few rho values; only UBSan shows that overflow)
 *   one-class: sv_coef[0] read from the loader's malloc(0) (load-regression-without-coefficients)
 *   precomputed: the test vector read at index -1 (load-precomputed-without-serials; the vector
 *     here starts a page after an inaccessible one)
 * The repeated-line leak has its own program (libsvm_repeated_line_leak.c, LeakSanitizer).
 * Exits 1 while any mutant's child dies by a signal; ./m NAME runs one.
 * case: missing-sv-lines mlf:annotest_libsvm:libsvm:svm_load_model:load-missing-sv-lines
 * case: missing-class-arrays mlf:annotest_libsvm:libsvm:svm_load_model:load-missing-class-arrays
 * case: nr-sv mlf:annotest_libsvm:libsvm:svm_load_model:load-nr-sv-over-total
 * case: nr-sv-overflow mlf:annotest_libsvm:libsvm:svm_load_model:load-count-overflow
 * case: one-class mlf:annotest_libsvm:libsvm:svm_load_model:load-regression-without-coefficients
 * case: precomputed mlf:annotest_libsvm:libsvm:svm_load_model:load-precomputed-without-serials
 * link: -lsvm -lefence
 * env: EF_ALLOW_MALLOC_0=1
 */
#include <libsvm/svm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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
    {"missing-sv-lines", "line SV[0] removed",
     HEAD "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 2 2 2\nSV\n1 1 1:-0.5 2:0.25 \n" SV36},
    {"no-sv-lines", "total_sv 0 -> 1 of a model without SVs", HEAD "nr_class 2\ntotal_sv 1\nrho 0\nlabel 1 -1\nnr_sv 1 0\nSV\n"},
    {"missing-class-arrays", "line label removed", HEAD "nr_class 3\ntotal_sv 6\n" RHO "nr_sv 2 2 2\nSV\n" SV12 SV36},
    {"nr-sv", "nr_sv[0] 2 -> 3", HEAD "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 3 2 2\nSV\n" SV12 SV36},
    {"nr-sv-overflow", "nr_sv[1] 2 -> 2147483647",
     HEAD "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 2 2147483647 2\nSV\n" SV12 SV36},
    {"one-class", "svm_type c_svc -> one_class of a model trained on one class (nr_class 1)",
     "svm_type one_class\nkernel_type rbf\ngamma 0.5\nnr_class 1\ntotal_sv 0\nrho\nlabel 1\nnr_sv 0\nSV\n"},
    {"precomputed", "kernel_type rbf -> precomputed",
     HEAD_PRECOMPUTED "nr_class 3\ntotal_sv 6\n" RHO "label 1 -1 2\nnr_sv 2 2 2\nSV\n" SV12 SV36},
};

/* Three svm_nodes at the start of a page whose preceding page is inaccessible. */
static struct svm_node *test_vector_after_guard_page(void) {
  long page = sysconf(_SC_PAGESIZE);
  char *pages = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED || mprotect(pages, (size_t)page, PROT_NONE)) _exit(2);
  return (struct svm_node *)(pages + page);
}

static void load_and_predict(const char *text) {
  char path[] = "/tmp/libsvm-mutant-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) _exit(2);
  close(fd);
  struct svm_model *m = svm_load_model(path);
  unlink(path);
  if (!m) {
    printf("  refused (NULL): as expected\n");
    fflush(stdout);
    _exit(0);
  }
  /* For the precomputed kernel the vector has that format (README, "Precomputed Kernels":
   * 0:serial, then K(x, x_j)). */
  struct svm_node *x = test_vector_after_guard_page();
  if (m->param.kernel_type == PRECOMPUTED) x[0] = (struct svm_node){0, 1}, x[1] = (struct svm_node){1, 0.5};
  else x[0] = (struct svm_node){1, 0.5}, x[1] = (struct svm_node){2, -0.5};
  x[2] = (struct svm_node){-1, 0};
  printf("  loaded (expected: refused); predicting\n");
  fflush(stdout);
  printf("  prediction %g\n", svm_predict(m, x));
  fflush(stdout);
  svm_free_and_destroy_model(&m);
  _exit(0);
}

int main(int argc, char **argv) {
  int shown = 0;
  for (size_t i = 0; i < sizeof mutants / sizeof *mutants; i++) {
    if (argc > 1 && strcmp(argv[1], mutants[i].name)) continue;
    printf("%s (%s):\n", mutants[i].name, mutants[i].change);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) load_and_predict(mutants[i].text);
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) printf("  killed by signal %d: bug shown\n", WTERMSIG(status)), shown = 1;
  }
  return shown;
}

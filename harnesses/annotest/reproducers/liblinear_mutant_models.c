/* Standalone reproducer (known findings mlf:annotest_liblinear:liblinear:load_model:load-*)
 * against Debian's liblinear4 2.3.0+dfsg-5: an L2R_LR model as save_model wrote it (the target's
 * generator trained it on two rows), each time with one field changed within the format's
 * grammar, loaded by load_model, asked for a prediction and freed, in a child of its own. The
 * child fails (exit status 1, or ASan's report of a SEGV) when
 *   count-overflow: load_model returns a model without weights (nr_feature 2147483647: n =
 *     nr_feature + 1 overflows, the malloc of a negative size fails, w stays NULL; expected NULL)
 *   missing-labels: predict reads model->label through NULL (SEGV)
 *   refused-weights: the refused load leaves the model file open and its weight array allocated
 *   repeated-label: the first label array is never freed
 * (leaks found by LeakSanitizer's recoverable check, file descriptors by counting /proc/self/fd;
 * allocator_may_return_null lets the negative-size malloc fail as glibc's does).
 * Exits 1 while any child fails; ./m NAME runs one.
 * case: count-overflow mlf:annotest_liblinear:liblinear:load_model:load-count-overflow
 * case: missing-labels mlf:annotest_liblinear:liblinear:load_model:load-missing-labels
 * case: repeated-label mlf:annotest_liblinear:liblinear:load_model:load-repeated-label-leak
 * case: refused-weights mlf:annotest_liblinear:liblinear:load_model:load-refused-weights-leak
 * link: -g -fsanitize=address -llinear
 * env: ASAN_OPTIONS=allocator_may_return_null=1
 */
#include <dirent.h>
#include <linear.h>
#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct {
  const char *name, *change, *text;
} mutants[] = {
    {"count-overflow", "nr_feature 1 -> 2147483647",
     "solver_type L2R_LR\nnr_class 2\nlabel 1 2\nnr_feature 2147483647\nbias 1\nw\n0.6748282873078032 \n0 \n"},
    {"missing-labels", "line label removed",
     "solver_type L2R_LR\nnr_class 2\nnr_feature 1\nbias 1\nw\n0.6748282873078032 \n0 \n"},
    {"refused-weights", "line w[0] removed",
     "solver_type L2R_LR\nnr_class 2\nlabel 1 2\nnr_feature 1\nbias 1\nw\n0 \n"},
    {"repeated-label", "line label duplicated",
     "solver_type L2R_LR\nnr_class 2\nlabel 1 2\nlabel 1 2\nnr_feature 1\nbias 1\nw\n0.6748282873078032 \n0 \n"},
};

/* The number of file descriptors this process has open. */
static int open_fds(void) {
  DIR *dir = opendir("/proc/self/fd");
  int n = 0;
  while (dir && readdir(dir)) n++;
  if (dir) closedir(dir);
  return n;
}

static void load_predict_free(const char *text) {
  char path[] = "/tmp/liblinear-mutant-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) _exit(2);
  close(fd);
  int fds_before = open_fds();
  struct model *m = load_model(path);
  unlink(path);
  int fds_left = open_fds() - fds_before, failed = 0;
  printf("  %s\n", m ? "loaded; predicting" : "refused (NULL)");
  if (fds_left > 0) printf("  %d file descriptor(s) left open by load_model (expected 0)\n", fds_left), failed = 1;
  if (m && !m->w) printf("  the model has no weight array (expected: refused)\n"), failed = 1;
  fflush(stdout);
  struct feature_node x[3] = {{1, 0.5}, {2, 1}, {-1, 0}};
  if (m) printf("  prediction %g\n", predict(m, x));
  fflush(stdout);
  if (m) free_and_destroy_model(&m);
  if (__lsan_do_recoverable_leak_check()) printf("  memory leaked (expected none)\n"), failed = 1;
  fflush(stdout);
  _exit(failed);
}

int main(int argc, char **argv) {
  int shown = 0;
  for (size_t i = 0; i < sizeof mutants / sizeof *mutants; i++) {
    if (argc > 1 && strcmp(argv[1], mutants[i].name)) continue;
    printf("%s (%s):\n", mutants[i].name, mutants[i].change);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) load_predict_free(mutants[i].text);
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status) || WEXITSTATUS(status)) printf("  bug shown\n"), shown = 1;
  }
  return shown;
}

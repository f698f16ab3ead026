/* Standalone reproducer (known findings mlf:annotest_liblinear:liblinear:load_model:load-*)
 * against Debian's liblinear4 2.3.0+dfsg-5: an L2R_LR model as save_model wrote it (the target's
 * generator trained it on two rows), each time with one field changed within the format's
 * grammar, loaded by load_model and asked for a prediction, in a child of its own; a model that
 * loads is freed after, so that valgrind's leak check shows the label array of a label line
 * given twice ("definitely lost" in load_model), and the weight array of a file refused for
 * missing weights (load_model's error exit frees label and model, not w, and leaves the file open).
 *   cc liblinear_mutant_models.c -llinear -o m && ./m && valgrind --leak-check=full ./m repeated-label
 *   && valgrind --leak-check=full --track-fds=yes ./m refused-weights */
#include <linear.h>
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

static void load_and_predict(const char *text) {
  char path[] = "/tmp/liblinear-mutant-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) _exit(2);
  close(fd);
  struct model *m = load_model(path);
  unlink(path);
  printf("  %s\n", m ? "loaded; predicting" : "refused (NULL)");
  fflush(stdout);
  struct feature_node x[3] = {{1, 0.5}, {2, 1}, {-1, 0}};
  if (m) printf("  prediction %g\n", predict(m, x));
  fflush(stdout);
  if (m) free_and_destroy_model(&m);
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

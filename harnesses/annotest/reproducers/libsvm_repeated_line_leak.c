/* Standalone reproducer (known finding mlf:annotest_libsvm:libsvm:svm_load_model:
 * load-repeated-line-leak) against Debian's libsvm3 3.24+ds-6: read_model_header mallocs the
 * array of an rho, label, probA, probB or nr_sv line each time the line appears (svm.cpp:2835-2863)
 * without freeing the one before; a 3-class model file (as svm_save_model wrote it) with its rho
 * line given twice loads, and svm_free_and_destroy_model frees the second array only.
 * LeakSanitizer reports the first (24 bytes, read_model_header) at exit and the program exits
 * non-zero; with the line once, nothing leaks (./leak once).
 * tags: mlf:annotest_libsvm:libsvm:svm_load_model:load-repeated-line-leak
 * link: -g -fsanitize=address -lsvm
 */
#include <libsvm/svm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RHO "rho 0.12743852287530899 -0.068333327770233154 -0.18831277638673782\n"

int main(int argc, char **argv) {
  int once = argc > 1 && !strcmp(argv[1], "once");
  char text[1024];
  snprintf(text, sizeof text,
           "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 3\ntotal_sv 6\n%s%slabel 1 -1 2\nnr_sv 2 2 2\nSV\n"
           "1 1 1:0.5 2:1 \n1 1 1:-0.5 2:0.25 \n-1 1 1:-1 2:-1 \n-1 1 1:0.75 2:-0.25 \n-1 -1 1:0.125 2:1 \n"
           "-1 -1 1:-0.75 2:0.5 \n",
           RHO, once ? "" : RHO);
  char path[] = "/tmp/libsvm-repeated-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) return 2;
  close(fd);
  struct svm_model *m = svm_load_model(path);
  unlink(path);
  if (!m) return 2;
  struct svm_node x[3] = {{1, 0.5}, {2, -0.5}, {-1, 0}};
  printf("rho line %s: loaded, prediction %g; freeing the model\n", once ? "once" : "twice", svm_predict(m, x));
  svm_free_and_destroy_model(&m);
  return 0;
}

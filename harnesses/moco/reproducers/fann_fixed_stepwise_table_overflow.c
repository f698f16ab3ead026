/* Standalone reproducer (calls only Debian's FANN 2.2.0 libraries): FANN's fixed-point build,
 * loading a network that fann_save_to_fixed wrote (fann_create_from_file calls
 * fann_update_stepwise), fills its stepwise sigmoid tables with
 * (fann_type)(log(multiplier / result - 1) * multiplier / -2.0 * multiplier) (fann.c:1497-1508
 * of 2.2.0): the value grows with multiplier squared and leaves int's range from a decimal
 * point of 15 on, which fann_save_to_fixed picks for any network of small weights, such as a
 * fresh 2-3-1 one. The float-to-int conversion is undefined behaviour (UBSan: "is outside the
 * range of representable values of type 'int'", fann.c:1500); on x86 it gives INT_MIN, so the
 * breakpoints that should be the largest are the smallest and the tables are no longer
 * increasing. Found by the moco_fann_fixed target; seen with libfann2 2.2.0+ds-8.
 *   cc fann_fixed_stepwise_table_overflow.c -lfixedfann -ldl -lm -o repro && ./repro
 * The float library is loaded with dlopen(RTLD_DEEPBIND) to write the file beside the fixed one
 * linked here. Prints each breakpoint as the formula gives it (in double) and as loaded; exits 1
 * while an exact value lies outside int's range or a table is not increasing.
 * tags: mlf:moco_fann_fixed:fann:fann_create_from_file:int-overflow-in-stepwise-table
 * link: -lfixedfann -ldl -lm
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fixedfann.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct fann *(*create_standard_fn)(unsigned, ...);
typedef int (*save_to_fixed_fn)(struct fann *, const char *);

/* Prints one table against the formula; 1 when a value overflows int or the table decreases. */
static int check_table(const char *name, const int *results, const int *values, unsigned m, int symmetric) {
  int wrong = 0;
  for (int i = 0; i < 6; i++) {
    double r = results[i], exact = symmetric ? log((m - r) / (r + m)) * m / -2.0 * m : log(m / r - 1) * m / -2.0 * m;
    int outside = exact < INT_MIN || exact > INT_MAX, decreasing = i > 0 && values[i] < values[i - 1];
    printf("%s[%d]: exact %.6g, loaded %d%s%s\n", name, i, exact, values[i], outside ? " (outside int)" : "",
           decreasing ? " (below the previous breakpoint)" : "");
    wrong |= outside | decreasing;
  }
  return wrong;
}

int main(void) {
  void *flt = dlopen("libfloatfann.so.2", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!flt) { fprintf(stderr, "%s\n", dlerror()); return 2; }
  create_standard_fn create = (create_standard_fn)dlsym(flt, "fann_create_standard");
  save_to_fixed_fn save_to_fixed = (save_to_fixed_fn)dlsym(flt, "fann_save_to_fixed");
  char path[] = "/tmp/fann-stepwise-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || !create || !save_to_fixed) return 2;
  close(fd);
  int decimal_point = save_to_fixed(create(3, 2, 3, 1), path);
  struct fann *ann = fann_create_from_file(path);
  remove(path);
  if (!ann) return 2;
  printf("fann_save_to_fixed: decimal point %d, multiplier %u\n", decimal_point, ann->multiplier);
  int wrong = check_table("sigmoid_values", ann->sigmoid_results, ann->sigmoid_values, ann->multiplier, 0);
  wrong |= check_table("sigmoid_symmetric_values", ann->sigmoid_symmetric_results, ann->sigmoid_symmetric_values,
                       ann->multiplier, 1);
  fann_destroy(ann);
  return wrong;
}

/* The process's LIBSVM session (mlf_libsvm_session.h). */
#include "libraries/libsvm/mlf_libsvm_session.h"
#include <stdio.h>
#include <libsvm/svm.h>

static void discard(const char *line) { (void)line; }

void mlf_libsvm_open(char *identity, size_t len) {
  svm_set_print_string_function(discard);
  snprintf(identity, len, "LIBSVM %d", libsvm_version);
}

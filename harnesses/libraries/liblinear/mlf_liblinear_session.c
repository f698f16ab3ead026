/* The process's LIBLINEAR session (mlf_liblinear_session.h). */
#include "libraries/liblinear/mlf_liblinear_session.h"
#include <stdio.h>
#include <linear.h>

static void discard(const char *line) { (void)line; }

void mlf_liblinear_open(char *identity, size_t len) {
  set_print_string_function(discard);
  snprintf(identity, len, "LIBLINEAR %d", liblinear_version);
}

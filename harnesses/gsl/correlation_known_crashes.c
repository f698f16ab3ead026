/* Known crashes of GSL's correlation functions (see correlation_known_crashes.h). */
#include "correlation_known_crashes.h"
#include <string.h>

const char *correlation_known_crash(const char *fn, size_t n) {
  (void)fn, (void)n;
  return NULL;
}

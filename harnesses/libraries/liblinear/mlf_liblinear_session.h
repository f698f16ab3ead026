/* The process's LIBLINEAR session, shared by every family that calls LIBLINEAR: its training
 * log (train and cross_validation print their progress to stdout unless
 * set_print_string_function installs another printer, linear.h) silenced, and its identity. */
#ifndef MLF_LIBLINEAR_SESSION_H
#define MLF_LIBLINEAR_SESSION_H
#include <stddef.h>

/* Silences LIBLINEAR's log (idempotent) and writes its identity, e.g. "LIBLINEAR 230" (the
 * library's own liblinear_version), into identity. */
void mlf_liblinear_open(char *identity, size_t len);
#endif

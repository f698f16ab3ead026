/* The process's LIBSVM session, shared by every family that calls LIBSVM: its training log
 * (svm_train and svm_cross_validation print their progress to stdout unless
 * svm_set_print_string_function installs another printer, svm.h) silenced, and its identity. */
#ifndef MLF_LIBSVM_SESSION_H
#define MLF_LIBSVM_SESSION_H
#include <stddef.h>

/* Silences LIBSVM's log (idempotent) and writes its identity, e.g. "LIBSVM 324" (the
 * library's own libsvm_version), into identity. */
void mlf_libsvm_open(char *identity, size_t len);
#endif

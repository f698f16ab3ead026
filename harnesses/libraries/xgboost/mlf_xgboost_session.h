/* The process's XGBoost session, shared by every family that calls XGBoost's C API: its log
 * silenced (global configuration "verbosity": 0, XGBSetGlobalConfig in xgboost/c_api.h; at
 * the default 1 it prints warnings, e.g. about unused parameters, on stderr) and its identity. */
#ifndef MLF_XGBOOST_SESSION_H
#define MLF_XGBOOST_SESSION_H
#include <stddef.h>

/* Silences XGBoost's log (idempotent) and writes its identity, e.g. "XGBoost 1.7.4" (the
 * library's own XGBoostVersion), into identity. 0, or -1 when XGBoost refused the
 * configuration (identity then holds XGBGetLastError's message). */
int mlf_xgboost_open(char *identity, size_t len);
#endif

/* The process's XGBoost session (mlf_xgboost_session.h). */
#include "libraries/xgboost/mlf_xgboost_session.h"
#include <stdio.h>
#include <xgboost/c_api.h>

int mlf_xgboost_open(char *identity, size_t len) {
  if (XGBSetGlobalConfig("{\"verbosity\": 0}") != 0) {
    snprintf(identity, len, "XGBoost: %s", XGBGetLastError());
    return -1;
  }
  int major, minor, patch;
  XGBoostVersion(&major, &minor, &patch);
  snprintf(identity, len, "XGBoost %d.%d.%d", major, minor, patch);
  return 0;
}

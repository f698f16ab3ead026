/* Standalone reproducer for an undefined behaviour that only a sanitizer build of XGBoost shows:
 * XGBoost 1.7.4 ColMaker::Builder::UpdateSolution (src/tree/updater_colmaker.cc:466) calls
 * EnumerateSplit(c.data() + c.size() - 1, c.data() - 1, -1, ...) for the backward split search
 * of every feature; when the training matrix has no present value at all (here 2 x 2 NaN,
 * labels 0 and 1) every sorted column is empty and its data() is NULL, so NULL - 1 is pointer
 * arithmetic on a null pointer (C++17 [expr.add]/4: undefined). On x86-64 the pointer wraps and
 * the loop does not run, so against Debian's libxgboost0 1.7.4-1 this program trains and exits
 * 0: it does NOT fail there. Linked instead against XGBoost 1.7.4 built from the Debian source
 * with -fsanitize=undefined (mlfuzz: build/libraries/xgboost-libfuzzer/libxgboost.a), UBSan
 * reports "applying non-zero offset 18446744073709551608 to null pointer" and aborts.
 * tags: mlf:annotest_xgboost:xgboost:*:colmaker-no-present-value
 * link: build/libraries/xgboost-libfuzzer/libxgboost.a -fsanitize=address,undefined -fno-sanitize-recover=undefined -ldmlc -lstdc++ -fsanitize-link-c++-runtime -lpthread -lm
 * Exits 1 when an XGBoost call fails. */
#include <math.h>
#include <stdio.h>
#include <xgboost/c_api.h>

#define CHECK(call)                                                             \
  do {                                                                          \
    if ((call) != 0) {                                                          \
      printf("actual:   %s failed: %s\n", #call, XGBGetLastError());            \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

int main(void) {
  const float data[4] = {NAN, NAN, NAN, NAN}, labels[2] = {0, 1};
  DMatrixHandle matrix;
  BoosterHandle booster;
  CHECK(XGDMatrixCreateFromMat(data, 2, 2, NAN, &matrix));
  CHECK(XGDMatrixSetFloatInfo(matrix, "label", labels, 2));
  CHECK(XGBoosterCreate(&matrix, 1, &booster));
  CHECK(XGBoosterSetParam(booster, "tree_method", "exact"));
  CHECK(XGBoosterSetParam(booster, "nthread", "1"));
  printf("expected: one boosting round of the exact method on a matrix with no present value\n"
         "          runs without undefined behaviour\n");
  CHECK(XGBoosterUpdateOneIter(booster, 0, matrix));
  printf("actual:   the round ran (no sanitizer report)\n");
  XGBoosterFree(booster);
  XGDMatrixFree(matrix);
  return 0;
}

/* A planted wrong annotation (test_annotest_xgboost_planted.c): annotations/xgboost.h's
 * XGDMatrixSetFloatInfo narrowed to the weight field and widened past its documented domain.
 * The harness must report a call on such an input as a documented error naming XGBoost's
 * message. Not an annotated library of the family: tests/annotest/tests.mk generates its glue.
 * The DMatrix generator's annotation is annotations/xgboost.h's (its code: xgboost_objects.c). */
#ifndef ANNOTEST_PLANTEDXGB_XGBOOST_H
#define ANNOTEST_PLANTEDXGB_XGBOOST_H
#include <xgboost/c_api.h>
#include "xgboost_oracles.h"

//@ generator(free = XGDMatrixFree)
//@ arg(nrow): ints(min=1, max=64)
//@ arg(ncol): ints(min=1, max=8)
//@ arg(data): arrays(dtype=float, shape=[nrow, ncol], elements=floats(min=-1000, max=1000, allow_nan=true))
//@ arg(labels): arrays(dtype=float, shape=[nrow], elements=floats(min=0, max=1))
//@ arg(missing_every): ints(min=0, max=5)
DMatrixHandle annotest_xgb_dmatrix(bst_ulong nrow, bst_ulong ncol, const float *data, const float *labels, int missing_every);

// Wrong on purpose: weights may be negative, which XGBoost rejects ("Weights must be positive
// values", MetaInfo::SetInfo in data.cc); annotations/xgboost.h's weights start at 0.
//@ dim(nrow): ints(min=1, max=64)
//@ arg(handle): objs(annotest_xgb_dmatrix, nrow=nrow)
//@ arg(field): froms(["weight"])
//@ arg(len): nrow
//@ arg(array): arrays(dtype=float, shape=[len], elements=floats(min=-1000, max=1000))
//@ ensure(ret == 0)
int XGDMatrixSetFloatInfo(DMatrixHandle handle, const char *field, const float *array, bst_ulong len);
#endif

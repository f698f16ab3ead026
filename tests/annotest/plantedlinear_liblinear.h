/* A planted wrong annotation (test_annotest_plantedlinear.c): annotations/liblinear.h's
 * check_parameter with C widened down to 0, which check_parameter refuses ("C <= 0"). The
 * harness must report such a call as a documented error. The problem generator is
 * annotations/liblinear.h's, declared again so that this header stands alone; its glue is
 * generated for the test only (tests/annotest/tests.mk). */
#ifndef ANNOTEST_PLANTEDLINEAR_H
#define ANNOTEST_PLANTEDLINEAR_H
#include <linear.h>
#include "liblinear_oracles.h"

//@ generator(free = annotest_linear_problem_free)
//@ arg(l): ints(min=1, max=40)
//@ arg(features): ints(min=1, max=12)
//@ arg(bias): floats(min=-1, max=4)
//@ arg(cells): sparse(dtype=feature_node_t, index=index, value=value, max_len=l * features, max_index=l * features,
//@   values=floats(min=-1, max=1))
//@ arg(labels): arrays(dtype=int, shape=[l], elements=ints(min=-2, max=3))
struct problem *annotest_linear_problem(int l, int features, double bias, const feature_node_t *cells, const int *labels);

// Wrong on purpose: C=floats(min=0, max=100) (annotations/liblinear.h: min=0.01).
//@ arg(prob): objs(annotest_linear_problem)
//@ arg(param): dicts(solver_type=froms([L2R_LR, L2R_L2LOSS_SVC_DUAL, L2R_L2LOSS_SVC, L2R_L1LOSS_SVC_DUAL, MCSVM_CS,
//@   L1R_L2LOSS_SVC, L1R_LR, L2R_LR_DUAL, L2R_L2LOSS_SVR, L2R_L2LOSS_SVR_DUAL, L2R_L1LOSS_SVR_DUAL]),
//@   eps=floats(min=0.0001, max=1), C=floats(min=0, max=100), p=floats(min=0, max=4))
//@ ensure(ret == NULL)
const char *check_parameter(const struct problem *prob, const struct parameter *param);
#endif

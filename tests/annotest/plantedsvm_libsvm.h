/* A planted wrong annotation (test_annotest_plantedsvm.c): annotations/libsvm.h's
 * svm_check_parameter with gamma widened below 0, which svm_check_parameter refuses ("gamma <
 * 0" for the POLY, RBF and SIGMOID kernels). The harness must report such a call as a
 * documented error. The problem generator is annotations/libsvm.h's, declared again so that
 * this header stands alone; its glue is generated for the test only (tests/annotest/tests.mk). */
#ifndef ANNOTEST_PLANTEDSVM_H
#define ANNOTEST_PLANTEDSVM_H
#include <libsvm/svm.h>
#include "libsvm_oracles.h"

//@ generator(free = annotest_svm_problem_free)
//@ arg(l): ints(min=1, max=40)
//@ arg(features): ints(min=1, max=12)
//@ arg(cells): sparse(dtype=svm_node_t, index=index, value=value, max_len=l * features, max_index=l * features,
//@   values=floats(min=-1, max=1))
//@ arg(labels): arrays(dtype=int, shape=[l], elements=ints(min=-2, max=3))
struct svm_problem *annotest_svm_problem(int l, int features, const svm_node_t *cells, const int *labels);

// Wrong on purpose: gamma=floats(min=-8, max=8) (annotations/libsvm.h: min=0).
//@ arg(prob): objs(annotest_svm_problem)
//@ arg(param): dicts(svm_type=froms([C_SVC, NU_SVC, ONE_CLASS, EPSILON_SVR, NU_SVR]),
//@   kernel_type=froms([LINEAR, POLY, RBF, SIGMOID]), degree=ints(min=0, max=5), gamma=floats(min=-8, max=8),
//@   coef0=floats(min=-1, max=1), cache_size=floats(min=0.1, max=200), eps=floats(min=0.001, max=1),
//@   C=floats(min=0.01, max=10), nu=floats(min=0, max=1, exclude_min=true), p=floats(min=0, max=4),
//@   shrinking=bools(), probability=bools())
//@ require(annotest_svm_parameter_feasible(prob, param))
//@ ensure(ret == NULL)
const char *svm_check_parameter(const struct svm_problem *prob, const struct svm_parameter *param);
#endif

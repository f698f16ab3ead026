/* A planted wrong annotation (test_annotest_fann_planted.c): annotations/fann.h's
 * fann_set_input_scaling_params with the training data's shape no longer tied to the network's,
 * which fann_set_input_scaling_params refuses (fann_train_data.c: FANN_E_TRAIN_DATA_MISMATCH,
 * -1). The harness must report such a call as a documented error. The generators are
 * annotations/fann.h's, declared again so that this header's annotations stand alone; its glue is
 * generated for the test only (tests/annotest/tests.mk). */
#ifndef ANNOTEST_PLANTEDFANN_H
#define ANNOTEST_PLANTEDFANN_H
#include "annotations/fann.h"

//@ generator(free = annotest_fann_net_free)
//@ arg(shortcut): bools()
//@ arg(num_input): ints(min=1, max=6)
//@ arg(hidden_layers): ints(min=0, max=2)
//@ arg(hidden): ints(min=1, max=6)
//@ arg(num_output): ints(min=1, max=4)
//@ arg(hidden_function): froms([FANN_LINEAR, FANN_SIGMOID, FANN_SIGMOID_SYMMETRIC])
//@ arg(output_function): froms([FANN_LINEAR, FANN_SIGMOID, FANN_SIGMOID_SYMMETRIC])
//@ arg(algorithm): froms([FANN_TRAIN_RPROP])
//@ arg(seed): ints(min=0, max=2147483647)
struct fann *annotest_fann_net(int shortcut, int num_input, int hidden_layers, int hidden, int num_output,
                               int hidden_function, int output_function, int algorithm, int seed);

//@ generator(free = annotest_fann_data_free)
//@ arg(num_data): ints(min=1, max=24)
//@ arg(num_input): ints(min=1, max=6)
//@ arg(num_output): ints(min=1, max=4)
//@ arg(magnitude): ints(min=0, max=2)
//@ arg(inputs): arrays(dtype=float, shape=[num_data * num_input], elements=floats(min=-pow(10, magnitude), max=pow(10, magnitude)))
//@ arg(outputs): arrays(dtype=float, shape=[num_data * num_output], elements=floats(min=-1, max=1))
struct fann_train_data *annotest_fann_data(int num_data, int num_input, int num_output, int magnitude,
                                           const fann_type *inputs, const fann_type *outputs);

// Wrong on purpose: ann and data built independently (annotations/fann.h ties both to ni inputs
// and no outputs).
//@ arg(ann): objs(annotest_fann_net)
//@ arg(data): objs(annotest_fann_data)
//@ arg(new_input_min): floats(min=-1000, max=999)
//@ arg(new_input_max): floats(min=nextafterf(new_input_min, 1000), max=1000)
//@ known(scale-constant-column, annotest_fann_constant_column(data, 1))
//@ ensure(ret == 0)
int fann_set_input_scaling_params(struct fann *ann, const struct fann_train_data *data, float new_input_min,
                                  float new_input_max);
#endif

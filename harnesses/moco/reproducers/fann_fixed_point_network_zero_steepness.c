/* The program of fann_fixed_point_network.c run for its zero-steepness case: a hidden steepness
 * of 0.00001, saved by fann_save_to_fixed at decimal point 14 as 0, makes the fixed build's
 * fann_run divide by zero (SIGFPE on x86).
 * tags: mlf:moco_fann_fixed:fann:fann_run:division-by-zero-steepness
 * link: -lfloatfann -ldl -lm
 * args: zero-steepness
 */
#include "fann_fixed_point_network.c"

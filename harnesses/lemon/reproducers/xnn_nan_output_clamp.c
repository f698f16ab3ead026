/* Standalone reproducer against Debian's libxnnpack0 0.0~git20220216.ae108ef-2 (XNNPACK
 * 2022-02-16): f32 operators turn a NaN into the output clamp's bound. The LEMON models of
 * corpora/lemon_model/regress/xnnpack-nan-lost-{add,dense}.textproto, one layer each:
 *   ADD of the input [NaN, 1] with itself,
 *   DENSE (fully connected, 2 -> 2 units, no activation) of the input [NaN, 1], and
 *   SOFTMAX of the row [+inf, 1] (corpora/lemon_model/regress/xnnpack-softmax-inf.textproto:
 *   an overflow to +inf upstream): e^(inf - inf) is NaN, so the normaliser and every output
 *   are NaN; XNNPACK's -inf is moreover outside softmax's range [0, 1].
 * All run with the clamp [-inf, +inf], i.e. no clamp; IEEE arithmetic (and the double
 * computation below) gives NaN for every output that involves the NaN, XNNPACK gives -inf:
 * its kernels end with the clamp done by x86 min/max, which return the bound when the value
 * is NaN. The weights are literal values here (the harness draws its own): with a NaN input
 * every weight gives a NaN. Exits 1 while an output that must be NaN is not.
 *   cc xnn_nan_output_clamp.c -lXNNPACK -lpthreadpool -lm -o xnn_nan && ./xnn_nan
 * tags: mlf:lemon_model:xnnpack:DENSE*:nan-lost mlf:lemon_model:xnnpack:*:nan-lost
 * tags: mlf:lemon_model:xnnpack:SOFTMAX*:outside-range
 * link: -lXNNPACK -lpthreadpool -lm
 */
#include <math.h>
#include <stdio.h>
#include <xnnpack.h>

#define PADDED(n) ((n) + XNN_EXTRA_BYTES / sizeof(float)) /* XNNPACK may read past the end */

/* Prints XNNPACK's outputs against the double computation; returns 1 when a NaN was lost. */
static int compare(const char *layer, const float *got, const double *expected, int n) {
  int lost = 0;
  for (int i = 0; i < n; i++) {
    printf("%s output %d: expected %g, actual %g\n", layer, i, expected[i], (double)got[i]);
    lost |= isnan(expected[i]) && !isnan(got[i]);
  }
  return lost;
}

static int add_layer(void) {
  float x[PADDED(2)] = {NAN, 1}, y[PADDED(2)];
  size_t shape[1] = {2};
  xnn_operator_t op = NULL;
  if (xnn_create_add_nd_f32(-INFINITY, INFINITY, 0, &op) != xnn_status_success ||
      xnn_setup_add_nd_f32(op, 1, shape, 1, shape, x, x, y, NULL) != xnn_status_success ||
      xnn_run_operator(op, NULL) != xnn_status_success)
    return fprintf(stderr, "add: XNNPACK refused the operator\n"), 2;
  xnn_delete_operator(op);
  double expected[2] = {(double)x[0] + x[0], (double)x[1] + x[1]};
  return compare("ADD", y, expected, 2);
}

static int dense_layer(void) {
  float x[PADDED(2)] = {NAN, 1}, y[PADDED(2)];
  const float w[4] = {0.5f, -0.25f, 0.75f, 0.125f}, bias[2] = {0.1f, -0.2f}; /* w[out][in] */
  xnn_operator_t op = NULL;
  if (xnn_create_fully_connected_nc_f32(2, 2, 2, 2, w, bias, -INFINITY, INFINITY, 0, &op) != xnn_status_success ||
      xnn_setup_fully_connected_nc_f32(op, 1, x, y, NULL) != xnn_status_success ||
      xnn_run_operator(op, NULL) != xnn_status_success)
    return fprintf(stderr, "dense: XNNPACK refused the operator\n"), 2;
  xnn_delete_operator(op);
  double expected[2];
  for (int o = 0; o < 2; o++) expected[o] = (double)bias[o] + (double)w[2 * o] * x[0] + (double)w[2 * o + 1] * x[1];
  return compare("DENSE", y, expected, 2);
}

static int softmax_layer(void) {
  float x[PADDED(2)] = {INFINITY, 1}, y[PADDED(2)];
  xnn_operator_t op = NULL;
  if (xnn_create_softmax_nc_f32(2, 2, 2, 0, &op) != xnn_status_success ||
      xnn_setup_softmax_nc_f32(op, 1, x, y, NULL) != xnn_status_success ||
      xnn_run_operator(op, NULL) != xnn_status_success)
    return fprintf(stderr, "softmax: XNNPACK refused the operator\n"), 2;
  xnn_delete_operator(op);
  double max = fmax(x[0], x[1]), e[2] = {exp(x[0] - max), exp(x[1] - max)}, expected[2];
  for (int i = 0; i < 2; i++) expected[i] = e[i] / (e[0] + e[1]);
  return compare("SOFTMAX", y, expected, 2);
}

int main(void) {
  if (xnn_initialize(NULL) != xnn_status_success) return fprintf(stderr, "xnn_initialize failed\n"), 2;
  int add = add_layer(), dense = dense_layer(), softmax = softmax_layer();
  return add > 1 || dense > 1 || softmax > 1 ? 2 : add | dense | softmax;
}

/* The FANN target's oracles over scaling parameters (@check functions of annotations/fann.h,
 * fann_train.h's fann_set_*scaling_params, fann_scale_* and fann_descale_*): scaling then
 * descaling (and the reverse) gives every value back within a bound derived from float
 * arithmetic (round_trip_bound), except through a scaled range whose factor is 0, where the
 * oracle checks what FANN's formulas fix instead (collapsed_holds); and scaling a training set
 * scales each of its patterns as the vector functions do, bit for bit. */
#include <float.h>
#include <string.h>
#include "annotations/fann.h"

/* One column's scaling parameters as fann_train_data.c stores them: mean m, deviation d,
 * factor f, new minimum n. Scaling is s(x) = ((x - m) / d + 1) * f + n and descaling
 * t(y) = ((y - n) / f - 1) * d + m (fann_scale_input / fann_descale_input), each step one float
 * operation. */
typedef struct {
  double m, d, f, n;
} scaling;

static scaling input_scaling(const struct fann *ann, unsigned int i) {
  return (scaling){ann->scale_mean_in[i], ann->scale_deviation_in[i], ann->scale_factor_in[i], ann->scale_new_min_in[i]};
}

static scaling output_scaling(const struct fann *ann, unsigned int i) {
  return (scaling){ann->scale_mean_out[i], ann->scale_deviation_out[i], ann->scale_factor_out[i],
                   ann->scale_new_min_out[i]};
}

/* The error bound of t(s(x)) - x (from_scaled 0) or s(t(y)) - y (from_scaled 1). Each of the
 * eight float operations rounds its result v with relative error at most u = 2^-24, and that
 * error reaches the end multiplied by the derivative of the remaining steps: for t(s(x)) the
 * steps x - m, / d, + 1, * f, + n, - n, / f, - 1, * d, + m carry factors 1, d, d, d/f, d/f, d/f,
 * d, d, 1, 1. The bound sums u |v| times its factor over the steps (first order) and doubles it
 * for the second-order terms, which are u times smaller. s(t(y)) is the same chain with the
 * roles of (m, d) and (n, f) exchanged. A result in float's subnormal range is rounded to a
 * multiple of 2^-149, an absolute error of up to eta = 2^-150 whatever its size (a factor of
 * 1e-43 made the relative bound alone fail, an oracle bug the first run found): each step's
 * error is u |v| + eta, so eta times the sum of the factors joins the bound. Infinite when a step
 * overflows float (a deviation so small, or a value so large, that the scaled value leaves
 * float's range). Requires a factor f > 0 (collapsed_holds covers f = 0). */
static double round_trip_bound(scaling p, double v, int from_scaled) {
  double c = from_scaled ? p.n : p.m, a = from_scaled ? p.f : p.d; /* the first step's pair */
  double e = from_scaled ? p.m : p.n, b = from_scaled ? p.d : p.f; /* the second step's pair */
  double v1 = v - c, v2 = v1 / a, v3 = from_scaled ? v2 - 1 : v2 + 1, v4 = v3 * b, v5 = v4 + e;
  double w1 = v5 - e, w2 = w1 / b, w3 = from_scaled ? w2 + 1 : w2 - 1, w4 = w3 * a, w5 = w4 + c;
  double sum = fabs(v1) + a * (fabs(v2) + fabs(v3)) + (a / b) * (fabs(v4) + fabs(v5) + fabs(w1)) +
               a * (fabs(w2) + fabs(w3)) + fabs(w4) + fabs(w5);
  double factors = 3 + 4 * a + 3 * (a / b);
  if (!(fabs(v5) <= FLT_MAX && fabs(v4) <= FLT_MAX && fabs(v2) <= FLT_MAX)) return INFINITY;
  return 2 * (ldexp(sum, -24) + ldexp(factors, -150));
}

/* The round trip through a column whose factor f is 0, which FANN stores when the new range is
 * one float wide (new_max - new_min = 2^-149, possible only within +-2^-125, e.g. [0, 1.4e-45]:
 * the factor (new_max - new_min) / 2, SCALE_SET_PARAM at fann_train_data.c:1093-1099, is 2^-150
 * and rounds to 0 in float): the scaled range then holds one value and no value can come back
 * (descaling divides y - n by 0), so no round-trip bound exists. What FANN's
 * formulas (fann_train_data.c:922-1015) fix instead, for the value x the trip starts from and
 * mid, the value after the first step: scaling x gives ((x - m) / d + 1) * 0 + n = n exactly
 * whenever (x - m) / d + 1 is finite in float (otherwise inf * 0 = NaN: no claim); descaling y
 * gives ((y - n) / 0 - 1) * d + m, infinite of the sign of y - n (d > 0; y - n of two distinct
 * floats is never 0), NaN when y = n. 1 when mid is that value. */
static int collapsed_holds(scaling p, float x, float mid, int from_scaled) {
  if (from_scaled) return x == (float)p.n ? isnan(mid) : mid == (x > (float)p.n ? INFINITY : -INFINITY);
  float q = (x - (float)p.m) / (float)p.d + 1.0f;
  return !isfinite(q) || mid == (float)p.n;
}

/* Applies the second step of a round trip to v[0 .. n) in place (from_scaled 0: v was scaled,
 * it is descaled; 1: the reverse) and checks it against want, the values before the first step
 * (kind round-trip): within round_trip_bound under each column's parameters, or, for a column
 * of factor 0, the first step's value as collapsed_holds says. 0 when every column holds. */
static int round_trip_holds(at_ctx *ctx, const char *what, struct fann *ann, int output, fann_type *v,
                            const fann_type *want, unsigned int n, int from_scaled) {
  fann_type mid[64];
  memcpy(mid, v, n * sizeof *v);
  if (from_scaled) output ? fann_scale_output(ann, v) : fann_scale_input(ann, v);
  else output ? fann_descale_output(ann, v) : fann_descale_input(ann, v);
  for (unsigned int i = 0; i < n; i++) {
    scaling p = output ? output_scaling(ann, i) : input_scaling(ann, i);
    if (p.f == 0) {
      if (collapsed_holds(p, want[i], mid[i], from_scaled)) continue;
      at_property_failed(ctx, "round-trip", "%s: column %u of factor 0 (new min %.9g), %.9g %s %.9g (mean %.9g, "
                         "deviation %.9g)", what, i, p.n, want[i], from_scaled ? "descales to" : "scales to", mid[i],
                         p.m, p.d);
      return -1;
    }
    double bound = round_trip_bound(p, want[i], from_scaled);
    if (!(fabs((double)v[i] - want[i]) <= bound)) {
      at_property_failed(ctx, "round-trip", "%s: column %u, %.9g comes back as %.9g (bound %.3g; mean %.9g, deviation "
                         "%.9g, factor %.9g, new min %.9g)", what, i, want[i], v[i], bound, p.m, p.d, p.f, p.n);
      return -1;
    }
  }
  return 0;
}

/* Every pattern of data, scaled and descaled by ann (inputs, outputs or both, which 1, 2, 3),
 * comes back within the bound. */
static void patterns_round_trip(at_ctx *ctx, struct fann *ann, const struct fann_train_data *data, int which) {
  fann_type v[64];
  for (unsigned int i = 0; i < data->num_data; i++) {
    if (which & 1) {
      memcpy(v, data->input[i], data->num_input * sizeof *v);
      fann_scale_input(ann, v);
      if (round_trip_holds(ctx, "an input scaled and descaled", ann, 0, v, data->input[i], data->num_input, 0)) return;
    }
    if (which & 2) {
      memcpy(v, data->output[i], data->num_output * sizeof *v);
      fann_scale_output(ann, v);
      if (round_trip_holds(ctx, "an output scaled and descaled", ann, 1, v, data->output[i], data->num_output, 0)) return;
    }
  }
}

void annotest_check_fann_set_input_scaling_params(at_ctx *ctx, int ret, struct fann *ann,
                                                  const struct fann_train_data *data, float new_input_min,
                                                  float new_input_max, struct fann *ann0,
                                                  const struct fann_train_data *data0, float new_input_min0,
                                                  float new_input_max0) {
  (void)new_input_min, (void)new_input_max, (void)ann0, (void)data0, (void)new_input_min0, (void)new_input_max0;
  /* Only the inputs' parameters were computed (the outputs' are fann_allocate_scale's defaults):
   * only the inputs are checked. */
  if (ret == 0) patterns_round_trip(ctx, ann, data, 1);
}

void annotest_check_fann_set_output_scaling_params(at_ctx *ctx, int ret, struct fann *ann,
                                                   const struct fann_train_data *data, float new_output_min,
                                                   float new_output_max, struct fann *ann0,
                                                   const struct fann_train_data *data0, float new_output_min0,
                                                   float new_output_max0) {
  (void)new_output_min, (void)new_output_max, (void)ann0, (void)data0, (void)new_output_min0, (void)new_output_max0;
  if (ret == 0) patterns_round_trip(ctx, ann, data, 2);
}

void annotest_check_fann_set_scaling_params(at_ctx *ctx, int ret, struct fann *ann, const struct fann_train_data *data,
                                            float new_input_min, float new_input_max, float new_output_min,
                                            float new_output_max, struct fann *ann0,
                                            const struct fann_train_data *data0, float new_input_min0,
                                            float new_input_max0, float new_output_min0, float new_output_max0) {
  (void)new_input_min, (void)new_input_max, (void)new_output_min, (void)new_output_max, (void)ann0, (void)data0;
  (void)new_input_min0, (void)new_input_max0, (void)new_output_min0, (void)new_output_max0;
  if (ret == 0) patterns_round_trip(ctx, ann, data, 3);
}

/* "Clears scaling parameters": fann_train_data.c resets them to mean 0, deviation 1, factor 1,
 * new minimum -1, under which s(x) = ((x - 0) / 1 + 1) * 1 - 1: x + 1 - 1, one rounding at most
 * (kind cleared). */
void annotest_check_fann_clear_scaling_params(at_ctx *ctx, int ret, struct fann *ann, struct fann *ann0) {
  (void)ann0;
  if (ret != 0) return;
  fann_type v[64];
  for (unsigned int i = 0; i < ann->num_input; i++) v[i] = (fann_type)(0.375 * i - 1.5);
  fann_scale_input(ann, v);
  for (unsigned int i = 0; i < ann->num_input; i++)
    if (v[i] != (fann_type)(0.375 * i - 1.5)) {
      at_property_failed(ctx, "cleared", "after fann_clear_scaling_params input %u (%.9g) scales to %.9g", i,
                         0.375 * i - 1.5, v[i]);
      return;
    }
}

void annotest_check_fann_scale_input(at_ctx *ctx, struct fann *ann, fann_type *input_vector, struct fann *ann0,
                                     fann_type *input_vector0) {
  (void)ann0;
  round_trip_holds(ctx, "fann_scale_input then fann_descale_input", ann, 0, input_vector, input_vector0, ann->num_input, 0);
}

void annotest_check_fann_scale_output(at_ctx *ctx, struct fann *ann, fann_type *output_vector, struct fann *ann0,
                                      fann_type *output_vector0) {
  (void)ann0;
  round_trip_holds(ctx, "fann_scale_output then fann_descale_output", ann, 1, output_vector, output_vector0,
                   ann->num_output, 0);
}

void annotest_check_fann_descale_input(at_ctx *ctx, struct fann *ann, fann_type *input_vector, struct fann *ann0,
                                       fann_type *input_vector0) {
  (void)ann0;
  round_trip_holds(ctx, "fann_descale_input then fann_scale_input", ann, 0, input_vector, input_vector0, ann->num_input, 1);
}

void annotest_check_fann_descale_output(at_ctx *ctx, struct fann *ann, fann_type *output_vector, struct fann *ann0,
                                        fann_type *output_vector0) {
  (void)ann0;
  round_trip_holds(ctx, "fann_descale_output then fann_scale_output", ann, 1, output_vector, output_vector0,
                   ann->num_output, 1);
}

/* Each pattern of data after the call equals the pattern before, passed through the vector
 * functions (scale 1: fann_scale_input and fann_scale_output; 0: the descale pair) bit for bit
 * (kind train-scaling): fann_scale_train and fann_descale_train are documented as the same
 * scaling "based on previously calculated parameters". */
static void train_as_vectors(at_ctx *ctx, struct fann *ann, const struct fann_train_data *data,
                             const struct fann_train_data *data0, int scale) {
  fann_type in[64], out[64];
  for (unsigned int i = 0; i < data->num_data; i++) {
    memcpy(in, data0->input[i], data->num_input * sizeof *in);
    memcpy(out, data0->output[i], data->num_output * sizeof *out);
    if (scale) fann_scale_input(ann, in), fann_scale_output(ann, out);
    else fann_descale_input(ann, in), fann_descale_output(ann, out);
    if (memcmp(in, data->input[i], data->num_input * sizeof *in) ||
        memcmp(out, data->output[i], data->num_output * sizeof *out)) {
      at_property_failed(ctx, "train-scaling", "pattern %u of %u is not %s as the vector functions %s it", i,
                         data->num_data, scale ? "scaled" : "descaled", scale ? "scale" : "descale");
      return;
    }
  }
}

void annotest_check_fann_scale_train(at_ctx *ctx, struct fann *ann, struct fann_train_data *data, struct fann *ann0,
                                     struct fann_train_data *data0) {
  (void)ann0;
  train_as_vectors(ctx, ann, data, data0, 1);
}

void annotest_check_fann_descale_train(at_ctx *ctx, struct fann *ann, struct fann_train_data *data, struct fann *ann0,
                                       struct fann_train_data *data0) {
  (void)ann0;
  train_as_vectors(ctx, ann, data, data0, 0);
}

/* The XGBoost target's prediction oracles (@check of XGBoosterPredict and
 * XGBoosterPredictFromDMatrix), and the prediction comparison the model oracles use.
 *  - Row order: XGBoost predicts each row independently (the CPU predictor walks every tree for
 *    one row at a time, summing the trees in model order), so the same rows permuted
 *    (XGDMatrixSliceDMatrix with a permutation) must give the permuted predictions, bit for bit.
 *  - Additivity (contributions, approximate contributions, interactions): "the sum of the
 *    contributions equals the margin" (SHAP's local accuracy; doc/prediction.rst, "Prediction
 *    Options": pred_contribs ... "The sum of all feature contributions is equal to the raw
 *    untransformed margin value of the prediction"; interactions sum to the contributions).
 *    Both sides are float sums of the same T tree terms and the bias. Each tree's share of the
 *    contributions is its leaf value split over the features along the path: Saabas
 *    telescopes at most D + 1 rounded node-mean differences, TreeSHAP weights the path's leaf
 *    values with fractions formed by at most 2D + 2 rounded products and quotients; each share is
 *    then added into a float accumulator (T additions per entry), and the F + 1 entries (the
 *    (F + 1)^2 for interactions, whose diagonal is formed by F more subtractions) are summed here
 *    in double. So the error is at most gamma_K (sum |phi| + |margin|) with K = T (2D + 4) +
 *    (F + 1)^2 + 2 and u = FLT_EPSILON / 2 (Higham's gamma_K = K u / (1 - K u)), D the depth bound
 *    (max_depth, or the row count for unlimited depth), T the number of trees.
 *  - Leaf indices are node numbers: non-negative integers. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/xgboost.h"

/* One way of predicting: the deprecated call with its options, or the JSON configuration. */
typedef struct {
  BoosterHandle booster;
  int deprecated;
  int option_mask, training;
  unsigned ntree_limit;
  char config[256];
} prediction_call;

typedef struct {
  float *values;
  size_t n, rows;
} prediction;

/* Predicts m the way call does; the values are copied out of XGBoost's buffer. */
static int predict(const prediction_call *call, DMatrixHandle m, prediction *p) {
  bst_ulong len = 0, dim = 0, rows = 0;
  const float *out = NULL;
  const bst_ulong *shape = NULL;
  int rc = call->deprecated
               ? XGBoosterPredict(call->booster, m, call->option_mask, call->ntree_limit, call->training, &len, &out)
               : XGBoosterPredictFromDMatrix(call->booster, m, call->config, &shape, &dim, &out);
  if (rc != 0 || XGDMatrixNumRow(m, &rows) != 0) return -1;
  if (!call->deprecated) {
    len = 1;
    for (bst_ulong k = 0; k < dim; k++) len *= shape[k];
  }
  p->values = malloc((size_t)len * sizeof(float) + 1);
  if (!p->values) return -1;
  memcpy(p->values, out, (size_t)len * sizeof(float));
  p->n = (size_t)len, p->rows = (size_t)rows;
  return 0;
}

/* A permutation of 0 .. n-1 from n itself (reversed, then rotated): every row moves when n > 1. */
static int *permutation(size_t n) {
  int *perm = malloc((n + 1) * sizeof *perm);
  for (size_t k = 0; perm && k < n; k++) perm[k] = (int)((2 * n - 1 - k + n / 3) % n);
  return perm;
}

static void check_row_order(at_ctx *ctx, const prediction_call *call, DMatrixHandle m, const prediction *base) {
  if (base->rows < 2 || base->n % base->rows != 0) return;
  size_t width = base->n / base->rows;
  int *perm = permutation(base->rows);
  DMatrixHandle permuted = NULL;
  prediction p = {0};
  if (!perm || XGDMatrixSliceDMatrix(m, perm, base->rows, &permuted) != 0 || predict(call, permuted, &p) != 0) {
    at_property_failed(ctx, "documented-error", "predicting the permuted rows failed: %s", XGBGetLastError());
  } else if (p.n != base->n) {
    at_property_failed(ctx, "row-order", "%zu values for the permuted rows, %zu for the rows", p.n, base->n);
  } else {
    for (size_t k = 0; k < base->rows; k++)
      if (memcmp(&p.values[k * width], &base->values[(size_t)perm[k] * width], width * sizeof(float)) != 0) {
        at_property_failed(ctx, "row-order", "row %d predicted at position %zu of a permutation gives %.9g, in place "
                           "%.9g (%zu values per row)", perm[k], k, (double)p.values[k * width],
                           (double)base->values[(size_t)perm[k] * width], width);
        break;
      }
  }
  if (permuted) XGDMatrixFree(permuted);
  free(p.values);
  free(perm);
}

/* Contributions (entries per group: F + 1, or (F + 1)^2 for interactions) sum to the margin,
 * within the float summation bound gamma_k of finite values. A margin that is NaN or infinite
 * (training diverged: count:poisson without the max_delta_step "used to safeguard optimization"
 * and with lambda = 0 overflows exp(margin) in its second round, a NaN leaf of cover inf) has no
 * such bound; its contributions must then not sum to a finite value either. */
static void check_additivity(at_ctx *ctx, const prediction_call *margin_call, DMatrixHandle m, const prediction *contrib,
                             int interactions, BoosterHandle b) {
  prediction margin = {0};
  const annotest_xgb_booster_info *info = annotest_xgb_info(b);
  if (!info || predict(margin_call, m, &margin) != 0) {
    if (info) at_property_failed(ctx, "documented-error", "predicting the margin failed: %s", XGBGetLastError());
    return;
  }
  size_t groups = margin.n / margin.rows, per = contrib->n / margin.n, f1 = interactions ? (size_t)llround(sqrt((double)per)) : per;
  double depth = info->params.max_depth ? (double)info->params.max_depth : (double)info->nrow;
  double trees = (double)info->rounds * (double)groups, k = trees * (2 * depth + 4) + (double)(f1 * f1) + 2;
  double u = FLT_EPSILON / 2, gamma = k * u / (1 - k * u);
  for (size_t g = 0; g < margin.n && contrib->n == margin.n * per; g++) {
    double sum = 0, mag = fabs((double)margin.values[g]);
    for (size_t e = 0; e < per; e++) sum += contrib->values[g * per + e], mag += fabs((double)contrib->values[g * per + e]);
    int holds = isfinite(margin.values[g]) ? fabs(sum - margin.values[g]) <= gamma * mag : !isfinite(sum);
    if (!holds) {
      at_property_failed(ctx, "additivity", "row %zu group %zu: the %zu %s sum to %.9g, the margin is %.9g: error %.3g > "
                         "gamma_%.0f (sum |phi| + |margin|) = %.3g", g / groups, g % groups, per,
                         interactions ? "interaction values" : "contributions", sum, (double)margin.values[g],
                         fabs(sum - margin.values[g]), k, gamma * mag);
      break;
    }
  }
  free(margin.values);
}

static void check_leaves(at_ctx *ctx, const prediction *p) {
  for (size_t k = 0; k < p->n; k++)
    if (!(p->values[k] >= 0 && p->values[k] == floorf(p->values[k]))) {
      at_property_failed(ctx, "leaf-index", "leaf index %zu is %.9g, not a node number", k, (double)p->values[k]);
      return;
    }
}

/* The prediction just made (values at out, n of them) copied, judged by the oracles above. */
static void judge(at_ctx *ctx, const prediction_call *call, const prediction_call *margin_call, DMatrixHandle m,
                  const float *out, size_t n, int kind) {
  prediction base = {malloc(n * sizeof(float) + 1), n, 0};
  bst_ulong rows = 0;
  if (!base.values || XGDMatrixNumRow(m, &rows) != 0) {
    free(base.values);
    return;
  }
  memcpy(base.values, out, n * sizeof(float)); /* before any other call on the booster */
  base.rows = (size_t)rows;
  if (rows && n % rows != 0)
    at_property_failed(ctx, "shape", "%zu values for %llu rows", n, (unsigned long long)rows);
  else if (kind == 'l')
    check_leaves(ctx, &base);
  else if (kind == 'c' || kind == 'i')
    check_additivity(ctx, margin_call, m, &base, kind == 'i', call->booster);
  check_row_order(ctx, call, m, &base);
  free(base.values);
}

void annotest_check_predict(at_ctx *ctx, int ret, BoosterHandle handle, DMatrixHandle dmat, int option_mask,
                            unsigned ntree_limit, int training, bst_ulong *out_len, const float **out_result,
                            BoosterHandle handle0, DMatrixHandle dmat0, int option_mask0, unsigned ntree_limit0,
                            int training0, bst_ulong *out_len0, const float **out_result0) {
  (void)handle0, (void)dmat0, (void)option_mask0, (void)ntree_limit0, (void)training0, (void)out_len0, (void)out_result0;
  if (ret != 0) return;
  prediction_call call = {handle, 1, option_mask, training, ntree_limit, ""}, margin = call;
  margin.option_mask = 1;
  judge(ctx, &call, &margin, dmat, *out_result, (size_t)*out_len, option_mask == 2 ? 'l' : option_mask == 4 ? 'c' : 'n');
}

void annotest_check_predict_from_dmatrix(at_ctx *ctx, int ret, BoosterHandle handle, DMatrixHandle dmat,
                                         const char *config, const bst_ulong **out_shape, bst_ulong *out_dim,
                                         const float **out_result, BoosterHandle handle0, DMatrixHandle dmat0,
                                         const char *config0, const bst_ulong **out_shape0, bst_ulong *out_dim0,
                                         const float **out_result0) {
  (void)handle0, (void)dmat0, (void)config0, (void)out_shape0, (void)out_dim0, (void)out_result0;
  int type, begin, end;
  char training[8], strict[8];
  if (ret != 0) return;
  if (sscanf(config, "{\"type\": %d, \"training\": %7[a-z], \"iteration_begin\": %d, \"iteration_end\": %d", &type,
             training, &begin, &end) != 4 || sscanf(strstr(config, "strict_shape") + 15, "%7[a-z]", strict) != 1)
    return;
  size_t n = 1;
  for (bst_ulong k = 0; k < *out_dim; k++) n *= (size_t)(*out_shape)[k];
  prediction_call call = {handle, 0, 0, 0, 0, ""}, margin = call;
  snprintf(call.config, sizeof call.config, "%s", config);
  snprintf(margin.config, sizeof margin.config,
           "{\"type\": 1, \"training\": %s, \"iteration_begin\": %d, \"iteration_end\": %d, \"strict_shape\": false}",
           training, begin, end);
  judge(ctx, &call, &margin, dmat, *out_result, n, type == 6 ? 'l' : type == 2 || type == 3 ? 'c' : type >= 4 ? 'i' : 'n');
}

int annotest_xgb_explanation_from_later_iteration(const char *config) {
  int type = 0, begin = 0;
  return sscanf(config, "{\"type\": %d, \"training\": %*[a-z], \"iteration_begin\": %d", &type, &begin) == 2 &&
         type >= 2 && begin > 0;
}

/* The same float bit for bit, any NaN matching any NaN: IEEE 754-2008 6.3 "this standard does
 * not interpret the sign of a NaN", and JSON models write a NaN leaf as a sign-less NaN (a
 * campaign reported -nan against nan: an oracle bug). */
static int same_value(float a, float b) { return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b)); }

/* The first index where two predictions differ (in value or length); SIZE_MAX if none. */
static size_t first_difference(const prediction *a, const prediction *b) {
  size_t k = 0;
  while (k < a->n && k < b->n && same_value(a->values[k], b->values[k])) k++;
  return k == a->n && k == b->n ? SIZE_MAX : k;
}

int annotest_xgb_same_predictions(at_ctx *ctx, BoosterHandle b, BoosterHandle c, DMatrixHandle m, const char *what) {
  static const char *const configs[] = {
      "{\"type\": 0, \"training\": false, \"iteration_begin\": 0, \"iteration_end\": 0, \"strict_shape\": false}",
      "{\"type\": 1, \"training\": false, \"iteration_begin\": 0, \"iteration_end\": 0, \"strict_shape\": false}"};
  for (size_t t = 0; t < 2; t++) {
    prediction_call call = {b, 0, 0, 0, 0, ""};
    snprintf(call.config, sizeof call.config, "%s", configs[t]);
    prediction want = {0}, got = {0};
    size_t k;
    int ok = predict(&call, m, &want) == 0 && (call.booster = c, predict(&call, m, &got) == 0);
    if (!ok) {
      at_property_failed(ctx, "documented-error", "predicting with %s failed: %s", what, XGBGetLastError());
    } else if ((k = first_difference(&want, &got)) != SIZE_MAX) {
      at_property_failed(ctx, "roundtrip-predictions", "%s predicts %s value %zu as %.9g, the original %.9g (%zu and %zu "
                         "values)", what, t ? "margin" : "output", k, k < got.n ? (double)got.values[k] : 0.0,
                         k < want.n ? (double)want.values[k] : 0.0, got.n, want.n);
      ok = 0;
    }
    free(want.values), free(got.values);
    if (!ok) return 0;
  }
  return 1;
}

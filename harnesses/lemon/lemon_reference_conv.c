/* Linear and window layers of the LEMON reference: DENSE, CONV2D, DEPTHWISE_CONV2D, DECONV2D,
 * MAX/AVG pooling, GLOBAL_AVG_POOL2D / REDUCE_MEAN and RESIZE, one batch item each (NHWC).
 *
 * Soundness of the sums (lref_acc): a float sum of n terms, products counting as terms, in
 * any order and with or without FMA, differs from the exact sum of its float inputs by at
 * most gamma_n times the sum of the terms' magnitudes (Higham, Accuracy and Stability, 3.1);
 * the inputs themselves are off by at most their bounds, which the linear map carries over
 * as sum |w| e. Terms coming from zero padding are exact zeros and add no error. */
#include "lemon_reference_internal.h"

/* The bias of output channel o, 0 when the layer has none. */
static double bias_of(const lemon_layer *l, size_t o) {
  return l->bias && o < l->n_bias ? l->bias[o] : 0.0;
}

/* Starts a sum with the bias as its first term. */
static lref_acc acc_with_bias(const lemon_layer *l, size_t o) {
  double b = bias_of(l, o);
  lref_acc a = {b, fabs(b), 0.0, 1.0};
  return a;
}

void lref_dense(const lemon_layer *l, const double *const *x, const double *const *xe,
                double *y, double *ye) {
  const lemon_shape *in = l->in[0];
  size_t f = in->dim[in->rank - 1], rows = lemon_shape_elements(in) / f, units = l->units;
  for (size_t r = 0; r < rows; r++)
    for (size_t o = 0; o < units; o++) {
      lref_acc a = acc_with_bias(l, o);
      for (size_t k = 0; k < f; k++)
        lref_acc_product(&a, l->weights[o * f + k], x[0][r * f + k], xe[0][r * f + k]);
      lref_acc_result(&a, 0, 1.0, &y[r * units + o], &ye[r * units + o]);
    }
}

/* Input coordinate of output row (or column) p, kernel tap t; -1 when it falls in padding. */
static long tap(size_t p, size_t t, const lemon_layer *l, uint32_t pad, uint32_t dilation,
                size_t size) {
  long c = (long)(p * l->geo.stride + t * dilation) - (long)pad;
  return c >= 0 && c < (long)size ? c : -1;
}

/* CONV2D (depthwise: one input channel per output channel, weights [C][K][K]). */
static void conv(const lemon_layer *l, const double *x, const double *xe, double *y, double *ye,
                 int depthwise) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], ic = in->dim[2], k = l->kernel;
  size_t oc = out->dim[2], taps_ic = depthwise ? 1 : ic;
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t o = 0; o < oc; o++) {
        lref_acc a = acc_with_bias(l, o);
        for (size_t ky = 0; ky < k; ky++) {
          long iy = tap(oy, ky, l, l->geo.pad_top, l->geo.dilation, h);
          for (size_t kx = 0; kx < k && iy >= 0; kx++) {
            long ix = tap(ox, kx, l, l->geo.pad_left, l->geo.dilation, w);
            for (size_t i = 0; i < taps_ic && ix >= 0; i++) {
              size_t c = depthwise ? o : i;
              size_t at = ((size_t)iy * w + (size_t)ix) * ic + c;
              lref_acc_product(&a, l->weights[((o * k + ky) * k + kx) * taps_ic + i], x[at], xe[at]);
            }
          }
        }
        size_t at = (oy * out->dim[1] + ox) * oc + o;
        lref_acc_result(&a, 0, 1.0, &y[at], &ye[at]);
      }
}

void lref_conv2d(const lemon_layer *l, const double *const *x, const double *const *xe,
                 double *y, double *ye) {
  conv(l, x[0], xe[0], y, ye, 0);
}

void lref_depthwise_conv2d(const lemon_layer *l, const double *const *x,
                           const double *const *xe, double *y, double *ye) {
  conv(l, x[0], xe[0], y, ye, 1);
}

/* out[y s + ky - pad][x s + kx - pad][o] += in[y][x][i] w[o][ky][kx][i], gathered per output
 * (padding, 0 for VALID, crops the full transposed-convolution output). */
void lref_deconv2d(const lemon_layer *l, const double *const *x, const double *const *xe,
                   double *y, double *ye) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], ic = in->dim[2], k = l->kernel, s = l->geo.stride;
  size_t oc = out->dim[2];
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t o = 0; o < oc; o++) {
        lref_acc a = acc_with_bias(l, o);
        for (size_t ky = 0; ky < k; ky++) {
          long fy = (long)(oy + l->geo.pad_top) - (long)ky;
          if (fy < 0 || fy % (long)s || (size_t)fy / s >= h) continue;
          for (size_t kx = 0; kx < k; kx++) {
            long fx = (long)(ox + l->geo.pad_left) - (long)kx;
            if (fx < 0 || fx % (long)s || (size_t)fx / s >= w) continue;
            size_t at = ((size_t)fy / s * w + (size_t)fx / s) * ic;
            for (size_t i = 0; i < ic; i++)
              lref_acc_product(&a, l->weights[((o * k + ky) * k + kx) * ic + i], x[0][at + i],
                               xe[0][at + i]);
          }
        }
        size_t at = (oy * out->dim[1] + ox) * oc + o;
        lref_acc_result(&a, 0, 1.0, &y[at], &ye[at]);
      }
}

/* Pooling windows over the input only (padding ignored by MAX, excluded from AVG). */
static void pool(const lemon_layer *l, const double *x, const double *xe, double *y, double *ye,
                 int is_max) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], c = in->dim[2], k = l->kernel;
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t ch = 0; ch < c; ch++) {
        lref_acc a = {0, 0, 0, 0};
        lref_max_acc m = {0, 0, 0, 0, 0};
        for (size_t ky = 0; ky < k; ky++) {
          long iy = tap(oy, ky, l, l->geo.pad_top, 1, h);
          for (size_t kx = 0; kx < k && iy >= 0; kx++) {
            long ix = tap(ox, kx, l, l->geo.pad_left, 1, w);
            if (ix < 0) continue;
            size_t at = ((size_t)iy * w + (size_t)ix) * c + ch;
            lref_acc_product(&a, 1.0, x[at], xe[at]);
            lref_max_add(&m, x[at], xe[at]);
          }
        }
        size_t at = (oy * out->dim[1] + ox) * c + ch;
        if (is_max) {
          lref_max_result(&m, &y[at], &ye[at]);
        } else if (a.n > 0) {
          /* n - 1 additions, then the division (or a rounded reciprocal and a product) */
          lref_acc_result(&a, 1, 1.0 / a.n, &y[at], &ye[at]);
        } else {
          y[at] = 0.0, ye[at] = INFINITY;  /* a window entirely in padding: undefined */
        }
      }
}

void lref_max_pool2d(const lemon_layer *l, const double *const *x, const double *const *xe,
                     double *y, double *ye) {
  pool(l, x[0], xe[0], y, ye, 1);
}

void lref_avg_pool2d(const lemon_layer *l, const double *const *x, const double *const *xe,
                     double *y, double *ye) {
  pool(l, x[0], xe[0], y, ye, 0);
}

/* [H, W, C] -> the mean over H and W per channel (GLOBAL_AVG_POOL2D, REDUCE_MEAN). */
void lref_global_avg_pool2d(const lemon_layer *l, const double *const *x,
                            const double *const *xe, double *y, double *ye) {
  const lemon_shape *in = l->in[0];
  size_t hw = (size_t)in->dim[0] * in->dim[1], c = in->dim[2];
  for (size_t ch = 0; ch < c; ch++) {
    lref_acc a = {0, 0, 0, 0};
    for (size_t p = 0; p < hw; p++) lref_acc_product(&a, 1.0, x[0][p * c + ch], xe[0][p * c + ch]);
    lref_acc_result(&a, 1, 1.0 / (double)hw, &y[ch], &ye[ch]);
  }
}

/* Bilinear source coordinate of output p (half-pixel centres, clamped) and its float error:
 * (p + 0.5) * (1 / f) - 0.5 takes at most 3 roundings (1 / f, the product, the difference)
 * relative to magnitudes <= size, hence <= 4u size. */
static double source_coordinate(size_t p, uint32_t f, size_t size, double *err) {
  double s = ((double)p + 0.5) / f - 0.5;
  *err = 4 * LREF_U * (double)size;
  return fmin(fmax(s, 0.0), (double)(size - 1));
}

/* Bilinear value at (sy, sx) of channel ch from the 2 x 2 neighbours, with the magnitudes
 * the bound needs: the weighted input error and the largest |neighbour| + error; and whether a
 * neighbour of weight exactly 0 is NaN or infinite. The libraries differ there and each
 * follows its own definition: oneDNN's second neighbour is ceil(ih) (its resampling guide:
 * ih_1 = ceil(ih'); every implementation of 2.6.3 leaves such a NaN out, the value given
 * here), XNNPACK's is floor + 1 with weight 0, so 0 * NaN = NaN reaches the output; and a
 * coordinate rounded off the grid gives that neighbour a tiny weight. */
typedef struct {
  double value, prop, mag;
  int zero_weight_not_finite;
} bilinear;

static bilinear bilinear_at(const double *x, const double *xe, size_t h, size_t w, size_t c,
                            double sy, double sx, size_t ch) {
  size_t y0 = (size_t)floor(sy), x0 = (size_t)floor(sx);
  size_t y1 = y0 + 1 < h ? y0 + 1 : y0, x1 = x0 + 1 < w ? x0 + 1 : x0;
  double wy = sy - (double)y0, wx = sx - (double)x0;
  size_t ys[2] = {y0, y1}, xs[2] = {x0, x1};
  double wys[2] = {1 - wy, wy}, wxs[2] = {1 - wx, wx};
  bilinear b = {0, 0, 0, 0};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      size_t at = (ys[i] * w + xs[j]) * c + ch;
      if (wys[i] * wxs[j] != 0) b.value += wys[i] * wxs[j] * x[at]; /* oneDNN's ceil(ih') */
      else b.zero_weight_not_finite |= !isfinite(x[at]);
      b.prop += wys[i] * wxs[j] * xe[at];
      b.mag = fmax(b.mag, fabs(x[at]) + xe[at]);
    }
  return b;
}

/* RESIZE: nearest copies (exact); bilinear is a convex combination of 4 inputs (input errors
 * carried with weights summing to 1). Its float evaluation, as weighted sum or as nested
 * lerps a + (b - a) w, has at most about 8 roundings relative to the largest neighbour; the
 * float coordinate error ds moves the sample along a piecewise linear, continuous surface
 * whose slope is at most 2 max |neighbour| per unit, in y and in x. No bound where a
 * neighbour of weight 0 is not finite (bilinear.zero_weight_not_finite). */
void lref_resize(const lemon_layer *l, const double *const *x, const double *const *xe,
                 double *y, double *ye) {
  const lemon_shape *in = l->in[0], *out = &l->geo.out;
  size_t h = in->dim[0], w = in->dim[1], c = in->dim[2];
  uint32_t f = l->kernel;
  for (size_t oy = 0; oy < out->dim[0]; oy++)
    for (size_t ox = 0; ox < out->dim[1]; ox++)
      for (size_t ch = 0; ch < c; ch++) {
        size_t at = (oy * out->dim[1] + ox) * c + ch;
        if (l->alpha == 0) {
          size_t src = ((oy / f) * w + ox / f) * c + ch;
          y[at] = x[0][src], ye[at] = xe[0][src];
          continue;
        }
        double ey, ex;
        double sy = source_coordinate(oy, f, h, &ey), sx = source_coordinate(ox, f, w, &ex);
        bilinear b = bilinear_at(x[0], xe[0], h, w, c, sy, sx, ch);
        /* the 3 x 3 neighbourhood a perturbed coordinate may reach bounds the slope */
        double slope = 0;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) {
            double ny = fmin(fmax(floor(sy) + dy, 0.0), (double)(h - 1));
            double nx = fmin(fmax(floor(sx) + dx, 0.0), (double)(w - 1));
            slope = fmax(slope, bilinear_at(x[0], xe[0], h, w, c, ny, nx, ch).mag);
          }
        y[at] = b.value;
        ye[at] = b.prop + lref_gamma(8) * b.mag + 2 * slope * (ey + ex) + 8 * LREF_TINY;
        if (b.zero_weight_not_finite) ye[at] = INFINITY;
      }
}

/* The XNNPACK LEMON backend (harnesses/lemon/lemon_xnnpack*.c) on hand-built lowered models:
 * every layer of every model is checked against a naive double computation of lemon_graph.h's
 * semantics from the backend's own float inputs of that layer, within the rounding bound of
 * that one layer (gamma_{k+2} times the sum of the magnitudes of its k terms, plus the
 * element-wise accuracy XNNPACK's transcendental kernels are held to); unsupported kinds and
 * activations answer LEMON_UNSUPPORTED naming the layer; both variants agree. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "lemon/lemon_backend.h"
#include "lemon/lemon_reference.h"
#include "mlf_guard.h"
#include "mlf_rng.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name
#define ACT(name) MLF__LEMON__ACTIVATION__##name
#define MAXL 16
#define U 0x1p-24
/* XNNPACK's f32 exp/sigmoid/elu kernels: a few ulp; lemon_reference.h grants 64. */
#define ELTWISE_U (64 * U)

typedef struct {
  lemon_model_msg m;
  lemon_layer_msg l[MAXL], *lp[MAXL];
  uint32_t shape[3], ins[MAXL][4];
  lemon_graph g;
  lemon_layer layers[MAXL];
  lemon_geometry geo[MAXL];
  float *out[MAXL];
  lemon_run_info info;
} fixture;

/* ---- building ---------------------------------------------------------------------------- */

static void begin(fixture *f, uint32_t batch, uint32_t rank, uint32_t d0, uint32_t d1,
                  uint32_t d2) {
  memset(f, 0, sizeof *f);
  lemon_model_msg init = MLF__LEMON__MODEL__INIT;
  f->m = init;
  f->shape[0] = d0, f->shape[1] = d1, f->shape[2] = d2;
  f->m.n_input_shape = rank, f->m.input_shape = f->shape;
  f->m.num_inputs = batch;
  f->m.layers = f->lp;
}

/* Appends a layer; inputs (up to 4 references, 0 = the model input) given when n_in > 0. */
static lemon_layer_msg *layer(fixture *f, Mlf__Lemon__LayerKind kind, size_t n_in, ...) {
  lemon_layer_msg init = MLF__LEMON__LAYER__INIT;
  size_t i = f->m.n_layers++;
  f->l[i] = init;
  f->l[i].kind = kind;
  f->lp[i] = &f->l[i];
  va_list ap;
  va_start(ap, n_in);
  for (size_t k = 0; k < n_in; k++) f->ins[i][k] = va_arg(ap, uint32_t);
  va_end(ap);
  f->l[i].n_inputs = n_in, f->l[i].inputs = f->ins[i];
  return &f->l[i];
}

static float *uniform(mlf_rng *r, size_t n, double lo, double hi) {
  float *p = malloc(n * sizeof(float) + 1);
  for (size_t i = 0; i < n; i++) p[i] = (float)(lo + (hi - lo) * mlf_rng_unit(r));
  return p;
}

/* Parameters per lemon_graph.h: weights and bias counts of the kind, variance > 0. */
static void parameters(lemon_layer *l, mlf_rng *r) {
  size_t last = l->in[0]->dim[l->in[0]->rank - 1], kk = (size_t)l->kernel * l->kernel;
  switch (l->kind) {
    case K(DENSE): l->n_weights = l->units * last, l->n_bias = l->units; break;
    case K(CONV2D):
    case K(DECONV2D): l->n_weights = l->units * kk * last, l->n_bias = l->units; break;
    case K(DEPTHWISE_CONV2D): l->n_weights = last * kk, l->n_bias = last; break;
    case K(BATCH_NORM): l->n_weights = 4 * last; break;
    default: return;
  }
  l->weights = uniform(r, l->n_weights, -1, 1);
  if (l->kind == K(BATCH_NORM))
    for (size_t c = 0; c < last; c++) l->weights[last + c] = (float)(0.1 + mlf_rng_unit(r));
  if (l->n_bias) l->bias = uniform(r, l->n_bias, -0.5, 0.5);
}

/* Shape inference, parameters, inputs in [lo, hi]; then the guarded outputs. */
static void finish_in(fixture *f, double lo, double hi) {
  char why[256] = "";
  lemon_graph *g = &f->g;
  if (lemon_infer(&f->m, &g->input, f->geo, why, sizeof why) != 0) fail_msg("invalid: %s", why);
  mlf_rng r;
  mlf_rng_seed(&r, 42);
  g->batch = f->m.num_inputs, g->n_layers = f->m.n_layers, g->layers = f->layers, g->geo = f->geo;
  for (size_t i = 0; i < g->n_layers; i++) {
    lemon_layer *l = &f->layers[i];
    const lemon_layer_msg *m = &f->l[i];
    l->kind = m->kind, l->act = m->activation, l->act_alpha = m->act_alpha;
    l->act_beta = m->act_beta, l->alpha = m->alpha, l->beta = m->beta;
    l->units = m->units, l->kernel = m->kernel ? m->kernel : 1, l->geo = f->geo[i];
    for (uint32_t k = 0; k < l->geo.n_inputs; k++)
      l->in[k] = lemon_ref_shape(&g->input, f->geo, l->geo.inputs[k]);
    parameters(l, &r);
    f->out[i] = mlf_guard_alloc(g->batch * lemon_shape_elements(&l->geo.out) * sizeof(float),
                                sizeof(float), MLF_GUARD_TAIL, "test output");
  }
  g->input_data = uniform(&r, g->batch * lemon_shape_elements(&g->input), lo, hi);
}

static void finish(fixture *f) { finish_in(f, -1, 1); }

static void release(fixture *f) {
  for (size_t i = 0; i < f->g.n_layers; i++) {
    free(f->layers[i].weights), free(f->layers[i].bias);
    mlf_guard_free(f->out[i]);
  }
  free(f->g.input_data);
}

static lemon_status run(fixture *f, unsigned variant) {
  memset(&f->info, 0, sizeof f->info);
  return lemon_xnnpack_backend.run(&f->g, variant, f->out, &f->info);
}

/* ---- expected values: one layer in double from its float inputs --------------------------- */

typedef struct {
  double v, m; /* value and the magnitude its rounding errors scale with */
  double k;    /* rounding steps: the bound is (k + 2) u m */
} term;

static const lemon_shape *shape_of(const fixture *f, uint32_t ref) {
  return lemon_ref_shape(&f->g.input, f->geo, ref);
}

static const float *data_of(const fixture *f, uint32_t ref) {
  return ref ? f->out[ref - 1] : f->g.input_data;
}

/* Window ops at output (n, oy, ox) over input [H, W, C]: visits the valid taps. */
typedef struct {
  const float *x;
  uint32_t h, w, c;
} image;

static image image_of(const fixture *f, const lemon_layer *l, uint32_t k, uint32_t n) {
  const lemon_shape *s = shape_of(f, l->geo.inputs[k]);
  image im = {data_of(f, l->geo.inputs[k]) + (size_t)n * lemon_shape_elements(s), s->dim[0],
              s->dim[1], s->dim[2]};
  return im;
}

static float px(const image *im, uint32_t y, uint32_t x, uint32_t c) {
  return im->x[((size_t)y * im->w + x) * im->c + c];
}

static term conv_at(const lemon_layer *l, const image *im, uint32_t oy, uint32_t ox, uint32_t o) {
  const lemon_geometry *g = &l->geo;
  term t = {l->bias[o], fabs(l->bias[o]), 0};
  int dw = l->kind == K(DEPTHWISE_CONV2D);
  for (uint32_t ky = 0; ky < l->kernel; ky++)
    for (uint32_t kx = 0; kx < l->kernel; kx++) {
      long y = (long)oy * g->stride + (long)ky * g->dilation - g->pad_top;
      long x = (long)ox * g->stride + (long)kx * g->dilation - g->pad_left;
      if (y < 0 || x < 0 || y >= im->h || x >= im->w) continue;
      for (uint32_t i = dw ? o : 0; i < (dw ? o + 1 : im->c); i++) {
        double w = dw ? l->weights[((size_t)o * l->kernel + ky) * l->kernel + kx]
                      : l->weights[(((size_t)o * l->kernel + ky) * l->kernel + kx) * im->c + i];
        t.v += w * px(im, (uint32_t)y, (uint32_t)x, i),
            t.m += fabs(w * px(im, (uint32_t)y, (uint32_t)x, i));
        t.k++;
      }
    }
  return t;
}

static term deconv_at(const lemon_layer *l, const image *im, uint32_t oy, uint32_t ox, uint32_t o) {
  term t = {l->bias[o], fabs(l->bias[o]), 0};
  uint32_t s = l->geo.stride;
  for (uint32_t ky = 0; ky < l->kernel; ky++)
    for (uint32_t kx = 0; kx < l->kernel; kx++) {
      if (oy < ky || ox < kx || (oy - ky) % s || (ox - kx) % s) continue;
      uint32_t y = (oy - ky) / s, x = (ox - kx) / s;
      if (y >= im->h || x >= im->w) continue;
      for (uint32_t i = 0; i < im->c; i++) {
        double p = (double)l->weights[(((size_t)o * l->kernel + ky) * l->kernel + kx) * im->c + i] *
                   px(im, y, x, i);
        t.v += p, t.m += fabs(p), t.k++;
      }
    }
  return t;
}

static term pool_at(const lemon_layer *l, const image *im, uint32_t oy, uint32_t ox, uint32_t c) {
  const lemon_geometry *g = &l->geo;
  term t = {l->kind == K(MAX_POOL2D) ? -INFINITY : 0, 0, 0};
  unsigned count = 0;
  for (uint32_t ky = 0; ky < l->kernel; ky++)
    for (uint32_t kx = 0; kx < l->kernel; kx++) {
      long y = (long)oy * g->stride + ky - g->pad_top, x = (long)ox * g->stride + kx - g->pad_left;
      if (y < 0 || x < 0 || y >= im->h || x >= im->w) continue;
      double v = px(im, (uint32_t)y, (uint32_t)x, c);
      if (l->kind == K(MAX_POOL2D))
        t.v = fmax(t.v, v);
      else
        t.v += v, t.m += fabs(v);
      count++;
    }
  if (l->kind == K(AVG_POOL2D)) t.v /= count, t.m /= count, t.k = count + 1;
  return t;
}

static term mean_at(const image *im, uint32_t c) {
  term t = {0, 0, (double)im->h * im->w + 1};
  for (uint32_t y = 0; y < im->h; y++)
    for (uint32_t x = 0; x < im->w; x++) t.v += px(im, y, x, c), t.m += fabs(px(im, y, x, c));
  t.v /= (double)im->h * im->w, t.m /= (double)im->h * im->w;
  return t;
}

/* Half-pixel source coordinate, clamped; XNNPACK computes it in float (error ~ size u). */
static double source(uint32_t o, uint32_t f, uint32_t size) {
  double s = (o + 0.5) / f - 0.5;
  return s < 0 ? 0 : s > size - 1 ? size - 1 : s;
}

static term resize_at(const lemon_layer *l, const image *im, uint32_t oy, uint32_t ox, uint32_t c) {
  uint32_t f = l->kernel;
  if (l->alpha == 0) return (term){px(im, oy / f, ox / f, c), 0, 0};
  double sy = source(oy, f, im->h), sx = source(ox, f, im->w);
  uint32_t y0 = (uint32_t)sy, x0 = (uint32_t)sx;
  uint32_t y1 = y0 + 1 < im->h ? y0 + 1 : y0, x1 = x0 + 1 < im->w ? x0 + 1 : x0;
  double ay = sy - y0, ax = sx - x0;
  double top = px(im, y0, x0, c) + ax * (px(im, y0, x1, c) - px(im, y0, x0, c));
  double bot = px(im, y1, x0, c) + ax * (px(im, y1, x1, c) - px(im, y1, x0, c));
  double m = fabs(px(im, y0, x0, c)) + fabs(px(im, y0, x1, c)) + fabs(px(im, y1, x0, c)) +
             fabs(px(im, y1, x1, c));
  return (term){top + ay * (bot - top), m, 8.0 + 2.0 * (im->h > im->w ? im->h : im->w)};
}

/* Layer i's output for input n at flat index j (image kinds) before its activation. */
static term image_layer_at(const fixture *f, const lemon_layer *l, uint32_t n, size_t j) {
  image im = image_of(f, l, 0, n);
  const lemon_shape *o = &l->geo.out;
  uint32_t ch = o->dim[o->rank - 1];
  uint32_t c = (uint32_t)(j % ch), ox = o->rank == 3 ? (uint32_t)(j / ch % o->dim[1]) : 0;
  uint32_t oy = o->rank == 3 ? (uint32_t)(j / ch / o->dim[1]) : 0;
  switch (l->kind) {
    case K(CONV2D):
    case K(DEPTHWISE_CONV2D): return conv_at(l, &im, oy, ox, c);
    case K(DECONV2D): return deconv_at(l, &im, oy, ox, c);
    case K(MAX_POOL2D):
    case K(AVG_POOL2D): return pool_at(l, &im, oy, ox, c);
    case K(RESIZE): return resize_at(l, &im, oy, ox, c);
    default: return mean_at(&im, c); /* GLOBAL_AVG_POOL2D, REDUCE_MEAN */
  }
}

/* The other kinds: over the last axis or element-wise. */
static term flat_layer_at(const fixture *f, const lemon_layer *l, uint32_t n, size_t j) {
  const lemon_shape *is = l->in[0];
  size_t in_el = lemon_shape_elements(is), last = is->dim[is->rank - 1];
  const float *x = data_of(f, l->geo.inputs[0]) + n * in_el;
  size_t out_last = l->geo.out.dim[l->geo.out.rank - 1], row = j / out_last, col = j % out_last;
  term t = {0, 0, 0};
  switch (l->kind) {
    case K(DENSE):
      t = (term){l->bias[col], fabs(l->bias[col]), (double)last};
      for (size_t i = 0; i < last; i++) {
        double p = (double)l->weights[col * last + i] * x[row * last + i];
        t.v += p, t.m += fabs(p);
      }
      return t;
    case K(SOFTMAX): {
      double mx = -INFINITY, sum = 0;
      for (size_t i = 0; i < last; i++) mx = fmax(mx, x[row * last + i]);
      for (size_t i = 0; i < last; i++) sum += exp(x[row * last + i] - mx);
      t.v = exp(x[j] - mx) / sum;
      return (term){t.v, t.v, (double)last + 2 * 64};
    }
    case K(BATCH_NORM): {
      const float *w = l->weights;
      double a = w[2 * last + col] / sqrt((double)w[last + col] + LEMON_NORM_EPS);
      t.v = (x[j] - (double)w[col]) * a + w[3 * last + col];
      return (term){t.v, fabs(x[j] - (double)w[col]) * fabs(a) + fabs(w[3 * last + col]), 4};
    }
    case K(CONCAT): {
      for (uint32_t k = 0, off = 0; k < l->geo.n_inputs; k++) {
        uint32_t wk = l->in[k]->dim[l->in[k]->rank - 1];
        if (col < off + wk) {
          const float *xk = data_of(f, l->geo.inputs[k]) + n * lemon_shape_elements(l->in[k]);
          return (term){xk[row * wk + col - off], 0, 0};
        }
        off += wk;
      }
      fail_msg("concat column out of range");
    }
    case K(ADD):
    case K(MULTIPLY):
    case K(MAXIMUM): {
      t = (term){x[j], fabs(x[j]), 0};
      for (uint32_t k = 1; k < l->geo.n_inputs; k++) {
        double v = data_of(f, l->geo.inputs[k])[n * in_el + j];
        if (l->kind == K(ADD))
          t.v += v, t.m += fabs(v), t.k++;
        else if (l->kind == K(MULTIPLY))
          t.v *= v, t.m = fabs(t.v), t.k++;
        else
          t.v = fmax(t.v, v);
      }
      return t;
    }
    default: return (term){x[j], 0, 0}; /* FLATTEN, ACTIVATION */
  }
}

/* The activation of lemon_graph.h (oneDNN's formulas) applied to z with absolute error e:
 * the value, and the bound after it (Lipschitz constant times e plus its own rounding; both
 * libraries take alpha and beta as floats, one more rounding of each). */
static void activate(const lemon_layer *l, double z, double e, double *y, double *bound) {
  double a = l->act_alpha, b = l->act_beta, lip = 1, own = 0;
  switch (l->act) {
    case ACT(LINEAR): *y = z; break;
    case ACT(RELU): *y = z > 0 ? z : a * z, lip = fmax(1, fabs(a)), own = 2 * U * fabs(*y); break;
    case ACT(BOUNDED_RELU): *y = fmin(a, fmax(z, 0)), own = U * fabs(a); break;
    case ACT(CLIP): *y = fmin(b, fmax(a, z)), own = U * fmax(fabs(a), fabs(b)); break;
    case ACT(ELU):
      *y = z > 0 ? z : a * expm1(z), lip = fmax(1, a), own = (ELTWISE_U + U) * fabs(*y);
      break;
    case ACT(SQUARE): *y = z * z, lip = 2 * fabs(z) + e, own = U * *y; break;
    case ACT(ABS): *y = fabs(z); break;
    case ACT(SQRT): *y = sqrt(z), lip = 0, own = U * *y; break; /* exact inputs only */
    case ACT(LOGISTIC): *y = 1 / (1 + exp(-z)), lip = 0.25, own = ELTWISE_U * *y; break;
    case ACT(ROUND): *y = nearbyint(z), lip = 0; break; /* exact inputs only */
    case ACT(HARDSWISH):
      /* XNNPACK: x * clamp(x / 6 + 0.5, 0, 1); its absolute rounding near the zero at -3. */
      *y = z * fmin(fmax(z + 3, 0), 6) / 6, lip = 1.5, own = 4 * U * fabs(z) * (fabs(z) / 6 + 0.5);
      break;
    case ACT(SWISH): *y = z / (1 + exp(-a * z)), lip = 1.1, own = 2 * ELTWISE_U * fabs(*y); break;
    case ACT(AFFINE):
      *y = a * z + b, lip = fabs(a), own = U * (2 * fabs(a * z) + fabs(b) + fabs(*y));
      break;
    default: fail_msg("activation %d not expected here", (int)l->act);
  }
  *bound = lip * e + own;
}

static int image_kind(Mlf__Lemon__LayerKind k) {
  return k == K(CONV2D) || k == K(DEPTHWISE_CONV2D) || k == K(DECONV2D) || k == K(MAX_POOL2D) ||
         k == K(AVG_POOL2D) || k == K(RESIZE) || k == K(GLOBAL_AVG_POOL2D) || k == K(REDUCE_MEAN);
}

/* Elements of any layer beyond their bound, against expected values from the backend's own
 * inputs of the layer; the first one described in first. */
static size_t mismatches(const fixture *f, char *first, size_t len) {
  size_t bad = 0;
  for (size_t i = 0; i < f->g.n_layers; i++) {
    const lemon_layer *l = &f->layers[i];
    size_t el = lemon_shape_elements(&l->geo.out);
    for (uint32_t n = 0; n < f->g.batch; n++)
      for (size_t j = 0; j < el; j++) {
        term t = image_kind(l->kind) ? image_layer_at(f, l, n, j) : flat_layer_at(f, l, n, j);
        double y, bound, got = f->out[i][n * el + j];
        activate(l, t.v, (t.k + 2) * U * t.m, &y, &bound);
        bound += 1e-37; /* denormal-level results */
        if ((isnan(y) && isnan(got)) || fabs(got - y) <= bound) continue;
        if (!bad++)
          snprintf(first, len,
                   "layer %zu (%s, %s) input %u element %zu: got %.9g expected %.9g (bound %.3g)",
                   i, lemon_kind_name(l->kind), lemon_activation_name(l->act), n, j, got, y, bound);
      }
  }
  return bad;
}

static void check_layers(const fixture *f) {
  char first[256];
  size_t bad = mismatches(f, first, sizeof first);
  if (bad) fail_msg("%zu elements beyond the bound; first: %s", bad, first);
}

/* Elements beyond lemon_reference_run's bound (the whole model in double, its rounding bound
 * propagated from the input); the first one described in first. */
static size_t reference_mismatches(const lemon_graph *g, float *const *out, char *first,
                                   size_t len) {
  double *val[LEMON_MAX_LAYERS], *bnd[LEMON_MAX_LAYERS];
  size_t bad = 0;
  for (size_t i = 0; i < g->n_layers; i++) {
    size_t n = g->batch * lemon_shape_elements(&g->layers[i].geo.out);
    val[i] = malloc(n * sizeof(double)), bnd[i] = malloc(n * sizeof(double));
  }
  lemon_reference_run(g, val, bnd);
  for (size_t i = 0; i < g->n_layers; i++) {
    size_t n = g->batch * lemon_shape_elements(&g->layers[i].geo.out);
    for (size_t j = 0; j < n; j++) {
      double got = out[i][j];
      if ((isnan(got) && isnan(val[i][j])) || fabs(got - val[i][j]) <= bnd[i][j]) continue;
      if (!bad++)
        snprintf(first, len, "layer %zu (%s) element %zu: got %.9g reference %.9g (bound %.3g)", i,
                 lemon_kind_name(g->layers[i].kind), j, got, val[i][j], bnd[i][j]);
    }
    free(val[i]), free(bnd[i]);
  }
  return bad;
}

static void check_reference(const lemon_graph *g, float *const *out) {
  char first[256];
  size_t bad = reference_mismatches(g, out, first, sizeof first);
  if (bad) fail_msg("%zu elements beyond the reference bound; first: %s", bad, first);
}

/* Runs both variants and checks them layer by layer and against the reference. */
static void run_and_check(fixture *f) {
  for (unsigned v = 0; v < 2; v++) {
    lemon_status s = run(f, v);
    if (s != LEMON_RAN) fail_msg("variant %u: status %d: %s", v, (int)s, f->info.why);
    assert_int_equal(f->info.more_variants, v == 0);
    check_layers(f);
    check_reference(&f->g, f->out);
  }
}

/* ---- tests --------------------------------------------------------------------------------- */

static int setup(void **state) {
  (void)state;
  char id[256];
  if (lemon_xnnpack_backend.init(id, sizeof id) != 0) {
    fprintf(stderr, "%s\n", id);
    return -1;
  }
  return 0;
}

static void test_identity_names_the_library(void **state) {
  (void)state;
  char id[256];
  assert_int_equal(lemon_xnnpack_backend.init(id, sizeof id), 0);
  assert_non_null(strstr(id, "XNNPACK 2022-02-16 (Debian 0.0~git20220216.ae108ef)"));
  assert_non_null(strstr(id, "supported"));
  assert_string_equal(lemon_xnnpack_backend.name, "xnnpack");
}

static void test_dense_over_the_last_axis(void **state) {
  (void)state;
  fixture f;
  begin(&f, 3, 2, 5, 7, 0);                      /* [T=5, F=7] */
  layer(&f, K(DENSE), 0)->units = 6;             /* [5, 6] */
  lemon_layer_msg *l = layer(&f, K(FLATTEN), 0); /* [30] */
  l = layer(&f, K(DENSE), 0);
  l->units = 4, l->activation = ACT(RELU); /* fused clamp */
  l = layer(&f, K(DENSE), 0);
  l->units = 3, l->activation = ACT(RELU), l->act_alpha = 0.25; /* leaky: a node */
  layer(&f, K(SOFTMAX), 0);
  finish(&f);
  run_and_check(&f);
  release(&f);
}

static void test_dense_on_images(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 4, 3, 5);
  lemon_layer_msg *l = layer(&f, K(DENSE), 0);
  l->units = 7, l->activation = ACT(CLIP), l->act_alpha = -0.5, l->act_beta = 0.75;
  finish(&f);
  run_and_check(&f);
  release(&f);
}

static void test_convolutions(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 8, 9, 3); /* SAME pads rows 0 + 1 and columns 1 + 1 */
  lemon_layer_msg *l = layer(&f, K(CONV2D), 0);
  l->units = 5, l->kernel = 3, l->stride = 2, l->padding = MLF__LEMON__PADDING__SAME;
  l = layer(&f, K(CONV2D), 0);
  l->units = 4, l->kernel = 2, l->dilation = 2, l->padding = MLF__LEMON__PADDING__SAME;
  l->activation = ACT(BOUNDED_RELU), l->act_alpha = 0.5;
  l = layer(&f, K(DEPTHWISE_CONV2D), 0);
  l->kernel = 3, l->padding = MLF__LEMON__PADDING__SAME, l->dilation = 2;
  l = layer(&f, K(DEPTHWISE_CONV2D), 0);
  l->kernel = 2, l->stride = 2, l->activation = ACT(ELU), l->act_alpha = 1.5;
  l = layer(&f, K(CONV2D), 1, 1u); /* back to layer 0's output, VALID, stride 3 */
  l->units = 2, l->kernel = 2, l->stride = 3;
  finish(&f);
  run_and_check(&f);
  release(&f);
}

static void test_deconvolution(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 3, 4, 3);
  lemon_layer_msg *l = layer(&f, K(DECONV2D), 0);
  l->units = 4, l->kernel = 3, l->stride = 2;
  l = layer(&f, K(DECONV2D), 0);
  l->units = 2, l->kernel = 2, l->stride = 3; /* stride past the kernel: bias-only gaps */
  finish(&f);
  run_and_check(&f);
  release(&f);
}

static void test_pooling_ignores_padding(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 7, 6, 3);
  lemon_layer_msg *l = layer(&f, K(MAX_POOL2D), 1, 0u);
  l->kernel = 3, l->stride = 2, l->padding = MLF__LEMON__PADDING__SAME;
  l = layer(&f, K(AVG_POOL2D), 1, 0u);
  l->kernel = 3, l->stride = 2, l->padding = MLF__LEMON__PADDING__SAME;
  l = layer(&f, K(AVG_POOL2D), 1, 0u);
  l->kernel = 2, l->stride = 3;
  l = layer(&f, K(MAX_POOL2D), 1, 0u);
  l->kernel = 2, l->padding = MLF__LEMON__PADDING__SAME, l->activation = ACT(RELU);
  finish_in(&f, -2, -1); /* all negative: a zero pad would show in the max and the mean */
  run_and_check(&f);
  release(&f);
}

static void test_global_means(void **state) {
  (void)state;
  fixture f;
  begin(&f, 3, 3, 5, 4, 6);
  layer(&f, K(GLOBAL_AVG_POOL2D), 1, 0u);
  layer(&f, K(REDUCE_MEAN), 1, 0u)->activation = ACT(LOGISTIC);
  layer(&f, K(DENSE), 1, 1u)->units = 3;
  finish(&f);
  run_and_check(&f);
  release(&f);
}

static void test_resize(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 4, 3, 2);
  layer(&f, K(RESIZE), 1, 0u)->kernel = 2; /* nearest */
  lemon_layer_msg *l = layer(&f, K(RESIZE), 1, 0u);
  l->kernel = 2, l->alpha = 1;
  l = layer(&f, K(RESIZE), 1, 0u);
  l->kernel = 3, l->alpha = 1;
  layer(&f, K(RESIZE), 1, 0u)->kernel = 3;
  finish(&f);
  run_and_check(&f);
  release(&f);
}

static void test_merges(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 3, 4, 2);
  lemon_layer_msg *l = layer(&f, K(CONV2D), 1, 0u); /* 1 */
  l->units = 2, l->kernel = 1;
  layer(&f, K(DEPTHWISE_CONV2D), 1, 0u)->kernel = 1; /* 2 */
  layer(&f, K(ADD), 3, 0u, 1u, 2u);
  layer(&f, K(MULTIPLY), 3, 0u, 1u, 2u)->activation = ACT(RELU);
  layer(&f, K(MAXIMUM), 4, 0u, 1u, 2u, 3u);
  layer(&f, K(CONCAT), 3, 1u, 0u, 3u);                    /* widths 2, 2, 2 */
  layer(&f, K(CONCAT), 2, 6u, 0u)->activation = ACT(ABS); /* widths 6, 2 */
  finish(&f);
  run_and_check(&f);
  release(&f);
}

/* CONCAT is a copy (operator API): a NaN input arrives as that NaN, bit for bit. */
static void test_concat_copies_bits(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 2, 3, 2, 0);
  layer(&f, K(CONCAT), 2, 0u, 0u);
  finish(&f);
  uint32_t payload = 0x7fc12345u;
  memcpy(&f.g.input_data[1], &payload, sizeof payload);
  assert_int_equal(run(&f, 0), LEMON_RAN);
  uint32_t got[2];
  memcpy(&got[0], &f.out[0][1], 4), memcpy(&got[1], &f.out[0][3], 4);
  assert_int_equal(got[0], payload);
  assert_int_equal(got[1], payload);
  release(&f);
}

static void test_batch_norm(void **state) {
  (void)state;
  fixture f;
  begin(&f, 2, 3, 3, 3, 5);
  layer(&f, K(BATCH_NORM), 0);
  layer(&f, K(BATCH_NORM), 0)->activation = ACT(RELU);
  finish_in(&f, -3, 3);
  run_and_check(&f);
  release(&f);
}

/* Every supported activation as an ACTIVATION layer on exact inputs over [-4, 4]. */
static void test_activations(void **state) {
  (void)state;
  static const struct {
    Mlf__Lemon__Activation act;
    double alpha, beta;
  } acts[] = {{ACT(LINEAR), 0, 0},       {ACT(RELU), 0, 0},      {ACT(RELU), -0.3, 0},
              {ACT(BOUNDED_RELU), 2, 0}, {ACT(CLIP), -1, 0.5},   {ACT(ELU), 0.7, 0},
              {ACT(SQUARE), 0, 0},       {ACT(ABS), 0, 0},       {ACT(LOGISTIC), 0, 0},
              {ACT(ROUND), 0, 0},        {ACT(HARDSWISH), 0, 0}, {ACT(SWISH), 1, 0},
              {ACT(AFFINE), -1.5, 0.25}};
  fixture f;
  begin(&f, 2, 1, 41, 0, 0);
  for (size_t i = 0; i < sizeof acts / sizeof *acts; i++) {
    lemon_layer_msg *l = layer(&f, K(ACTIVATION), 1, 0u);
    l->activation = acts[i].act, l->act_alpha = acts[i].alpha, l->act_beta = acts[i].beta;
  }
  finish(&f);
  for (size_t j = 0; j < 82; j++) f.g.input_data[j] = (float)(j % 41) * 0.2f - 4.0f;
  f.g.input_data[41] = 2.5f, f.g.input_data[42] = -0.5f, f.g.input_data[43] = 1.5f; /* ties */
  run_and_check(&f);
  release(&f);
}

static void test_sqrt_of_a_non_negative_layer(void **state) {
  (void)state;
  fixture f;
  begin(&f, 1, 1, 9, 0, 0);
  layer(&f, K(ACTIVATION), 0)->activation = ACT(SQRT);
  finish_in(&f, 0, 4);
  run_and_check(&f);
  release(&f);
}

/* A LeNet-like chain lowered by lemon_graph_build (seeded Glorot weights, an inner mutation
 * replayed), for several seeds, both variants against the reference. */
static void test_built_models_against_the_reference(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    fixture f;
    begin(&f, 2, 3, 12, 10, 3);
    lemon_layer_msg *l = layer(&f, K(CONV2D), 0);
    l->units = 6, l->kernel = 3, l->padding = MLF__LEMON__PADDING__SAME, l->activation = ACT(RELU);
    layer(&f, K(BATCH_NORM), 0);
    l = layer(&f, K(MAX_POOL2D), 0);
    l->kernel = 2, l->stride = 2;
    l = layer(&f, K(DEPTHWISE_CONV2D), 0);
    l->kernel = 3, l->activation = ACT(HARDSWISH);
    l = layer(&f, K(CONV2D), 0);
    l->units = 8, l->kernel = 1, l->activation = ACT(ELU), l->act_alpha = 1;
    layer(&f, K(CONCAT), 2, 4u, 5u); /* widths 6 and 8 */
    layer(&f, K(GLOBAL_AVG_POOL2D), 0);
    layer(&f, K(DENSE), 0)->units = 10;
    layer(&f, K(SOFTMAX), 0);
    Mlf__Lemon__InnerMutation im = MLF__LEMON__INNER_MUTATION__INIT, *imp = &im;
    im.rule = MLF__LEMON__INNER_MUTATION__RULE__EFFECT_BLOCK, im.layer = 4, im.seed = seed;
    f.m.n_inner_mutations = 1, f.m.inner_mutations = &imp;
    f.m.weight_seed = seed, f.m.input_seed = seed * 7;
    char why[256] = "";
    if (lemon_graph_build(&f.m, &f.g, why, sizeof why) != 0) fail_msg("build: %s", why);
    for (size_t i = 0; i < f.g.n_layers; i++)
      f.out[i] =
          mlf_guard_alloc(f.g.batch * lemon_shape_elements(&f.g.layers[i].geo.out) * sizeof(float),
                          sizeof(float), MLF_GUARD_TAIL, "test output");
    for (unsigned v = 0; v < 2; v++) {
      lemon_status s = lemon_xnnpack_backend.run(&f.g, v, f.out, &f.info);
      if (s != LEMON_RAN) fail_msg("seed %lu variant %u: %s", (unsigned long)seed, v, f.info.why);
      check_reference(&f.g, f.out);
    }
    for (size_t i = 0; i < f.g.n_layers; i++) mlf_guard_free(f.out[i]);
    lemon_graph_free(&f.g);
  }
}

/* The model is unsupported, the reason names the layer and what is missing. */
static void expect_unsupported(fixture *f, const char *needle) {
  finish(f);
  lemon_status s = run(f, 0);
  if (s != LEMON_UNSUPPORTED) fail_msg("status %d (%s), expected unsupported", (int)s, f->info.why);
  if (!strstr(f->info.why, needle)) fail_msg("reason '%s' lacks '%s'", f->info.why, needle);
  release(f);
}

static void test_unsupported_kinds(void **state) {
  (void)state;
  static const Mlf__Lemon__LayerKind kinds[] = {K(LAYER_NORM), K(LRN), K(LOG_SOFTMAX)};
  static const char *names[] = {"layer 1 (LAYER_NORM)", "layer 1 (LRN)", "layer 1 (LOG_SOFTMAX)"};
  for (size_t i = 0; i < 3; i++) {
    fixture f;
    begin(&f, 1, 3, 3, 3, 4);
    lemon_layer_msg *conv = layer(&f, K(CONV2D), 0);
    conv->units = 3, conv->kernel = 2;
    layer(&f, kinds[i], 0)->kernel = 3;
    expect_unsupported(&f, names[i]);
  }
  static const Mlf__Lemon__LayerKind rnns[] = {K(LSTM), K(GRU), K(SIMPLE_RNN)};
  for (size_t i = 0; i < 3; i++) {
    fixture f;
    begin(&f, 1, 2, 4, 3, 0);
    layer(&f, rnns[i], 0)->units = 2;
    expect_unsupported(&f, "layer 0");
  }
}

static void test_unsupported_activations_and_parameters(void **state) {
  (void)state;
  fixture f;
  begin(&f, 1, 1, 8, 0, 0);
  layer(&f, K(DENSE), 0)->units = 3;
  layer(&f, K(DENSE), 0)->units = 3;
  f.l[1].activation = ACT(TANH);
  expect_unsupported(&f, "layer 1 (DENSE): activation TANH");
  begin(&f, 1, 1, 8, 0, 0);
  lemon_layer_msg *l = layer(&f, K(ACTIVATION), 0);
  l->activation = ACT(SWISH), l->act_alpha = 2;
  expect_unsupported(&f, "SWISH alpha 2");
  begin(&f, 1, 3, 4, 4, 2);
  l = layer(&f, K(MAX_POOL2D), 0);
  l->kernel = 1, l->stride = 2;
  expect_unsupported(&f, "layer 0 (MAX_POOL2D): 1x1 pooling");
}

static void test_variant_past_the_last_runs_the_last(void **state) {
  (void)state;
  fixture f;
  begin(&f, 1, 1, 8, 0, 0);
  layer(&f, K(DENSE), 0)->units = 3;
  finish(&f);
  assert_int_equal(run(&f, 7), LEMON_RAN);
  assert_int_equal(f.info.more_variants, 0);
  assert_non_null(strstr(f.info.impls, "pthreadpool"));
  check_layers(&f);
  release(&f);
}

/* The checker itself must fail: a planted error of a few ulp beyond the bound is caught. */
static void test_checker_catches_a_wrong_value(void **state) {
  (void)state;
  fixture f;
  begin(&f, 1, 1, 8, 0, 0);
  layer(&f, K(DENSE), 0)->units = 3;
  finish(&f);
  assert_int_equal(run(&f, 0), LEMON_RAN);
  char first[256];
  assert_int_equal(mismatches(&f, first, sizeof first), 0);
  f.out[0][1] *= 1 + 0x1p-16f; /* 256 ulp: beyond gamma_10 of an 8-term dot product */
  assert_int_equal(mismatches(&f, first, sizeof first), 1);
  assert_non_null(strstr(first, "layer 0 (DENSE, LINEAR) input 0 element 1"));
  release(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_identity_names_the_library),
      cmocka_unit_test(test_dense_over_the_last_axis),
      cmocka_unit_test(test_dense_on_images),
      cmocka_unit_test(test_convolutions),
      cmocka_unit_test(test_deconvolution),
      cmocka_unit_test(test_pooling_ignores_padding),
      cmocka_unit_test(test_global_means),
      cmocka_unit_test(test_resize),
      cmocka_unit_test(test_merges),
      cmocka_unit_test(test_concat_copies_bits),
      cmocka_unit_test(test_batch_norm),
      cmocka_unit_test(test_activations),
      cmocka_unit_test(test_sqrt_of_a_non_negative_layer),
      cmocka_unit_test(test_built_models_against_the_reference),
      cmocka_unit_test(test_unsupported_kinds),
      cmocka_unit_test(test_unsupported_activations_and_parameters),
      cmocka_unit_test(test_variant_past_the_last_runs_the_last),
      cmocka_unit_test(test_checker_catches_a_wrong_value),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}

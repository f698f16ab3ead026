/* The LEMON rules that add layers: LA (one new layer of any kind whose output shape equals
 * its input shape) and MLA (a bundle of two or three layers whose first input shape equals
 * the last output shape). The new layers go after a layer (or the model input) whose output
 * someone reads, or after the last layer; they read that output and its readers read them.
 * Each new layer gets a weight stream no other layer uses. */
#include <stdlib.h>
#include "lemon_rules_internal.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name
#define COUNT_OF(a) (sizeof(a) / sizeof *(a))
#define MAX_BUNDLE 3

typedef Mlf__Lemon__LayerKind kind_t;

static uint32_t choose(const uint32_t *values, size_t n, int minimal, mlf_rng *rng) {
  return values[minimal ? 0 : mlf_rng_below(rng, n)];
}

/* A channel count for a bundle's inner layers: 1 when minimal, else within [C/2, 2C]. */
static uint32_t inner_channels(uint32_t c, int minimal, mlf_rng *rng) {
  uint32_t lo = c / 2 ? c / 2 : 1, hi = 2 * c < LEMON_MAX_UNITS ? 2 * c : LEMON_MAX_UNITS;
  return minimal ? 1 : lo + (uint32_t)mlf_rng_below(rng, hi >= lo ? hi - lo + 1 : 1);
}

static void set_units(lemon_layer_msg *l, uint32_t units) { l->has_units = 1, l->units = units; }
static void set_kernel(lemon_layer_msg *l, uint32_t k) { l->has_kernel = 1, l->kernel = k; }
static void set_stride(lemon_layer_msg *l, uint32_t s) { l->has_stride = s != 1, l->stride = s; }
static void set_same(lemon_layer_msg *l) {
  l->has_padding = 1, l->padding = MLF__LEMON__PADDING__SAME;
}
static void set_alpha(lemon_layer_msg *l, double v) { l->has_alpha = v != 0, l->alpha = v; }
static void set_beta(lemon_layer_msg *l, double v) { l->has_beta = v != 0, l->beta = v; }
static void set_return_sequences(lemon_layer_msg *l) {
  l->has_return_sequences = 1, l->return_sequences = 1;
}

/* ---- LA ------------------------------------------------------------------------------- */

/* The universal set of layer kinds that can keep their input shape; GLOBAL_AVG_POOL2D and
 * CONCAT never do. */
static const kind_t la_kinds[] = {
    K(DENSE), K(CONV2D), K(DEPTHWISE_CONV2D), K(DECONV2D), K(MAX_POOL2D), K(AVG_POOL2D),
    K(BATCH_NORM), K(LAYER_NORM), K(LRN), K(ACTIVATION), K(SOFTMAX), K(LOG_SOFTMAX), K(ADD),
    K(MULTIPLY), K(MAXIMUM), K(FLATTEN), K(RESIZE), K(REDUCE_MEAN), K(LSTM), K(GRU),
    K(SIMPLE_RNN)};

/* Whether kind can keep a shape of this rank (and, for REDUCE_MEAN, its 1 x 1 extent). */
static int keeps_shape_of(kind_t k, const lemon_shape *s) {
  switch (k) {
    case K(CONV2D): case K(DEPTHWISE_CONV2D): case K(DECONV2D): case K(MAX_POOL2D):
    case K(AVG_POOL2D): case K(LRN): case K(RESIZE):
      return s->rank == 3;
    case K(REDUCE_MEAN): return s->rank == 3 && s->dim[0] == 1 && s->dim[1] == 1;
    case K(FLATTEN): return s->rank == 1;
    case K(LSTM): case K(GRU): case K(SIMPLE_RNN): return s->rank == 2;
    default: return 1;
  }
}

/* A second operand for a binary layer at position p: a reference before p with the shape s
 * (p itself when minimal or when there is none). */
static uint32_t same_shape_operand(const lemon_analysis *a, uint32_t p, const lemon_shape *s,
                                   int minimal, mlf_rng *rng) {
  uint32_t refs[LEMON_MAX_LAYERS + 1], n = 0;
  for (uint32_t r = 0; r < p; r++)
    if (lemon_shape_equal(lemon_analysis_ref(a, r), s)) refs[n++] = r;
  return minimal || !n ? p : refs[mlf_rng_below(rng, n)];
}

/* A layer of kind k that maps the shape s (reference p) to itself. */
static lemon_layer_msg *same_shape_layer(kind_t k, const lemon_analysis *a, uint32_t p,
                                         int minimal, mlf_rng *rng) {
  static const uint32_t conv_kernels[] = {1, 3, 2, 5}, dw_kernels[] = {1, 3, 5, 2},
                        pool_kernels[] = {2, 3}, lrn_sizes[] = {1, 3, 5};
  static const double lrn_alpha[] = {0x1p-13, 0x1p-10, 0x1p-7, 0x1p-4}, lrn_beta[] = {0.75, 0.5, 1};
  const lemon_shape *s = lemon_analysis_ref(a, p);
  uint32_t last = s->dim[s->rank - 1];
  lemon_layer_msg *l = lemon_layer_new(k);
  switch (k) {
    case K(DENSE): set_units(l, last); break;
    case K(CONV2D): case K(DEPTHWISE_CONV2D):
      if (k == K(CONV2D)) set_units(l, last);
      set_kernel(l, choose(k == K(CONV2D) ? conv_kernels : dw_kernels, 4, minimal, rng));
      set_same(l);
      if (l->kernel > 1 && !minimal && mlf_rng_chance(rng, 25)) l->has_dilation = 1, l->dilation = 2;
      break;
    case K(DECONV2D): set_units(l, last), set_kernel(l, 1); break;
    case K(MAX_POOL2D): case K(AVG_POOL2D):
      set_kernel(l, choose(pool_kernels, COUNT_OF(pool_kernels), minimal, rng));
      set_same(l);
      break;
    case K(LRN):
      set_kernel(l, choose(lrn_sizes, COUNT_OF(lrn_sizes), minimal, rng));
      set_alpha(l, lrn_alpha[minimal ? 0 : mlf_rng_below(rng, COUNT_OF(lrn_alpha))]);
      set_beta(l, lrn_beta[minimal ? 0 : mlf_rng_below(rng, COUNT_OF(lrn_beta))]);
      break;
    case K(RESIZE): set_kernel(l, 1), set_alpha(l, !minimal && mlf_rng_chance(rng, 50)); break;
    case K(ADD): case K(MULTIPLY): case K(MAXIMUM): {
      uint32_t refs[2] = {p, same_shape_operand(a, p, s, minimal, rng)};
      lemon_layer_set_inputs(l, refs, 2);
      break;
    }
    case K(LSTM): case K(GRU): case K(SIMPLE_RNN): set_units(l, last), set_return_sequences(l); break;
    default: break;
  }
  if (k == K(ACTIVATION)) {
    Mlf__Lemon__Activation act = MLF__LEMON__ACTIVATION__RELU;
    if (!minimal)
      do act = (Mlf__Lemon__Activation)(1 + mlf_rng_below(rng, LEMON_ACTIVATION_COUNT - 1));
      while (act == MLF__LEMON__ACTIVATION__LOG); /* see lemon_rules_neurons.c (AFRp) */
    lemon_set_activation_random_params(l, act, minimal, rng);
  } else {
    lemon_set_new_layer_activation(l, minimal, rng);
  }
  return l;
}

/* Positions where new layers may go: after the last layer, or after a layer (or the input)
 * whose output is read. */
static int insertion_point(const lemon_model_msg *m, size_t p) {
  return p == m->n_layers || lemon_ref_has_consumer(m, (uint32_t)p);
}

static size_t la_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                            lemon_candidate *out) {
  size_t n = 0;
  for (size_t p = 0; m->n_layers < LEMON_MAX_LAYERS && p <= m->n_layers; p++)
    for (size_t k = 0; insertion_point(m, p) && k < COUNT_OF(la_kinds); k++)
      if (keeps_shape_of(la_kinds[k], lemon_analysis_ref(a, (uint32_t)p)))
        out[n++] = (lemon_candidate){(uint32_t)p, (uint32_t)k};
  return n;
}

/* Inserts the layers at position p, each with a weight stream of its own. */
static void insert_new(lemon_model_msg *w, uint32_t p, lemon_layer_msg **layers, size_t n) {
  lemon_pin_weight_streams(w);
  uint32_t stream = lemon_fresh_weight_stream(w);
  for (size_t i = 0; i < n; i++)
    layers[i]->has_weight_stream = 1, layers[i]->weight_stream = stream + (uint32_t)i;
  lemon_insert_layers(w, p, layers, n);
}

static int la_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c, int minimal,
                   mlf_rng *rng) {
  lemon_layer_msg *l = same_shape_layer(la_kinds[c.b], a, c.a, minimal, rng);
  insert_new(w, c.a, &l, 1);
  return 1;
}

/* ---- MLA ------------------------------------------------------------------------------ */

/* A bundle builder: fills layers (reading reference p of shape s in a chain) and returns
 * how many, or 0 when the shape does not suit it. */
typedef size_t (*bundle_fn)(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                            int minimal, mlf_rng *rng);

static int even_extent(const lemon_shape *s) {
  return s->rank == 3 && s->dim[0] % 2 == 0 && s->dim[1] % 2 == 0;
}

static lemon_layer_msg *conv(uint32_t units, uint32_t kernel, uint32_t stride, int same) {
  lemon_layer_msg *l = lemon_layer_new(K(CONV2D));
  set_units(l, units), set_kernel(l, kernel), set_stride(l, stride);
  if (same) set_same(l);
  return l;
}

static lemon_layer_msg *deconv(uint32_t units, uint32_t kernel, uint32_t stride) {
  lemon_layer_msg *l = lemon_layer_new(K(DECONV2D));
  set_units(l, units), set_kernel(l, kernel), set_stride(l, stride);
  return l;
}

static lemon_layer_msg *upsample2(int minimal, mlf_rng *rng) {
  lemon_layer_msg *l = lemon_layer_new(K(RESIZE));
  set_kernel(l, 2), set_alpha(l, !minimal && mlf_rng_chance(rng, 50));
  return l;
}

/* Strided convolution, 2x upsampling, convolution back to C channels. */
static size_t strided_upsample(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                               int minimal, mlf_rng *rng) {
  (void)p;
  if (!even_extent(s)) return 0;
  out[0] = conv(inner_channels(s->dim[2], minimal, rng), 3, 2, 1);
  out[1] = upsample2(minimal, rng);
  out[2] = conv(s->dim[2], minimal || mlf_rng_chance(rng, 50) ? 1 : 3, 1, 1);
  return 3;
}

/* 2x2 pooling with stride 2, 2x upsampling. */
static size_t pool_upsample(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                            int minimal, mlf_rng *rng) {
  (void)p;
  if (!even_extent(s)) return 0;
  out[0] = lemon_layer_new(!minimal && mlf_rng_chance(rng, 50) ? K(AVG_POOL2D) : K(MAX_POOL2D));
  set_kernel(out[0], 2), set_stride(out[0], 2);
  out[1] = upsample2(minimal, rng);
  return 2;
}

/* VALID convolution of size k, transposed convolution of size k back. */
static size_t valid_conv_deconv(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                                int minimal, mlf_rng *rng) {
  (void)p;
  uint32_t k = minimal || mlf_rng_chance(rng, 50) ? 2 : 3;
  if (s->rank != 3 || s->dim[0] < k || s->dim[1] < k) return 0;
  out[0] = conv(inner_channels(s->dim[2], minimal, rng), k, 1, 0);
  out[1] = deconv(s->dim[2], k, 1);
  return 2;
}

/* Transposed convolution doubling the extent, strided VALID convolution halving it. */
static size_t deconv_strided(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                             int minimal, mlf_rng *rng) {
  (void)p;
  if (s->rank != 3) return 0;
  out[0] = deconv(inner_channels(s->dim[2], minimal, rng), 2, 2);
  out[1] = conv(s->dim[2], 2, 2, 0);
  return 2;
}

/* Inverted bottleneck (MobileNetV2): 1x1 expansion, 3x3 depthwise, 1x1 projection to C. */
static size_t bottleneck(const lemon_shape *s, uint32_t p, lemon_layer_msg **out, int minimal,
                         mlf_rng *rng) {
  (void)p;
  if (s->rank != 3) return 0;
  out[0] = conv(inner_channels(s->dim[2], minimal, rng), 1, 1, 0);
  out[1] = lemon_layer_new(K(DEPTHWISE_CONV2D));
  set_kernel(out[1], 3), set_same(out[1]);
  out[2] = conv(s->dim[2], 1, 1, 0);
  return 3;
}

/* A projection back to the last axis' size: DENSE, or a 1x1 convolution on images. */
static lemon_layer_msg *project(const lemon_shape *s) {
  uint32_t last = s->dim[s->rank - 1];
  if (s->rank == 3) return conv(last, 1, 1, 0);
  lemon_layer_msg *l = lemon_layer_new(K(DENSE));
  set_units(l, last);
  return l;
}

/* DENSE to F' units (then a normalization, sometimes), DENSE back to F. */
static size_t dense_pair(const lemon_shape *s, uint32_t p, lemon_layer_msg **out, int minimal,
                         mlf_rng *rng) {
  (void)p;
  size_t n = 0;
  out[n] = lemon_layer_new(K(DENSE));
  set_units(out[n++], inner_channels(s->dim[s->rank - 1], minimal, rng));
  if (!minimal && mlf_rng_chance(rng, 50))
    out[n++] = lemon_layer_new(mlf_rng_chance(rng, 50) ? K(LAYER_NORM) : K(BATCH_NORM));
  out[n] = lemon_layer_new(K(DENSE));
  set_units(out[n++], s->dim[s->rank - 1]);
  return n;
}

/* The input concatenated with itself, projected back. */
static size_t concat_project(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                             int minimal, mlf_rng *rng) {
  (void)minimal, (void)rng;
  uint32_t refs[2] = {p, p};
  out[0] = lemon_layer_new(K(CONCAT));
  lemon_layer_set_inputs(out[0], refs, 2);
  out[1] = project(s);
  return 2;
}

static kind_t recurrent_kind(int minimal, mlf_rng *rng) {
  static const kind_t kinds[] = {K(SIMPLE_RNN), K(LSTM), K(GRU)};
  return kinds[minimal ? 0 : mlf_rng_below(rng, 3)];
}

/* A recurrent layer returning sequences of U units, DENSE back to F. */
static size_t recurrent_dense(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                              int minimal, mlf_rng *rng) {
  (void)p;
  if (s->rank != 2) return 0;
  out[0] = lemon_layer_new(recurrent_kind(minimal, rng));
  set_units(out[0], inner_channels(s->dim[1], minimal, rng)), set_return_sequences(out[0]);
  out[1] = project(s);
  return 2;
}

/* DENSE to F' features, a recurrent layer returning sequences of F units. */
static size_t dense_recurrent(const lemon_shape *s, uint32_t p, lemon_layer_msg **out,
                              int minimal, mlf_rng *rng) {
  (void)p;
  if (s->rank != 2) return 0;
  out[0] = lemon_layer_new(K(DENSE));
  set_units(out[0], inner_channels(s->dim[1], minimal, rng));
  out[1] = lemon_layer_new(recurrent_kind(minimal, rng));
  set_units(out[1], s->dim[1]), set_return_sequences(out[1]);
  return 2;
}

static const bundle_fn bundles[] = {strided_upsample, pool_upsample, valid_conv_deconv,
                                    deconv_strided,   bottleneck,    dense_pair,
                                    concat_project,   recurrent_dense, dense_recurrent};

static size_t mla_candidates(const lemon_model_msg *m, const lemon_analysis *a,
                             lemon_candidate *out) {
  size_t n = 0;
  (void)a;
  for (size_t p = 0; m->n_layers + 2 <= LEMON_MAX_LAYERS && p <= m->n_layers; p++)
    for (size_t b = 0; insertion_point(m, p) && b < COUNT_OF(bundles); b++)
      out[n++] = (lemon_candidate){(uint32_t)p, (uint32_t)b};
  return n;
}

static int mla_edit(lemon_model_msg *w, const lemon_analysis *a, lemon_candidate c, int minimal,
                    mlf_rng *rng) {
  lemon_layer_msg *layers[MAX_BUNDLE];
  size_t n = bundles[c.b](lemon_analysis_ref(a, c.a), c.a, layers, minimal, rng);
  if (!n) return 0;
  for (size_t i = 0; i < n; i++)
    if (layers[i]->kind != K(RESIZE) && layers[i]->kind != K(CONCAT))
      lemon_set_new_layer_activation(layers[i], minimal, rng);
  insert_new(w, c.a, layers, n);
  return 1;
}

const lemon_rule_impl lemon_rule_impl_la = {la_candidates, la_edit};
const lemon_rule_impl lemon_rule_impl_mla = {mla_candidates, mla_edit};

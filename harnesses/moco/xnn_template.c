/* The XNN_OPERATORS template (xnn_template.h). Every tensor handed to XNNPACK is guard-paged
 * (oracles/mlf_guard.h): inputs read-only with XNN_EXTRA_BYTES of readable slack after their
 * data ("The caller must allocate at least this many extra bytes after the tensor data passed
 * to XNNPACK", xnnpack.h), outputs flush against their trailing guard page. */
#include "xnn_template.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xnnpack.h>
#include "mlf_guard.h"
#include "moco_xnn_spec.h"
#include "xnn_reference.h"

typedef struct {
  xnn_operator_t op;
  xnn_kind kind;
  const Mlf__Moco__Block *create;
  void *in[2], *out;
  size_t rows, channels, out_stride, out_size; /* output geometry (elements) and element size */
  size_t setup_block;                          /* the setup whose tensors these are */
  int ready;                                   /* the latest setup succeeded */
} xnn_slot;

static int alloc_turn(xnn_alloc *a) {
  if (++a->allocations == a->fail_at) { a->failed = 1; return 0; }
  return 1;
}

static void *on_allocate(void *context, size_t size) {
  xnn_alloc *a = context;
  void *p = alloc_turn(a) ? malloc(size ? size : 1) : NULL;
  a->live += p != NULL;
  return p;
}

static void *on_reallocate(void *context, void *pointer, size_t size) {
  xnn_alloc *a = context;
  if (!alloc_turn(a)) return NULL;
  void *p = realloc(pointer, size ? size : 1);
  a->live += p && !pointer;
  return p;
}

static void on_deallocate(void *context, void *pointer) {
  xnn_alloc *a = context;
  a->live -= pointer != NULL;
  free(pointer);
}

static void *on_aligned_allocate(void *context, size_t alignment, size_t size) {
  xnn_alloc *a = context;
  void *p = alloc_turn(a) ? aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment + alignment) : NULL;
  a->live += p != NULL;
  return p;
}

/* The installed snapshot keeps the allocator of the first xnn_initialize call (observed: a
 * later call's context is never used), so one set of counters serves every program and is
 * reset for each; fail_at 0 never fails. */
static xnn_alloc counters;

static int initialize(unsigned long fail_at) {
  static struct xnn_allocator allocator = {&counters, on_allocate, on_reallocate, on_deallocate,
                                           on_aligned_allocate, on_deallocate};
  counters = (xnn_alloc){0, fail_at, 0, 0};
  return xnn_initialize(&allocator);
}

static double arg(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  return moco_arg_number(k, i, r);
}

static size_t count(double x) { return x > 0 ? (size_t)x : 0; }

typedef enum xnn_status (*create_nc_fn)(size_t, size_t, size_t, uint32_t, xnn_operator_t *);
typedef enum xnn_status (*setup_nc_fn)(xnn_operator_t, size_t, const void *, void *, pthreadpool_t);
typedef enum xnn_status (*create_minmax_fn)(float, float, uint32_t, xnn_operator_t *);
typedef enum xnn_status (*create_plain_fn)(uint32_t, xnn_operator_t *);
typedef enum xnn_status (*setup_nd_fn)(xnn_operator_t, size_t, const size_t *, size_t, const size_t *,
                                       const float *, const float *, float *, pthreadpool_t);

static const create_nc_fn create_nc[XNN_KINDS] = {
    [XNN_ABS] = xnn_create_abs_nc_f32, [XNN_NEGATE] = xnn_create_negate_nc_f32,
    [XNN_SQUARE] = xnn_create_square_nc_f32, [XNN_SQUARE_ROOT] = xnn_create_square_root_nc_f32,
    [XNN_FLOOR] = xnn_create_floor_nc_f32, [XNN_CEILING] = xnn_create_ceiling_nc_f32,
    [XNN_TRUNCATION] = xnn_create_truncation_nc_f32, [XNN_BANKERS_ROUNDING] = xnn_create_bankers_rounding_nc_f32,
    [XNN_SIGMOID] = xnn_create_sigmoid_nc_f32, [XNN_HARDSWISH] = xnn_create_hardswish_nc_f32,
    [XNN_SOFTMAX] = xnn_create_softmax_nc_f32, [XNN_COPY] = xnn_create_copy_nc_x32,
    [XNN_CONVERT_F32_F16] = xnn_create_convert_nc_f32_f16, [XNN_CONVERT_F16_F32] = xnn_create_convert_nc_f16_f32,
};

/* Setups of the (op, batch, input, output) shape; the f32 ones cast to the untyped pointers. */
static const setup_nc_fn setup_nc[XNN_KINDS] = {
    [XNN_ABS] = (setup_nc_fn)xnn_setup_abs_nc_f32, [XNN_NEGATE] = (setup_nc_fn)xnn_setup_negate_nc_f32,
    [XNN_SQUARE] = (setup_nc_fn)xnn_setup_square_nc_f32, [XNN_SQUARE_ROOT] = (setup_nc_fn)xnn_setup_square_root_nc_f32,
    [XNN_FLOOR] = (setup_nc_fn)xnn_setup_floor_nc_f32, [XNN_CEILING] = (setup_nc_fn)xnn_setup_ceiling_nc_f32,
    [XNN_TRUNCATION] = (setup_nc_fn)xnn_setup_truncation_nc_f32,
    [XNN_BANKERS_ROUNDING] = (setup_nc_fn)xnn_setup_bankers_rounding_nc_f32,
    [XNN_SIGMOID] = (setup_nc_fn)xnn_setup_sigmoid_nc_f32, [XNN_HARDSWISH] = (setup_nc_fn)xnn_setup_hardswish_nc_f32,
    [XNN_SOFTMAX] = (setup_nc_fn)xnn_setup_softmax_nc_f32, [XNN_COPY] = xnn_setup_copy_nc_x32,
    [XNN_CONVERT_F32_F16] = (setup_nc_fn)xnn_setup_convert_nc_f32_f16,
    [XNN_CONVERT_F16_F32] = (setup_nc_fn)xnn_setup_convert_nc_f16_f32,
    [XNN_CLAMP] = (setup_nc_fn)xnn_setup_clamp_nc_f32, [XNN_ELU] = (setup_nc_fn)xnn_setup_elu_nc_f32,
    [XNN_LEAKY_RELU] = (setup_nc_fn)xnn_setup_leaky_relu_nc_f32,
    [XNN_FULLY_CONNECTED] = (setup_nc_fn)xnn_setup_fully_connected_nc_f32,
    [XNN_CHANNEL_SHUFFLE] = xnn_setup_channel_shuffle_nc_x32,
};

static const create_minmax_fn create_minmax[XNN_KINDS] = {
    [XNN_ADD] = xnn_create_add_nd_f32, [XNN_SUBTRACT] = xnn_create_subtract_nd_f32,
    [XNN_MULTIPLY] = xnn_create_multiply_nd_f32, [XNN_DIVIDE] = xnn_create_divide_nd_f32,
};
static const create_plain_fn create_plain[XNN_KINDS] = {
    [XNN_MAXIMUM] = xnn_create_maximum_nd_f32, [XNN_MINIMUM] = xnn_create_minimum_nd_f32,
    [XNN_SQUARED_DIFFERENCE] = xnn_create_squared_difference_nd_f32,
};
static const setup_nd_fn setup_nd[XNN_KINDS] = {
    [XNN_ADD] = xnn_setup_add_nd_f32, [XNN_SUBTRACT] = xnn_setup_subtract_nd_f32,
    [XNN_MULTIPLY] = xnn_setup_multiply_nd_f32, [XNN_DIVIDE] = xnn_setup_divide_nd_f32,
    [XNN_MAXIMUM] = xnn_setup_maximum_nd_f32, [XNN_MINIMUM] = xnn_setup_minimum_nd_f32,
    [XNN_SQUARED_DIFFERENCE] = xnn_setup_squared_difference_nd_f32,
};

/* A fully connected op's kernel (output_channels x input_channels) and bias from the seed;
 * XNNPACK packs them at creation, so they are freed right after. */
static enum xnn_status create_fully_connected(const Mlf__Moco__Block *k, const moco_results *r,
                                              uint64_t seed, xnn_operator_t *op) {
  size_t ic = (size_t)arg(k, 0, r), oc = (size_t)arg(k, 1, r);
  float *kernel = mlf_guard_alloc((ic * oc + 1) * sizeof(float) + XNN_EXTRA_BYTES, sizeof(float), MLF_GUARD_TAIL, "kernel");
  float *bias = mlf_guard_alloc((oc + 1) * sizeof(float) + XNN_EXTRA_BYTES, sizeof(float), MLF_GUARD_TAIL, "bias");
  xnn_fill_f32(kernel, ic * oc, seed), xnn_fill_f32(bias, oc, seed + 1);
  float lo = (float)arg(k, 4, r);
  enum xnn_status s = xnn_create_fully_connected_nc_f32(ic, oc, (size_t)arg(k, 2, r), (size_t)arg(k, 3, r), kernel,
                                                        bias, lo, lo + (float)arg(k, 5, r), 0, op);
  mlf_guard_free(kernel), mlf_guard_free(bias);
  return s;
}

static enum xnn_status create_op(xnn_kind kind, const Mlf__Moco__Block *k, const moco_results *r, uint64_t seed,
                                 xnn_operator_t *op) {
  /* The first three arguments as counts; the binary kinds' first two are reals (read below). */
  size_t a0 = count(arg(k, 0, r)), a1 = count(arg(k, 1, r)), a2 = count(arg(k, 2, r));
  if (create_nc[kind]) return create_nc[kind](a0, a1, a2, 0, op);
  switch (kind) {
    case XNN_CLAMP: {
      float lo = (float)arg(k, 3, r);
      return xnn_create_clamp_nc_f32(a0, a1, a2, lo, lo + (float)arg(k, 4, r), 0, op);
    }
    case XNN_ELU: return xnn_create_elu_nc_f32(a0, a1, a2, (float)arg(k, 3, r), 0, op);
    case XNN_LEAKY_RELU: return xnn_create_leaky_relu_nc_f32(a0, a1, a2, (float)arg(k, 3, r), 0, op);
    case XNN_MAX_POOLING:
      return xnn_create_max_pooling2d_nhwc_f32(0, 0, 0, 0, (uint32_t)a0, (uint32_t)a1, (uint32_t)a2,
                                               (uint32_t)arg(k, 3, r), (uint32_t)arg(k, 4, r), (uint32_t)arg(k, 4, r),
                                               (size_t)arg(k, 5, r), (size_t)arg(k, 6, r), (size_t)arg(k, 7, r),
                                               -INFINITY, INFINITY, 0, op);
    case XNN_FULLY_CONNECTED: return create_fully_connected(k, r, seed, op);
    case XNN_CHANNEL_SHUFFLE: return xnn_create_channel_shuffle_nc_x32(a0, a1, a2, (size_t)arg(k, 3, r), 0, op);
    case XNN_DEPTH_TO_SPACE: return xnn_create_depth_to_space_nhwc_x32(a0, a1, a2, (uint32_t)arg(k, 3, r), 0, op);
    default: break;
  }
  if (create_minmax[kind]) {
    float lo = (float)arg(k, 0, r);
    return create_minmax[kind](lo, lo + (float)arg(k, 1, r), 0, op);
  }
  return create_plain[kind](0, op);
}

/* A read-only guard-paged input of n elements from the seed, XNN_EXTRA_BYTES readable after. */
static void *new_input(size_t n, size_t size, uint64_t seed) {
  void *x = mlf_guard_alloc(n * size + XNN_EXTRA_BYTES, size, MLF_GUARD_TAIL, "input");
  if (size == 2) xnn_fill_f16(x, n, seed);
  else xnn_fill_f32(x, n, seed);
  mlf_guard_set_readonly(x, 1);
  return x;
}

static void free_tensors(xnn_slot *s) {
  for (int i = 0; i < 2; i++)
    if (s->in[i]) mlf_guard_set_readonly(s->in[i], 0), mlf_guard_free(s->in[i]), s->in[i] = NULL;
  mlf_guard_free(s->out);
  s->out = NULL;
}

/* Elements a strided tensor of `rows` rows spans. */
static size_t span(size_t rows, size_t channels, size_t stride) { return rows ? (rows - 1) * stride + channels : 0; }

/* The tensors of setup block k for slot s (input and output geometry from the create block),
 * then the setup call. */
static enum xnn_status setup_op(xnn_slot *s, const Mlf__Moco__Block *k, const moco_results *r, uint64_t seed) {
  const Mlf__Moco__Block *c = s->create;
  xnn_kind kind = s->kind;
  size_t batch = count(arg(k, 1, r)), in_size = kind == XNN_CONVERT_F16_F32 ? 2 : 4;
  size_t in_channels = count(arg(c, 0, r)), in_stride = count(arg(c, 1, r));
  s->out_size = kind == XNN_CONVERT_F32_F16 ? 2 : 4;
  s->rows = batch, s->channels = in_channels, s->out_stride = count(arg(c, 2, r));
  if (XNN_BINARY(kind)) {
    size_t a[3], b[3], na = 1, nb = 1;
    for (int d = 0; d < 3; d++) {
      a[d] = count(arg(k, 1 + d, r)), b[d] = count(arg(k, 4 + d, r));
      na *= a[d], nb *= b[d];
    }
    s->rows = 1, s->channels = 1;
    for (int d = 0; d < 3; d++) s->channels *= a[d] > b[d] ? a[d] : b[d];
    s->out_stride = s->channels;
    s->in[0] = new_input(na, 4, seed), s->in[1] = new_input(nb, 4, seed + 1);
    s->out = mlf_guard_alloc(s->channels * 4 + XNN_EXTRA_BYTES, 4, MLF_GUARD_TAIL, "output");
    return setup_nd[kind](s->op, 3, a, 3, b, s->in[0], s->in[1], s->out, NULL);
  }
  size_t h = count(arg(k, 2, r)), w = count(arg(k, 3, r));
  switch (kind) {
    case XNN_FULLY_CONNECTED:
      in_stride = count(arg(c, 2, r)), s->channels = count(arg(c, 1, r)), s->out_stride = count(arg(c, 3, r));
      break;
    case XNN_CHANNEL_SHUFFLE:
      in_channels = s->channels = in_channels * in_stride;
      in_stride = count(arg(c, 2, r)), s->out_stride = count(arg(c, 3, r));
      break;
    case XNN_MAX_POOLING: {
      size_t wh = (count(arg(c, 0, r)) - 1) * count(arg(c, 4, r)) + 1, ww = (count(arg(c, 1, r)) - 1) * count(arg(c, 4, r)) + 1;
      in_channels = s->channels = count(arg(c, 5, r)), in_stride = count(arg(c, 6, r)), s->out_stride = count(arg(c, 7, r));
      size_t oh = h >= wh ? (h - wh) / count(arg(c, 2, r)) + 1 : 0, ow = w >= ww ? (w - ww) / count(arg(c, 3, r)) + 1 : 0;
      s->rows = batch * oh * ow, batch *= h * w;
      break;
    }
    case XNN_DEPTH_TO_SPACE: {
      size_t block = count(arg(c, 3, r));
      s->channels = in_channels, in_channels *= block * block, s->out_stride = count(arg(c, 2, r));
      s->rows = batch * h * w * block * block, batch *= h * w;
      break;
    }
    default: break;
  }
  s->in[0] = new_input(span(batch, in_channels, in_stride), in_size, seed);
  /* Outputs too: "XNNPACK reads, but never writes beyond array bounds" (xnnpack.h, XNN_EXTRA_BYTES;
   * the multipass max-pooling kernels read the output they accumulate into); the canary in
   * the extra bytes holds it to never writing there. */
  s->out = mlf_guard_alloc(span(s->rows, s->channels, s->out_stride) * s->out_size + XNN_EXTRA_BYTES, s->out_size,
                           MLF_GUARD_TAIL, "output");
  if (kind == XNN_MAX_POOLING)
    return xnn_setup_max_pooling2d_nhwc_f32(s->op, count(arg(k, 1, r)), h, w, s->in[0], s->out, NULL);
  if (kind == XNN_DEPTH_TO_SPACE)
    return xnn_setup_depth_to_space_nhwc_x32(s->op, count(arg(k, 1, r)), h, w, s->in[0], s->out, NULL);
  return setup_nc[kind](s->op, count(arg(k, 1, r)), s->in[0], s->out, NULL);
}

static uint32_t element(const void *buf, size_t i, size_t size) {
  return size == 2 ? ((const uint16_t *)buf)[i] : ((const uint32_t *)buf)[i];
}

/* The reference output of an exact kind into ref (laid out as the output); 0 for a kind
 * without one. */
static int reference(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, void *ref) {
  const Mlf__Moco__Block *c = s->create;
  double params[2] = {arg(c, 3, r), arg(c, 4, r)};
  if (XNN_UNARY(s->kind))
    return xnn_reference_unary(s->kind, s->in[0], ref, s->rows, s->channels, (size_t)arg(c, 1, r), s->out_stride, params);
  if (XNN_BINARY(s->kind)) {
    size_t a[3], b[3];
    for (int d = 0; d < 3; d++) a[d] = (size_t)arg(setup, 1 + d, r), b[d] = (size_t)arg(setup, 4 + d, r);
    float lo = s->kind <= XNN_DIVIDE ? (float)arg(c, 0, r) : -INFINITY;
    float hi = s->kind <= XNN_DIVIDE ? lo + (float)arg(c, 1, r) : INFINITY;
    xnn_reference_binary(s->kind, s->in[0], a, s->in[1], b, ref, lo, hi);
    return 1;
  }
  size_t batch = (size_t)arg(setup, 1, r), h = (size_t)arg(setup, 2, r), w = (size_t)arg(setup, 3, r);
  switch (s->kind) {
    case XNN_MAX_POOLING: {
      size_t pool[2] = {(size_t)arg(c, 0, r), (size_t)arg(c, 1, r)}, stride[2] = {(size_t)arg(c, 2, r), (size_t)arg(c, 3, r)};
      if (s->rows) xnn_reference_max_pooling(s->in[0], ref, batch, h, w, s->channels, (size_t)arg(c, 6, r), s->out_stride,
                                             pool, stride, (size_t)arg(c, 4, r));
      return 1;
    }
    case XNN_CHANNEL_SHUFFLE:
      xnn_reference_channel_shuffle(s->in[0], ref, s->rows, (size_t)arg(c, 0, r), (size_t)arg(c, 1, r),
                                    (size_t)arg(c, 2, r), s->out_stride);
      return 1;
    case XNN_DEPTH_TO_SPACE:
      xnn_reference_depth_to_space(s->in[0], ref, batch, h, w, s->channels, (size_t)arg(c, 3, r), (size_t)arg(c, 1, r),
                                   s->out_stride);
      return 1;
    default: return 0;
  }
}

/* Records the first problem of a run: an output element unlike the reference or the first
 * run, an element between rows that is no longer canary, a canary next to a guard page. */
static void check_run(const xnn_slot *s, const void *first, const void *ref, xnn_block_outcome *o) {
  size_t n = span(s->rows, s->channels, s->out_stride);
  const unsigned char canary[4] = {MLF_GUARD_CANARY, MLF_GUARD_CANARY, MLF_GUARD_CANARY, MLF_GUARD_CANARY};
  for (size_t i = 0; i < n && !o->problem; i++) {
    uint32_t got = element(s->out, i, s->out_size);
    if (s->out_stride && i % s->out_stride >= s->channels) {
      if (memcmp((const char *)s->out + i * s->out_size, canary, s->out_size) != 0)
        o->problem = XNN_PROBLEM_STRIDE_GAP, o->index = i, o->got = got;
    } else if (!xnn_same_element(element(first, i, s->out_size), got, s->out_size)) {
      o->problem = XNN_PROBLEM_NONDETERMINISTIC, o->index = i, o->expected = element(first, i, s->out_size), o->got = got;
    } else if (ref && !xnn_same_element(element(ref, i, s->out_size), got, s->out_size)) {
      o->problem = XNN_PROBLEM_REFERENCE, o->index = i, o->expected = element(ref, i, s->out_size), o->got = got;
    }
  }
  for (int i = 0; i < 2 && !o->problem; i++)
    if (s->in[i] && !mlf_guard_canary_ok(s->in[i])) o->problem = XNN_PROBLEM_CANARY;
  if (!o->problem && !mlf_guard_canary_ok(s->out)) o->problem = XNN_PROBLEM_CANARY;
}

/* xnn_run_operator twice on one setup, the first output kept to compare the second with. */
static void run_op(xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, xnn_block_outcome *o) {
  o->called = 1;
  o->status = xnn_run_operator(s->op, NULL);
  if (o->status != xnn_status_success) return;
  size_t bytes = span(s->rows, s->channels, s->out_stride) * s->out_size;
  void *first = malloc(bytes + 1), *ref = malloc(bytes + 1);
  if (!first || !ref) abort();
  memcpy(first, s->out, bytes);
  memcpy(ref, s->out, bytes); /* the stride gaps as they are */
  int exact = reference(s, setup, r, ref);
  o->status = xnn_run_operator(s->op, NULL);
  if (o->status == xnn_status_success) check_run(s, first, exact ? ref : NULL, o);
  free(first), free(ref);
}

static void delete_op(xnn_slot *s, xnn_block_outcome *o) {
  o->called = 1;
  o->status = xnn_delete_operator(s->op);
  s->op = NULL, s->ready = 0;
  free_tensors(s);
}

static const char *status_name(int status) {
  static const char *names[] = {"success", "uninitialized", "invalid_parameter", "invalid_state",
                                "unsupported_parameter", "unsupported_hardware", "out_of_memory"};
  return status >= 0 && status < 7 ? names[status] : "?";
}

/* One block: create (slot b), setup, run or delete of the slot its op argument names. */
static void run_block(const Mlf__Moco__Program *p, size_t b, xnn_slot *slots, xnn_outcome *o) {
  const Mlf__Moco__Block *k = p->blocks[b];
  int api = moco_api_index(&moco_xnn_spec, k->api);
  xnn_block_outcome *bo = &o->block[b];
  if (api < XNN_API_RUN && api % 2 == 0) {
    xnn_slot *s = &slots[b];
    s->kind = (xnn_kind)(api / 2), s->create = k;
    bo->called = 1;
    bo->status = create_op(s->kind, k, &o->results, p->data_seed + b, &s->op);
    if (bo->status != xnn_status_success) s->op = NULL;
    o->results.block[b].handle = s;
  } else {
    xnn_slot *s = moco_arg_handle(k, 0, &o->results);
    if (!s || !s->op || (api == XNN_API_RUN && !s->ready)) {
      moco_note(&o->results, b, "skipped: no %s op", s && s->op ? "set-up" : "live");
      return;
    }
    if (api == XNN_API_RUN) run_op(s, p->blocks[s->setup_block], &o->results, bo);
    else if (api == XNN_API_DELETE) delete_op(s, bo);
    else {
      xnn_slot fresh = *s;
      fresh.in[0] = fresh.in[1] = fresh.out = NULL;
      bo->called = 1;
      bo->status = setup_op(&fresh, k, &o->results, p->data_seed + b);
      if (bo->status == xnn_status_success) {
        free_tensors(s);
        *s = fresh, s->ready = 1, s->setup_block = b;
      } else {
        free_tensors(&fresh); /* the op may still point at the earlier tensors: kept */
        s->ready = 0;
      }
    }
  }
  moco_note(&o->results, b, "%s%s", status_name(bo->status),
            bo->problem == XNN_PROBLEM_REFERENCE ? ", differs from the reference"
            : bo->problem == XNN_PROBLEM_NONDETERMINISTIC ? ", second run differs"
            : bo->problem == XNN_PROBLEM_STRIDE_GAP ? ", wrote between rows"
            : bo->problem == XNN_PROBLEM_CANARY ? ", canary overwritten" : "");
}

void xnn_template_run(const Mlf__Moco__Program *p, xnn_outcome *o) {
  static xnn_slot slots[MOCO_MAX_BLOCKS];
  memset(slots, 0, sizeof slots);
  o->init_status = initialize(p->fail_allocation);
  o->alloc = counters;
  if (o->init_status != xnn_status_success) return;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) run_block(p, b, slots, o);
  for (size_t b = 0; b < MOCO_MAX_BLOCKS; b++) {
    if (slots[b].op) xnn_delete_operator(slots[b].op);
    free_tensors(&slots[b]);
  }
  o->alloc = counters;
  o->live_after_teardown = counters.live;
}

int xnn_template_still_usable(void) {
  if (initialize(0) != xnn_status_success) return 0;
  xnn_operator_t op = NULL;
  float in[4 + XNN_EXTRA_BYTES / sizeof(float)] = {-2, -0.5f, 0.5f, 2}, out[4];
  int ok = xnn_create_clamp_nc_f32(4, 4, 4, -1, 1, 0, &op) == xnn_status_success &&
           xnn_setup_clamp_nc_f32(op, 1, in, out, NULL) == xnn_status_success &&
           xnn_run_operator(op, NULL) == xnn_status_success && out[0] == -1 && out[1] == -0.5f &&
           out[2] == 0.5f && out[3] == 1;
  if (op) ok &= xnn_delete_operator(op) == xnn_status_success;
  return ok && counters.live == 0;
}

/* The DNNL_PRIMITIVES blocks on descriptors, memories, attributes and post-ops, with the
 * state checks each makes right after its call (dnnl_blocks.h): a descriptor reports the
 * dims, type and size it was built with, a memory the pointer and descriptor it was given, an
 * attribute the modes set on it, post-ops the number appended. */
#include "dnnl_blocks.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "dnnl_data.h"
#include "dnnl_judge.h"
#include "libraries/onednn/mlf_onednn_session.h"
#include "mlf_guard.h"
#include "moco_dnnl_spec.h"

dnnl_slot *dnnl_arg_slot(const dnnl_ctx *c, unsigned i) { return moco_arg_handle(c->k, i, &c->o->results); }
int dnnl_arg_int(const dnnl_ctx *c, unsigned i) { return (int)moco_arg_number(c->k, i, &c->o->results); }
float dnnl_arg_real(const dnnl_ctx *c, unsigned i) { return (float)moco_arg_number(c->k, i, &c->o->results); }

void dnnl_record(const dnnl_ctx *c, int status, const char *fmt, ...) {
  char detail[80] = "";
  if (fmt) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
  }
  c->o->status[c->b] = status;
  moco_note(&c->o->results, c->b, "%s%s%s", status == DNNL_CALL_NO_STATUS ? "" : dnnl_judge_status_name(status),
            *detail && status != DNNL_CALL_NO_STATUS ? ": " : "", detail);
}

void dnnl_skip(const dnnl_ctx *c, const char *why) {
  c->o->status[c->b] = DNNL_CALL_SKIPPED;
  moco_note(&c->o->results, c->b, "skipped: %s", why);
}

size_t dnnl_memory_extent(const dnnl_memory_desc_t *md) {
  size_t size = dnnl_memory_desc_get_size(md), width = dnnl_data_type_size(md->data_type);
  if (md->offset0 == 0 || md->format_kind != dnnl_blocked) return size;
  dnnl_memory_desc_t at_start = *md;
  at_start.offset0 = 0;
  size = dnnl_memory_desc_get_size(&at_start) + (size_t)md->offset0 * width;
  for (size_t e = 0, n = dnnl_data_elements(md); e < n; e++)
    if (dnnl_data_offset(md, e) + width > size) size = dnnl_data_offset(md, e) + width;
  return size;
}

int dnnl_new_memory(const dnnl_memory_desc_t *md, uint64_t seed, dnnl_memory_t *memory, void **buffer, size_t *size) {
  *size = dnnl_memory_extent(md);
  size_t width = dnnl_data_type_size(md->data_type);
  if (width == 0 || width > 8) width = 1; /* an alignment, whatever the type */
  *buffer = mlf_guard_alloc(*size, width ? width : 1, MLF_GUARD_TAIL, "dnnl memory");
  dnnl_data_fill(md, *buffer, *size, seed);
  int st = dnnl_memory_create(memory, md, mlf_onednn_engine, *buffer);
  if (st != dnnl_success) mlf_guard_free(*buffer), *buffer = NULL, *memory = NULL;
  return st;
}

dnnl_format_tag_t dnnl_tag_choice(int ndims, int choice) {
  static const dnnl_format_tag_t small[4][MOCO_DNNL_TAG_CHOICES] = {
      {dnnl_a, dnnl_a, dnnl_a, dnnl_a},
      {dnnl_ab, dnnl_ba, dnnl_ab, dnnl_ba},
      {dnnl_abc, dnnl_acb, dnnl_aBc8b, dnnl_aBc16b},
      {dnnl_abcd, dnnl_acdb, dnnl_aBcd8b, dnnl_aBcd16b}};
  static const dnnl_format_tag_t plain[] = {dnnl_abcde, dnnl_abcdef, dnnl_abcdefg, dnnl_abcdefgh,
                                            dnnl_abcdefghi, dnnl_abcdefghij, dnnl_abcdefghijk, dnnl_abcdefghijkl};
  if (ndims >= 1 && ndims <= 4) return small[ndims - 1][(unsigned)choice % MOCO_DNNL_TAG_CHOICES];
  if (ndims >= 5 && ndims <= DNNL_MAX_NDIMS) return plain[ndims - 5];
  return dnnl_format_tag_undef;
}

dnnl_alg_kind_t dnnl_eltwise_alg(int index) {
  static const dnnl_alg_kind_t algs[MOCO_DNNL_ELTWISE_ALGS] = {
      dnnl_eltwise_relu, dnnl_eltwise_tanh, dnnl_eltwise_elu, dnnl_eltwise_square, dnnl_eltwise_abs,
      dnnl_eltwise_sqrt, dnnl_eltwise_linear, dnnl_eltwise_bounded_relu, dnnl_eltwise_soft_relu,
      dnnl_eltwise_logistic, dnnl_eltwise_exp, dnnl_eltwise_gelu_tanh, dnnl_eltwise_swish, dnnl_eltwise_log,
      dnnl_eltwise_clip, dnnl_eltwise_clip_v2, dnnl_eltwise_pow, dnnl_eltwise_gelu_erf, dnnl_eltwise_round,
      dnnl_eltwise_logsigmoid, dnnl_eltwise_mish, dnnl_eltwise_hardswish};
  return algs[(unsigned)index % MOCO_DNNL_ELTWISE_ALGS];
}

dnnl_alg_kind_t dnnl_binary_alg(int index) {
  static const dnnl_alg_kind_t algs[MOCO_DNNL_BINARY_ALGS] = {
      dnnl_binary_add, dnnl_binary_mul, dnnl_binary_max, dnnl_binary_min, dnnl_binary_div, dnnl_binary_sub,
      dnnl_binary_ge, dnnl_binary_gt, dnnl_binary_le, dnnl_binary_lt, dnnl_binary_eq, dnnl_binary_ne};
  return algs[(unsigned)index % MOCO_DNNL_BINARY_ALGS];
}

dnnl_fpmath_mode_t dnnl_default_fpmath(void) {
  dnnl_fpmath_mode_t mode = dnnl_fpmath_mode_any; /* the loosest, should oneDNN not say */
  dnnl_get_default_fpmath_mode(&mode);
  return mode;
}

static void state_mismatch(const dnnl_ctx *c, const char *what) {
  dnnl_judge_mismatch(c->o, c->b, "state-mismatch", "%s", what);
}

static size_t padded_size(const dnnl_memory_desc_t *md) {
  size_t n = dnnl_data_type_size(md->data_type);
  for (int d = 0; d < md->ndims; d++) n *= (size_t)md->padded_dims[d];
  return n;
}

/* dnnl_memory_desc_init_by_tag: the descriptor holds the dims and type given, every dim padded
 * to at least itself, and its size is its padded volume (the tags listed are dense). */
static void md_init_by_tag(const dnnl_ctx *c) {
  dnnl_slot *s = &c->o->slot[c->b];
  int n = dnnl_arg_int(c, 0);
  dnnl_dims_t dims = {0};
  for (int d = 0; d < n; d++) dims[d] = dnnl_arg_int(c, 1 + (unsigned)d);
  dnnl_data_type_t dt = (dnnl_data_type_t)dnnl_arg_int(c, 5);
  int st = dnnl_memory_desc_init_by_tag(&s->md, n, dims, dt, dnnl_tag_choice(n, dnnl_arg_int(c, 6)));
  dnnl_record(c, st, "%zu bytes", st == dnnl_success ? dnnl_memory_desc_get_size(&s->md) : 0);
  if (st != dnnl_success) return;
  int same = s->md.ndims == n && s->md.data_type == dt;
  for (int d = 0; d < n; d++) same = same && s->md.dims[d] == dims[d] && s->md.padded_dims[d] >= dims[d];
  if (!same) state_mismatch(c, "the descriptor's ndims, dims or data type differ from those given");
  else if (dnnl_memory_desc_get_size(&s->md) != padded_size(&s->md))
    dnnl_judge_mismatch(c->o, c->b, "state-mismatch", "dnnl_memory_desc_get_size says %zu bytes, the padded dims make %zu",
                        dnnl_memory_desc_get_size(&s->md), padded_size(&s->md));
}

/* dnnl_memory_desc_init_submemory: every dim shrunk (at least 1), at an offset that keeps the
 * region inside. "Some combinations ... may result in a failure" (dnnl.h 1110): no status is
 * wrong here; a success holds the dims asked for. */
static void md_submemory(const dnnl_ctx *c, const dnnl_slot *parent) {
  dnnl_slot *s = &c->o->slot[c->b];
  dnnl_dims_t dims = {0}, offsets = {0};
  int shrink = dnnl_arg_int(c, 1), offset = dnnl_arg_int(c, 2);
  for (int d = 0; d < parent->md.ndims; d++) {
    dims[d] = parent->md.dims[d] > shrink ? parent->md.dims[d] - shrink : 1;
    offsets[d] = offset < parent->md.dims[d] - dims[d] ? offset : parent->md.dims[d] - dims[d];
  }
  c->o->may_fail[c->b] = 1;
  int st = dnnl_memory_desc_init_submemory(&s->md, &parent->md, dims, offsets);
  dnnl_record(c, st, NULL);
  if (st == dnnl_success && (s->md.ndims != parent->md.ndims || memcmp(s->md.dims, dims, sizeof dims) != 0))
    state_mismatch(c, "the submemory descriptor's dims differ from those asked for");
}

/* dnnl_memory_desc_reshape adding one dimension of size inserted_size at axis: with size 1
 * "always possible", and "the transformation of the physical memory format corresponds to the
 * transformation of the logical dimensions" (dnnl.h 1130): every element where it was, the
 * same size; any other size is refused. */
static void md_reshape(const dnnl_ctx *c, const dnnl_slot *in) {
  dnnl_slot *s = &c->o->slot[c->b];
  int n = in->md.ndims, axis = dnnl_arg_int(c, 1), size = dnnl_arg_int(c, 2);
  if (n + 1 > DNNL_MAX_NDIMS || n < 1) { dnnl_skip(c, "the descriptor has no room for another dimension"); return; }
  if (axis > n) axis = n;
  dnnl_dims_t dims = {0};
  for (int d = 0, from = 0; d <= n; d++) dims[d] = d == axis ? size : in->md.dims[from++];
  int st = dnnl_memory_desc_reshape(&s->md, &in->md, n + 1, dims);
  dnnl_record(c, st, "%d dims", n + 1);
  if (st != dnnl_success || size != 1) return;
  if (s->md.ndims != n + 1 || memcmp(s->md.dims, dims, sizeof dims) != 0) {
    state_mismatch(c, "the reshaped descriptor's dims differ from those asked for");
    return;
  }
  /* A unit dimension keeps the row-major order of the elements: each must stay where it was. */
  for (size_t e = 0, count = dnnl_data_elements(&in->md); e < count; e++)
    if (dnnl_data_offset(&s->md, e) != dnnl_data_offset(&in->md, e)) {
      dnnl_judge_mismatch(c->o, c->b, "layout-mismatch", "the reshaped descriptor puts element %zu at byte %zu, the source at byte %zu",
                          e, dnnl_data_offset(&s->md, e), dnnl_data_offset(&in->md, e));
      return;
    }
  if (dnnl_memory_desc_get_size(&s->md) != dnnl_memory_desc_get_size(&in->md))
    state_mismatch(c, "adding a unit dimension changed the descriptor's size");
}

/* dnnl_memory_desc_permute_axes by a rotation: out.dims[perm[i]] = in.dims[i] (dnnl.h 1180). */
static void md_permute(const dnnl_ctx *c, const dnnl_slot *in) {
  dnnl_slot *s = &c->o->slot[c->b];
  int n = in->md.ndims, perm[DNNL_MAX_NDIMS];
  if (n < 1) { dnnl_skip(c, "a zero descriptor has no axes"); return; }
  for (int i = 0; i < n; i++) perm[i] = (i + dnnl_arg_int(c, 1)) % n;
  int st = dnnl_memory_desc_permute_axes(&s->md, &in->md, perm);
  dnnl_record(c, st, NULL);
  if (st != dnnl_success) return;
  int same = s->md.ndims == n && dnnl_memory_desc_get_size(&s->md) == dnnl_memory_desc_get_size(&in->md);
  for (int i = 0; i < n; i++) same = same && s->md.dims[perm[i]] == in->md.dims[i];
  if (!same) state_mismatch(c, "the permuted descriptor's dims or size differ from the documented permutation");
}

/* dnnl_memory_desc_get_size: every logical element lies inside the size (not checked for a
 * descriptor with an offset, whose size oneDNN reports as 0: see dnnl_memory_extent). */
static void md_get_size(const dnnl_ctx *c, const dnnl_slot *s) {
  size_t size = dnnl_memory_desc_get_size(&s->md), width = dnnl_data_type_size(s->md.data_type);
  dnnl_record(c, DNNL_CALL_NO_STATUS, NULL);
  moco_note(&c->o->results, c->b, "%zu bytes", size);
  size_t n = dnnl_data_elements(&s->md);
  for (size_t e = 0; e < n && s->md.format_kind == dnnl_blocked && s->md.offset0 == 0; e++)
    if (dnnl_data_offset(&s->md, e) + width > size) {
      dnnl_judge_mismatch(c->o, c->b, "state-mismatch", "logical element %zu lies at byte %zu, past the size %zu", e,
                          dnnl_data_offset(&s->md, e), size);
      return;
    }
}

static void md_equal(const dnnl_ctx *c, const dnnl_slot *lhs, const dnnl_slot *rhs) {
  int r = dnnl_memory_desc_equal(&lhs->md, &rhs->md);
  dnnl_record(c, DNNL_CALL_NO_STATUS, NULL);
  moco_note(&c->o->results, c->b, "%d", r);
  if (lhs == rhs && r != 1) state_mismatch(c, "a descriptor is not equal to itself");
}

/* dnnl_memory_create on a guard-paged buffer: the memory reports that pointer and the
 * descriptor. */
static void memory_create(const dnnl_ctx *c, const dnnl_slot *md) {
  dnnl_slot *s = &c->o->slot[c->b];
  if (md->md.format_kind != dnnl_blocked) { dnnl_skip(c, "the descriptor has no concrete layout"); return; }
  s->md = md->md;
  int st = dnnl_new_memory(&s->md, c->seed, &s->memory, &s->buffer, &s->size);
  dnnl_record(c, st, "%zu bytes", s->size);
  if (st != dnnl_success) return;
  void *handle = NULL;
  const dnnl_memory_desc_t *got = NULL;
  if (dnnl_memory_get_data_handle(s->memory, &handle) != dnnl_success || handle != s->buffer)
    state_mismatch(c, "dnnl_memory_get_data_handle does not return the buffer given");
  if (dnnl_memory_get_memory_desc(s->memory, &got) != dnnl_success || !dnnl_memory_desc_equal(got, &s->md))
    state_mismatch(c, "dnnl_memory_get_memory_desc differs from the descriptor given");
}

static void memory_set_data_handle(const dnnl_ctx *c, dnnl_slot *m) {
  size_t width = dnnl_data_type_size(m->md.data_type);
  void *fresh = mlf_guard_alloc(m->size, width ? width : 1, MLF_GUARD_TAIL, "dnnl memory (set_data_handle)");
  dnnl_data_fill(&m->md, fresh, m->size, c->seed);
  int st = dnnl_memory_set_data_handle(m->memory, fresh);
  dnnl_record(c, st, NULL);
  if (st != dnnl_success) { mlf_guard_free(fresh); return; }
  mlf_guard_free(m->buffer);
  m->buffer = fresh;
  void *handle = NULL;
  if (dnnl_memory_get_data_handle(m->memory, &handle) != dnnl_success || handle != fresh)
    state_mismatch(c, "dnnl_memory_get_data_handle does not return the pointer set");
}

static void memory_get(const dnnl_ctx *c, int api, const dnnl_slot *m) {
  void *handle = NULL;
  const dnnl_memory_desc_t *got = NULL;
  if (api == MOCO_DNNL_MEMORY_GET_DATA_HANDLE) {
    int st = dnnl_memory_get_data_handle(m->memory, &handle);
    dnnl_record(c, st, NULL);
    if (st == dnnl_success && handle != m->buffer) state_mismatch(c, "dnnl_memory_get_data_handle does not return the buffer given");
    return;
  }
  int st = dnnl_memory_get_memory_desc(m->memory, &got);
  dnnl_record(c, st, NULL);
  if (st != dnnl_success) return;
  c->o->slot[c->b].md = *got;
  if (!dnnl_memory_desc_equal(got, &m->md)) state_mismatch(c, "dnnl_memory_get_memory_desc differs from the descriptor given");
}

/* Attribute setters; a mode set is read back by its getter. What changes the arithmetic is
 * recorded for the reference: the output scale, the post-ops (as appended up to now: oneDNN
 * copies them), the fpmath mode. */
static void attr_set(const dnnl_ctx *c, int api, dnnl_slot *a) {
  int st, mode = dnnl_arg_int(c, 1);
  dnnl_arithmetic *arith = &a->attr_ops.arith;
  if (api == MOCO_DNNL_ATTR_OUTPUT_SCALES) {
    float scale = dnnl_arg_real(c, 1);
    st = dnnl_primitive_attr_set_output_scales(a->attr, 1, 0, &scale);
    if (st == dnnl_success) a->attr_ops.attr_changes_values |= 1, arith->output_scale = scale;
  } else if (api == MOCO_DNNL_ATTR_POST_OPS) {
    const dnnl_slot *po = dnnl_arg_slot(c, 1);
    st = dnnl_primitive_attr_set_post_ops(a->attr, po->post_ops);
    if (st == dnnl_success) {
      a->attr_ops.attr_changes_values = (a->attr_ops.attr_changes_values & 1) | (po->appended ? 2 : 0);
      arith->n_post_ops = po->attr_ops.arith.n_post_ops;
      memcpy(arith->post_op, po->attr_ops.arith.post_op, sizeof arith->post_op);
    }
  } else if (api == MOCO_DNNL_ATTR_SCRATCHPAD_MODE) {
    dnnl_scratchpad_mode_t got = dnnl_scratchpad_mode_library;
    st = dnnl_primitive_attr_set_scratchpad_mode(a->attr, (dnnl_scratchpad_mode_t)mode);
    if (st == dnnl_success && (dnnl_primitive_attr_get_scratchpad_mode(a->attr, &got) != dnnl_success || (int)got != mode))
      state_mismatch(c, "dnnl_primitive_attr_get_scratchpad_mode differs from the mode set");
  } else {
    dnnl_fpmath_mode_t got = dnnl_fpmath_mode_strict;
    st = dnnl_primitive_attr_set_fpmath_mode(a->attr, (dnnl_fpmath_mode_t)mode);
    if (st == dnnl_success) arith->fpmath = (dnnl_fpmath_mode_t)mode;
    if (st == dnnl_success && (dnnl_primitive_attr_get_fpmath_mode(a->attr, &got) != dnnl_success || (int)got != mode))
      state_mismatch(c, "dnnl_primitive_attr_get_fpmath_mode differs from the mode set");
  }
  dnnl_record(c, st, NULL);
}

/* Post-op appends; dnnl_post_ops_len counts the successful ones, recorded in order. */
static void post_ops_append(const dnnl_ctx *c, int api, dnnl_slot *po) {
  int st;
  dnnl_arithmetic *arith = &po->attr_ops.arith;
  if (arith->n_post_ops >= DNNL_MAX_POST_OPS) {
    dnnl_skip(c, "the harness tracks no more post-ops");
    return;
  }
  dnnl_post_op op = {dnnl_eltwise, dnnl_alg_kind_undef, dnnl_arg_real(c, 1), 0, 0, 0};
  if (api == MOCO_DNNL_POST_OPS_ELTWISE) {
    op.alg = dnnl_eltwise_alg(dnnl_arg_int(c, 2)), op.alpha = dnnl_arg_real(c, 3), op.beta = dnnl_arg_real(c, 4);
    st = dnnl_post_ops_append_eltwise(po->post_ops, op.scale, op.alg, op.alpha, op.beta);
  } else if (api == MOCO_DNNL_POST_OPS_SUM) {
    op.kind = dnnl_sum;
    st = dnnl_post_ops_append_sum(po->post_ops, op.scale);
  } else {
    const dnnl_slot *like = dnnl_arg_slot(c, 2);
    int n = like->md.ndims;
    dnnl_dims_t ones = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    dnnl_memory_desc_t src1;
    if (n < 1 || dnnl_memory_desc_init_by_tag(&src1, n, ones, dnnl_f32, dnnl_tag_choice(n, 0)) != dnnl_success) {
      dnnl_skip(c, "no per-tensor source of that rank");
      return;
    }
    op = (dnnl_post_op){dnnl_binary, dnnl_binary_alg(dnnl_arg_int(c, 1)), 1, 0, 0, n};
    st = dnnl_post_ops_append_binary(po->post_ops, op.alg, &src1);
  }
  if (st == dnnl_success) po->appended++, arith->post_op[arith->n_post_ops++] = op;
  dnnl_record(c, st, "%d appended", po->appended);
}

/* Creation and release of handles: a released handle leaves its block's result. */
static void create_or_release(const dnnl_ctx *c, int api) {
  dnnl_slot *s = &c->o->slot[c->b], *h = dnnl_arg_slot(c, 0);
  int st;
  switch (api) {
    case MOCO_DNNL_ATTR_CREATE:
      st = dnnl_primitive_attr_create(&s->attr);
      s->attr_ops.arith.output_scale = 1, s->attr_ops.arith.fpmath = dnnl_default_fpmath();
      break;
    case MOCO_DNNL_ATTR_CLONE:
      st = dnnl_primitive_attr_clone(&s->attr, h->attr);
      if (st == dnnl_success) s->attr_ops = h->attr_ops;
      break;
    case MOCO_DNNL_POST_OPS_CREATE: st = dnnl_post_ops_create(&s->post_ops); break;
    case MOCO_DNNL_ATTR_DESTROY: st = dnnl_primitive_attr_destroy(h->attr); break;
    case MOCO_DNNL_POST_OPS_DESTROY: st = dnnl_post_ops_destroy(h->post_ops); break;
    default: /* MOCO_DNNL_MEMORY_DESTROY */
      st = dnnl_memory_destroy(h->memory);
      if (st == dnnl_success) mlf_guard_free(h->buffer), h->buffer = NULL;
      break;
  }
  dnnl_record(c, st, NULL);
}

void dnnl_blocks_call(const dnnl_ctx *c, int api) {
  dnnl_slot *h = dnnl_arg_slot(c, 0);
  switch (api) {
    case MOCO_DNNL_MD_INIT_BY_TAG: md_init_by_tag(c); break;
    case MOCO_DNNL_MD_SUBMEMORY: md_submemory(c, h); break;
    case MOCO_DNNL_MD_RESHAPE: md_reshape(c, h); break;
    case MOCO_DNNL_MD_PERMUTE: md_permute(c, h); break;
    case MOCO_DNNL_MD_EQUAL: md_equal(c, h, dnnl_arg_slot(c, 1)); break;
    case MOCO_DNNL_MD_GET_SIZE: md_get_size(c, h); break;
    case MOCO_DNNL_MEMORY_CREATE: memory_create(c, h); break;
    case MOCO_DNNL_MEMORY_SET_DATA_HANDLE: memory_set_data_handle(c, h); break;
    case MOCO_DNNL_MEMORY_GET_DATA_HANDLE:
    case MOCO_DNNL_MEMORY_GET_MD: memory_get(c, api, h); break;
    case MOCO_DNNL_ATTR_OUTPUT_SCALES:
    case MOCO_DNNL_ATTR_POST_OPS:
    case MOCO_DNNL_ATTR_SCRATCHPAD_MODE:
    case MOCO_DNNL_ATTR_FPMATH_MODE: attr_set(c, api, h); break;
    case MOCO_DNNL_POST_OPS_ELTWISE:
    case MOCO_DNNL_POST_OPS_SUM:
    case MOCO_DNNL_POST_OPS_BINARY: post_ops_append(c, api, h); break;
    case MOCO_DNNL_POST_OPS_LEN: {
      int n = dnnl_post_ops_len(h->post_ops);
      dnnl_record(c, DNNL_CALL_NO_STATUS, NULL);
      moco_note(&c->o->results, c->b, "%d", n);
      if (n != h->appended) state_mismatch(c, "dnnl_post_ops_len differs from the number of successful appends");
      break;
    }
    default: create_or_release(c, api); break;
  }
}

/* oneDNN backend: memory descriptors, guard-page buffers and memory objects owned by the
 * layer being run, and the reorders between the user's plain layouts and the layouts a
 * primitive chose (format "any"). */
#include <string.h>
#include "lemon_onednn_internal.h"
#include "mlf_guard.h"

/* Library layouts are 64-byte aligned, as oneDNN's own allocations are. */
#define LIB_ALIGN 64

int onednn_check(onednn_ctx *c, dnnl_status_t st, const char *what) {
  if (st != dnnl_success && c->st == dnnl_success) {
    c->st = st;
    strncpy(c->failed_what, what, sizeof c->failed_what - 1);
    c->failed_what[sizeof c->failed_what - 1] = 0;
  }
  return c->st == dnnl_success;
}

size_t onednn_count(const lemon_shape *s, uint32_t batch) {
  size_t n = batch;
  for (uint32_t k = 0; k < s->rank; k++) n *= s->dim[k];
  return n;
}

void onednn_md(dnnl_memory_desc_t *md, int nd, const dnnl_dim_t *dims, dnnl_format_tag_t tag) {
  dnnl_dims_t d = {0};
  memcpy(d, dims, (size_t)nd * sizeof *dims);
  dnnl_memory_desc_init_by_tag(md, nd, d, dnnl_f32, tag);
}

void onednn_md_channels_last(dnnl_memory_desc_t *md, const lemon_shape *s, uint32_t batch) {
  dnnl_dim_t h = 1, w = 1, ch = s->dim[s->rank - 1];
  if (s->rank == 3) h = s->dim[0], w = s->dim[1];
  if (s->rank == 2) w = s->dim[0];
  const dnnl_dim_t dims[4] = {batch, ch, h, w};
  onednn_md(md, 4, dims, dnnl_nhwc);
}

/* Takes ownership of a guard buffer until the layer ends. */
static void *own_buffer(onednn_ctx *c, void *p, int readonly) {
  if (c->n_bufs == ONEDNN_MAX_OWNED) {
    mlf_guard_free(p);
    onednn_check(c, dnnl_out_of_memory, "too many buffers in one layer");
    return NULL;
  }
  c->buf_readonly[c->n_bufs] = readonly;
  c->bufs[c->n_bufs++] = p;
  if (readonly) mlf_guard_set_readonly(p, 1);
  return p;
}

float *onednn_const_copy(onednn_ctx *c, const float *src, size_t n, const char *label) {
  if (!onednn_fine(c)) return NULL;
  float *p = mlf_guard_alloc(n * sizeof(float), sizeof(float), MLF_GUARD_TAIL, label);
  memcpy(p, src, n * sizeof(float));
  return own_buffer(c, p, 1);
}

float *onednn_scratch(onednn_ctx *c, size_t n, const char *label) {
  if (!onednn_fine(c)) return NULL;
  float *p = mlf_guard_alloc(n * sizeof(float), sizeof(float), MLF_GUARD_TAIL, label);
  memset(p, 0, n * sizeof(float));
  return own_buffer(c, p, 0);
}

/* Takes ownership of a memory object until the layer ends. */
static dnnl_memory_t own_mem(onednn_ctx *c, dnnl_status_t st, dnnl_memory_t m) {
  if (!onednn_check(c, st, "memory_create")) return NULL;
  if (c->n_mems == ONEDNN_MAX_OWNED) {
    dnnl_memory_destroy(m);
    onednn_check(c, dnnl_out_of_memory, "too many memories in one layer");
    return NULL;
  }
  return c->mems[c->n_mems++] = m;
}

dnnl_memory_t onednn_user_mem(onednn_ctx *c, const dnnl_memory_desc_t *md, const void *buf) {
  if (!onednn_fine(c)) return NULL;
  dnnl_memory_t m = NULL;
  dnnl_status_t st = dnnl_memory_create(&m, md, mlf_onednn_engine, (void *)buf);
  return own_mem(c, st, m);
}

dnnl_memory_t onednn_lib_mem(onednn_ctx *c, const dnnl_memory_desc_t *md) {
  if (!onednn_fine(c)) return NULL;
  void *p = mlf_guard_alloc(dnnl_memory_desc_get_size(md), LIB_ALIGN, MLF_GUARD_TAIL,
                            "onednn layout");
  if (!own_buffer(c, p, 0)) return NULL;
  /* Blocked layouts pad channels up to the block: those elements must read as zeros. */
  memset(p, 0, dnnl_memory_desc_get_size(md));
  return onednn_user_mem(c, md, p);
}

void onednn_reorder(onednn_ctx *c, dnnl_memory_t from, dnnl_memory_t to) {
  if (!onednn_fine(c)) return;
  const dnnl_memory_desc_t *src, *dst;
  dnnl_memory_get_memory_desc(from, &src);
  dnnl_memory_get_memory_desc(to, &dst);
  dnnl_primitive_attr_t attr = NULL;
  dnnl_primitive_desc_t pd = NULL;
  dnnl_status_t st = dnnl_primitive_attr_create(&attr);
  if (st == dnnl_success) st = dnnl_primitive_attr_set_scratchpad_mode(attr, dnnl_scratchpad_mode_user);
  if (st == dnnl_success)
    st = dnnl_reorder_primitive_desc_create(&pd, src, mlf_onednn_engine, dst, mlf_onednn_engine, attr);
  if (attr) dnnl_primitive_attr_destroy(attr);
  if (!onednn_check(c, st, "reorder")) return;
  const dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to}};
  onednn_execute(c, "reorder", pd, args, 2);
}

/* The layout pd wants for argument arg, or NULL when it is user's. */
static const dnnl_memory_desc_t *wanted_if_other(const_dnnl_primitive_desc_t pd, int arg,
                                                 dnnl_memory_t user) {
  const dnnl_memory_desc_t *want = dnnl_primitive_desc_query_md(pd, dnnl_query_exec_arg_md, arg);
  const dnnl_memory_desc_t *have;
  dnnl_memory_get_memory_desc(user, &have);
  return want && !dnnl_memory_desc_equal(want, have) ? want : NULL;
}

dnnl_memory_t onednn_input_as(onednn_ctx *c, const_dnnl_primitive_desc_t pd, int arg,
                              dnnl_memory_t user) {
  if (!onednn_fine(c)) return NULL;
  const dnnl_memory_desc_t *want = wanted_if_other(pd, arg, user);
  if (!want) return user;
  dnnl_memory_t lib = onednn_lib_mem(c, want);
  onednn_reorder(c, user, lib);
  return lib;
}

dnnl_memory_t onednn_output_as(onednn_ctx *c, const_dnnl_primitive_desc_t pd, int arg,
                               dnnl_memory_t user) {
  if (!onednn_fine(c)) return NULL;
  const dnnl_memory_desc_t *want = wanted_if_other(pd, arg, user);
  return want ? onednn_lib_mem(c, want) : user;
}

void onednn_output_back(onednn_ctx *c, dnnl_memory_t lib, dnnl_memory_t user) {
  if (lib != user) onednn_reorder(c, lib, user);
}

void onednn_protect_inputs(onednn_ctx *c, int readonly) {
  for (uint32_t k = 0; k < c->l->geo.n_inputs; k++)
    if (c->in[k] != c->model_input) mlf_guard_set_readonly((void *)c->in[k], readonly);
}

void onednn_release(onednn_ctx *c) {
  for (size_t k = 0; k < c->n_mems; k++) dnnl_memory_destroy(c->mems[k]);
  int slack_ok = 1;
  for (size_t k = 0; k < c->n_bufs; k++) {
    if (c->buf_readonly[k]) mlf_guard_set_readonly(c->bufs[k], 0);
    slack_ok &= mlf_guard_canary_ok(c->bufs[k]);
    mlf_guard_free(c->bufs[k]);
  }
  c->n_mems = c->n_bufs = 0;
  if (!slack_ok) onednn_check(c, dnnl_runtime_error, "write past a buffer into its slack");
}

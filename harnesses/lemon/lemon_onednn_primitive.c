/* oneDNN backend: primitive descriptors of the run's variant (the v-th implementation of the
 * primitive descriptor iterator, the last one where it offers fewer), user scratchpads in
 * guard pages, execution, and the layers' activations as eltwise (post-op or primitive). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_onednn_cache.h"
#include "lemon_onednn_internal.h"
#include "mlf_guard.h"
#include "mlf_profile.h"
#include "mlf_report.h"

int onednn_eltwise_alg(Mlf__Lemon__Activation act, double act_alpha, double act_beta,
                       dnnl_alg_kind_t *alg, float *alpha, float *beta) {
  /* Algorithms of the Activation enum, in its order; LINEAR (identity) has none. */
  static const dnnl_alg_kind_t algs[] = {
      dnnl_alg_kind_undef, dnnl_eltwise_relu,  dnnl_eltwise_tanh,         dnnl_eltwise_elu,
      dnnl_eltwise_square, dnnl_eltwise_abs,   dnnl_eltwise_sqrt,         dnnl_eltwise_bounded_relu,
      dnnl_eltwise_soft_relu, dnnl_eltwise_logistic, dnnl_eltwise_exp,    dnnl_eltwise_gelu_tanh,
      dnnl_eltwise_swish,  dnnl_eltwise_log,   dnnl_eltwise_clip,         dnnl_eltwise_pow,
      dnnl_eltwise_gelu_erf, dnnl_eltwise_round, dnnl_eltwise_logsigmoid, dnnl_eltwise_mish,
      dnnl_eltwise_hardswish, dnnl_eltwise_linear};
  if ((unsigned)act >= sizeof algs / sizeof *algs || algs[act] == dnnl_alg_kind_undef) return 0;
  *alg = algs[act];
  *alpha = (float)act_alpha;
  *beta = (float)act_beta;
  return 1;
}

/* Appends "<layer>:<impl>" to the run's list of implementations. */
static void note(onednn_ctx *c, const char *what, const_dnnl_primitive_desc_t pd) {
  const char *impl = "?";
  dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
  size_t used = strlen(c->info->impls);
  snprintf(c->info->impls + used, sizeof c->info->impls - used, "%s%zu.%s:%s",
           used ? " " : "", c->layer, what, impl);
}

void onednn_note_impl(onednn_ctx *c, const char *what, const_dnnl_primitive_desc_t pd) {
  note(c, what, pd);
}

/* An attribute with a user scratchpad and, when fuse, the layer's activation as post-op. */
static dnnl_status_t make_attr(onednn_ctx *c, int fuse, dnnl_primitive_attr_t *attr) {
  dnnl_status_t st = dnnl_primitive_attr_create(attr);
  if (st == dnnl_success) st = dnnl_primitive_attr_set_scratchpad_mode(*attr, dnnl_scratchpad_mode_user);
  if (st != dnnl_success || !fuse) return st;
  dnnl_alg_kind_t alg;
  float alpha, beta;
  onednn_eltwise_alg(c->l->act, c->l->act_alpha, c->l->act_beta, &alg, &alpha, &beta);
  dnnl_post_ops_t ops;
  st = dnnl_post_ops_create(&ops);
  if (st != dnnl_success) return st;
  st = dnnl_post_ops_append_eltwise(ops, 1.0f, alg, alpha, beta);
  if (st == dnnl_success) st = dnnl_primitive_attr_set_post_ops(*attr, ops);
  dnnl_post_ops_destroy(ops);
  return st;
}

/* The v-th implementation (or the last) of op_desc under attr; sets more_variants when the
 * iterator offers one past it. */
static dnnl_status_t iterate(onednn_ctx *c, const_dnnl_op_desc_t op_desc,
                             const_dnnl_primitive_attr_t attr, dnnl_primitive_desc_t *pd) {
  dnnl_primitive_desc_iterator_t it;
  dnnl_status_t st = dnnl_primitive_desc_iterator_create(&it, op_desc, attr, mlf_onednn_engine, NULL);
  if (st != dnnl_success) return st;
  *pd = dnnl_primitive_desc_iterator_fetch(it);
  unsigned k = 0;
  for (; k < c->variant && *pd; k++) {
    if (dnnl_primitive_desc_iterator_next(it) != dnnl_success) break;
    dnnl_primitive_desc_destroy(*pd);
    *pd = dnnl_primitive_desc_iterator_fetch(it);
  }
  if (k == c->variant && *pd && dnnl_primitive_desc_iterator_next(it) == dnnl_success)
    c->info->more_variants = 1;
  dnnl_primitive_desc_iterator_destroy(it);
  return *pd ? dnnl_success : dnnl_runtime_error;
}

/* oneDNN 2.6.3's jit:sse41 pooling with an eltwise post-op crashes in dnnl_primitive_create
 * (harnesses/lemon/known_findings.tsv, "sse41-pooling-post-op-crash"): unless MLF_REPORT_KNOWN=1 the
 * backend notes the known finding and runs that layer's activation as its own primitive. */
static int known_crash(const char *what, const_dnnl_primitive_desc_t pd) {
  const char *impl = "";
  dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
  return strcmp(what, "pooling") == 0 && strcmp(impl, "jit:sse41") == 0 && !mlf_report_known();
}

/* The search onednn_pd_of caches: the variant's descriptor with the activation fused when
 * asked and possible, else without. */
static dnnl_status_t search(onednn_ctx *c, const char *what, const_dnnl_op_desc_t op_desc,
                            int want_fuse, dnnl_primitive_desc_t *pd, onednn_pd_outcome *o) {
  dnnl_status_t st = dnnl_unimplemented;
  int more = c->info->more_variants;
  *pd = NULL;
  c->info->more_variants = 0;
  for (int fuse = want_fuse; fuse >= 0 && st == dnnl_unimplemented; fuse--) {
    dnnl_primitive_attr_t attr = NULL;
    st = make_attr(c, fuse, &attr);
    if (st == dnnl_success) st = iterate(c, op_desc, attr, pd);
    if (attr) dnnl_primitive_attr_destroy(attr);
    if (st == dnnl_success && fuse && known_crash(what, *pd)) {
      dnnl_primitive_desc_destroy(*pd);
      *pd = NULL;
      st = dnnl_unimplemented;
      o->known = 1;
    }
    o->fused = st == dnnl_success && fuse;
  }
  o->more = c->info->more_variants;
  c->info->more_variants = more;
  return st;
}

/* The cache key of a search: variant, activation offered, descriptor (mlf_report_known(),
 * which known_crash reads, is fixed for the process). */
typedef struct {
  unsigned variant;
  int want_fuse;
  dnnl_alg_kind_t alg;
  float alpha, beta;
} search_key;

dnnl_primitive_desc_t onednn_pd_of(onednn_ctx *c, const char *what, const_dnnl_op_desc_t op_desc,
                                   size_t desc_size, int fuse_activation) {
  if (!onednn_fine(c)) return NULL;
  search_key k;
  memset(&k, 0, sizeof k);
  k.variant = c->variant, k.want_fuse = fuse_activation && c->act_pending;
  if (k.want_fuse) onednn_eltwise_alg(c->l->act, c->l->act_alpha, c->l->act_beta, &k.alg, &k.alpha, &k.beta);
  unsigned char *key = malloc(sizeof k + desc_size);
  if (!key) abort();
  memcpy(key, &k, sizeof k);
  memcpy(key + sizeof k, op_desc, desc_size);
  onednn_pd_outcome o = {0};
  double t0 = mlf_profile_begin();
  dnnl_status_t st = dnnl_success;
  dnnl_primitive_desc_t pd = onednn_cache_find(key, sizeof k + desc_size, &o);
  if (!pd) {
    st = search(c, what, op_desc, k.want_fuse, &pd, &o);
    if (st == dnnl_success) onednn_cache_keep(key, sizeof k + desc_size, pd, &o);
  }
  mlf_profile_end(t0);
  free(key);
  if (o.known)
    snprintf(c->info->known, sizeof c->info->known, "layer %zu: sse41-pooling-post-op-crash", c->layer);
  if (o.fused) c->act_pending = 0;
  if (o.more) c->info->more_variants = 1;
  if (!onednn_check(c, st, what)) return NULL;
  note(c, what, pd);
  return pd;
}

void onednn_execute(onednn_ctx *c, const char *what, dnnl_primitive_desc_t pd,
                    const dnnl_exec_arg_t *args, int n_args) {
  dnnl_primitive_t prim = NULL;
  dnnl_status_t created = dnnl_success;
  int cached = onednn_cache_owns(pd);
  if (!onednn_fine(c)) {
    if (!cached) dnnl_primitive_desc_destroy(pd);
    return;
  }
  dnnl_exec_arg_t all[16];
  memcpy(all, args, (size_t)n_args * sizeof *args);
  const dnnl_memory_desc_t *pad = dnnl_primitive_desc_query_md(pd, dnnl_query_scratchpad_md, 0);
  if (pad && dnnl_memory_desc_get_size(pad) > 0)
    all[n_args++] = (dnnl_exec_arg_t){DNNL_ARG_SCRATCHPAD, onednn_lib_mem(c, pad)};
  double t0 = mlf_profile_begin();
  if (onednn_fine(c))
    created = cached ? onednn_cache_primitive(pd, &prim) : dnnl_primitive_create(&prim, pd);
  mlf_profile_end(t0);
  if (onednn_fine(c) && onednn_check(c, created, what)) {
    onednn_protect_inputs(c, 1);
    t0 = mlf_profile_begin();
    dnnl_status_t st = dnnl_primitive_execute(prim, mlf_onednn_stream, n_args, all);
    if (st == dnnl_success) st = dnnl_stream_wait(mlf_onednn_stream);
    mlf_profile_end(t0);
    onednn_protect_inputs(c, 0);
    onednn_check(c, st, what);
  }
  if (cached) return;
  if (prim) dnnl_primitive_destroy(prim);
  dnnl_primitive_desc_destroy(pd);
}

void onednn_run_src_dst(onednn_ctx *c, const char *what, dnnl_primitive_desc_t pd,
                        const dnnl_memory_desc_t *src, const dnnl_memory_desc_t *dst) {
  if (!pd) return;
  const dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, onednn_user_mem(c, src, c->in[0])},
                                   {DNNL_ARG_DST, onednn_user_mem(c, dst, c->out)}};
  onednn_execute(c, what, pd, args, 2);
}

/* An eltwise primitive for the layer's activation from src to dst (dst may be src). */
static void eltwise(onednn_ctx *c, const float *src, float *dst) {
  if (!onednn_fine(c)) return;
  dnnl_alg_kind_t alg;
  float alpha, beta;
  if (!onednn_eltwise_alg(c->l->act, c->l->act_alpha, c->l->act_beta, &alg, &alpha, &beta)) return;
  dnnl_memory_desc_t md;
  onednn_md_channels_last(&md, &c->l->geo.out, c->g->batch);
  dnnl_eltwise_desc_t desc;
  if (!onednn_check(c, dnnl_eltwise_forward_desc_init(&desc, dnnl_forward_inference, alg, &md,
                                                      alpha, beta), "eltwise"))
    return;
  dnnl_primitive_desc_t pd = onednn_pd(c, "eltwise", &desc, 0);
  if (!pd) return;
  const dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, onednn_user_mem(c, &md, src)},
                                   {DNNL_ARG_DST, onednn_user_mem(c, &md, dst)}};
  onednn_execute(c, "eltwise", pd, args, 2);
}

void onednn_finish_activation(onednn_ctx *c) {
  if (!c->act_pending) return;
  c->act_pending = 0;
  eltwise(c, c->out, c->out);
}

void onednn_eltwise(onednn_ctx *c, const float *src, float *dst) {
  eltwise(c, src, dst);
}

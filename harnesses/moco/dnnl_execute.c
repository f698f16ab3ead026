/* The DNNL_PRIMITIVES blocks on primitives (dnnl_blocks.h): creation, release, and execution
 * with its oracles. An execution passes every argument the primitive descriptor asks for
 * (dnnl_query_exec_arg_md): the program's src and dst memories where their descriptors equal
 * the primitive's, guard-paged memories made here otherwise (int8 weights with compensation
 * by a reorder from plain ones). After it: no canary touched; a plain reorder (same data type,
 * no attribute that changes values) copied every element and, reordered back by a second
 * reorder, gives its source bit for bit; an eltwise of an exact algorithm on f32 equals the
 * reference (dnnl_data.h); a convolution, inner product or matmul passes dnnl_weighted.h. Each
 * execution feeds back the implementation oneDNN ran and the weighted verdict. */
#include <stdio.h>
#include <string.h>
#include "dnnl_blocks.h"
#include "dnnl_data.h"
#include "dnnl_judge.h"
#include "dnnl_weighted.h"
#include "libraries/onednn/mlf_onednn_session.h"
#include "mlf_feedback.h"
#include "mlf_guard.h"
#include "mlf_report.h"
#include "moco_dnnl_spec.h"

#define MAX_EXEC_ARGS 24

typedef struct {
  dnnl_exec_arg_t args[MAX_EXEC_ARGS];
  const dnnl_memory_desc_t *md[MAX_EXEC_ARGS];
  void *buffer[MAX_EXEC_ARGS];
  int owned[MAX_EXEC_ARGS];  /* made here (released after the execution) */
  int n, src, dst;           /* indices of the source and destination, or -1 */
  /* The plain weights reordered into weights whose layout carries extra data (see
   * reordered_weights), or plain_memory NULL. */
  dnnl_memory_desc_t plain_md;
  dnnl_memory_t plain_memory;
  void *plain_buffer;
} exec_args;

/* The arguments an execution may need, DNNL_ARG_DST last. */
static int candidate(int i) {
  static const int ids[] = {DNNL_ARG_SRC, DNNL_ARG_SRC_1, DNNL_ARG_MULTIPLE_SRC, DNNL_ARG_MULTIPLE_SRC + 1,
                            DNNL_ARG_MULTIPLE_SRC + 2, DNNL_ARG_WEIGHTS, DNNL_ARG_BIAS, DNNL_ARG_MEAN,
                            DNNL_ARG_VARIANCE, DNNL_ARG_SCALE, DNNL_ARG_SHIFT, DNNL_ARG_WORKSPACE,
                            DNNL_ARG_SCRATCHPAD};
  int n = (int)(sizeof ids / sizeof *ids);
  if (i < n) return ids[i];
  if (i < n + DNNL_MAX_POST_OPS) return DNNL_ARG_ATTR_MULTIPLE_POST_OP(i - n) | DNNL_ARG_SRC_1;
  return i == n + DNNL_MAX_POST_OPS ? DNNL_ARG_DST : 0;
}

static void release_args(exec_args *a) {
  for (int i = 0; i < a->n; i++)
    if (a->owned[i]) dnnl_memory_destroy(a->args[i].memory), mlf_guard_free(a->buffer[i]);
  if (a->plain_memory) dnnl_memory_destroy(a->plain_memory), mlf_guard_free(a->plain_buffer);
}

static int run(const_dnnl_primitive_t prim, int n, const dnnl_exec_arg_t *args) {
  int st = dnnl_primitive_execute(prim, mlf_onednn_stream, n, args);
  return st == dnnl_success ? dnnl_stream_wait(mlf_onednn_stream) : st;
}

/* A reorder of memory from (laid out by from_md) into memory to (to_md): its status. */
static int reorder_into(dnnl_memory_t from, const dnnl_memory_desc_t *from_md, dnnl_memory_t to, const dnnl_memory_desc_t *to_md) {
  dnnl_primitive_desc_t pd = NULL;
  dnnl_primitive_t prim = NULL;
  dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to}};
  int st = dnnl_reorder_primitive_desc_create(&pd, from_md, mlf_onednn_engine, to_md, mlf_onednn_engine, NULL);
  if (st == dnnl_success) st = dnnl_primitive_create(&prim, pd);
  if (st == dnnl_success) st = run(prim, 2, args);
  dnnl_primitive_destroy(prim);
  dnnl_primitive_desc_destroy(pd);
  return st;
}

/* Weights k whose layout carries extra data (the s8 compensation of an int8 convolution) are
 * made the documented way: "The compensation is precomputed by a reorder during quantization
 * of the weights, and embedded into them" (oneDNN 2.6 doc/advanced/int8_computations.md), from
 * plain weights filled from seed, which stay for the reference. */
static int reordered_weights(exec_args *a, int k, uint64_t seed) {
  const dnnl_memory_desc_t *md = a->md[k];
  size_t size;
  int st = dnnl_memory_desc_init_by_tag(&a->plain_md, md->ndims, md->dims, md->data_type, dnnl_tag_choice(md->ndims, 0));
  if (st == dnnl_success) st = dnnl_new_memory(&a->plain_md, seed, &a->plain_memory, &a->plain_buffer, &size);
  return st == dnnl_success ? reorder_into(a->plain_memory, &a->plain_md, a->args[k].memory, md) : st;
}

/* 1 when argument id is the source of a binary post-op of op: a user asks only for those (the
 * descriptor oneDNN 2.6.3 returns for another post-op is uninitialized: known finding, see
 * query_md in dnnl_pd.c). */
static int binary_post_op_or_other(const dnnl_op_info *op, int id) {
  int idx = id / DNNL_ARG_ATTR_MULTIPLE_POST_OP_BASE - 1;
  return idx < 0 || (idx < op->arith.n_post_ops && op->arith.post_op[idx].src1_ndims > 0);
}

/* Fills a with the primitive's arguments; 0, or the status of a memory the harness could not
 * make on a queried descriptor. */
static int gather_args(const dnnl_ctx *c, const dnnl_op_info *op, const_dnnl_primitive_desc_t pd, dnnl_slot *src,
                       dnnl_slot *dst, exec_args *a) {
  a->n = 0, a->src = a->dst = -1, a->plain_memory = NULL, a->plain_buffer = NULL;
  for (int i = 0, id; (id = candidate(i)) != 0; i++) {
    if (!binary_post_op_or_other(op, id)) continue;
    const dnnl_memory_desc_t *md = dnnl_primitive_desc_query_md(pd, dnnl_query_exec_arg_md, id);
    if (!md || md->ndims == 0 || a->n == MAX_EXEC_ARGS) continue;
    int is_src = (id == DNNL_ARG_SRC || id == DNNL_ARG_MULTIPLE_SRC) && a->src < 0;
    dnnl_slot *program = is_src ? src : id == DNNL_ARG_DST && dst != src ? dst : NULL;
    int k = a->n;
    a->args[k].arg = id;
    a->md[k] = md;
    if (program && dnnl_memory_desc_equal(md, &program->md)) {
      a->args[k].memory = program->memory, a->buffer[k] = program->buffer, a->owned[k] = 0;
      a->md[k] = &program->md;
    } else {
      size_t size;
      int st = dnnl_new_memory(md, c->seed + (uint64_t)id, &a->args[k].memory, &a->buffer[k], &size);
      if (st != dnnl_success) return st;
      a->owned[k] = 1;
    }
    if (is_src) a->src = k;
    if (id == DNNL_ARG_DST) a->dst = k;
    a->n++;
    int st = id == DNNL_ARG_WEIGHTS && a->owned[k] && md->extra.flags ? reordered_weights(a, k, c->seed + (uint64_t)id)
                                                                      : dnnl_success;
    if (st != dnnl_success) return st;
  }
  return dnnl_success;
}

/* The destination reordered back to the source's layout by a second reorder, compared with
 * the source bit for bit. */
static void round_trip(const dnnl_ctx *c, const exec_args *a) {
  const dnnl_memory_desc_t *src = a->md[a->src], *dst = a->md[a->dst];
  dnnl_memory_t back = NULL;
  size_t size = dnnl_memory_extent(src);
  void *buffer = mlf_guard_alloc(size, 1, MLF_GUARD_TAIL, "dnnl round trip");
  memset(buffer, 0, size);
  int st = dnnl_memory_create(&back, src, mlf_onednn_engine, buffer);
  if (st == dnnl_success) st = reorder_into(a->args[a->dst].memory, dst, back, src);
  if (st == dnnl_success) dnnl_judge_round_trip(c->o, c->b, src, a->buffer[a->src], buffer);
  else if (st != dnnl_unimplemented)
    dnnl_judge_mismatch(c->o, c->b, "round-trip-error", "the reorder back returned %s", dnnl_judge_status_name(st));
  if (!mlf_guard_canary_ok(buffer) && c->o->canary_block == SIZE_MAX) c->o->canary_block = c->b;
  dnnl_memory_destroy(back);
  mlf_guard_free(buffer);
}

/* Argument id of a (md NULL when the primitive takes none). */
static dnnl_tensor arg_tensor(const exec_args *a, int id) {
  for (int i = 0; i < a->n; i++)
    if (a->args[i].arg == id) return (dnnl_tensor){a->md[i], a->buffer[i]};
  return (dnnl_tensor){NULL, NULL};
}

/* The weighted oracle (dnnl_weighted.h) on a's arguments: its verdict. */
static int judge_weighted(const dnnl_ctx *c, const dnnl_op_info *op, const exec_args *a) {
  dnnl_weighted_args w = {arg_tensor(a, DNNL_ARG_SRC), arg_tensor(a, DNNL_ARG_WEIGHTS), arg_tensor(a, DNNL_ARG_BIAS),
                          arg_tensor(a, DNNL_ARG_DST), {a->plain_memory ? &a->plain_md : NULL, a->plain_buffer}};
  return dnnl_weighted_judge(c, op, &w);
}

/* The oracles of one successful reorder or eltwise. */
static void judge_values(const dnnl_ctx *c, const dnnl_op_info *op, const exec_args *a) {
  if (a->src < 0 || a->dst < 0) return;
  const dnnl_memory_desc_t *src = a->md[a->src], *dst = a->md[a->dst];
  const void *in = a->buffer[a->src], *out = a->buffer[a->dst];
  int reorder = op->api == MOCO_DNNL_PD_REORDER || op->api == MOCO_DNNL_PD_REORDER_ATTR;
  if (reorder && !op->attr_changes_values && src->data_type == dst->data_type) {
    size_t e = dnnl_data_first_difference(src, in, dst, out);
    if (e != SIZE_MAX) dnnl_judge_mismatch(c->o, c->b, "reorder-mismatch", "logical element %zu differs between source and destination", e);
    else round_trip(c, a);
  }
  if (op->api != MOCO_DNNL_PD_ELTWISE || !dnnl_data_eltwise_exact(op->alg) ||
      src->data_type != dnnl_f32 || dst->data_type != dnnl_f32)
    return;
  for (size_t e = 0, n = dnnl_data_elements(src); e < n; e++) {
    float x = dnnl_data_f32(src, in, e), got = dnnl_data_f32(dst, out, e);
    float want = dnnl_data_eltwise_reference(op->alg, op->alpha, op->beta, x);
    if (got != want && !(got != got && want != want)) {
      /* Known finding (harnesses/moco/known_findings.tsv): oneDNN 2.6.3's eltwise (ref:any)
       * on a descriptor with an offset (a submemory) returns success and computes nothing. */
      int known = src->offset0 != 0 || dst->offset0 != 0;
      dnnl_judge_mismatch(c->o, c->b, known ? "eltwise-on-submemory-not-computed" : "reference-mismatch", "element %zu: f(%.9g) = %.9g, the reference %.9g (alpha %g, beta %g)",
                          e, (double)x, (double)got, (double)want, (double)op->alpha, (double)op->beta);
      return;
    }
  }
}

/* Known finding (harnesses/moco/known_findings.tsv): oneDNN 2.6.3's sum (its ref:any
 * implementation) with a destination other than f32 and a source whose descriptor has an
 * offset (a submemory) dereferences a null pointer when executed. 1 when the execution of op
 * with arguments a is that one. */
static int sum_of_submemory(const dnnl_op_info *op, const exec_args *a) {
  if (op->api != MOCO_DNNL_PD_SUM || a->dst < 0 || a->md[a->dst]->data_type == dnnl_f32) return 0;
  for (int i = 0; i < a->n; i++)
    if (a->args[i].arg >= DNNL_ARG_MULTIPLE_SRC && a->args[i].arg < DNNL_ARG_MULTIPLE_SRC + 3 && a->md[i]->offset0 != 0)
      return 1;
  return 0;
}

/* Semantic feedback: the implementation oneDNN ran for the operation (its kernel and ISA,
 * which coverage cannot see inside the binary library) and the weighted reference's verdict
 * (-1: none), so that a program reaching another kernel or verdict is kept. */
static void implementation_feedback(const dnnl_op_info *op, const_dnnl_primitive_desc_t pd, int verdict) {
  const char *impl = NULL;
  char name[96];
  if (dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl) != dnnl_success || !impl) impl = "?";
  snprintf(name, sizeof name, "moco-dnnl-exec-%s", impl);
  mlf_feedback_hit(mlf_feature(name, (uint32_t)op->api, (uint32_t)(verdict + 1)));
}

static void execute(const dnnl_ctx *c, const dnnl_slot *p, dnnl_slot *src, dnnl_slot *dst) {
  const_dnnl_primitive_desc_t pd = NULL;
  exec_args a;
  int st = dnnl_primitive_get_primitive_desc(p->primitive, &pd);
  if (st != dnnl_success) { dnnl_record(c, st, "dnnl_primitive_get_primitive_desc"); return; }
  st = gather_args(c, &p->op, pd, src, dst, &a);
  if (st != dnnl_success) { dnnl_record(c, st, "dnnl_memory_create on a queried descriptor"); release_args(&a); return; }
  if (sum_of_submemory(&p->op, &a)) {
    dnnl_judge_mismatch(c->o, c->b, "sum-of-submemory-crashes",
                        "a sum into %s of sources with an offset: oneDNN 2.6.3 dereferences a null pointer%s",
                        dnnl_data_type_size(a.md[a.dst]->data_type) == 2 ? "a 16-bit type" : "an integer type",
                        mlf_report_known() ? "" : " (not executed; MLF_REPORT_KNOWN=1 executes it)");
    if (!mlf_report_known()) { dnnl_skip(c, "known crash"); release_args(&a); return; }
  }
  st = run(p->primitive, a.n, a.args);
  dnnl_record(c, st, "%d args, src %s, dst %s", a.n, a.src >= 0 && !a.owned[a.src] ? "the program's" : "the harness's",
              a.dst >= 0 && !a.owned[a.dst] ? "the program's" : "the harness's");
  for (int i = 0; i < a.n; i++)
    if (!mlf_guard_canary_ok(a.buffer[i]) && c->o->canary_block == SIZE_MAX) c->o->canary_block = c->b;
  if (st == dnnl_success) {
    judge_values(c, &p->op, &a);
    implementation_feedback(&p->op, pd, p->op.shape.kind != DNNL_WEIGHTED_NONE ? judge_weighted(c, &p->op, &a) : -1);
  }
  release_args(&a);
}

void dnnl_execute_call(const dnnl_ctx *c, int api) {
  dnnl_slot *s = &c->o->slot[c->b], *h = dnnl_arg_slot(c, 0);
  if (api == MOCO_DNNL_PRIMITIVE_CREATE) {
    dnnl_record(c, dnnl_primitive_create(&s->primitive, h->pd), NULL);
    s->op = h->op;
  } else if (api == MOCO_DNNL_PRIMITIVE_DESTROY) {
    dnnl_record(c, dnnl_primitive_destroy(h->primitive), NULL);
  } else {
    execute(c, h, dnnl_arg_slot(c, 1), dnnl_arg_slot(c, 2));
  }
}

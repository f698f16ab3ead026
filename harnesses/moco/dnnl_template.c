/* The DNNL_PRIMITIVES template (dnnl_template.h): the body's blocks in order, each skipped
 * when a handle it needs was never made (its creator failed, was skipped or was refused), and
 * the tear-down that releases every handle the program left. */
#include "dnnl_template.h"
#include <string.h>
#include "dnnl_blocks.h"
#include "dnnl_data.h"
#include "libraries/onednn/mlf_onednn_identity.h"
#include "libraries/onednn/mlf_onednn_session.h"
#include "mlf_guard.h"
#include "moco_dnnl_spec.h"

/* Releases the object of block b's slot by the handle type its API returns. */
static void release(dnnl_slot *s, const char *type) {
  if (strcmp(type, "dnnl_memory") == 0) dnnl_memory_destroy(s->memory), mlf_guard_free(s->buffer);
  else if (strcmp(type, "dnnl_attr") == 0) dnnl_primitive_attr_destroy(s->attr);
  else if (strcmp(type, "dnnl_post_ops") == 0) dnnl_post_ops_destroy(s->post_ops);
  else if (strcmp(type, "dnnl_pd") == 0) dnnl_primitive_desc_destroy(s->pd);
  else if (strcmp(type, "dnnl_primitive") == 0) dnnl_primitive_destroy(s->primitive);
}

/* 1 when every handle block k needs exists (otherwise the block is skipped, noted). */
static int handles_present(const dnnl_ctx *c, const moco_api *a) {
  for (unsigned i = 0; i < a->n_params; i++)
    if (a->params[i].kind == MOCO_HANDLE && !dnnl_arg_slot(c, i)) {
      dnnl_skip(c, "a handle it needs was never made");
      return 0;
    }
  return 1;
}

/* After block b: its handle becomes its result; a handle it released leaves its creator's. */
static void account(const dnnl_ctx *c, const moco_api *a) {
  dnnl_outcome *o = c->o;
  if (o->status[c->b] != dnnl_success) return;
  if (a->returns && strcmp(a->returns, "dnnl_md") != 0) o->created++;
  if (a->returns) o->results.block[c->b].handle = &o->slot[c->b];
  if (a->frees) {
    o->results.block[c->k->args[a->frees - 1]->ref].handle = NULL;
    o->destroyed++;
  }
}

int dnnl_template_run(const Mlf__Moco__Program *p, dnnl_outcome *o, char *identity, size_t len) {
  memset(o, 0, sizeof *o);
  o->canary_block = SIZE_MAX;
  if (mlf_onednn_open(identity, len) != 0) return -1;
  o->isa = mlf_onednn_isa_name(dnnl_get_effective_cpu_isa());
  const moco_spec *spec = &moco_dnnl_spec;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    dnnl_ctx c = {p, o, b, p->blocks[b], p->data_seed * 1000003u + b};
    int api = moco_api_index(spec, c.k->api);
    if (api < 0 || !handles_present(&c, &spec->apis[api])) continue;
    if (api < MOCO_DNNL_PD_REORDER) dnnl_blocks_call(&c, api);
    else if (api < MOCO_DNNL_PRIMITIVE_CREATE) dnnl_pd_call(&c, api);
    else dnnl_execute_call(&c, api);
    account(&c, &spec->apis[api]);
  }
  for (size_t b = p->n_blocks < MOCO_MAX_BLOCKS ? p->n_blocks : MOCO_MAX_BLOCKS; b-- > 0;) {
    int api = moco_api_index(spec, p->blocks[b]->api);
    const char *type = api >= 0 ? spec->apis[api].returns : NULL;
    if (!type || !o->results.block[b].handle) continue;
    if (strcmp(type, "dnnl_md") != 0) o->released++;
    release(&o->slot[b], type);
    o->results.block[b].handle = NULL;
  }
  return 0;
}

int dnnl_template_still_usable(void) {
  dnnl_dims_t dims = {2, 3, 4, 5};
  dnnl_memory_desc_t nchw, nhwc;
  dnnl_memory_t mem[3] = {NULL, NULL, NULL};
  void *buf[3] = {NULL, NULL, NULL};
  size_t size;
  dnnl_primitive_desc_t pd[2] = {NULL, NULL};
  dnnl_primitive_t prim[2] = {NULL, NULL};
  int ok = dnnl_memory_desc_init_by_tag(&nchw, 4, dims, dnnl_f32, dnnl_nchw) == dnnl_success &&
           dnnl_memory_desc_init_by_tag(&nhwc, 4, dims, dnnl_f32, dnnl_nhwc) == dnnl_success &&
           dnnl_new_memory(&nchw, 1, &mem[0], &buf[0], &size) == dnnl_success &&
           dnnl_new_memory(&nhwc, 2, &mem[1], &buf[1], &size) == dnnl_success &&
           dnnl_new_memory(&nchw, 3, &mem[2], &buf[2], &size) == dnnl_success;
  for (int i = 0; i < 2 && ok; i++) {
    const dnnl_memory_desc_t *from = i ? &nhwc : &nchw, *to = i ? &nchw : &nhwc;
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, mem[i]}, {DNNL_ARG_TO, mem[i + 1]}};
    ok = dnnl_reorder_primitive_desc_create(&pd[i], from, mlf_onednn_engine, to, mlf_onednn_engine, NULL) == dnnl_success &&
         dnnl_primitive_create(&prim[i], pd[i]) == dnnl_success &&
         dnnl_primitive_execute(prim[i], mlf_onednn_stream, 2, args) == dnnl_success &&
         dnnl_stream_wait(mlf_onednn_stream) == dnnl_success;
  }
  ok = ok && dnnl_data_first_difference(&nchw, buf[0], &nchw, buf[2]) == SIZE_MAX;
  for (int i = 0; i < 2; i++) dnnl_primitive_destroy(prim[i]), dnnl_primitive_desc_destroy(pd[i]);
  for (int i = 0; i < 3; i++) dnnl_memory_destroy(mem[i]), mlf_guard_free(buf[i]);
  return ok;
}

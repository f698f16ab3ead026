/* Argument resolution, results, the readable program and semantic feedback of the MoCo
 * harnesses (moco_run.h). */
#include "moco_run.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "mlf_feedback.h"

static const Mlf__Moco__Value *arg(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args ? k->args[i] : NULL;
}

static const moco_result *referenced(const Mlf__Moco__Value *v, const moco_results *r) {
  return v && v->kind_case == MLF__MOCO__VALUE__KIND_REF && v->ref < MOCO_MAX_BLOCKS ? &r->block[v->ref] : NULL;
}

double moco_arg_number(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  const moco_result *from = referenced(arg(k, i), r);
  if (from) return from->has_number ? from->number : 0;
  return arg(k, i) && arg(k, i)->kind_case != MLF__MOCO__VALUE__KIND_REF ? moco_value_number(arg(k, i)) : 0;
}

const char *moco_arg_text(const Mlf__Moco__Block *k, unsigned i) {
  const Mlf__Moco__Value *v = arg(k, i);
  return v && v->kind_case == MLF__MOCO__VALUE__KIND_TEXT ? v->text : "";
}

void *moco_arg_handle(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  const moco_result *from = referenced(arg(k, i), r);
  return from ? from->handle : NULL;
}

void moco_note(moco_results *r, size_t b, const char *fmt, ...) {
  if (b >= MOCO_MAX_BLOCKS) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->block[b].note, sizeof r->block[b].note, fmt, ap);
  va_end(ap);
  r->block[b].reached = 1;
}

const char *moco_negative_call(const Mlf__Moco__Program *p) {
  if (!p->n_derivation) return NULL;
  const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
  return s->negative && s->block < p->n_blocks ? p->blocks[s->block]->api : NULL;
}

/* One value as it reads in a listing: 12, 0.5, "text", #3 (block 3's result). */
static int print_value(char *out, size_t n, const Mlf__Moco__Value *v) {
  if (!v) return snprintf(out, n, "-");
  switch (v->kind_case) {
    case MLF__MOCO__VALUE__KIND_INTEGER: return snprintf(out, n, "%lld", (long long)v->integer);
    case MLF__MOCO__VALUE__KIND_REAL: return snprintf(out, n, "%.17g", v->real);
    case MLF__MOCO__VALUE__KIND_TEXT: return snprintf(out, n, "\"%.40s%s\"", v->text, strlen(v->text) > 40 ? "..." : "");
    case MLF__MOCO__VALUE__KIND_REF: return snprintf(out, n, "#%u", v->ref);
    default: return snprintf(out, n, "-");
  }
}

static void log_block(mlf_run *run, const moco_spec *spec, const Mlf__Moco__Program *p, size_t b,
                      const moco_results *r) {
  const Mlf__Moco__Block *k = p->blocks[b];
  int api = moco_api_index(spec, k->api);
  char line[512];
  size_t len = (size_t)snprintf(line, sizeof line, "  #%zu %s(", b, k->api);
  for (unsigned i = 0; i < k->n_args && len < sizeof line; i++) {
    len += (size_t)snprintf(line + len, sizeof line - len, "%s%s=", i ? ", " : "",
                            api >= 0 && i < spec->apis[api].n_params ? spec->apis[api].params[i].name : "?");
    if (len < sizeof line) len += (size_t)print_value(line + len, sizeof line - len, k->args[i]);
  }
  const moco_result *res = r && b < MOCO_MAX_BLOCKS ? &r->block[b] : NULL;
  mlf_log(run, "%s) -> %s", line, !res ? "?" : res->reached ? res->note : "not reached");
}

void moco_log_program(mlf_run *run, const moco_spec *spec, const Mlf__Moco__Program *p,
                      const moco_results *r) {
  const ProtobufCEnumValue *t = protobuf_c_enum_descriptor_get_value(&mlf__moco__program__template__descriptor, p->template_);
  mlf_log(run, "program %s, data seed %llu%s:", t ? t->name : "?", (unsigned long long)p->data_seed,
          p->fail_allocation ? ", an allocation-failure schedule" : "");
  if (p->fail_allocation) mlf_log(run, "  allocation %u fails", p->fail_allocation);
  for (size_t b = 0; b < p->n_blocks; b++) log_block(run, spec, p, b, r);
  if (!p->n_derivation) return;
  const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
  const ProtobufCEnumValue *op = protobuf_c_enum_descriptor_get_value(&mlf__moco__operator__descriptor, s->op);
  const char *expected = s->negative ? "negative (refused)" : "positive (clean)";
  if (s->op == MLF__MOCO__OPERATOR__SEED || s->op == MLF__MOCO__OPERATOR__ALLOC) {
    mlf_log(run, "derived by %s, the last of %zu step(s); expected %s", s->op == MLF__MOCO__OPERATOR__SEED
            ? "SEED (written by hand)" : "ALLOC (the allocation-failure schedule above)", p->n_derivation, expected);
    return;
  }
  char from[64] = "-", to[64] = "-";
  if (s->old_value) print_value(from, sizeof from, s->old_value);
  if (s->new_value) print_value(to, sizeof to, s->new_value);
  int api = s->block < p->n_blocks ? moco_api_index(spec, p->blocks[s->block]->api) : -1;
  const char *param = api >= 0 && s->has_param && s->param < spec->apis[api].n_params ? spec->apis[api].params[s->param].name : NULL;
  if (param)
    mlf_log(run, "derived by %s on block #%u, parameter %s: %s -> %s, the last of %zu step(s); expected %s",
            op ? op->name : "?", s->block, param, from, to, p->n_derivation, expected);
  else
    mlf_log(run, "derived by %s on block #%u, the last of %zu step(s); expected %s", op ? op->name : "?", s->block,
            p->n_derivation, expected);
}

/* The equivalence class of an argument: at its lower or upper boundary, inside, past one, or a
 * reference to an earlier block's result. */
static uint32_t value_class(const moco_param *q, const Mlf__Moco__Value *v) {
  if (v && v->kind_case == MLF__MOCO__VALUE__KIND_REF) return 4;
  double x = moco_value_number(v);
  return x == q->lo ? 0 : x == q->hi ? 1 : x > q->lo && x < q->hi ? 2 : 3;
}

void moco_feedback(const moco_spec *spec, const Mlf__Moco__Program *p, uint32_t outcome) {
  const char *negative = moco_negative_call(p);
  char name[48], param_name[48], alloc_name[48];
  snprintf(name, sizeof name, "moco-%s", spec->library);
  snprintf(param_name, sizeof param_name, "moco-%s-param", spec->library);
  snprintf(alloc_name, sizeof alloc_name, "moco-%s-alloc", spec->library);
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(spec, p->blocks[b]->api);
    if (api < 0) continue;
    const moco_api *a = &spec->apis[api];
    mlf_feedback_hit(mlf_feature(name, (uint32_t)api * 2 + (negative == p->blocks[b]->api), outcome));
    for (unsigned i = 0; i < a->n_params && i < p->blocks[b]->n_args; i++)
      mlf_feedback_hit(mlf_feature(param_name, (uint32_t)api * MOCO_MAX_PARAMS + i,
                                   value_class(&a->params[i], p->blocks[b]->args[i]) * 8 + outcome));
  }
  if (p->fail_allocation) mlf_feedback_hit(mlf_feature(alloc_name, p->fail_allocation, outcome));
}

/* Program post-processor and the MoCo operators over any specification table (moco_spec.h).
 * The post-processor makes every message a program the template can run: known API names,
 * one argument of the right kind per parameter, every value inside its range, the table's
 * constraints between parameters and blocks, bounded sizes; the one argument the last
 * derivation step made negative stays exactly one step past its boundary when the library
 * documents that side as refused (otherwise the step becomes positive). A valid program is
 * left unchanged. The operators each make one change and log it as a derivation step: AR
 * (API replacement inside the group, by roulette over parameter-list similarity), RG (one
 * parameter to a random legal value), BC (one parameter just past a refused boundary), insert
 * and delete of a block, and an allocation-failure schedule. In false-alarm mode
 * (MLF_NO_SPECIALS=1) every program is positive: no BC step, no allocation-failure schedule. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator.h"
#include "mlf_no_specials.h"
#include "moco_spec.h"

#define MOCO_MAX_STEPS 16
#define MOCO_MAX_FAIL_ALLOCATION 64

int moco_api_index(const moco_spec *spec, const char *name) {
  for (size_t i = 0; name && i < spec->n_apis; i++)
    if (strcmp(spec->apis[i].name, name) == 0) return (int)i;
  return -1;
}

double moco_value_number(const Mlf__Moco__Value *v) {
  if (!v) return 0;
  switch (v->kind_case) {
    case MLF__MOCO__VALUE__KIND_INTEGER: return (double)v->integer;
    case MLF__MOCO__VALUE__KIND_REAL: return v->real;
    case MLF__MOCO__VALUE__KIND_TEXT: return (double)strlen(v->text);
    case MLF__MOCO__VALUE__KIND_REF: return NAN;
    default: return 0;
  }
}

static void *allocate(size_t size) {
  void *p = calloc(1, size);
  if (!p) abort();
  return p;
}

static char *text_of_length(size_t n) {
  char *t = allocate(n + 1);
  memset(t, 'K', n);
  return t;
}

/* Sets *slot (created when NULL) to the number x of parameter q's kind, for text a string of
 * length x, for a handle a reference to block x. */
static void set_value(Mlf__Moco__Value **slot, const moco_param *q, double x) {
  if (!*slot) {
    *slot = allocate(sizeof **slot);
    mlf__moco__value__init(*slot);
  }
  Mlf__Moco__Value *v = *slot;
  if (v->kind_case == MLF__MOCO__VALUE__KIND_TEXT && v->text != protobuf_c_empty_string) free(v->text);
  if (q->kind == MOCO_TEXT) {
    v->kind_case = MLF__MOCO__VALUE__KIND_TEXT;
    v->text = text_of_length((size_t)x);
  } else if (q->kind == MOCO_HANDLE) {
    v->kind_case = MLF__MOCO__VALUE__KIND_REF;
    v->ref = (uint32_t)x;
  } else if (q->kind == MOCO_INT) {
    v->kind_case = MLF__MOCO__VALUE__KIND_INTEGER;
    v->integer = (int64_t)x;
  } else {
    v->kind_case = MLF__MOCO__VALUE__KIND_REAL;
    v->real = x;
  }
}

/* The argument in parameter q's kind and range: a number rounded (integers) and clamped, a
 * text cut to the longest length allowed (or made up to the shortest). References are left to
 * normalize_refs (a handle argument that is none becomes a dangling one). */
static void normalize_value(Mlf__Moco__Value **slot, const moco_param *q) {
  Mlf__Moco__Value *v = *slot;
  int ref = v && v->kind_case == MLF__MOCO__VALUE__KIND_REF;
  if (q->kind == MOCO_HANDLE) {
    if (!ref) set_value(slot, q, UINT32_MAX);
    return;
  }
  if (ref && q->type) return;
  if (q->kind == MOCO_TEXT) {
    if (!v || v->kind_case != MLF__MOCO__VALUE__KIND_TEXT) { set_value(slot, q, q->lo); return; }
    size_t n = strlen(v->text);
    if (n > q->hi) v->text[(size_t)q->hi] = 0;
    else if (n < q->lo) set_value(slot, q, q->lo);
    return;
  }
  int number = v && (v->kind_case == MLF__MOCO__VALUE__KIND_INTEGER ||
                     v->kind_case == MLF__MOCO__VALUE__KIND_REAL);
  double x = number ? moco_value_number(v) : q->fallback;
  if (!isfinite(x)) x = q->fallback;
  if (mlf_no_specials_enabled() && fabs(x) < FLT_MIN) x = 0; /* plain values: no subnormal, as float or double */
  if (q->kind == MOCO_INT) x = nearbyint(x);
  x = x < q->lo ? q->lo : x > q->hi ? q->hi : x;
  int right_kind = v && v->kind_case == (q->kind == MOCO_INT ? MLF__MOCO__VALUE__KIND_INTEGER
                                                             : MLF__MOCO__VALUE__KIND_REAL);
  if (!right_kind || moco_value_number(v) != x) set_value(slot, q, x);
}

/* Renumbers the references of p after the block at `from` moved to `to`: from SIZE_MAX, a
 * block was inserted at to; to SIZE_MAX, the block was removed (its references dangle). */
static void renumber_refs(Mlf__Moco__Program *p, size_t from, size_t to) {
  for (size_t b = 0; b < p->n_blocks; b++)
    for (size_t i = 0; i < p->blocks[b]->n_args; i++) {
      Mlf__Moco__Value *v = p->blocks[b]->args[i];
      if (!v || v->kind_case != MLF__MOCO__VALUE__KIND_REF || v->ref == UINT32_MAX) continue;
      size_t r = v->ref;
      if (r == from) r = to;
      else {
        if (from != SIZE_MAX && r > from) r--;
        if (to != SIZE_MAX && r >= to) r++;
      }
      v->ref = r == SIZE_MAX ? UINT32_MAX : (uint32_t)r;
    }
}

void moco_drop_block(Mlf__Moco__Program *p, size_t b) {
  protobuf_c_message_free_unpacked(&p->blocks[b]->base, NULL);
  memmove(&p->blocks[b], &p->blocks[b + 1], (p->n_blocks - b - 1) * sizeof *p->blocks);
  p->n_blocks--;
  renumber_refs(p, b, SIZE_MAX);
}

static const moco_api *api_of(const moco_spec *spec, const Mlf__Moco__Block *k) {
  int api = moco_api_index(spec, k->api);
  return api < 0 ? NULL : &spec->apis[api];
}

/* 1 when block k frees the handle block r created. */
static int frees_result_of(const moco_spec *spec, const Mlf__Moco__Block *k, size_t r) {
  const moco_api *a = api_of(spec, k);
  if (!a || !a->frees || a->frees > k->n_args) return 0;
  const Mlf__Moco__Value *v = k->args[a->frees - 1];
  return v && v->kind_case == MLF__MOCO__VALUE__KIND_REF && v->ref == r;
}

/* 1 when block r's result can serve parameter q of block b: r comes earlier, returns q's type
 * and, for a handle, no block between them freed it. */
static int serves(const moco_spec *spec, const Mlf__Moco__Program *p, size_t r, size_t b,
                  const moco_param *q) {
  if (!q->type || r >= b) return 0;
  const moco_api *a = api_of(spec, p->blocks[r]);
  if (!a || !a->returns || strcmp(a->returns, q->type) != 0) return 0;
  for (size_t m = r + 1; q->kind == MOCO_HANDLE && m < b; m++)
    if (frees_result_of(spec, p->blocks[m], r)) return 0;
  return 1;
}

/* A block that can serve parameter q of block b (drawn by rng, or the latest one when rng is
 * NULL), or SIZE_MAX. */
static size_t pick_server(const moco_spec *spec, const Mlf__Moco__Program *p, size_t b,
                          const moco_param *q, mlf_rng *rng) {
  size_t found[MOCO_MAX_BLOCKS], n = 0;
  for (size_t r = 0; r < b && n < MOCO_MAX_BLOCKS; r++)
    if (serves(spec, p, r, b, q)) found[n++] = r;
  return n == 0 ? SIZE_MAX : rng ? found[mlf_rng_below(rng, n)] : found[n - 1];
}

/* Every reference names a block that can serve it: a handle argument that does not is
 * re-pointed to the latest block that can (the block is dropped when none can); a number
 * argument that does not takes its parameter's default. */
static void normalize_refs(const moco_spec *spec, Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks;) {
    const moco_api *a = api_of(spec, p->blocks[b]);
    int dropped = 0;
    for (unsigned i = 0; a && i < a->n_params && !dropped; i++) {
      Mlf__Moco__Value *v = p->blocks[b]->args[i];
      const moco_param *q = &a->params[i];
      if (v->kind_case != MLF__MOCO__VALUE__KIND_REF || serves(spec, p, v->ref, b, q)) continue;
      size_t r = q->kind == MOCO_HANDLE ? pick_server(spec, p, b, q, NULL) : SIZE_MAX;
      if (r != SIZE_MAX) v->ref = (uint32_t)r;
      else if (q->kind == MOCO_HANDLE) moco_drop_block(p, b), dropped = 1;
      else set_value(&p->blocks[b]->args[i], q, q->fallback);
    }
    if (!dropped) b++;
  }
}

/* A known API name (an unknown one picks an API by its hash: mutated names stay meaningful)
 * and exactly one argument per parameter. */
static void normalize_block(const moco_spec *spec, Mlf__Moco__Block *k) {
  int api = moco_api_index(spec, k->api);
  if (api < 0) {
    uint64_t h = 1469598103934665603ULL;
    for (const char *c = k->api ? k->api : ""; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    api = (int)(h % spec->n_apis);
    if (k->api && k->api != protobuf_c_empty_string) free(k->api);
    k->api = strdup(spec->apis[api].name);
    if (!k->api) abort();
  }
  const moco_api *a = &spec->apis[api];
  while (k->n_args > a->n_params) protobuf_c_message_free_unpacked(&k->args[--k->n_args]->base, NULL);
  if (k->n_args < a->n_params) {
    k->args = realloc(k->args, a->n_params * sizeof *k->args);
    if (!k->args) abort();
    while (k->n_args < a->n_params) k->args[k->n_args++] = NULL;
  }
  for (unsigned i = 0; i < a->n_params; i++) normalize_value(&k->args[i], &a->params[i]);
}

/* A new block of API api with default arguments, inserted at position at. */
static void insert_block(const moco_spec *spec, Mlf__Moco__Program *p, size_t api, size_t at) {
  Mlf__Moco__Block *k = allocate(sizeof *k);
  mlf__moco__block__init(k);
  k->api = strdup(spec->apis[api].name);
  if (!k->api) abort();
  normalize_block(spec, k);
  p->blocks = realloc(p->blocks, (p->n_blocks + 1) * sizeof *p->blocks);
  if (!p->blocks) abort();
  memmove(&p->blocks[at + 1], &p->blocks[at], (p->n_blocks - at) * sizeof *p->blocks);
  p->blocks[at] = k;
  p->n_blocks++;
  renumber_refs(p, SIZE_MAX, at);
}

/* The template's first API exactly once, first: later occurrences are dropped, the first one
 * moved to the front, a missing one added with default arguments. */
static void put_first(const moco_spec *spec, Mlf__Moco__Program *p) {
  const char *name = spec->apis[spec->first_api].name;
  size_t found = p->n_blocks;
  for (size_t b = 0; b < p->n_blocks;) {
    if (strcmp(p->blocks[b]->api, name) != 0) { b++; continue; }
    if (found == p->n_blocks) { found = b++; continue; }
    moco_drop_block(p, b);
  }
  if (found == p->n_blocks) {
    insert_block(spec, p, (size_t)spec->first_api, 0);
    return;
  }
  Mlf__Moco__Block *first = p->blocks[found];
  memmove(&p->blocks[1], &p->blocks[0], found * sizeof *p->blocks);
  p->blocks[0] = first;
  renumber_refs(p, found, 0);
}

/* The negative argument of the last step: the side it is past (0 lower, 1 upper) and its
 * parameter, or NULL when the last step is positive or names no argument past a refused side. */
static const moco_param *negative_argument(const moco_spec *spec, const Mlf__Moco__Program *p,
                                           int *upper) {
  if (p->n_derivation == 0) return NULL;
  const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
  if (!s->negative || s->block >= p->n_blocks) return NULL;
  int api = moco_api_index(spec, p->blocks[s->block]->api);
  if (api < 0 || s->param >= spec->apis[api].n_params || s->param >= p->blocks[s->block]->n_args)
    return NULL;
  const moco_param *q = &spec->apis[api].params[s->param];
  double x = moco_value_number(p->blocks[s->block]->args[s->param]);
  if (!isfinite(x) || (x >= q->lo && x <= q->hi)) return NULL;
  *upper = x > q->hi;
  return spec->refused((unsigned)api, s->param, *upper) ? q : NULL;
}

/* 1 when block b's API is deferred and a later block calls it again (replacing its arguments
 * before the library looks at them). */
static int replaced_later(const moco_spec *spec, const Mlf__Moco__Program *p, size_t b) {
  if (!spec->apis[moco_api_index(spec, p->blocks[b]->api)].deferred) return 0;
  for (size_t later = b + 1; later < p->n_blocks; later++)
    if (strcmp(p->blocks[later]->api, p->blocks[b]->api) == 0) return 1;
  return 0;
}

void moco_post_process_program(Mlf__Moco__Program *p) {
  const moco_spec *spec = moco_spec_of(p);
  if (!spec) abort(); /* called by moco_templates.c on a program of a known template */
  while (p->n_derivation > MOCO_MAX_STEPS) {
    protobuf_c_message_free_unpacked(&p->derivation[0]->base, NULL);
    memmove(p->derivation, p->derivation + 1, --p->n_derivation * sizeof *p->derivation);
  }
  Mlf__Moco__Step *last = p->n_derivation ? p->derivation[p->n_derivation - 1] : NULL;
  int upper = 0;
  const moco_param *negative = mlf_no_specials_enabled() ? NULL : negative_argument(spec, p, &upper);
  Mlf__Moco__Block *negative_block = negative ? p->blocks[last->block] : NULL;
  for (size_t b = 0; b < p->n_blocks; b++) normalize_block(spec, p->blocks[b]);
  if (spec->first_api >= 0) put_first(spec, p);
  while (p->n_blocks > MOCO_MAX_BLOCKS) moco_drop_block(p, p->n_blocks - 1);
  normalize_refs(spec, p);
  spec->legalize(p);
  normalize_refs(spec, p);
  size_t at = 0; /* where the negative block is now (legalize may have dropped blocks) */
  while (negative_block && at < p->n_blocks && p->blocks[at] != negative_block) at++;
  if (negative_block && at < p->n_blocks && replaced_later(spec, p, at)) negative_block = NULL;
  if (negative_block && at < p->n_blocks) {
    last->block = (uint32_t)at;
    double past = upper ? negative->hi + negative->resolution : negative->lo - negative->resolution;
    set_value(&p->blocks[at]->args[last->param], negative, past);
  } else if (last && last->negative) {
    last->negative = 0;
  }
  /* An allocation-failure schedule belongs to the step that set it. */
  if (!last || last->op != MLF__MOCO__OPERATOR__ALLOC || !spec->custom_allocator || mlf_no_specials_enabled())
    p->has_fail_allocation = 0, p->fail_allocation = 0;
  if (p->fail_allocation > MOCO_MAX_FAIL_ALLOCATION) p->fail_allocation %= MOCO_MAX_FAIL_ALLOCATION + 1;
}

/* Logs a derivation step (the post-processor keeps the last MOCO_MAX_STEPS). */
static Mlf__Moco__Step *add_step(Mlf__Moco__Program *p, Mlf__Moco__Operator op, size_t block) {
  Mlf__Moco__Step *s = allocate(sizeof *s);
  mlf__moco__step__init(s);
  s->has_op = s->has_block = 1;
  s->op = op;
  s->block = (uint32_t)block;
  p->derivation = realloc(p->derivation, (p->n_derivation + 1) * sizeof *p->derivation);
  if (!p->derivation) abort();
  p->derivation[p->n_derivation++] = s;
  return s;
}

static Mlf__Moco__Value *copy_value(const Mlf__Moco__Value *v) {
  Mlf__Moco__Value *c = allocate(sizeof *c);
  mlf__moco__value__init(c);
  c->kind_case = v->kind_case;
  if (v->kind_case == MLF__MOCO__VALUE__KIND_TEXT) {
    c->text = strdup(v->text);
    if (!c->text) abort();
  } else {
    c->integer = v->integer; /* the union's widest member carries reals too */
  }
  return c;
}

/* A random legal value of q: an end of its range often, otherwise uniform (integers) or
 * log-uniform inside the range (reals, where the range spans decades). */
static double random_legal(const moco_param *q, mlf_rng *rng) {
  switch (mlf_rng_below(rng, 4)) {
    case 0: return q->lo;
    case 1: return q->hi;
    default: break;
  }
  if (q->kind == MOCO_REAL && q->lo > 0) return q->lo * pow(q->hi / q->lo, mlf_rng_unit(rng));
  double x = q->lo + mlf_rng_unit(rng) * (q->hi - q->lo);
  return q->kind == MOCO_REAL ? x : floor(x);
}

/* RG and BC: one parameter of one block to a random legal value (a handle: another block
 * that can serve it), or just past a boundary the library refuses. */
static int change_parameter(Mlf__Moco__Program *p, mlf_rng *rng, int boundary) {
  const moco_spec *spec = moco_spec_of(p);
  if (!spec || p->n_blocks == 0) return 0;
  size_t b = mlf_rng_below(rng, p->n_blocks);
  int api = moco_api_index(spec, p->blocks[b]->api);
  if (api < 0 || spec->apis[api].n_params == 0) return 0;
  unsigned param = (unsigned)mlf_rng_below(rng, spec->apis[api].n_params);
  const moco_param *q = &spec->apis[api].params[param];
  int upper = (int)mlf_rng_below(rng, 2);
  if (boundary && !spec->refused((unsigned)api, param, upper)) upper = !upper;
  if (boundary && !spec->refused((unsigned)api, param, upper)) return 0;
  size_t server = q->kind == MOCO_HANDLE ? pick_server(spec, p, b, q, rng) : 0;
  if (server == SIZE_MAX) return 0;
  Mlf__Moco__Step *s = add_step(p, boundary ? MLF__MOCO__OPERATOR__BC : MLF__MOCO__OPERATOR__RG, b);
  s->has_param = 1;
  s->param = param;
  s->old_value = copy_value(p->blocks[b]->args[param]);
  double x = boundary ? (upper ? q->hi + q->resolution : q->lo - q->resolution)
             : q->kind == MOCO_HANDLE ? (double)server : random_legal(q, rng);
  set_value(&p->blocks[b]->args[param], q, x);
  s->new_value = copy_value(p->blocks[b]->args[param]);
  s->has_negative = s->negative = boundary;
  return 1;
}

static int mutate_rg(ProtobufCMessage *msg, mlf_rng *rng) {
  return change_parameter((Mlf__Moco__Program *)msg, rng, 0);
}

static int mutate_bc(ProtobufCMessage *msg, mlf_rng *rng) {
  return !mlf_no_specials_enabled() && change_parameter((Mlf__Moco__Program *)msg, rng, 1);
}

/* How alike two parameter lists are: matching kinds position by position over the longer
 * list's length. */
static double similarity(const moco_api *a, const moco_api *b) {
  unsigned n = a->n_params > b->n_params ? a->n_params : b->n_params, same = 0;
  for (unsigned i = 0; i < a->n_params && i < b->n_params; i++) same += a->params[i].kind == b->params[i].kind;
  return n ? (double)same / n : 1;
}

/* The roulette weight of API `to` as AR's replacement for API `from`: its parameter-list
 * similarity plus a little, so that every member of the group can be drawn; 0 outside the
 * group and for `from` itself. Computed on demand, so that a table of any length works. */
static double ar_weight(const moco_spec *spec, int from, size_t to) {
  if ((int)to == from || strcmp(spec->apis[to].group, spec->apis[from].group) != 0) return 0;
  return similarity(&spec->apis[from], &spec->apis[to]) + 0.1;
}

/* AR: a block's API replaced by another of its group, chosen by roulette over ar_weight;
 * arguments are kept by position where the kinds match and take the new parameter's default
 * otherwise (the post-processor does it). */
static int mutate_ar(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Moco__Program *p = (Mlf__Moco__Program *)msg;
  const moco_spec *spec = moco_spec_of(p);
  if (!spec || p->n_blocks == 0) return 0;
  size_t b = mlf_rng_below(rng, p->n_blocks);
  int from = moco_api_index(spec, p->blocks[b]->api);
  if (from < 0) return 0;
  double total = 0;
  for (size_t i = 0; i < spec->n_apis; i++) total += ar_weight(spec, from, i);
  if (total == 0) return 0;
  double r = mlf_rng_unit(rng) * total;
  size_t to = 0;
  while (to + 1 < spec->n_apis && (r -= ar_weight(spec, from, to)) >= 0) to++;
  while (ar_weight(spec, from, to) == 0) to--; /* r landed past the last member by rounding */
  add_step(p, MLF__MOCO__OPERATOR__AR, b);
  free(p->blocks[b]->api);
  p->blocks[b]->api = strdup(spec->apis[to].name);
  if (!p->blocks[b]->api) abort();
  return 1;
}

/* The first block a mutation may touch: 1 when the template's first API heads the program. */
static size_t first_free_block(const moco_spec *spec) { return spec->first_api >= 0 ? 1 : 0; }

/* Insert: a block of a random API (never a second first API) with default arguments (handles:
 * the latest block that can serve them), after the first block the template needs. */
static int mutate_insert(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Moco__Program *p = (Mlf__Moco__Program *)msg;
  const moco_spec *spec = moco_spec_of(p);
  size_t lo = spec ? first_free_block(spec) : 0;
  if (!spec || p->n_blocks < lo || p->n_blocks >= MOCO_MAX_BLOCKS) return 0;
  size_t api = mlf_rng_below(rng, spec->n_apis - lo), at = lo + mlf_rng_below(rng, p->n_blocks - lo + 1);
  if (spec->first_api >= 0 && api >= (size_t)spec->first_api) api++;
  insert_block(spec, p, api, at);
  add_step(p, MLF__MOCO__OPERATOR__INSERT, at);
  return 1;
}

/* Delete: a block other than the first one the template needs. */
static int mutate_delete(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Moco__Program *p = (Mlf__Moco__Program *)msg;
  const moco_spec *spec = moco_spec_of(p);
  size_t lo = spec ? first_free_block(spec) : 0;
  if (!spec || p->n_blocks <= lo) return 0;
  size_t b = lo + mlf_rng_below(rng, p->n_blocks - lo);
  moco_drop_block(p, b);
  add_step(p, MLF__MOCO__OPERATOR__DELETE, b);
  return 1;
}

/* An allocation-failure schedule: the Nth allocation fails (a negative node). */
static int mutate_alloc(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Moco__Program *p = (Mlf__Moco__Program *)msg;
  const moco_spec *spec = moco_spec_of(p);
  if (!spec || !spec->custom_allocator || mlf_no_specials_enabled()) return 0;
  p->has_fail_allocation = 1;
  p->fail_allocation = 1 + (uint32_t)mlf_rng_below(rng, MOCO_MAX_FAIL_ALLOCATION);
  add_step(p, MLF__MOCO__OPERATOR__ALLOC, 0);
  return 1;
}

/* Weights in the generic mutator's unit (4 per field for a plain mutation). */
__attribute__((constructor)) static void register_moco_program(void) {
  const ProtobufCMessageDescriptor *d = &mlf__moco__program__descriptor;
  mlf_register_domain_mutator(d, "moco:RG", mutate_rg, 16);
  mlf_register_domain_mutator(d, "moco:BC", mutate_bc, 8);
  mlf_register_domain_mutator(d, "moco:AR", mutate_ar, 8);
  mlf_register_domain_mutator(d, "moco:insert", mutate_insert, 6);
  mlf_register_domain_mutator(d, "moco:delete", mutate_delete, 4);
  mlf_register_domain_mutator(d, "moco:alloc", mutate_alloc, 2);
}

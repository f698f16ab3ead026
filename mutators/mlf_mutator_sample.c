/* Choosing what to mutate: one walk over the whole message tree offers every applicable
 * operation (add / mutate / delete / copy / clone on each field and element, plus registered
 * domain mutators on each message) and keeps one by weighted reservoir sampling, as
 * libprotobuf-mutator does. To keep the walk cheap, each field makes a single offer weighing
 * all its operations; a second draw then picks the operation and element inside the chosen
 * field. A second walk picks the value a copy or clone takes. */
#include <string.h>
#include "mlf_mutator_internal.h"

typedef struct {
  mlf_mutator *m;
  mlf_mode mode;
  uint64_t total; /* weight offered so far */
  mlf_target *t;
  int found;
  unsigned depth;
  mlf_path_step path[MLF_PATH_MAX];
} walker;

/* Weighted reservoir sampling: an offer replaces the current choice with probability
 * weight / (total weight offered so far), so in the end each offer has been chosen with
 * probability weight / (total weight of all offers). Returns 1 when it was taken. */
static int offer(walker *w, uint64_t weight, ProtobufCMessage *msg) {
  if (!weight) return 0;
  w->total += weight;
  if (mlf_rng_below(&w->m->rng, w->total) >= weight) return 0;
  mlf_target *t = w->t;
  t->msg = msg;
  t->depth = w->depth;
  t->path_len = w->depth;
  memcpy(t->path, w->path, (w->depth < MLF_PATH_MAX ? w->depth : MLF_PATH_MAX) * sizeof *t->path);
  t->weight = weight;
  w->found = 1;
  return 1;
}

/* Weights of the operations on one field: `grow` for creating a value (add, clone), and
 * per existing element in the order mutate, delete, copy. */
static void field_weights(const walker *w, const ProtobufCFieldDescriptor *f, size_t n,
                          unsigned per_op[3], unsigned grow[2]) {
  int removable = f->label != PROTOBUF_C_LABEL_REQUIRED;
  int changeable = mlf_value_mutable(f);
  int can_grow = (f->label == PROTOBUF_C_LABEL_REPEATED || !n) &&
                 (f->type != PROTOBUF_C_TYPE_MESSAGE || w->depth + 1 <= w->m->max_depth);
  memset(per_op, 0, 3 * sizeof *per_op);
  memset(grow, 0, 2 * sizeof *grow);
  switch (w->mode) {
  case MLF_MODE_CROSSOVER:
    per_op[2] = MLF_W_COPY;
    grow[1] = can_grow ? MLF_W_CLONE : 0;
    break;
  case MLF_MODE_SHRINK:
    per_op[0] = changeable && mlf_value_fixed_size(f) ? MLF_W_MUTATE : 0;
    per_op[1] = removable ? MLF_W_DELETE : 0;
    break;
  case MLF_MODE_MUTATE:
    per_op[0] = changeable ? MLF_W_MUTATE : 0;
    per_op[1] = removable ? MLF_W_DELETE : 0;
    per_op[2] = MLF_W_COPY;
    grow[0] = can_grow ? MLF_W_ADD : 0;
    grow[1] = can_grow ? MLF_W_CLONE : 0;
    break;
  }
}

static void offer_field(walker *w, ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f,
                        size_t n) {
  unsigned per_op[3], grow[2];
  field_weights(w, f, n, per_op, grow);
  uint64_t weight = grow[0] + grow[1] + (uint64_t)n * (per_op[0] + per_op[1] + per_op[2]);
  if (offer(w, weight, msg)) w->t->field = f;
}

/* A domain mutator applies to messages of its type; one of type NULL to the root only. */
static int domain_applies(const mlf_domain_entry *e, const ProtobufCMessage *msg, unsigned depth) {
  return e->type ? e->type == msg->descriptor : depth == 0;
}

static void offer_domains(walker *w, ProtobufCMessage *msg) {
  uint64_t weight = 0;
  for (size_t i = 0, n = mlf_domain_count(); i < n; i++)
    if (domain_applies(mlf_domain_get(i), msg, w->depth)) weight += mlf_domain_get(i)->weight;
  if (offer(w, weight, msg)) w->t->field = NULL;
}

static void walk_message(walker *w, ProtobufCMessage *msg);

static void descend(walker *w, const ProtobufCFieldDescriptor *f, size_t k, void *slot) {
  ProtobufCMessage *sub = *(ProtobufCMessage **)slot;
  if (!sub) return;
  if (w->depth < MLF_PATH_MAX)
    w->path[w->depth] = (mlf_path_step){f, f->label == PROTOBUF_C_LABEL_REPEATED ? k : SIZE_MAX};
  w->depth++;
  walk_message(w, sub);
  w->depth--;
}

static void walk_message(walker *w, ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  if (w->mode == MLF_MODE_MUTATE) offer_domains(w, msg);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    size_t n = mlf_field_count(msg, f);
    offer_field(w, msg, f, n);
    if (f->type == PROTOBUF_C_TYPE_MESSAGE)
      for (size_t k = 0; k < n; k++) descend(w, f, k, mlf_field_slot(msg, f, k));
  }
}

/* Picks the operation inside the chosen field (or domain mutator inside the chosen
 * message) with a second draw over the same weights. */
static void resolve(walker *w, mlf_target *t) {
  uint64_t r = mlf_rng_below(&w->m->rng, t->weight);
  if (!t->field) {
    t->op = MLF_OP_DOMAIN;
    for (size_t i = 0;; i++) {
      const mlf_domain_entry *e = mlf_domain_get(i);
      if (!domain_applies(e, t->msg, t->depth)) continue;
      if (r < e->weight) {
        t->domain = i;
        return;
      }
      r -= e->weight;
    }
  }
  unsigned per_op[3], grow[2];
  w->depth = t->depth;
  field_weights(w, t->field, mlf_field_count(t->msg, t->field), per_op, grow);
  if (r < grow[0] + grow[1]) {
    t->op = r < grow[0] ? MLF_OP_ADD : MLF_OP_CLONE;
    return;
  }
  r -= grow[0] + grow[1];
  uint64_t per_element = per_op[0] + per_op[1] + per_op[2];
  t->index = (size_t)(r / per_element);
  r %= per_element;
  t->op = r < per_op[0] ? MLF_OP_MUTATE : r < per_op[0] + per_op[1] ? MLF_OP_DELETE : MLF_OP_COPY;
}

int mlf_sample_target(mlf_mutator *m, ProtobufCMessage *root, mlf_mode mode, mlf_target *t) {
  walker w = {.m = m, .mode = mode, .t = t};
  walk_message(&w, root);
  if (!w.found) return 0;
  t->mode = mode;
  t->root_name = root->descriptor->short_name;
  t->index = 0;
  resolve(&w, t);
  return 1;
}

typedef struct {
  mlf_rng *rng;
  const ProtobufCFieldDescriptor *like;
  const void *skip;
  uint64_t seen;
  const void *slot;
  const ProtobufCFieldDescriptor *field;
} source_walker;

/* Uniform reservoir over every set value compatible with s->like. */
static void walk_sources(source_walker *s, const ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    size_t n = mlf_field_count(msg, f);
    if (!n) continue;
    int compatible = mlf_value_compatible(f, s->like);
    for (size_t k = 0; k < n; k++) {
      const void *slot = mlf_field_slot(msg, f, k);
      if (compatible && slot != s->skip && mlf_rng_below(s->rng, ++s->seen) == 0) {
        s->slot = slot;
        s->field = f;
      }
      if (f->type == PROTOBUF_C_TYPE_MESSAGE && *(ProtobufCMessage *const *)slot)
        walk_sources(s, *(ProtobufCMessage *const *)slot);
    }
  }
}

const void *mlf_sample_source(mlf_rng *rng, const ProtobufCMessage *tree,
                              const ProtobufCFieldDescriptor *f, const void *skip,
                              const ProtobufCFieldDescriptor **src_field) {
  source_walker s = {.rng = rng, .like = f, .skip = skip};
  walk_sources(&s, tree);
  *src_field = s.field;
  return s.slot;
}

/* Choosing what to mutate: one walk over the whole message tree offers every applicable
 * operation (add / mutate / delete / copy / clone per field and element, plus registered
 * domain mutators per message) and keeps one by weighted reservoir sampling, as
 * libprotobuf-mutator does. A second walk picks the value a copy or clone takes. */
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

/* Weighted reservoir sampling: the offer replaces the current choice with probability
 * weight / (total weight offered so far), so in the end each offer has been chosen with
 * probability weight / (total weight of all offers). Returns 1 when it was taken. */
static int offer(walker *w, unsigned weight, mlf_op op, ProtobufCMessage *msg,
                 const ProtobufCFieldDescriptor *f, size_t index) {
  w->total += weight;
  if (mlf_rng_below(&w->m->rng, w->total) >= weight) return 0;
  mlf_target *t = w->t;
  t->op = op;
  t->msg = msg;
  t->field = f;
  t->index = index;
  t->depth = w->depth;
  t->path_len = w->depth;
  memcpy(t->path, w->path, (w->depth < MLF_PATH_MAX ? w->depth : MLF_PATH_MAX) * sizeof *t->path);
  w->found = 1;
  return 1;
}

static void offer_domains(walker *w, ProtobufCMessage *msg) {
  for (size_t i = 0, n = mlf_domain_count(); i < n; i++) {
    const mlf_domain_entry *e = mlf_domain_get(i);
    if (e->type != msg->descriptor || !e->weight) continue;
    if (offer(w, e->weight, MLF_OP_DOMAIN, msg, NULL, 0)) w->t->domain = i;
  }
}

/* Operations that create a value: for an unset field or a new repeated element. */
static void offer_growth(walker *w, ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f) {
  if (w->mode == MLF_MODE_SHRINK) return;
  if (f->type == PROTOBUF_C_TYPE_MESSAGE && w->depth + 1 > w->m->max_depth) return;
  if (w->mode == MLF_MODE_MUTATE) offer(w, MLF_W_ADD, MLF_OP_ADD, msg, f, 0);
  offer(w, MLF_W_CLONE, MLF_OP_CLONE, msg, f, 0);
}

/* Operations on an existing value (element k of a repeated field, or the set field). */
static void offer_value(walker *w, ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f,
                        size_t k) {
  int removable = f->label != PROTOBUF_C_LABEL_REQUIRED;
  int changeable = mlf_value_mutable(f);
  switch (w->mode) {
  case MLF_MODE_CROSSOVER:
    offer(w, MLF_W_COPY, MLF_OP_COPY, msg, f, k);
    break;
  case MLF_MODE_SHRINK:
    if (removable) offer(w, MLF_W_DELETE, MLF_OP_DELETE, msg, f, k);
    if (changeable && mlf_value_fixed_size(f)) offer(w, MLF_W_MUTATE, MLF_OP_MUTATE, msg, f, k);
    break;
  case MLF_MODE_MUTATE:
    if (changeable) offer(w, MLF_W_MUTATE, MLF_OP_MUTATE, msg, f, k);
    if (removable) offer(w, MLF_W_DELETE, MLF_OP_DELETE, msg, f, k);
    offer(w, MLF_W_COPY, MLF_OP_COPY, msg, f, k);
    break;
  }
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
    if (f->label == PROTOBUF_C_LABEL_REPEATED || !n) offer_growth(w, msg, f);
    for (size_t k = 0; k < n; k++) {
      offer_value(w, msg, f, k);
      if (f->type == PROTOBUF_C_TYPE_MESSAGE) descend(w, f, k, mlf_field_slot(msg, f, k));
    }
  }
}

int mlf_sample_target(mlf_mutator *m, ProtobufCMessage *root, mlf_mode mode, mlf_target *t) {
  walker w = {.m = m, .mode = mode, .t = t};
  memset(t, 0, sizeof *t);
  walk_message(&w, root);
  t->mode = mode;
  t->root_name = root->descriptor->short_name;
  return w.found;
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

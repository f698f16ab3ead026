/* Message-level removal: counting and removing "removable elements" (a set optional or
 * oneof field, or one element of a repeated field), depth-first with an element before its
 * descendants. Serves AFL++ trimming and bringing a message back under its size budget. */
#include "mlf_mutator_internal.h"

/* Decides, element by element, which to remove: the `target`-th one, or each with
 * probability percent/100 when rng is set. */
typedef struct {
  size_t seen, target, removed;
  mlf_rng *rng;
  unsigned percent;
} remover;

static int pick(remover *r) {
  if (r->rng) return mlf_rng_below(r->rng, 100) < r->percent;
  return r->seen++ == r->target;
}

/* Returns 1 once a single-target removal is done, to stop the walk. */
static int visit(remover *r, ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    int removable = f->label != PROTOBUF_C_LABEL_REQUIRED;
    size_t n = mlf_field_count(msg, f);
    for (size_t k = 0; k < n;) {
      if (removable && pick(r)) {
        mlf_field_remove(msg, f, k);
        r->removed++;
        if (!r->rng) return 1;
        n--;
        continue;
      }
      if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
        ProtobufCMessage *sub = *(ProtobufCMessage **)mlf_field_slot(msg, f, k);
        if (sub && visit(r, sub)) return 1;
      }
      k++;
    }
  }
  return 0;
}

size_t mlf_count_removable(const ProtobufCMessage *msg) {
  remover r = {.target = SIZE_MAX}; /* never reached: nothing is removed */
  visit(&r, (ProtobufCMessage *)msg);
  return r.seen;
}

int mlf_remove_element(ProtobufCMessage *msg, size_t idx) {
  remover r = {.target = idx};
  return visit(&r, msg);
}

size_t mlf_remove_random(ProtobufCMessage *msg, mlf_rng *rng, unsigned percent) {
  remover r = {.rng = rng, .percent = percent};
  visit(&r, msg);
  return r.removed;
}

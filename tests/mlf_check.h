/* Checks shared by the mutator tests and the mutator's own fuzz target. Every encoding the
 * mutator produces parses (so proto2 required fields are present), every enum holds a
 * value of its enum, a set oneof member is one of the oneof's fields and holds a value,
 * nesting stays within the depth limit, and re-encoding gives the same bytes. */
#ifndef MLF_CHECK_H
#define MLF_CHECK_H
#include <stdlib.h>
#include <string.h>
#include <protobuf-c/protobuf-c.h>

/* The oneof member named by a oneof case at quantifier_offset q, or NULL. */
static inline const ProtobufCFieldDescriptor *mlf_check_oneof_member(
    const ProtobufCMessageDescriptor *d, unsigned q, uint32_t id) {
  for (unsigned i = 0; i < d->n_fields; i++)
    if ((d->fields[i].flags & PROTOBUF_C_FIELD_FLAG_ONEOF) && d->fields[i].quantifier_offset == q &&
        d->fields[i].id == id)
      return &d->fields[i];
  return NULL;
}

/* NULL when msg (at nesting level `depth`) is valid, else what is wrong. */
static inline const char *mlf_check_message(const ProtobufCMessage *msg, unsigned depth,
                                            unsigned max_depth) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  if (max_depth && depth > max_depth) return "nesting deeper than the depth limit";
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    const char *base = (const char *)msg;
    size_t n = 1;
    const char *slot = base + f->offset;
    if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
      uint32_t c = *(const uint32_t *)(base + f->quantifier_offset);
      if (c && !mlf_check_oneof_member(d, f->quantifier_offset, c)) return "bad oneof case";
      if (c != f->id) continue;
      if ((f->type == PROTOBUF_C_TYPE_STRING || f->type == PROTOBUF_C_TYPE_MESSAGE) &&
          !*(void *const *)slot)
        return "oneof member set without a value";
    } else if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      n = *(const size_t *)(base + f->quantifier_offset);
      slot = *(const char *const *)slot;
    } else if (f->type == PROTOBUF_C_TYPE_ENUM && f->label == PROTOBUF_C_LABEL_OPTIONAL &&
               !*(const protobuf_c_boolean *)(base + f->quantifier_offset)) {
      continue; /* an unset optional enum is not encoded */
    }
    for (size_t k = 0; k < n; k++) {
      if (f->type == PROTOBUF_C_TYPE_ENUM) {
        int v = ((const int *)slot)[k];
        if (!protobuf_c_enum_descriptor_get_value(f->descriptor, v)) return "invalid enum value";
      } else if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
        const ProtobufCMessage *sub = ((ProtobufCMessage *const *)slot)[k];
        const char *err = sub ? mlf_check_message(sub, depth + 1, max_depth) : NULL;
        if (err) return err;
      }
    }
  }
  return NULL;
}

static inline unsigned mlf_check_depth(const ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  unsigned deepest = 0;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    const char *base = (const char *)msg;
    size_t n = 1;
    ProtobufCMessage *const *subs = (ProtobufCMessage *const *)(base + f->offset);
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      n = *(const size_t *)(base + f->quantifier_offset);
      subs = *(ProtobufCMessage *const *const *)subs;
    } else if ((f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) &&
               *(const uint32_t *)(base + f->quantifier_offset) != f->id) {
      continue;
    }
    for (size_t k = 0; k < n; k++) {
      unsigned d1 = subs[k] ? 1 + mlf_check_depth(subs[k]) : 0;
      if (d1 > deepest) deepest = d1;
    }
  }
  return deepest;
}

/* NULL when buf[0..n) is a valid encoding of type as described above, else the problem. */
static inline const char *mlf_check_encoding(const ProtobufCMessageDescriptor *type,
                                             const uint8_t *buf, size_t n, unsigned max_depth) {
  static const uint8_t none[1];
  ProtobufCMessage *msg = protobuf_c_message_unpack(type, NULL, n, n ? buf : none);
  if (!msg) return "does not parse";
  const char *err = mlf_check_message(msg, 0, max_depth);
  if (!err && protobuf_c_message_get_packed_size(msg) != n) err = "re-encoding changes the size";
  if (!err) {
    uint8_t *again = malloc(n ? n : 1);
    if (!again) abort();
    protobuf_c_message_pack(msg, again);
    if (n && memcmp(again, buf, n)) err = "re-encoding changes the bytes";
    free(again);
  }
  protobuf_c_message_free_unpacked(msg, NULL);
  return err;
}
#endif

/* Replaces enum values that their enum does not define (see mlf_enum_normalize.h). */
#include "mlf_enum_normalize.h"

static int defined(const ProtobufCEnumDescriptor *e, int value) {
  return protobuf_c_enum_descriptor_get_value(e, value) != NULL;
}

static int default_value(const ProtobufCFieldDescriptor *f) {
  if (f->default_value) return *(const int *)f->default_value;
  const ProtobufCEnumDescriptor *e = f->descriptor;
  return e->n_values ? e->values[0].value : 0;
}

/* The field is present in msg: a set oneof member, a has_ flag, or a proto3/required value. */
static int present(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f) {
  const char *base = (const char *)msg;
  if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
    return *(const uint32_t *)(base + f->quantifier_offset) == f->id;
  if (f->label == PROTOBUF_C_LABEL_OPTIONAL && f->quantifier_offset)
    return *(const protobuf_c_boolean *)(base + f->quantifier_offset);
  return 1;
}

void mlf_normalize_enums(ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  char *base = (char *)msg;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->type != PROTOBUF_C_TYPE_ENUM && f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      size_t n = *(const size_t *)(base + f->quantifier_offset);
      void *items = *(void **)(base + f->offset);
      for (size_t j = 0; j < n; j++) {
        if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
          mlf_normalize_enums(((ProtobufCMessage **)items)[j]);
        } else if (!defined(f->descriptor, ((int *)items)[j])) {
          ((int *)items)[j] = default_value(f);
        }
      }
    } else if (present(msg, f)) {
      if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
        ProtobufCMessage *sub = *(ProtobufCMessage **)(base + f->offset);
        if (sub) mlf_normalize_enums(sub);
      } else if (!defined(f->descriptor, *(int *)(base + f->offset))) {
        *(int *)(base + f->offset) = default_value(f);
      }
    }
  }
}

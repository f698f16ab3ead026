/* Turning engine bytes into a message the mutator can work on: bytes that do not parse
 * become a default message, and a parsed message loses what its type does not define
 * (unknown fields, enum values missing from the enum), so every value is a valid one. */
#include <stdlib.h>
#include "mlf_mutator_internal.h"

void mlf_sanitize(ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) free(msg->unknown_fields[i].data);
  free(msg->unknown_fields);
  msg->unknown_fields = NULL;
  msg->n_unknown_fields = 0;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->type != PROTOBUF_C_TYPE_ENUM && f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    for (size_t k = 0, n = mlf_field_count(msg, f); k < n; k++) {
      void *slot = mlf_field_slot(msg, f, k);
      if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
        if (*(ProtobufCMessage **)slot) mlf_sanitize(*(ProtobufCMessage **)slot);
      } else if (!mlf_enum_valid(f->descriptor, *(int *)slot)) {
        *(int *)slot = mlf_enum_default(f->descriptor);
      }
    }
  }
}

ProtobufCMessage *mlf_parse_or_default(const ProtobufCMessageDescriptor *type,
                                       const uint8_t *data, size_t size) {
  static const uint8_t empty[1];
  ProtobufCMessage *msg = protobuf_c_message_unpack(type, NULL, data ? size : 0,
                                                    data ? data : empty);
  if (!msg) return mlf_message_new_default(type);
  mlf_sanitize(msg);
  return msg;
}

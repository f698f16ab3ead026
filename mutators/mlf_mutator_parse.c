/* Turning bytes into a message the mutator can work on: protobuf_c_message_unpack, then
 * normalization, so that every message the mutator holds encodes to a valid input: unknown
 * fields are dropped, and enum values the enum does not define (protobuf-c keeps them) are
 * replaced as the harness entry replaces them (mlf_enum_normalize.c). */
#include <stdlib.h>
#include "mlf_enum_normalize.h"
#include "mlf_mutator_internal.h"

static void drop_unknown_fields(ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) free(msg->unknown_fields[i].data);
  free(msg->unknown_fields);
  msg->unknown_fields = NULL;
  msg->n_unknown_fields = 0;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    for (size_t k = 0, n = mlf_field_count(msg, f); k < n; k++) {
      ProtobufCMessage *sub = *(ProtobufCMessage **)mlf_field_slot(msg, f, k);
      if (sub) drop_unknown_fields(sub);
    }
  }
}

ProtobufCMessage *mlf_parse(const ProtobufCMessageDescriptor *type, const uint8_t *data,
                            size_t size) {
  static const uint8_t none[1];
  ProtobufCMessage *msg = protobuf_c_message_unpack(type, NULL, size, size ? data : none);
  if (msg) {
    drop_unknown_fields(msg);
    mlf_normalize_enums(msg);
  }
  return msg;
}

ProtobufCMessage *mlf_parse_or_default(const ProtobufCMessageDescriptor *type,
                                       const uint8_t *data, size_t size) {
  ProtobufCMessage *msg = mlf_parse(type, data, size);
  return msg ? msg : mlf_message_new_default(type);
}

/* Turning bytes into a message the mutator can work on: protobuf_c_message_unpack, then
 * normalization, so that every message the mutator holds encodes to a valid input: unknown
 * fields are dropped, and enum values the enum does not define (protobuf-c keeps them)
 * become the enum's default. */
#include <stdlib.h>
#include "mlf_mutator_internal.h"

static void normalize(ProtobufCMessage *msg) {
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
        if (*(ProtobufCMessage **)slot) normalize(*(ProtobufCMessage **)slot);
      } else if (!mlf_enum_valid(f->descriptor, *(int *)slot)) {
        *(int *)slot = mlf_enum_default(f->descriptor);
      }
    }
  }
}

ProtobufCMessage *mlf_parse(const ProtobufCMessageDescriptor *type, const uint8_t *data,
                            size_t size) {
  static const uint8_t none[1];
  ProtobufCMessage *msg = protobuf_c_message_unpack(type, NULL, size, size ? data : none);
  if (msg) normalize(msg);
  return msg;
}

ProtobufCMessage *mlf_parse_or_default(const ProtobufCMessageDescriptor *type,
                                       const uint8_t *data, size_t size) {
  ProtobufCMessage *msg = mlf_parse(type, data, size);
  return msg ? msg : mlf_message_new_default(type);
}

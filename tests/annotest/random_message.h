/* Random protobuf-c messages by reflection, for the glue tests: every field of a descriptor
 * filled with values an adversary would pick (the wire type's extremes, NaN, infinities,
 * subnormals, signed zeros, small and large numbers), repeated fields of random length, nested
 * messages recursively; any field may be left absent. Freed with
 * protobuf_c_message_free_unpacked(m, NULL). */
#ifndef RANDOM_MESSAGE_H
#define RANDOM_MESSAGE_H
#include <protobuf-c/protobuf-c.h>
#include "mlf_rng.h"

ProtobufCMessage *random_message(const ProtobufCMessageDescriptor *d, mlf_rng *rng);
/* A message of type d whose oneof member `field` (of root type d) holds a random message. */
ProtobufCMessage *random_message_with_member(const ProtobufCMessageDescriptor *d, const char *field, mlf_rng *rng);
#endif

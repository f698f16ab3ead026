/* Enum values outside their enum (possible in any input that did not come from the mutator:
 * a byte-level engine, a hand-written corpus file) replaced by the field's default, or else by
 * the smallest value the enum defines. */
#ifndef MLF_ENUM_NORMALIZE_H
#define MLF_ENUM_NORMALIZE_H
#include <protobuf-c/protobuf-c.h>

/* Walks msg and its sub-messages; leaves a message whose enums are all valid unchanged. */
void mlf_normalize_enums(ProtobufCMessage *msg);
#endif

/* The root message type for the AFL++ custom mutator library, which is built per target
 * without the harness: the build passes -DMLF_ROOT_DESCRIPTOR=<descriptor symbol>. */
#include <protobuf-c/protobuf-c.h>

extern const ProtobufCMessageDescriptor MLF_ROOT_DESCRIPTOR;
const ProtobufCMessageDescriptor *mlf_root_descriptor(void);
const ProtobufCMessageDescriptor *mlf_root_descriptor(void) { return &MLF_ROOT_DESCRIPTOR; }

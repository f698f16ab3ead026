/* Shared entry used by the engine adapters and the replay driver (see mlf_entry.c). */
#ifndef MLF_ENTRY_H
#define MLF_ENTRY_H
#include <stdint.h>
#include <stdio.h>
#include <protobuf-c/protobuf-c.h>
#include "mlf_report.h"

void mlf_entry_init(const char *argv0);
/* Runs one encoded input; -1 when it is not a message of the target's type. When out_msg is
 * given, the post-processed message is returned there (free with free_unpacked). */
int mlf_entry_run(const uint8_t *data, size_t size, mlf_run *run, ProtobufCMessage **out_msg);
void mlf_entry_print_report(FILE *out, const ProtobufCMessage *msg, const mlf_run *run);
#endif

/* The byte-level baselines' input (bench/annotest/annotest_<lib>_bytes.c; yardsticks, not
 * targets): raw bytes cast to one annotated call with no folding, run as the target runs it. */
#ifndef BYTES_CAST_H
#define BYTES_CAST_H
#include <stddef.h>
#include <stdint.h>
#include <protobuf-c/protobuf-c.h>
#include "annotest_runtime.h"

/* One annotated library's generated glue, seen through its root message type. */
typedef struct {
  const ProtobufCMessageDescriptor *root; /* <Lib>AnnotatedCall: a oneof of the calls */
  const char *target, *library;
  at_blame_fn blame;
  int (*build)(const ProtobufCMessage *call, at_ctx *ctx, const char **function, at_slot **slots);
  void (*run)(const ProtobufCMessage *call, at_ctx *ctx);
} bytes_glue;

/* The first byte picks one of the calls; then each field of its message, in schema order, takes
 * the next bytes as they are (8 per number, 4 per sparse index gap, one count byte per repeated field, nested messages
 * in turn; missing bytes are zero). The glue builds the arguments through bytes_fold.c, which
 * checks every value against its annotation instead of folding it; an input with any value
 * outside is counted as refused (calls and rejections of the function's statistics), a valid
 * one is run as the target runs it. Always 0 (libFuzzer's return). */
int bytes_test_one_input(const bytes_glue *glue, const uint8_t *data, size_t size);
#endif

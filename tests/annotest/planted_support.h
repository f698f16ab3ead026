/* What the planted-annotation tests (test_annotest_*planted.c) share: one call of a generated
 * glue, a planted header's or a target's, on a fresh run; the finding a planted hole must
 * raise; and a search of random messages for one that reaches the hole. */
#ifndef PLANTED_SUPPORT_H
#define PLANTED_SUPPORT_H
#include <stdint.h>
#include <protobuf-c/protobuf-c.h>
#include "annotest_runtime.h"

typedef struct {
  const char *target, *library;           /* as the tags name them */
  const char *(*blame)(long long status); /* the library's blame text (at_ctx_init) */
  void (*run)(const ProtobufCMessage *call, at_ctx *ctx); /* the glue's annotest_<lib>_run */
} planted_glue;

/* Runs call through g; run holds the findings. Returns why the glue refused the call (a
 * @require), NULL when it ran it. */
const char *planted_run(const planted_glue *g, const ProtobufCMessage *call, mlf_run *run);
/* run raised exactly mlf:<target>:<library>:<function>:documented-error, and its detail holds
 * every text of the NULL-terminated details. */
void planted_assert_documented_error(const mlf_run *run, const planted_glue *g, const char *function,
                                     const char *const *details);
/* Runs up to tries random messages calling member of root (random_message.c, seeded) through
 * g; the index of the first whose first finding is of kind (its tag ends ":<kind>"; run holds
 * it), -1 if none was. */
int planted_first_hit(const planted_glue *g, const ProtobufCMessageDescriptor *root, const char *member, uint64_t seed,
                      int tries, const char *kind, mlf_run *run);
#endif

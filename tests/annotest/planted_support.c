/* What the planted-annotation tests share (planted_support.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "planted_support.h"
#include "random_message.h"

const char *planted_run(const planted_glue *g, const ProtobufCMessage *call, mlf_run *run) {
  at_ctx ctx;
  mlf_run_reset(run);
  at_ctx_init(&ctx, run, g->target, g->library, g->blame);
  g->run(call, &ctx);
  at_release(&ctx);
  return ctx.reject_reason;
}

void planted_assert_documented_error(const mlf_run *run, const planted_glue *g, const char *function,
                                     const char *const *details) {
  char tag[160];
  snprintf(tag, sizeof tag, "mlf:%s:%s:%s:documented-error", g->target, g->library, function);
  if (run->n_findings != 1) fail_msg("%s: %zu findings, expected %s", function, run->n_findings, tag);
  assert_string_equal(run->findings[0].tag, tag);
  for (; *details; details++)
    if (!strstr(run->findings[0].detail, *details))
      fail_msg("%s: the finding's detail \"%s\" lacks \"%s\"", function, run->findings[0].detail, *details);
}

/* Whether tag ends in ":<kind>". */
static int of_kind(const char *tag, const char *kind) {
  size_t t = strlen(tag), k = strlen(kind);
  return t > k && tag[t - k - 1] == ':' && !strcmp(tag + t - k, kind);
}

int planted_first_hit(const planted_glue *g, const ProtobufCMessageDescriptor *root, const char *member, uint64_t seed,
                      int tries, const char *kind, mlf_run *run) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  for (int k = 0; k < tries; k++) {
    ProtobufCMessage *m = random_message_with_member(root, member, &rng);
    planted_run(g, m, run);
    protobuf_c_message_free_unpacked(m, NULL);
    if (run->n_findings && of_kind(run->findings[0].tag, kind)) return k;
  }
  return -1;
}

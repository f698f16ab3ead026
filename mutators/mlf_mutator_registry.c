/* Process-wide registries of post-processors and domain mutators per message type, filled
 * once at harness initialisation, and mlf_post_process, which runs the post-processors
 * bottom-up over a message tree. Registering the same function twice has no effect. */
#include <stdio.h>
#include <stdlib.h>
#include "mlf_mutator_internal.h"

#define MLF_MAX_POST_PROCESSORS 64
#define MLF_MAX_DOMAIN_MUTATORS 128
/* Message types remembered as leading (or not) to a post-processed type; a type graph
 * larger than this is simply walked in full. */
#define MLF_REACH_CACHE 64
#define MLF_REACH_GRAPH 256

static struct {
  const ProtobufCMessageDescriptor *type;
  mlf_post_process_fn fn;
} post_processors[MLF_MAX_POST_PROCESSORS];
static size_t n_post_processors;

static mlf_domain_entry domain_mutators[MLF_MAX_DOMAIN_MUTATORS];
static size_t n_domain_mutators;

static struct {
  const ProtobufCMessageDescriptor *type;
  int reaches;
} reach_cache[MLF_REACH_CACHE];
static size_t n_reach_cache;

static void registry_full(const char *what) {
  fprintf(stderr, "mlf_mutator: too many %s registered\n", what);
  abort();
}

void mlf_register_post_processor(const ProtobufCMessageDescriptor *type, mlf_post_process_fn fn) {
  for (size_t i = 0; i < n_post_processors; i++)
    if (post_processors[i].type == type && post_processors[i].fn == fn) return;
  if (n_post_processors == MLF_MAX_POST_PROCESSORS) registry_full("post-processors");
  post_processors[n_post_processors].type = type;
  post_processors[n_post_processors].fn = fn;
  n_post_processors++;
  n_reach_cache = 0;
}

void mlf_register_domain_mutator(const ProtobufCMessageDescriptor *type, const char *name,
                                 mlf_domain_mutator_fn fn, unsigned weight) {
  for (size_t i = 0; i < n_domain_mutators; i++)
    if (domain_mutators[i].type == type && domain_mutators[i].fn == fn) return;
  if (n_domain_mutators == MLF_MAX_DOMAIN_MUTATORS) registry_full("domain mutators");
  mlf_domain_entry *e = &domain_mutators[n_domain_mutators++];
  e->type = type;
  snprintf(e->name, sizeof e->name, "%s", name);
  e->fn = fn;
  e->weight = weight;
}

size_t mlf_domain_count(void) { return n_domain_mutators; }

const mlf_domain_entry *mlf_domain_get(size_t i) { return &domain_mutators[i]; }

static int has_post_processor(const ProtobufCMessageDescriptor *type) {
  for (size_t i = 0; i < n_post_processors; i++)
    if (post_processors[i].type == type) return 1;
  return 0;
}

/* 1 when a message of this type may be or contain one with a post-processor: a search of
 * the type graph (which may have cycles), remembered per type. */
static int reaches_post_processor(const ProtobufCMessageDescriptor *type) {
  for (size_t i = 0; i < n_reach_cache; i++)
    if (reach_cache[i].type == type) return reach_cache[i].reaches;
  const ProtobufCMessageDescriptor *seen[MLF_REACH_GRAPH];
  size_t n_seen = 1, next = 0;
  int reaches = 0;
  seen[0] = type;
  while (next < n_seen && !reaches) {
    const ProtobufCMessageDescriptor *d = seen[next++];
    reaches = has_post_processor(d);
    for (unsigned i = 0; i < d->n_fields && !reaches; i++) {
      const ProtobufCMessageDescriptor *sub = d->fields[i].descriptor;
      if (d->fields[i].type != PROTOBUF_C_TYPE_MESSAGE) continue;
      size_t k = 0;
      while (k < n_seen && seen[k] != sub) k++;
      if (k < n_seen) continue;
      if (n_seen == MLF_REACH_GRAPH) return 1; /* too large to tell: walk it */
      seen[n_seen++] = sub;
    }
  }
  if (n_reach_cache < MLF_REACH_CACHE) {
    reach_cache[n_reach_cache].type = type;
    reach_cache[n_reach_cache++].reaches = reaches;
  }
  return reaches;
}

/* Children first, so a post-processor sees sub-messages that are already valid; subtrees
 * without post-processed types are skipped. */
static void post_process_tree(ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->type != PROTOBUF_C_TYPE_MESSAGE || !reaches_post_processor(f->descriptor)) continue;
    for (size_t k = 0, n = mlf_field_count(msg, f); k < n; k++) {
      ProtobufCMessage *sub = *(ProtobufCMessage **)mlf_field_slot(msg, f, k);
      if (sub) post_process_tree(sub);
    }
  }
  for (size_t i = 0; i < n_post_processors; i++)
    if (post_processors[i].type == d) post_processors[i].fn(msg);
}

void mlf_post_process(ProtobufCMessage *msg) {
  if (msg && n_post_processors && reaches_post_processor(msg->descriptor)) post_process_tree(msg);
}

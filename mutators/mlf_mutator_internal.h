/* Internal interface shared by the generic mutator's source files; harnesses use
 * mlf_mutator.h only. Terms: a "slot" is the storage of one value (a struct member, or one
 * element of a repeated field's array); a value is "owned" when free_unpacked may free it. */
#ifndef MLF_MUTATOR_INTERNAL_H
#define MLF_MUTATOR_INTERNAL_H
#include "mlf_mutator.h"
#include "mlf_mutator_fields.h"

/* Relative weights of the generic operations on one field or element. A domain mutator's
 * registered weight is in the same unit (4 = as likely as mutating one given scalar). With
 * adds offered once per repeated field and deletes once per element, a repeated field
 * settles around (ADD + CLONE) / DELETE elements when the budget does not bound it first. */
enum { MLF_W_MUTATE = 4, MLF_W_ADD = 2, MLF_W_DELETE = 1, MLF_W_COPY = 1, MLF_W_CLONE = 1 };

/* With less free space than this below the size budget, only shrinking operations run.
 * Also the slack reserved for tags and length prefixes when a copied value is sized. */
#define MLF_HEADROOM_MIN 16
#define MLF_DEFAULT_MAX_DEPTH 8
#define MLF_PATH_MAX 12
#define MLF_OP_NAME_MAX 160

/* Storage of any single value; a scratch slot for building a value before storing it. */
typedef union {
  int32_t i32;
  uint32_t u32;
  int64_t i64;
  uint64_t u64;
  float f;
  double d;
  protobuf_c_boolean b;
  int e;
  char *s;
  ProtobufCBinaryData bytes;
  ProtobufCMessage *m;
} mlf_value;

/* malloc/realloc that abort on exhaustion (a fuzzer cannot continue without memory). */
void *mlf_xmalloc(size_t n);
void *mlf_xrealloc(void *p, size_t n);

/* ---- changing fields (mlf_mutator_fields.c; reading them: mlf_mutator_fields.h) ---- */
/* Non-repeated: frees the current value (for a oneof, the active member's) and stores v,
 * marking the field set. Repeated: frees element i and stores v there. v becomes owned. */
void mlf_field_store(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t i,
                     const void *v);
/* Repeated only: inserts v before element pos (pos == count appends). */
void mlf_field_insert(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t pos,
                      const void *v);
/* Unsets a non-repeated field or erases element i of a repeated one, freeing the value. */
void mlf_field_remove(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t i);

/* ---- values (mlf_mutator_values.c) ---- */
void mlf_value_free(const ProtobufCFieldDescriptor *f, void *slot);
/* Writes an owned default value of f into the slot dst (a message field gets a new
 * default message). */
void mlf_value_init(const ProtobufCFieldDescriptor *f, void *dst);
/* Writes into dst an owned deep copy of the value in src (a slot of a field compatible with
 * f); a copied message keeps at most `levels` nesting levels below it. */
void mlf_value_copy(const ProtobufCFieldDescriptor *f, void *dst, const void *src,
                    unsigned levels);
/* 1 when values of fields a and b can be copied into each other. */
int mlf_value_compatible(const ProtobufCFieldDescriptor *a, const ProtobufCFieldDescriptor *b);
/* Encoded size of the value in slot without its tag, or an upper bound (scalars: 10). */
size_t mlf_value_size(const ProtobufCFieldDescriptor *f, const void *slot);
int mlf_enum_valid(const ProtobufCEnumDescriptor *e, int value);
int mlf_enum_default(const ProtobufCEnumDescriptor *e);
/* A message of type d as its init function leaves it (required sub-messages still NULL). */
ProtobufCMessage *mlf_message_alloc(const ProtobufCMessageDescriptor *d);
/* Deep copy keeping at most `levels` nesting levels below msg. */
ProtobufCMessage *mlf_message_copy(const ProtobufCMessage *msg, unsigned levels);
/* Frees every field of msg and re-initialises it as a default message, in place. */
void mlf_message_reset(ProtobufCMessage *msg);

/* ---- scalar, enum, string and bytes mutation (mlf_mutator_scalar.c) ---- */
/* Changes the value in slot, growing it by at most headroom bytes; returns the kind of
 * change ("special", "ulp", "delta", "insert", ...). */
const char *mlf_value_mutate(mlf_rng *rng, const ProtobufCFieldDescriptor *f, void *slot,
                             size_t headroom);

/* ---- operation sampling (mlf_mutator_sample.c) ---- */
typedef enum { MLF_OP_ADD, MLF_OP_MUTATE, MLF_OP_DELETE, MLF_OP_COPY, MLF_OP_CLONE,
               MLF_OP_DOMAIN } mlf_op;
typedef enum { MLF_MODE_MUTATE, MLF_MODE_SHRINK, MLF_MODE_CROSSOVER } mlf_mode;

/* One step from a message into a sub-message: the field and, if repeated, the element. */
typedef struct {
  const ProtobufCFieldDescriptor *field;
  size_t index; /* SIZE_MAX for a non-repeated field */
} mlf_path_step;

/* The operation chosen by sampling and where it applies. */
typedef struct {
  mlf_op op;
  mlf_mode mode;
  const char *root_name;                 /* short name of the tree's root type */
  ProtobufCMessage *msg;
  const ProtobufCFieldDescriptor *field; /* NULL for MLF_OP_DOMAIN */
  size_t index;                          /* element of a repeated field */
  size_t domain;                         /* registry index for MLF_OP_DOMAIN */
  uint64_t weight;                       /* of all operations on field (or msg's domain ones) */
  unsigned depth;                        /* nesting depth of msg, root = 0 */
  unsigned path_len;                     /* steps from the root to msg (may exceed stored) */
  mlf_path_step path[MLF_PATH_MAX];
} mlf_target;

/* What the last call did; turned into a name only when asked (mlf_mutator_last_op). */
typedef struct {
  const char *fixed;  /* the whole name unless NULL: "none", a domain mutator's name, ... */
  mlf_target target;  /* otherwise the field operation */
  size_t shown_index; /* element index shown in the name, SIZE_MAX for none */
  const char *kind;   /* what a mutate did, or NULL */
  const char *suffix; /* "", "+shrink" or "+reset" */
} mlf_op_record;

struct mlf_mutator {
  const ProtobufCMessageDescriptor *root;
  mlf_rng rng;
  unsigned max_depth;
  size_t size_budget;
  /* decode cache (mlf_mutator_cache.c): the last output of mlf_mutate_bytes or
   * mlf_crossover_bytes, and that output as a message (post-processed, normalized) */
  ProtobufCMessage *cached;
  uint8_t *cached_bytes;
  size_t cached_len, cached_cap;
  mlf_op_record last;
  char *name; /* MLF_OP_NAME_MAX bytes, written by mlf_mutator_last_op */
};

/* Picks one operation over the whole tree by weighted reservoir sampling; 0 when none. */
int mlf_sample_target(mlf_mutator *m, ProtobufCMessage *root, mlf_mode mode, mlf_target *t);
/* Picks a set value in tree whose type is compatible with field f (not the slot `skip`). */
const void *mlf_sample_source(mlf_rng *rng, const ProtobufCMessage *tree,
                              const ProtobufCFieldDescriptor *f, const void *skip,
                              const ProtobufCFieldDescriptor **src_field);

/* ---- applying an operation (mlf_mutator_ops.c) ---- */
/* Applies t; copy/clone take their value from src_tree. Records the operation in m->last.
 * Returns 0 when it did not apply (nothing compatible, too big, ...). */
int mlf_apply(mlf_mutator *m, const mlf_target *t, const ProtobufCMessage *src_tree,
              size_t headroom);
/* Records a last operation that is not a field operation, named `name` (static storage). */
void mlf_record_fixed(mlf_mutator *m, const char *name);

/* ---- message-level element removal (mlf_mutator_trim.c) ---- */
/* Removes each removable element with probability percent/100 (depth-first, a removed
 * element's descendants are not visited); returns the number removed. */
size_t mlf_remove_random(ProtobufCMessage *msg, mlf_rng *rng, unsigned percent);

/* ---- registries (mlf_mutator_registry.c) ---- */
typedef struct {
  const ProtobufCMessageDescriptor *type;
  char name[48];
  mlf_domain_mutator_fn fn;
  unsigned weight;
} mlf_domain_entry;
size_t mlf_domain_count(void);
const mlf_domain_entry *mlf_domain_get(size_t i);

/* ---- bytes to messages (mlf_mutator_parse.c, mlf_mutator_cache.c) ---- */
/* The cached message when data[0..size) are the cached bytes, handed over to the caller
 * (the cache is then empty), else NULL. */
ProtobufCMessage *mlf_cache_take(mlf_mutator *m, const uint8_t *data, size_t size);
/* Makes msg (now owned by the cache) and its encoding data[0..size) the cache. */
void mlf_cache_keep(mlf_mutator *m, ProtobufCMessage *msg, const uint8_t *data, size_t size);
/* Frees the cached message and bytes. */
void mlf_cache_free(mlf_mutator *m);
#endif

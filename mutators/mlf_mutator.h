/* Generic structure-aware mutator over protobuf-c messages, driven by reflection
 * (ProtobufCMessageDescriptor).  Engine-agnostic: the libFuzzer and AFL++ adapters are thin
 * wrappers around mlf_mutate_bytes / mlf_crossover_bytes. */
#ifndef MLF_MUTATOR_H
#define MLF_MUTATOR_H
#include <protobuf-c/protobuf-c.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include "mlf_rng.h"

/* Restores validity of one message type in place, deterministically; must leave an already
 * valid message unchanged (so reproducers never drift). Called bottom-up on every
 * sub-message of the registered type after each mutation and before each run. */
typedef void (*mlf_post_process_fn)(ProtobufCMessage *msg);
void mlf_register_post_processor(const ProtobufCMessageDescriptor *type, mlf_post_process_fn fn);
void mlf_post_process(ProtobufCMessage *msg);

/* A domain mutator changes one meaningful thing of a message of its type (a LEMON rule, a
 * MoCo operator, ...). Returns 0 when it did not apply. Chosen alongside generic operations
 * with the given weight; its name appears in mlf_mutator_last_op(). Type NULL: offered on the
 * root message of every tree, whatever its type (mutators that work by reflection). */
typedef int (*mlf_domain_mutator_fn)(ProtobufCMessage *msg, mlf_rng *rng);
void mlf_register_domain_mutator(const ProtobufCMessageDescriptor *type, const char *name,
                                 mlf_domain_mutator_fn fn, unsigned weight);

typedef struct mlf_mutator mlf_mutator;

typedef struct {
  unsigned max_depth;    /* nested-message depth limit (default 8) */
  size_t   size_budget;  /* packed-size budget in bytes; 0 means the engine's max_size */
} mlf_mutator_options;

mlf_mutator *mlf_mutator_new(const ProtobufCMessageDescriptor *root, uint64_t seed,
                             const mlf_mutator_options *opts /* NULL: defaults */);
void mlf_mutator_free(mlf_mutator *m);
void mlf_mutator_reseed(mlf_mutator *m, uint64_t seed);

/* Unpacks data (or starts from a default message when it does not parse), applies one
 * mutation, post-processes, packs into data. Returns the new size, always <= max_size and
 * always a valid encoding of the root type. */
size_t mlf_mutate_bytes(mlf_mutator *m, uint8_t *data, size_t size, size_t max_size);

/* Crossover: copies or clones fields of b into a. Result written to out (<= max_out). */
size_t mlf_crossover_bytes(mlf_mutator *m, const uint8_t *a, size_t a_size,
                           const uint8_t *b, size_t b_size, uint8_t *out, size_t max_out);

/* Message-level operations, used by the byte-level entry points, trimming and tests. */
int mlf_mutate_message(mlf_mutator *m, ProtobufCMessage *msg, size_t budget);
int mlf_crossover_message(mlf_mutator *m, ProtobufCMessage *dst, const ProtobufCMessage *src,
                          size_t budget);
/* Removes the idx-th removable element (optional field or repeated element, depth-first);
 * returns 0 when idx is past the last one. Used for message-level trimming. */
int mlf_remove_element(ProtobufCMessage *msg, size_t idx);
size_t mlf_count_removable(const ProtobufCMessage *msg);
/* Minimisation (mlf_mutator_shrink.c): applies the idx-th simplification of msg (blocks of
 * repeated elements, then single removable elements, then values toward 0, short decimals
 * and shorter strings) and returns 1; 0 when idx is past the last. A step may leave msg
 * unchanged; msg must own its values (as unpacked). */
int mlf_shrink_step(ProtobufCMessage *msg, size_t idx);
/* The order minimisation descends: fewer encoded bytes, then a shorter text, then the text
 * that sorts first (0 before other digits, so 10000 before 12345). Negative when message a
 * (encoded size, mlf_text_string) comes before b. */
int mlf_shrink_compare(size_t a_size, const char *a_text, size_t b_size, const char *b_text);

/* Name of the last operation applied, e.g. "mutate:GemmCase.m:boundary" (for AFL++ describe). */
const char *mlf_mutator_last_op(const mlf_mutator *m);

/* protobuf_c_message_unpack, then drops unknown fields and replaces enum values the enum
 * does not define (mlf_normalize_enums): how both the mutator and the harness entry read
 * bytes. NULL when the bytes do not parse. */
ProtobufCMessage *mlf_parse(const ProtobufCMessageDescriptor *type, const uint8_t *data,
                            size_t size);

/* Parses bytes; on failure returns a freshly initialised default message. Never NULL.
 * Free with protobuf_c_message_free_unpacked(msg, NULL). */
ProtobufCMessage *mlf_parse_or_default(const ProtobufCMessageDescriptor *type,
                                       const uint8_t *data, size_t size);
ProtobufCMessage *mlf_message_new_default(const ProtobufCMessageDescriptor *type);

/* Writes the message in protobuf text format (readable, parseable by protoc --encode). */
void mlf_print_text(FILE *out, const ProtobufCMessage *msg);
/* The same text in a string (free it); NULL when memory runs out. */
char *mlf_text_string(const ProtobufCMessage *msg);

/* Root message type of the fuzz target; defined by the harness entry (by the test in
 * tests) and used by the engine adapters (mlf_libfuzzer_adapter.c, mlf_afl_mutator.c). */
const ProtobufCMessageDescriptor *mlf_root_descriptor(void);
#endif

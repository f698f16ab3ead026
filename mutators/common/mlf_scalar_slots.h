/* Every real-valued scalar of a message tree, found by reflection: each mlf.Number (one slot,
 * whatever its kind) and each float or double value (a set field or an element of a
 * repeated one); optionally also each unset optional Number, float or double field of a
 * present message, which storing a value creates. Shared by the exponent mutators and the
 * replay driver's exponent listing. */
#ifndef MLF_SCALAR_SLOTS_H
#define MLF_SCALAR_SLOTS_H
#include <protobuf-c/protobuf-c.h>
#include "mlf_common.pb-c.h"

typedef enum { MLF_SCALAR_NUMBER, MLF_SCALAR_DOUBLE, MLF_SCALAR_FLOAT } mlf_scalar_kind;

typedef struct {
  ProtobufCMessage *owner;               /* the message holding the field */
  const ProtobufCFieldDescriptor *field;
  size_t index;                          /* element of a repeated field, else 0 */
  int present;
  mlf_scalar_kind kind;
  const char *path; /* "GemmCase.a.pokes.value" (no element indices); NULL unless asked */
} mlf_scalar_slot;

typedef void (*mlf_scalar_visit_fn)(const mlf_scalar_slot *slot, void *ctx);

/* Calls visit on every scalar of the tree, depth-first in field order. */
void mlf_scalar_walk(ProtobufCMessage *root, int with_absent, int with_path,
                     mlf_scalar_visit_fn visit, void *ctx);

/* A present slot's value; a Number of kind special gives NaN and sets *special to the
 * Special (else *special is -1). */
double mlf_scalar_get(const mlf_scalar_slot *slot, int *special);

/* Stores v (rounded to float for a float field; a Number becomes an explicit value),
 * creating the field or Number when absent. */
void mlf_scalar_set(const mlf_scalar_slot *slot, double v);
#endif

/* An independent judge of the generated glue: whether what the glue built for one annotated
 * call (its at_slot per variable) satisfies the parsed annotations (at_model.h), computed here
 * from the model and never by the glue's own folding: integer and real bounds with their open
 * or closed ends, the NaN and infinity rules, froms and flags, array shapes tied to other
 * variables, row pitches (ld >= columns) and strides, every element's range, outs counts, and
 * objects: the generator's parameters fixed by the caller, the generator's own annotations,
 * the object itself (the test's model of each generator), each field of a dict (a constant
 * field is its constant), and sparse vectors (their length, indices ascending from 1 up to
 * max_index, the -1 terminator, every value). Lists, tuples and anys are not judged yet: a
 * function that uses them fails with that message. A computed variable in a bound or shape is
 * judged by its expression. */
#ifndef ANNOTATION_CHECKER_H
#define ANNOTATION_CHECKER_H
#include <stddef.h>
#include "annotest_runtime.h"
#include "generator/at_model.h"

typedef struct {
  /* The value of a C function a term calls (or of a C constant it names: nargs 0, args NULL),
   * from the test's own knowledge of it; sets *known to 0 for one it does not know. */
  double (*call)(const char *name, const double *args, size_t nargs, int *known);
  /* Checks the object in slot (built by generator, whose variables are slot->sub): 0 when it
   * is what the generator's annotations describe, else -1 with a reason in why. */
  int (*object)(const at_function *generator, const at_slot *slot, char *why, size_t n);
  /* Node k of a sparse vector of node type dtype at p: its index and value; -1 for a type the
   * test does not know. NULL when the library has no sparse vectors. */
  int (*node)(const char *dtype, const void *p, size_t k, long long *index, double *value);
} annotation_model;

/* 0 when slots satisfy fn's annotations; -1 with "variable: reason" in why. Variables computed
 * from others (a C expression strategy) are not in the slots and are not judged; *computed
 * (may be NULL) counts them. */
int annotation_check(const at_header *h, const at_function *fn, const at_slot *slots, const annotation_model *model,
                     size_t *computed, char *why, size_t n);

/* For the tests' object models: the slot of generator g's variable name in an object's slot
 * (NULL if g has none), and a reason written into out (returns -1, the models' "not it"). */
const at_slot *annotation_var(const at_function *g, const at_slot *slot, const char *name);
int annotation_why(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#endif

/* Exponent-targeted mutation of real scalars, for every numeric family: a Number, float or
 * double anywhere in the tree is set near an overflow, underflow or scaling threshold of
 * float or double (exponent:threshold), or two of them so that their product or quotient
 * lands next to one (exponent:pair), so that the rescaling loops of nrm2, lassq, rotg,
 * rotmg and the like are entered. Registered for the root of every tree (type NULL). In
 * false-alarm mode (MLF_NO_SPECIALS=1) neither applies: values stay plain. */
#include "mlf_exponent_values.h"
#include "mlf_mutator.h"
#include "mlf_no_specials.h"
#include "mlf_scalar_slots.h"

/* Weights in the generic mutator's unit (4 = one mutation of one given scalar), offered once
 * per tree: about 1.0 and 0.5 percent of the mutations of the large test GemmCase (every
 * field set, 8 pokes per operand; tests/test_exponent_mutators.c prints the shares), a few
 * percent together on the smaller seeds of the corpora: enough to reach every threshold
 * within minutes, little enough to leave the rest of a campaign's mutations as they were. */
#define EXPONENT_THRESHOLD_WEIGHT 8
#define EXPONENT_PAIR_WEIGHT 4

/* Reservoir of up to two distinct slots, uniform over the slots visited. */
typedef struct {
  mlf_rng *rng;
  unsigned want;
  uint64_t seen;
  mlf_scalar_slot chosen[2];
} reservoir;

static void keep_slot(const mlf_scalar_slot *slot, void *ctx) {
  reservoir *r = ctx;
  uint64_t i = r->seen++;
  if (i < r->want) {
    r->chosen[i] = *slot;
  } else {
    uint64_t j = mlf_rng_below(r->rng, i + 1);
    if (j < r->want) r->chosen[j] = *slot;
  }
}

static const mlf_real_limits *any_format(mlf_rng *rng) {
  return mlf_rng_below(rng, 2) ? &mlf_double_limits : &mlf_float_limits;
}

static const mlf_real_limits *storage_of(const mlf_scalar_slot *slot) {
  return slot->kind == MLF_SCALAR_FLOAT ? &mlf_float_limits : &mlf_double_limits;
}

static int mutate_threshold(ProtobufCMessage *msg, mlf_rng *rng) {
  if (mlf_no_specials_enabled()) return 0;
  reservoir r = {.rng = rng, .want = 1};
  mlf_scalar_walk(msg, 1, 0, keep_slot, &r);
  if (!r.seen) return 0;
  const mlf_scalar_slot *s = &r.chosen[0];
  const mlf_real_limits *target = s->kind == MLF_SCALAR_FLOAT ? &mlf_float_limits : any_format(rng);
  mlf_scalar_set(s, mlf_threshold_value(rng, target, storage_of(s)));
  return 1;
}

static int mutate_pair(ProtobufCMessage *msg, mlf_rng *rng) {
  if (mlf_no_specials_enabled()) return 0;
  reservoir r = {.rng = rng, .want = 2};
  mlf_scalar_walk(msg, 1, 0, keep_slot, &r);
  if (r.seen < 2) return 0;
  int has_float = r.chosen[0].kind == MLF_SCALAR_FLOAT || r.chosen[1].kind == MLF_SCALAR_FLOAT;
  double a, b;
  if (!mlf_threshold_pair(rng, has_float ? &mlf_float_limits : any_format(rng), &a, &b))
    return 0;
  /* storing one never moves the other: an absent slot is a non-repeated field, and a
   * repeated field's elements are overwritten in place */
  mlf_scalar_set(&r.chosen[0], a);
  mlf_scalar_set(&r.chosen[1], b);
  return 1;
}

__attribute__((constructor)) static void register_exponent_mutators(void) {
  mlf_register_domain_mutator(NULL, "exponent:threshold", mutate_threshold,
                              EXPONENT_THRESHOLD_WEIGHT);
  mlf_register_domain_mutator(NULL, "exponent:pair", mutate_pair, EXPONENT_PAIR_WEIGHT);
}

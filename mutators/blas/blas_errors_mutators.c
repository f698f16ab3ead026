/* ErrorCase post-processor and domain mutators. The post-processor keeps a case meaningful
 * and small (a precision the routine exists in, a valid base TRANS for the routine, an
 * invalidation of an argument the routine has, sizes and increments bounded, nonzero
 * increments) and leaves such a case unchanged; the domain mutators change what an error-path
 * case is about in one step: which argument is invalid, the routine, the interface. */
#include <stdlib.h>
#include <string.h>
#include "errors_routines.h"
#include "blas_errors.pb-c.h"
#include "mlf_mutator.h"

#define ERRORS_MAX_DIM 12  /* sizes only matter to the checks; a valid call stays cheap */
#define ERRORS_MAX_BAND 6
#define ERRORS_MAX_INC 3
#define ERRORS_MAX_PADDING 3
#define ERRORS_MAX_VARIANT 8

typedef Mlf__Blas__ErrorCase ErrorCase;
typedef Mlf__Blas__ErrorCase__Invalidation Invalidation;

static const errors_routine *routine_of(const ErrorCase *c) {
  return &errors_routines[(unsigned)c->routine < ERRORS_ROUTINE_COUNT ? (unsigned)c->routine : 0];
}

/* The parameters routine r checks through this interface, as ErrorCase.Param values. */
static size_t checked_params(const errors_routine *r, int cblas, unsigned *out) {
  size_t n = 0;
  for (unsigned p = MLF__BLAS__ERROR_CASE__PARAM__ORDER; p < ERRORS_PARAM_COUNT; p++) {
    char letter = errors_param_letters[p];
    if (letter ? strchr(r->args, letter) != NULL : cblas) out[n++] = p;
  }
  return n;
}

static int has_param(const unsigned *params, size_t n, unsigned p) {
  for (size_t i = 0; i < n; i++)
    if (params[i] == p) return 1;
  return 0;
}

static void bound_invalidation(Invalidation *inv, const unsigned *params, size_t n) {
  unsigned p = (unsigned)inv->param;
  if (p != MLF__BLAS__ERROR_CASE__PARAM__NONE && !has_param(params, n, p))
    inv->param = (Mlf__Blas__ErrorCase__Param)params[p % n];
  if (inv->variant >= ERRORS_MAX_VARIANT) inv->variant %= ERRORS_MAX_VARIANT;
}

static int invalidates(const Invalidation *inv) {
  return inv && inv->param != MLF__BLAS__ERROR_CASE__PARAM__NONE;
}

static void bound_sizes(ErrorCase *c) {
  uint32_t *dims[3] = {&c->m, &c->n, &c->k};
  for (int i = 0; i < 3; i++)
    if (*dims[i] > ERRORS_MAX_DIM) *dims[i] %= ERRORS_MAX_DIM + 1;
  if (c->kl > ERRORS_MAX_BAND) c->kl %= ERRORS_MAX_BAND + 1;
  if (c->ku > ERRORS_MAX_BAND) c->ku %= ERRORS_MAX_BAND + 1;
  if (c->ld_padding > ERRORS_MAX_PADDING) c->ld_padding %= ERRORS_MAX_PADDING + 1;
  int32_t *incs[2] = {&c->inc_x, &c->inc_y};
  for (int i = 0; i < 2; i++) {
    if (*incs[i] > ERRORS_MAX_INC || *incs[i] < -ERRORS_MAX_INC) *incs[i] %= ERRORS_MAX_INC + 1;
    if (*incs[i] == 0) *incs[i] = 1;
  }
}

static void post_process_case(ProtobufCMessage *msg) {
  ErrorCase *c = (ErrorCase *)msg;
  const errors_routine *r = routine_of(c);
  int p = (int)c->precision;
  if (!(r->precisions & ERRORS_COMPLEX) && p >= 2) c->precision = (Mlf__Blas__Precision)(p - 2);
  if (!(r->precisions & ERRORS_REAL) && p < 2) c->precision = (Mlf__Blas__Precision)(p + 2);
  int complex = c->precision >= MLF__BLAS__PRECISION__COMPLEX;
  /* The base TRANS must be valid: N or C for HERK/HER2K, N or T for complex SYRK/SYR2K. */
  if (r->trans_rule == 'h' && c->trans == MLF__BLAS__TRANSPOSE__TRANS)
    c->trans = MLF__BLAS__TRANSPOSE__CONJ_TRANS;
  if (r->trans_rule == 's' && complex && c->trans == MLF__BLAS__TRANSPOSE__CONJ_TRANS)
    c->trans = MLF__BLAS__TRANSPOSE__TRANS;
  bound_sizes(c);
  unsigned params[ERRORS_PARAM_COUNT];
  size_t n = checked_params(r, c->interface == MLF__BLAS__ERROR_CASE__INTERFACE__CBLAS, params);
  if (c->first) bound_invalidation(c->first, params, n);
  if (c->second) bound_invalidation(c->second, params, n);
  /* A second invalidation needs a first one, of another parameter. */
  if (invalidates(c->second) && !invalidates(c->first)) {
    Invalidation *t = c->first;
    c->first = c->second;
    c->second = t;
  }
  if (c->second && c->first && c->second->param == c->first->param) {
    protobuf_c_message_free_unpacked(&c->second->base, NULL);
    c->second = NULL;
  }
}

static Invalidation *ensure(Invalidation **slot) {
  if (!*slot) {
    *slot = malloc(sizeof **slot);
    if (!*slot) abort();
    mlf__blas__error_case__invalidation__init(*slot);
  }
  (*slot)->has_param = (*slot)->has_variant = 1;
  return *slot;
}

/* Invalidates one argument the routine checks (the first, or a second one beside it). */
static int mutate_invalidate(ProtobufCMessage *msg, mlf_rng *rng) {
  ErrorCase *c = (ErrorCase *)msg;
  unsigned params[ERRORS_PARAM_COUNT];
  size_t n = checked_params(routine_of(c), c->interface == MLF__BLAS__ERROR_CASE__INTERFACE__CBLAS, params);
  Invalidation *inv = ensure(invalidates(c->first) && mlf_rng_chance(rng, 30) ? &c->second : &c->first);
  inv->param = (Mlf__Blas__ErrorCase__Param)params[mlf_rng_below(rng, n)];
  inv->variant = (uint32_t)mlf_rng_below(rng, ERRORS_MAX_VARIANT);
  post_process_case(msg);
  return 1;
}

/* Another routine (the post-processor moves the invalidation to an argument it has). */
static int mutate_routine(ProtobufCMessage *msg, mlf_rng *rng) {
  ErrorCase *c = (ErrorCase *)msg;
  c->has_routine = 1;
  c->routine = (Mlf__Blas__ErrorCase__Routine)mlf_rng_below(rng, ERRORS_ROUTINE_COUNT);
  post_process_case(msg);
  return 1;
}

/* The other interface, or the other layout of CBLAS. */
static int mutate_interface(ProtobufCMessage *msg, mlf_rng *rng) {
  ErrorCase *c = (ErrorCase *)msg;
  c->has_interface = c->has_layout = 1;
  if (c->interface == MLF__BLAS__ERROR_CASE__INTERFACE__CBLAS && mlf_rng_chance(rng, 50))
    c->layout = c->layout == MLF__BLAS__LAYOUT__ROW_MAJOR ? MLF__BLAS__LAYOUT__COL_MAJOR
                                                          : MLF__BLAS__LAYOUT__ROW_MAJOR;
  else
    c->interface = c->interface == MLF__BLAS__ERROR_CASE__INTERFACE__CBLAS
                       ? MLF__BLAS__ERROR_CASE__INTERFACE__FORTRAN
                       : MLF__BLAS__ERROR_CASE__INTERFACE__CBLAS;
  post_process_case(msg);
  return 1;
}

/* Weights in the generic mutator's unit (4 per field): with ErrorCase's two dozen fields the
 * three make about a third of all mutations. */
__attribute__((constructor)) static void register_errors_mutators(void) {
  mlf_register_post_processor(&mlf__blas__error_case__descriptor, post_process_case);
  mlf_register_domain_mutator(&mlf__blas__error_case__descriptor, "errors:invalidate",
                              mutate_invalidate, 25);
  mlf_register_domain_mutator(&mlf__blas__error_case__descriptor, "errors:routine",
                              mutate_routine, 15);
  mlf_register_domain_mutator(&mlf__blas__error_case__descriptor, "errors:interface",
                              mutate_interface, 10);
}

/* The XNN_OPERATORS template (xnn_template.h): the allocator the library gets, the blocks
 * run in order on slots (one per create block; xnn_operators.h makes the calls and tensors),
 * and the checks of every successful run. */
#include "xnn_template.h"
#include <stdlib.h>
#include <string.h>
#include <xnnpack.h>
#include "mlf_guard.h"
#include "mlf_report.h"
#include "moco_xnn_spec.h"
#include "xnn_operators.h"
#include "xnn_reference.h"

static int alloc_turn(xnn_alloc *a) {
  if (++a->allocations == a->fail_at) { a->failed = 1; return 0; }
  return 1;
}

static void *on_allocate(void *context, size_t size) {
  xnn_alloc *a = context;
  void *p = alloc_turn(a) ? malloc(size ? size : 1) : NULL;
  a->live += p != NULL;
  return p;
}

static void *on_reallocate(void *context, void *pointer, size_t size) {
  xnn_alloc *a = context;
  if (!alloc_turn(a)) return NULL;
  void *p = realloc(pointer, size ? size : 1);
  a->live += p && !pointer;
  return p;
}

static void on_deallocate(void *context, void *pointer) {
  xnn_alloc *a = context;
  a->live -= pointer != NULL;
  free(pointer);
}

static void *on_aligned_allocate(void *context, size_t alignment, size_t size) {
  xnn_alloc *a = context;
  void *p = alloc_turn(a) ? aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment + alignment) : NULL;
  a->live += p != NULL;
  return p;
}

/* The installed snapshot keeps the allocator of the first xnn_initialize call (observed: a
 * later call's context is never used), so one set of counters serves every program and is
 * reset for each; fail_at 0 never fails. */
static xnn_alloc counters;

static int initialize(unsigned long fail_at) {
  static struct xnn_allocator allocator = {&counters, on_allocate, on_reallocate, on_deallocate,
                                           on_aligned_allocate, on_deallocate};
  counters = (xnn_alloc){0, fail_at, 0, 0};
  return xnn_initialize(&allocator);
}

static uint32_t element(const void *buf, size_t i, size_t size) {
  return size == 2 ? ((const uint16_t *)buf)[i] : ((const uint32_t *)buf)[i];
}

/* Records the first problem of output `which` of a run of s (set up by `setup`): an element
 * unlike the first run or the reference (xnn_op_comparable), an element between rows or past
 * the output in a buffer used again (up to its capacity) that is no longer canary. */
static void check_output(const xnn_slot *s, int which, const Mlf__Moco__Block *setup, const moco_results *r,
                         const void *first, const void *ref, xnn_block_outcome *o) {
  const xnn_output *out = &s->out[which];
  size_t n = xnn_output_span(out), size = out->size;
  const unsigned char canary[4] = {MLF_GUARD_CANARY, MLF_GUARD_CANARY, MLF_GUARD_CANARY, MLF_GUARD_CANARY};
  for (size_t i = 0; i < n && !o->problem; i++) {
    uint32_t got = element(out->data, i, size), expected = 0;
    xnn_problem problem = XNN_PROBLEM_NONE;
    if (out->stride && i % out->stride >= out->channels) {
      if (memcmp((const char *)out->data + i * size, canary, size) != 0) problem = XNN_PROBLEM_STRIDE_GAP;
    } else if (!xnn_same_element(element(first, i, size), got, size)) {
      problem = XNN_PROBLEM_NONDETERMINISTIC, expected = element(first, i, size);
    } else if (ref && !xnn_same_element(element(ref, i, size), xnn_op_comparable(s, setup, r, which, i, got), size)) {
      problem = XNN_PROBLEM_REFERENCE, expected = element(ref, i, size);
    }
    if (problem) o->problem = problem, o->output = which, o->index = i, o->expected = expected, o->got = got;
  }
  for (size_t i = n; i < out->capacity && !o->problem; i++)
    if (memcmp((const char *)out->data + i * size, canary, size) != 0)
      o->problem = XNN_PROBLEM_CANARY, o->output = which, o->index = i, o->got = element(out->data, i, size);
}

/* The first problem of a run: in an output (check_output), then a canary next to a guard page. */
static void check_run(const xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, void *const first[2],
                      void *const ref[2], xnn_block_outcome *o) {
  for (int i = 0; i < 2 && s->out[i].data; i++) check_output(s, i, setup, r, first[i], ref[i], o);
  for (int i = 0; i < 2 && !o->problem; i++) {
    if (s->in[i] && !mlf_guard_canary_ok(s->in[i])) o->problem = XNN_PROBLEM_CANARY;
    if (s->out[i].data && !mlf_guard_canary_ok(s->out[i].data)) o->problem = XNN_PROBLEM_CANARY, o->output = i;
  }
}

/* xnn_run_operator twice on one setup, the first outputs kept to compare the second with. */
static void run_op(xnn_slot *s, const Mlf__Moco__Block *setup, const moco_results *r, xnn_block_outcome *o) {
  o->called = 1;
  o->status = xnn_run_operator(s->op, NULL);
  if (o->status != xnn_status_success) return;
  void *first[2] = {NULL, NULL}, *ref[2] = {NULL, NULL};
  for (int i = 0; i < 2 && s->out[i].data; i++) {
    size_t bytes = xnn_output_span(&s->out[i]) * s->out[i].size;
    first[i] = malloc(bytes + 1), ref[i] = malloc(bytes + 1);
    if (!first[i] || !ref[i]) abort();
    memcpy(first[i], s->out[i].data, bytes);
    memcpy(ref[i], s->out[i].data, bytes); /* the stride gaps as they are */
  }
  int exact = xnn_op_reference(s, setup, r, ref);
  o->status = xnn_run_operator(s->op, NULL);
  void *const no_ref[2] = {NULL, NULL};
  if (o->status == xnn_status_success) check_run(s, setup, r, first, exact ? ref : no_ref, o);
  for (int i = 0; i < 2; i++) free(first[i]), free(ref[i]);
}

static void delete_op(xnn_slot *s, xnn_block_outcome *o) {
  o->called = 1;
  o->status = xnn_delete_operator(s->op);
  s->op = NULL, s->ready = 0;
  xnn_op_free_tensors(s);
}

static const char *status_name(int status) {
  static const char *names[] = {"success", "uninitialized", "invalid_parameter", "invalid_state",
                                "unsupported_parameter", "unsupported_hardware", "out_of_memory"};
  return status >= 0 && status < 7 ? names[status] : "?";
}

/* Setup block k (block b) of slot s on fresh tensors, which replace the slot's when it
 * succeeds; a setup that reaches a known crash is not made, one whose run would is not run
 * (unless MLF_REPORT_KNOWN=1). */
static void set_up(xnn_slot *s, const Mlf__Moco__Block *k, size_t b, uint64_t seed, xnn_outcome *o) {
  xnn_block_outcome *bo = &o->block[b];
  int in_run = 0;
  bo->known = xnn_op_known_failure(s, k, &o->results, &in_run);
  int avoid = bo->known && !mlf_report_known();
  if (avoid && !in_run) return; /* not called: the op keeps its earlier setup */
  xnn_slot fresh = *s;
  fresh.in[0] = fresh.in[1] = fresh.out[0].data = fresh.out[1].data = NULL;
  bo->called = 1;
  bo->status = xnn_op_setup(&fresh, &s->out[0], k, &o->results, seed);
  int kept_output = fresh.out[0].data && fresh.out[0].data == s->out[0].data; /* one buffer, one owner */
  if (bo->status == xnn_status_success) {
    if (kept_output) s->out[0].data = NULL;
    xnn_op_free_tensors(s);
    *s = fresh, s->ready = !avoid, s->setup_block = b;
  } else {
    if (kept_output) fresh.out[0].data = NULL;
    xnn_op_free_tensors(&fresh); /* the op may still point at the earlier tensors: kept */
    s->ready = 0;
  }
}

/* One block: create (slot b), setup, run or delete of the slot its op argument names. */
static void run_block(const Mlf__Moco__Program *p, size_t b, xnn_slot *slots, xnn_outcome *o) {
  const Mlf__Moco__Block *k = p->blocks[b];
  int api = moco_api_index(&moco_xnn_spec, k->api);
  xnn_block_outcome *bo = &o->block[b];
  if (api < XNN_API_RUN && api % 2 == 0) {
    xnn_slot *s = &slots[b];
    s->kind = (xnn_kind)(api / 2), s->create = k, s->create_seed = p->data_seed + b;
    bo->called = 1;
    bo->status = xnn_op_create(s->kind, k, &o->results, s->create_seed, &s->op);
    if (bo->status != xnn_status_success) s->op = NULL;
    o->results.block[b].handle = s;
  } else {
    xnn_slot *s = moco_arg_handle(k, 0, &o->results);
    if (!s || !s->op || (api == XNN_API_RUN && !s->ready)) {
      moco_note(&o->results, b, "skipped: no %s op", s && s->op ? "set-up" : "live");
      return;
    }
    if (api == XNN_API_RUN) run_op(s, p->blocks[s->setup_block], &o->results, bo);
    else if (api == XNN_API_DELETE) delete_op(s, bo);
    else set_up(s, k, b, p->data_seed + b, o);
  }
  if (bo->known) {
    moco_note(&o->results, b, "%s: known finding %s%s", bo->called ? status_name(bo->status) : "not called", bo->known,
              mlf_report_known() ? "" : " (the failing call is not made)");
    return;
  }
  moco_note(&o->results, b, "%s%s", status_name(bo->status),
            bo->problem == XNN_PROBLEM_REFERENCE ? ", differs from the reference"
            : bo->problem == XNN_PROBLEM_NONDETERMINISTIC ? ", second run differs"
            : bo->problem == XNN_PROBLEM_STRIDE_GAP ? ", wrote between rows"
            : bo->problem == XNN_PROBLEM_CANARY ? ", canary overwritten" : "");
}

void xnn_template_run(const Mlf__Moco__Program *p, xnn_outcome *o) {
  static xnn_slot slots[MOCO_MAX_BLOCKS];
  memset(slots, 0, sizeof slots);
  o->init_status = initialize(p->fail_allocation);
  o->alloc = counters;
  if (o->init_status != xnn_status_success) return;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) run_block(p, b, slots, o);
  for (size_t b = 0; b < MOCO_MAX_BLOCKS; b++) {
    if (slots[b].op) xnn_delete_operator(slots[b].op);
    xnn_op_free_tensors(&slots[b]);
  }
  o->alloc = counters;
  o->live_after_teardown = counters.live;
}

int xnn_template_still_usable(void) {
  if (initialize(0) != xnn_status_success) return 0;
  xnn_operator_t op = NULL;
  float in[4 + XNN_EXTRA_BYTES / sizeof(float)] = {-2, -0.5f, 0.5f, 2}, out[4];
  int ok = xnn_create_clamp_nc_f32(4, 4, 4, -1, 1, 0, &op) == xnn_status_success &&
           xnn_setup_clamp_nc_f32(op, 1, in, out, NULL) == xnn_status_success &&
           xnn_run_operator(op, NULL) == xnn_status_success && out[0] == -1 && out[1] == -0.5f &&
           out[2] == 0.5f && out[3] == 1;
  if (op) ok &= xnn_delete_operator(op) == xnn_status_success;
  return ok && counters.live == 0;
}

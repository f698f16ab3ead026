/* The level-2 and level-3 BLAS (gemv ... trsm, s/d/c/z) through their Fortran and CBLAS
 * interfaces on every BLAS loaded side by side, with a valid argument set or with one or two
 * arguments the standard forbids. Oracle: with an invalid argument each library reports
 * exactly one error through xerbla / cblas_xerbla naming the routine and the parameter the
 * reference reports (the first invalid one in its checking order; reports normalised to
 * CBLAS positions, see errors_rules.h), leaves every output byte as it was and does not
 * crash or hang (guard pages around every operand, inputs read-only); with valid arguments
 * it reports nothing and writes nothing outside its operands. Calls known to crash, leak or
 * hang run in a child process (errors_known_crashes.h), so they are findings, not the end. */
#include <ctype.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "blas_backend.h"
#include "blas_emit.h"
#include "blas_errors.pb-c.h"
#include "errors_call.h"
#include "errors_case.h"
#include "errors_emit.h"
#include "errors_isolation.h"
#include "errors_known_crashes.h"
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_guard.h"
#include "mlf_target.h"

static blas_backend backends[BLAS_MAX_BACKENDS];
static size_t n_backends;
/* Routine x precision (s, d, c, z) -> index in the backends' tables, -1 where none exists. */
static int routine_fn[ERRORS_ROUTINE_COUNT][4];

static void errors_init(void) {
  const ProtobufCEnumDescriptor *e = &mlf__blas__error_case__routine__descriptor;
  for (size_t r = 0; r < ERRORS_ROUTINE_COUNT; r++) {
    const ProtobufCEnumValue *v = protobuf_c_enum_descriptor_get_value(e, (int)r);
    char lower[16] = "";
    for (size_t i = 0; v && v->name[i] && i < sizeof lower - 1; i++)
      lower[i] = (char)tolower((unsigned char)v->name[i]);
    if (!v || strcmp(lower, errors_routines[r].name) != 0) {
      fprintf(stderr, "mlf: blas_errors: ErrorCase.Routine %zu is not table row %s\n", r,
              errors_routines[r].name);
      exit(2);
    }
    for (int p = 0; p < 4; p++) {
      char symbol[16];
      snprintf(symbol, sizeof symbol, "%c%s_", "sdcz"[p], errors_routines[r].name);
      routine_fn[r][p] = -1;
      for (int fn = 0; fn < BLAS_FN_COUNT; fn++)
        if (strcmp(blas_fortran_symbol((blas_fn)fn), symbol) == 0) routine_fn[r][p] = fn;
    }
  }
  n_backends = blas_backends_load(backends, BLAS_MAX_BACKENDS);
  /* oneDNN's dnnl_sgemm is not a BLAS: it returns a status instead of calling xerbla, so the
   * error-path contract does not apply to it. */
  size_t kept = 0;
  for (size_t i = 0; i < n_backends; i++)
    if (strcmp(backends[i].name, "onednn") != 0) backends[kept++] = backends[i];
  n_backends = kept;
  if (n_backends == 0) {
    fprintf(stderr, "mlf: blas_errors: no BLAS backend could be loaded\n");
    exit(2);
  }
}

/* The operands of one case: guard-page buffers, and a copy of the output to restore it
 * before each backend and to compare with afterwards. */
typedef struct {
  void *data[6];
  size_t bytes[6];
  int output; /* index of the written operand */
  void *pristine;
} operand_set;

static void operands_make(operand_set *s, const errors_args *valid, uint64_t seed,
                          mlf_guard_side side, errors_operands *ops) {
  size_t esize = valid->letter == 's' ? 4 : valid->letter == 'z' ? 16 : 8;
  void **slots[6] = {&ops->a, &ops->b, &ops->c, &ops->p, &ops->x, &ops->y};
  memset(ops, 0, sizeof *ops);
  for (int i = 0; i < 6; i++) {
    char label[2] = {errors_operand_letters[i], '\0'};
    s->data[i] = NULL;
    s->bytes[i] = errors_operand_elements(valid, errors_operand_letters[i]) * esize;
    if (errors_arg_index(valid->r, errors_operand_letters[i]) < 0) continue;
    s->data[i] = mlf_guard_alloc(s->bytes[i], esize, side, label);
    *slots[i] = s->data[i];
  }
  errors_operands_fill(valid, seed, s->data);
  for (int i = 0; i < 6; i++) {
    if (errors_operand_letters[i] == valid->r->output) s->output = i;
    else if (s->data[i]) mlf_guard_set_readonly(s->data[i], 1);
  }
  s->pristine = malloc(s->bytes[s->output] ? s->bytes[s->output] : 1);
  if (!s->pristine) abort();
  memcpy(s->pristine, s->data[s->output], s->bytes[s->output]);
}

static void operands_free(operand_set *s) {
  for (int i = 0; i < 6; i++)
    if (s->data[i]) {
      mlf_guard_set_readonly(s->data[i], 0);
      mlf_guard_free(s->data[i]);
    }
  free(s->pristine);
}

enum { OUT_OK, OUT_SILENT, OUT_WRONG_PARAM, OUT_WRONG_ROUTINE, OUT_REPEATED, OUT_ON_VALID };
static const char *const outcome_names[] = {"ok", "silent", "wrong-param", "wrong-routine",
                                            "repeated", "xerbla-on-valid"};

typedef struct {
  const Mlf__Blas__ErrorCase *c;
  const errors_args *args;
  const char *routine; /* "dgemv" */
  const char *iface;   /* fortran, cblas-col or cblas-row */
  int expected;        /* CBLAS position, 0 = all valid */
  mlf_run *run;
} case_ctx;

static void errors_tag(char *tag, const case_ctx *x, const blas_backend *b, const char *what,
                       const char *outcome) {
  char kind[64];
  snprintf(kind, sizeof kind, "%s-%s%s%s", x->iface, what, *what ? "-" : "", outcome);
  mlf_finding_tag(tag, MLF_TAG_MAX, "blas_errors", b->name, x->routine, kind);
}

static void raise_finding(const case_ctx *x, const blas_backend *b, const char *what,
                          const char *outcome, const char *detail) {
  char tag[MLF_TAG_MAX];
  errors_tag(tag, x, b, what, outcome);
  mlf_finding(x->run, tag, "%s", detail);
}

/* How backend b's reports compare with the expected one; fills a line for the log. */
static int judge_reports(const case_ctx *x, size_t errors, const mlf_error_record *err,
                         char *line, size_t len) {
  const errors_args *a = x->args;
  if (x->expected == 0) {
    if (errors) snprintf(line, len, "reported %s parameter %d on valid arguments", err->routine, err->info);
    else snprintf(line, len, "no error");
    return errors ? OUT_ON_VALID : OUT_OK;
  }
  if (errors == 0) {
    snprintf(line, len, "reported nothing; expected parameter %d (%s)", x->expected,
             errors_position_name(a, x->expected));
    return OUT_SILENT;
  }
  errors_report rep;
  errors_normalise(a, err->routine, err->info, &rep);
  snprintf(line, len, "reported %s parameter %d (%s position %d: %s), expected %d (%s)%s",
           err->routine, err->info, rep.fortran_named ? "Fortran, so CBLAS" : "CBLAS",
           rep.position, errors_position_name(a, rep.position), x->expected,
           errors_position_name(a, x->expected), errors > 1 ? ", and more reports after it" : "");
  if (strcmp(rep.routine, rep.family_only ? a->r->name : x->routine) != 0) return OUT_WRONG_ROUTINE;
  if (rep.position != x->expected) return OUT_WRONG_PARAM;
  return errors > 1 ? OUT_REPEATED : OUT_OK;
}

/* What one backend did: its reports, whether it changed the output or wrote outside an
 * operand, and the signal that ended it when it ran in a child process. */
typedef struct {
  size_t errors;
  mlf_error_record err;
  int wrote;
  unsigned outside; /* bit i: errors_operand_letters[i] */
  int signal;
} observation;

typedef struct {
  void (*entry)(void);
  const char *backend;
  const case_ctx *x;
  const operand_set *s;
  const errors_operands *ops;
} call_job;

static void observe(void *job_, void *result) {
  const call_job *job = job_;
  observation *o = result;
  const operand_set *s = job->s;
  mlf_capture_begin(job->backend);
  errors_call(job->entry, job->x->args, job->ops);
  o->errors = mlf_capture_end(&o->err);
  o->wrote = memcmp(s->data[s->output], s->pristine, s->bytes[s->output]) != 0;
  for (int i = 0; i < 6; i++)
    if (s->data[i] && !mlf_guard_canary_ok(s->data[i])) o->outside |= 1u << i;
}

/* In a child killed by a signal: keep the reports made before it. */
static void observe_fault(void *job_, void *result) {
  (void)job_;
  observation *o = result;
  o->errors = mlf_capture_end(&o->err);
}

static void run_backend(size_t bi, const case_ctx *x, operand_set *s, const errors_operands *ops,
                        blas_fn fn) {
  const blas_backend *b = &backends[bi];
  call_job job = {x->args->cblas ? b->cblas[fn] : b->fortran[fn], b->name, x, s, ops};
  if (!job.entry) {
    mlf_log(x->run, "%-16s unsupported", b->name);
    return;
  }
  const char *what = x->expected ? errors_position_name(x->args, x->expected) : "";
  void *out = s->data[s->output];
  mlf_guard_set_readonly(out, 0);
  memcpy(out, s->pristine, s->bytes[s->output]);
  observation o;
  memset(&o, 0, sizeof o);
  const char *skip_kind;
  const char *isolate = errors_known_crash(b->name, x->args, x->expected, &skip_kind);
  char skip_tag[MLF_TAG_MAX]; /* a skipped crash counts where its registry rows hold here */
  if (skip_kind) errors_tag(skip_tag, x, b, what, skip_kind);
  if (skip_kind && !mlf_known_finding_applies(skip_tag)) isolate = skip_kind = NULL;
  if (skip_kind && !mlf_report_known()) {
    raise_finding(x, b, what, skip_kind, "known crash: not called (MLF_REPORT_KNOWN=1 calls it)");
    mlf_log(x->run, "%-16s skipped: %s", b->name, isolate);
    return;
  }
  if (isolate && !skip_kind) {
    o.signal = errors_isolated(observe, observe_fault, &job, &o, sizeof o);
    if (o.signal < 0) {
      mlf_log(x->run, "%-16s not run: fork failed", b->name);
      return;
    }
  } else {
    observe(&job, &o);
  }
  char line[300];
  int outcome = judge_reports(x, o.errors, &o.err, line, sizeof line);
  int wrote = x->expected && o.wrote && !o.signal;
  mlf_log(x->run, "%-16s %s: %s%s%s%s%s", b->name, line, outcome_names[outcome],
          wrote ? "; and it changed the output" : "", o.signal ? "; then it crashed" : "",
          isolate ? "; in a child process: " : "", isolate ? isolate : "");
  if (outcome != OUT_OK) raise_finding(x, b, what, outcome_names[outcome], line);
  if (o.signal) {
    char detail[120];
    if (o.signal == SIGALRM)
      snprintf(detail, sizeof detail, "ran for more than 2 s after %zu error reports (in a child process)",
               o.errors);
    else
      snprintf(detail, sizeof detail, "died of signal %d after %zu error reports (in a child process)",
               o.signal, o.errors);
    const char *kind = o.signal == SIGALRM ? "hang" : o.errors && x->expected ? "crash-after-report" : "crash";
    raise_finding(x, b, what, kind, detail);
  }
  if (wrote && outcome != OUT_SILENT) /* writing is how a silent acceptance goes on */
    raise_finding(x, b, what, "wrote-output", "changed the output operand on a call with an invalid argument");
  for (int i = 0; i < 6; i++)
    if (o.outside & (1u << i)) {
      char detail[80];
      snprintf(detail, sizeof detail, "wrote outside operand %c", errors_operand_letters[i]);
      raise_finding(x, b, what, "write-outside", detail);
    }
  uint32_t precision = (uint32_t)(strchr("sdcz", x->args->letter) - "sdcz");
  mlf_feedback_hit(mlf_feature("errors-outcome", (uint32_t)bi * 1024 + x->args->routine * 4 + precision,
                               (uint32_t)(x->args->cblas + x->args->row_major) * 4096 +
                                   (uint32_t)outcome * 256 + (uint32_t)x->expected * 16 +
                                   (uint32_t)(o.err.info & 15) + (o.signal ? 8192u : 0)));
}

static void errors_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Blas__ErrorCase *c = (const Mlf__Blas__ErrorCase *)msg;
  errors_args valid, args;
  errors_case_base(c, &valid);
  args = valid;
  errors_case_invalidate(c, &args);
  char routine[16];
  snprintf(routine, sizeof routine, "%c%s", valid.letter, valid.r->name);
  case_ctx x = {c, &args, routine,
                !args.cblas ? "fortran" : args.row_major ? "cblas-row" : "cblas-col",
                errors_expected_position(&args), run};
  if (x.expected)
    mlf_log(run, "%s %s: expected parameter %d (%s)", x.iface, routine, x.expected,
            errors_position_name(&args, x.expected));
  else
    mlf_log(run, "%s %s: valid arguments, expected no error", x.iface, routine);
  int fn = routine_fn[valid.routine][strchr("sdcz", valid.letter) - "sdcz"];
  if (fn < 0) return; /* not in blas_symbols.def: nothing to call */
  operand_set s;
  errors_operands ops;
  operands_make(&s, &valid, c->seed, c->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL, &ops);
  for (size_t i = 0; i < n_backends; i++) run_backend(i, &x, &s, &ops, (blas_fn)fn);
  operands_free(&s);
}

int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  return errors_emit((const Mlf__Blas__ErrorCase *)msg, tag,
                     blas_emit_identity(backends, n_backends, tag), out);
}

MLF_TARGET(blas_errors, mlf__blas__error_case__descriptor, errors_init, errors_run)

/* LAPACK ?getrf, ?getrs, ?gesv, ?potrf, ?potrs, ?geqrf, ?gels, ?gelss, ?gelsd, ?gesvd,
 * ?syev/?heev, ?gecon (s, d, c, z; Fortran and LAPACKE row/column major) in netlib LAPACK,
 * the prebuilt OpenBLAS libraries and ATLAS, side by side.
 * Oracle: residuals of each result in long double (componentwise proven bounds for LU,
 * Cholesky and their solves; the LAPACK test suite's forms and thresholds for QR, least
 * squares, SVD and eigenproblems), INFO as specified (zero pivots, definiteness away from the
 * boundary, -position of an invalid argument with xerbla called and nothing written), spectra
 * equal across libraries and to a constructed spectrum within Weyl's bound, NaN input never
 * lost silently in a factorization, guard pages around every buffer and workspace.
 * This file runs each backend on the case (lapack_case.h) and hands its outputs to the judges
 * (lapack_judge.h), then compares the libraries. */
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "blas_lapack.pb-c.h"
#include "lapack_backend.h"
#include "lapack_buffers.h"
#include "lapack_call.h"
#include "lapack_emit.h"
#include "lapack_case.h"
#include "lapack_judge.h"
#include "lapack_known_crashes.h"
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_emit.h"
#include "mlf_feedback.h"
#include "mlf_scratch.h"
#include "mlf_target.h"
#include "mlf_watchdog.h"

static lapack_backend backends[LAPACK_MAX_BACKENDS];
static size_t n_backends;

static void lapack_init(void) {
  n_backends = lapack_backends_load(backends, LAPACK_MAX_BACKENDS);
  if (n_backends == 0) {
    fprintf(stderr, "mlf: blas_lapack: no LAPACK backend could be loaded\n");
    exit(2);
  }
  for (size_t i = 0; i < n_backends; i++) mlf_note_backend_identity(backends[i].name, backends[i].identity);
}

/* LAPACKE's own error handler (it prints to stdout otherwise), exported by the executable
 * (harnesses/blas/exports.list) so that the LAPACKE library in the main namespace calls it.
 * Here, not in lapack_call.c, whose unit-test objects must define no symbol another family's
 * binary defines (annotest_lapacke has its own). */
__attribute__((visibility("default"))) void LAPACKE_xerbla(const char *name, int info);
void LAPACKE_xerbla(const char *name, int info) { mlf_capture_error(name, info); }

/* Runs the prerequisite factorization (lapack_prerequisite) on the valid n x n A. */
static int prerequisite(const lapack_backend *b, const lapack_case *c, lapack_args *main_args) {
  lapack_routine pre = lapack_prerequisite(c->routine);
  if (pre == LAPACK_ROUTINES) return 1;
  lapack_args f = *main_args;
  f.routine = pre;
  f.m = f.n = (int)c->n;
  f.invalid = 0;
  f.uplo = c->base.uplo;
  f.lda = (int)c->a.buf.ld;
  if (!lapack_call(b, &f)) return 0;
  main_args->info = f.info;
  return 1;
}

/* A known hang called on purpose (MLF_REPORT_KNOWN=1) runs under the watchdog
 * (mlf_watchdog.h), named as the known-crash envelope names it, so that it ends as the
 * finding mlf:blas_lapack:<backend>:<op>:hang after MLF_HANG_SECONDS (10 s). Its name: that
 * tag's middle. */
static const char *hang_name(const lapack_case *c, const char *backend) {
  static char tag[MLF_TAG_MAX];
  lapack_tag(tag, sizeof tag, c, backend, "hang");
  tag[strlen(tag) - strlen(":hang")] = '\0';
  return tag + strlen("mlf:blas_lapack:");
}

/* Runs one backend; 0 when it cannot run this case, or when a backend before it hung (the
 * input's finding is that hang, mlf_watchdog.h). */
static int run_backend(mlf_run *run, const lapack_case *c, const lapack_backend *b,
                       lapack_outcome *o) {
  memset(o, 0, sizeof *o);
  if (mlf_watchdog_hung()) return 0;
  lapack_entry fn = c->iface == LAPACK_FORTRAN ? b->fortran[c->routine][c->prec]
                                               : b->lapacke[c->routine][c->prec];
  if (!fn) {
    mlf_log(run, "%-16s unsupported (%s)", b->name,
            c->iface == LAPACK_FORTRAN ? "no such routine" : "no LAPACKE bound to it");
    return 0;
  }
  const char *crash = c->invalid ? NULL
                                 : lapack_known_crash(b->name, c->routine, c->prec, c->m, c->n,
                                                      c->nrhs, !ld_finite(&c->A), isnan(c->base.rcond_in));
  char crash_tag[MLF_TAG_MAX]; /* a prediction counts where its registry rows hold here */
  if (crash) lapack_tag(crash_tag, sizeof crash_tag, c, b->name, crash);
  if (crash && !mlf_known_finding_applies(crash_tag)) crash = NULL;
  if (crash && !mlf_report_known()) {
    lapack_finding(run, c, b->name, o, 0, crash, "known crash: not called (MLF_REPORT_KNOWN=1 calls it)");
    return 0;
  }
  const char *hang = crash && strcmp(crash, "hang") == 0 ? hang_name(c, b->name) : NULL;
  if (c->invalid && b->own_namespace) {
    mlf_log(run, "%-16s not called with an invalid argument (its xerbla would stop the process)", b->name);
    return 0;
  }
  lapack_buffers bf;
  lapack_buffers_make(&bf, c);
  lapack_args a = lapack_buffers_args(c, &bf);
  mlf_capture_begin(b->name);
  int ok = prerequisite(b, c, &a);
  static mlf_scratch before_a, before_b; /* A and B as the main call gets them */
  size_t a_bytes = c->a.buf.count * c->p.elem_size, b_bytes = c->has_b ? c->b.count * c->p.elem_size : 0;
  void *a_before = memcpy(mlf_scratch_get(&before_a, a_bytes + 1), bf.a.data, a_bytes);
  void *b_before = c->has_b ? memcpy(mlf_scratch_get(&before_b, b_bytes + 1), bf.b.data, b_bytes) : NULL;
  if (ok && a.info == 0) {
    if (c->invalid) lapack_make_invalid(c, &a);
    if (hang)
      MLF_WATCHED(hang, lapack_call(b, &a));
    else
      lapack_call(b, &a);
  }
  o->errors = (int)mlf_capture_end(&o->first_error);
  if (c->invalid && (!ok || a.invalid == 0)) { /* the prerequisite factorization failed */
    mlf_log(run, "%-16s prerequisite factorization: INFO %d, invalid call not made", b->name, a.info);
    lapack_buffers_free(&bf, c);
    return 0;
  }
  o->info = a.info, o->rank = a.rank, o->rcond = a.rcond_out;
  if (!lapack_buffers_intact(&bf, c) || a.workspace_damaged)
    lapack_finding(run, c, b->name, o, 0, "write-outside", "wrote into the slack or padding next to a buffer");
  lapack_judge_workspace_query(run, c, b->name, o, &a);
  if (c->invalid) lapack_judge_invalid(run, c, b, &bf, a_before, b_before, o);
  else lapack_judge_valid(run, c, b, &bf, o);
  mlf_log(run, "%-16s INFO %d%s%s, worst residual/allowed %.3g", b->name, o->info,
          o->kind[0] ? ", " : "", o->kind, o->ratio);
  mlf_feedback_hit(mlf_feature("lapack-info", (uint32_t)(c->routine * 4 + c->prec),
                               (uint32_t)(o->info < 0 ? 0 : o->info == 0 ? 1 : 2)));
  mlf_feedback_hit(mlf_feature("lapack-ratio", (uint32_t)c->routine,
                               o->ratio > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(o->ratio))) : 0));
  lapack_buffers_free(&bf, c);
  return 1;
}

static void lapack_run(const ProtobufCMessage *msg, mlf_run *run) {
  lapack_case c;
  lapack_case_make(&c, (const Mlf__Lapack__LapackCase *)msg);
  mlf_feedback_hit(mlf_feature("lapack-case", (uint32_t)(c.routine * 4 + c.prec),
                               (uint32_t)(c.iface * 8 + c.invalid)));

  lapack_outcome outcomes[LAPACK_MAX_BACKENDS];
  mlf_result results[LAPACK_MAX_BACKENDS];
  for (size_t i = 0; i < n_backends; i++) {
    int ran = run_backend(run, &c, &backends[i], &outcomes[i]);
    results[i] = (mlf_result){backends[i].name, ran ? MLF_RESULT_OK : MLF_RESULT_UNSUPPORTED, &outcomes[i]};
  }
  mlf_diff_outcome diff;
  mlf_diff_compare(results, n_backends, lapack_agree, &c, &diff);
  if (!diff.all_agree) {
    const char *kind = c.invalid ? "info-differs-on-invalid" : "spectrum-differs";
    if (diff.odd_one >= 0)
      lapack_finding(run, &c, backends[diff.odd_one].name, NULL, 0, kind, "disagrees with every other library, which agree");
    else
      lapack_finding(run, &c, NULL, NULL, 0, kind, "libraries disagree with no majority");
    mlf_diff_log_disagreements(run, results, n_backends, &diff);
  }
  lapack_case_free(&c);
}

/* 1 when backend b really faults, hangs (MLF_HANG_SECONDS, 10 s) or stops the process on the
 * case: the call made in a child process, quiet, with no known-crash envelope in the way. */
static int really_crashes(const ProtobufCMessage *msg, const lapack_backend *b) {
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    int null_fd = open("/dev/null", O_WRONLY);
    dup2(null_fd, 1), dup2(null_fd, 2);
    signal(SIGALRM, SIG_DFL);
    alarm((unsigned)ceil(mlf_watchdog_seconds()));
    lapack_case c;
    lapack_case_make(&c, (const Mlf__Lapack__LapackCase *)msg);
    lapack_buffers bf;
    lapack_buffers_make(&bf, &c);
    lapack_args a = lapack_buffers_args(&c, &bf);
    if (prerequisite(b, &c, &a) && a.info == 0) lapack_call(b, &a);
    _exit(42);
  }
  int status = 0;
  return child > 0 && waitpid(child, &status, 0) == child && !(WIFEXITED(status) && WEXITSTATUS(status) == 42);
}

/* --reproducer: this target's programs (lapack_emit.c). A crash the replay did not call (the
 * known-crash envelope, lapack_known_crashes.c, names every library its preconditions cover)
 * gets the program of the first library, from the tag's on, where the call really crashes. */
int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  char backend[64], routine_kind[128]; /* mlf:blas_lapack:BACKEND:ROUTINE:KIND */
  if (sscanf(tag, "mlf:blas_lapack:%63[^:]:%127s", backend, routine_kind) != 2) return -1;
  const char *kind = strrchr(tag, ':') + 1;
  const char *predicted[] = {"exit-on-valid", "read-past-b", "hang", "read-past-end"};
  int is_predicted = 0;
  for (size_t i = 0; i < sizeof predicted / sizeof *predicted; i++) is_predicted |= !strcmp(kind, predicted[i]);
  if (!is_predicted) return lapack_emit_reproducer(msg, tag, out);
  size_t from = 0;
  while (from < n_backends && strcmp(backends[from].name, backend)) from++;
  for (size_t i = from; i < n_backends; i++)
    if (really_crashes(msg, &backends[i])) {
      char real_tag[256];
      snprintf(real_tag, sizeof real_tag, "mlf:blas_lapack:%s:%s", backends[i].name, routine_kind);
      if (i != from)
        fprintf(stderr, "mlf: %s does not crash on this case here; %s does: its program follows\n", backend, backends[i].name);
      return lapack_emit_reproducer(msg, real_tag, out);
    }
  fprintf(stderr, "mlf: no library crashes on this case here: no program for %s\n", tag);
  return -1;
}

MLF_TARGET(blas_lapack, mlf__lapack__lapack_case__descriptor, lapack_init, lapack_run)
